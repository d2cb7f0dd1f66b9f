//! Legal move generation: pseudo-legal targets per piece, then a king-safety filter that runs
//! the full test only on moves that can possibly matter.
//!
//! When not in check, a non-king move can expose its own king in only three ways: leaving a
//! rank/file of the king that an enemy rook, cannon or king (flying general) also stands on;
//! landing on a king line that an enemy cannon stands on (becoming its screen); or leaving a
//! horse leg next to the king behind which an enemy horse waits. `SafetyFilter` turns those
//! into two square masks computed once per call, so most moves skip the test entirely.

use crate::attacks::{
    advisor_attacks, cannon_captures, elephant_attacks, horse_attacks, horse_legs_around,
    king_attacks, lines_through, pawn_attacks, rank_through, rook_attacks,
};
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::encoding::encode;
use crate::types::Kind;
use game_api::{GenKind, MoveList};

/// Which moves need the full king-safety test in the current position.
#[derive(Clone, Copy)]
pub struct SafetyFilter {
    from_risky: Bitboard,
    to_risky: Bitboard,
}

impl SafetyFilter {
    #[inline(always)]
    pub fn new(b: &Board, in_check: bool) -> SafetyFilter {
        if in_check {
            return SafetyFilter { from_risky: Bitboard::FULL, to_risky: Bitboard::FULL };
        }
        let us = b.side;
        let them = !us;
        let ksq = b.king(us);
        let cannons = b.of(them, Kind::Cannon);
        let lines_danger = b.of(them, Kind::Rook) | cannons | b.of(them, Kind::King);
        let rank = rank_through(ksq);
        let file = lines_through(ksq) ^ rank;
        let mut from_risky = Bitboard::EMPTY;
        let mut to_risky = Bitboard::EMPTY;
        for line in [rank, file] {
            if (line & lines_danger).any() {
                from_risky |= line;
            }
            if (line & cannons).any() {
                to_risky |= line;
            }
        }
        let legs = horse_legs_around(ksq);
        let horses = b.of(them, Kind::Horse);
        for d in 0..4 {
            if legs.reach[d] & horses.0 != 0 {
                from_risky |= Bitboard(legs.block[d]);
            }
        }
        SafetyFilter { from_risky, to_risky }
    }

    /// Whether the pseudo-legal move `from -> to` of a non-king piece is legal.
    #[inline(always)]
    pub fn allows(&self, b: &Board, from: usize, to: usize) -> bool {
        if !self.from_risky.has(from) && !self.to_risky.has(to) {
            return true;
        }
        b.move_is_safe(from, to)
    }
}

/// Appends `from -> t` for every legal `t` in `targets` (a non-king piece's pseudo-legal moves).
#[inline(always)]
fn emit(b: &Board, filter: &SafetyFilter, from: usize, targets: Bitboard, list: &mut MoveList) {
    let risky = if filter.from_risky.has(from) { targets } else { targets & filter.to_risky };
    for to in (targets ^ risky).squares() {
        list.push(encode(from, to));
    }
    for to in risky.squares() {
        if b.move_is_safe(from, to) {
            list.push(encode(from, to));
        }
    }
}

/// Appends the legal moves of `kind` for the side to move.
pub fn generate(b: &Board, in_check: bool, kind: GenKind, list: &mut MoveList) {
    let us = b.side;
    let own = b.colors[us.index()];
    let theirs = b.colors[(!us).index()];
    let occ = b.occ;
    let empty = !occ.bb();
    let mask = match kind {
        GenKind::All => !own,
        GenKind::Tactical => theirs,
        GenKind::Quiet => empty,
    };
    let filter = SafetyFilter::new(b, in_check);

    for from in b.of(us, Kind::Rook).squares() {
        emit(b, &filter, from, rook_attacks(from, occ) & mask, list);
    }
    let (cannon_quiet, cannon_capture) = (mask & empty, mask & theirs);
    for from in b.of(us, Kind::Cannon).squares() {
        let targets = (rook_attacks(from, occ) & cannon_quiet)
            | (cannon_captures(from, occ) & cannon_capture);
        emit(b, &filter, from, targets, list);
    }
    for from in b.of(us, Kind::Horse).squares() {
        emit(b, &filter, from, horse_attacks(from, occ.bb()) & mask, list);
    }
    for from in b.of(us, Kind::Pawn).squares() {
        emit(b, &filter, from, pawn_attacks(us, from) & mask, list);
    }
    for from in b.of(us, Kind::Advisor).squares() {
        emit(b, &filter, from, advisor_attacks(from) & mask, list);
    }
    for from in b.of(us, Kind::Elephant).squares() {
        emit(b, &filter, from, elephant_attacks(from, occ.bb()) & mask, list);
    }
    let ksq = b.king(us);
    for to in (king_attacks(ksq) & mask).squares() {
        if b.move_is_safe(ksq, to) {
            list.push(encode(ksq, to));
        }
    }
}

/// Whether `from -> to` is a legal move for the side to move (any squares in `0..90`).
pub fn is_legal_move(b: &Board, in_check: bool, from: usize, to: usize) -> bool {
    let piece = b.squares[from];
    if piece.is_none() || piece.color() != b.side || from == to {
        return false;
    }
    if b.colors[b.side.index()].has(to) || !b.reach(from).has(to) {
        return false;
    }
    if piece.kind() == Kind::King {
        return b.move_is_safe(from, to);
    }
    SafetyFilter::new(b, in_check).allows(b, from, to)
}
