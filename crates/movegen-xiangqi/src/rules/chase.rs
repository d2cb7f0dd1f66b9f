//! Chase detection, run only when a repetition has been found.
//!
//! A *chase pair* (attacker, target) in a position, seen from side S: S could legally capture
//! the enemy piece `target` with `attacker` right now, and the rules count that threat:
//! - the target is not the king (that is check) nor a pawn still on its own half;
//! - the attacker is not S's king or a pawn (point 9: their chases are allowed);
//! - it is not an exchange offer: a target of the attacker's own kind that could legally
//!   capture the attacker back (a pinned rook, a horse with a blocked leg cannot);
//! - the target has no *real root* — no enemy piece could legally recapture after the capture —
//!   except that a horse or cannon attacking a rook chases it even if it is protected.
//!
//! A move *chases* a target when after it some pair on that target exists that did not exist
//! before the move (the moving attacker is followed from its old square to its new one). So a
//! direct attack, a discovered attack, unpinning an attacker and pinning away a target's root
//! all chase; an attack that merely persists does not.
//!
//! A side chases perpetually when one and the same enemy piece (followed as it moves) is chased
//! by every move that side makes in the cycle, by whichever of its pieces.

use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::encoding::{from_sq, to_sq};
use crate::position::Xiangqi;
use crate::types::{on_own_half, Kind};
use game_api::Color;

/// Chase pairs of one position: per target square, the set of attackers.
struct Pairs {
    targets: [(u8, Bitboard); 16],
    len: usize,
}

impl Pairs {
    fn attackers_of(&self, target: usize) -> Bitboard {
        self.targets[..self.len]
            .iter()
            .find(|(t, _)| *t as usize == target)
            .map_or(Bitboard::EMPTY, |(_, a)| *a)
    }
}

/// For the cycle `start..history.len()`, which sides (indexed by colour) chased one piece with
/// every one of their moves.
pub fn perpetual_chasers(pos: &Xiangqi, start: usize) -> [bool; 2] {
    let n = pos.history.len();
    let mut b = pos.board;
    for i in (start..n).rev() {
        let u = &pos.history[i];
        if u.mv.is_none() {
            return [false, false];
        }
        b.retract(from_sq(u.mv), to_sq(u.mv), u.captured);
    }
    // Targets each side has chased on all its moves so far, tracked as they move.
    let mut candidates = [Bitboard::EMPTY; 2];
    let mut started = [false; 2];
    for u in &pos.history[start..n] {
        let (from, to) = (from_sq(u.mv), to_sq(u.mv));
        let mover = b.side;
        let before = b;
        b.apply(from, to);
        let hunted = &mut candidates[(!mover).index()];
        if hunted.has(from) {
            *hunted ^= Bitboard::from_square(from) | Bitboard::from_square(to);
        }
        let chased = chased_by_move(&before, &b, from, to);
        let mine = &mut candidates[mover.index()];
        *mine = if started[mover.index()] { *mine & chased } else { chased };
        started[mover.index()] = true;
    }
    [candidates[0].any(), candidates[1].any()]
}

/// The enemy pieces (squares after the move) that the move `from -> to` chases.
pub fn chased_by_move(before: &Board, after: &Board, from: usize, to: usize) -> Bitboard {
    let chaser = before.side;
    let old = chase_pairs(before, chaser);
    let new = chase_pairs(after, chaser);
    let mut out = Bitboard::EMPTY;
    for &(target, attackers) in &new.targets[..new.len] {
        let previous = old.attackers_of(target as usize);
        let fresh = attackers.any_where(|a| {
            let origin = if a == to { from } else { a };
            !previous.has(origin)
        });
        if fresh {
            out |= Bitboard::from_square(target as usize);
        }
    }
    out
}

trait AnyWhere {
    fn any_where(self, f: impl FnMut(usize) -> bool) -> bool;
}

impl AnyWhere for Bitboard {
    fn any_where(self, mut f: impl FnMut(usize) -> bool) -> bool {
        for sq in self {
            if f(sq) {
                return true;
            }
        }
        false
    }
}

/// Every chase pair of `chaser` in `b`, whoever is to move there.
fn chase_pairs(b: &Board, chaser: Color) -> Pairs {
    let mut view = *b;
    if view.side != chaser {
        view.flip_side();
    }
    let victim = !chaser;
    let mut pairs = Pairs { targets: [(0, Bitboard::EMPTY); 16], len: 0 };
    let candidates = view.colors[victim.index()] & !view.of(victim, Kind::King);
    for target in candidates {
        let tk = view.squares[target].kind();
        if tk == Kind::Pawn && on_own_half(target, victim) {
            continue;
        }
        let attackers = view.attackers_to(target, chaser, view.occ)
            & !view.of(chaser, Kind::King)
            & !view.of(chaser, Kind::Pawn);
        let mut chasing = Bitboard::EMPTY;
        for a in attackers {
            if view.move_is_safe(a, target) && counts_as_chase(&view, a, target) {
                chasing |= Bitboard::from_square(a);
            }
        }
        if chasing.any() && pairs.len < pairs.targets.len() {
            pairs.targets[pairs.len] = (target as u8, chasing);
            pairs.len += 1;
        }
    }
    pairs
}

/// Whether the legal capture `attacker x target` (chaser to move in `view`) is a threat the
/// chase rules count.
fn counts_as_chase(view: &Board, attacker: usize, target: usize) -> bool {
    let ak = view.squares[attacker].kind();
    let tk = view.squares[target].kind();
    if ak == tk {
        let mut reply = *view;
        reply.flip_side();
        if reply.reach(target).has(attacker) && reply.move_is_safe(target, attacker) {
            return false; // an exchange offer
        }
    }
    if tk == Kind::Rook && matches!(ak, Kind::Horse | Kind::Cannon) {
        return true;
    }
    !has_real_root(view, attacker, target)
}

/// Whether, after `attacker` takes on `target`, the victim can legally take back at once.
fn has_real_root(view: &Board, attacker: usize, target: usize) -> bool {
    let mut after = *view;
    after.apply(attacker, target);
    let defender = after.side;
    after
        .attackers_to(target, defender, after.occ)
        .any_where(|r| after.move_is_safe(r, target))
}
