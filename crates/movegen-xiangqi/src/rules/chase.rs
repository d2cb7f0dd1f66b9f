//! Chase detection, run only when a repetition has been found.
//!
//! A *chase pair* (attacker, target) in a position, seen from side S: S could legally capture
//! the enemy piece `target` with `attacker` right now, and the rules count that threat:
//! - the target is not the king (that is check) nor a pawn still on its own half;
//! - the attacker is not S's king or a pawn (point 9: their chases are allowed), nor a piece
//!   that stays pinned against its own king (diagrams 39-41: it "cannot move", so it does not
//!   chase; a piece that moves into a pin and attacks from there does, diagram 37);
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

/// How the chaser's legal captures of one target are classified in one position.
#[derive(Clone, Copy)]
struct TargetThreats {
    target: u8,
    /// Attackers whose capture counts as a chase.
    chasing: Bitboard,
    /// Of `chasing`, those where the target has protectors that cannot legally take back
    /// (a fake root) rather than no protector at all.
    fake_root: Bitboard,
    /// Attackers that would count but for the target's real root.
    rooted: Bitboard,
}

/// Chase classification of one position, per target (at most 15 enemy non-king pieces).
struct Pairs {
    targets: [TargetThreats; 16],
    len: usize,
}

impl Pairs {
    fn of(&self, target: usize) -> Option<&TargetThreats> {
        self.targets[..self.len].iter().find(|t| t.target as usize == target)
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
    let old = chase_pairs(before, chaser, from);
    let new = chase_pairs(after, chaser, to);
    let mut out = Bitboard::EMPTY;
    for now in &new.targets[..new.len] {
        let target = now.target as usize;
        let (was_chasing, was_rooted) =
            old.of(target).map_or((Bitboard::EMPTY, Bitboard::EMPTY), |t| (t.chasing, t.rooted));
        let fresh = now.chasing.any_where(|a| {
            let origin = if a == to { from } else { a };
            if was_chasing.has(origin) {
                return false;
            }
            // A root that merely disappeared (its line blocked or its screen gone) is a side
            // effect of blocking; a root turned fake (its protector pinned) is a chase.
            !was_rooted.has(origin) || now.fake_root.has(a)
        });
        if fresh {
            out |= Bitboard::from_square(target);
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

/// Every chase pair of `chaser` in `b`, whoever is to move there. `mover` is the square of the
/// piece that makes (or just made) the move being judged.
fn chase_pairs(b: &Board, chaser: Color, mover: usize) -> Pairs {
    let mut view = *b;
    if view.side != chaser {
        view.flip_side();
    }
    let victim = !chaser;
    let none = TargetThreats {
        target: 0,
        chasing: Bitboard::EMPTY,
        fake_root: Bitboard::EMPTY,
        rooted: Bitboard::EMPTY,
    };
    let mut pairs = Pairs { targets: [none; 16], len: 0 };
    let candidates = view.colors[victim.index()] & !view.of(victim, Kind::King);
    for target in candidates {
        let tk = view.squares[target].kind();
        if tk == Kind::Pawn && on_own_half(target, victim) {
            continue;
        }
        let attackers = view.attackers_to(target, chaser, view.occ)
            & !view.of(chaser, Kind::King)
            & !view.of(chaser, Kind::Pawn);
        let mut threats = TargetThreats { target: target as u8, ..none };
        for a in attackers {
            if a != mover && is_pinned(&view, a) {
                continue;
            }
            if !view.move_is_safe(a, target) {
                continue;
            }
            let bit = Bitboard::from_square(a);
            match classify(&view, a, target) {
                Threat::Chase { fake_root } => {
                    threats.chasing |= bit;
                    if fake_root {
                        threats.fake_root |= bit;
                    }
                }
                Threat::Rooted => threats.rooted |= bit,
                Threat::Ignored => {}
            }
        }
        if (threats.chasing | threats.rooted).any() && pairs.len < pairs.targets.len() {
            pairs.targets[pairs.len] = threats;
            pairs.len += 1;
        }
    }
    pairs
}

/// Whether the piece on `sq` shields its own king: lifted off the board, the king would be
/// attacked. Such a piece "cannot move" in the sense of point 7 and diagrams 39-41, so its
/// threats are not chases even where taking the pinning piece itself would be legal.
fn is_pinned(view: &Board, sq: usize) -> bool {
    let owner = view.squares[sq].color();
    view.king_in_danger(view.king(owner), !owner, view.occ.without(sq), Bitboard::EMPTY)
}

enum Threat {
    Chase {
        fake_root: bool,
    },
    /// It would be a chase, but the target has a real root.
    Rooted,
    /// Not a chase at all (an exchange offer).
    Ignored,
}

/// How the rules count the legal capture `attacker x target` (chaser to move in `view`).
fn classify(view: &Board, attacker: usize, target: usize) -> Threat {
    let ak = view.squares[attacker].kind();
    let tk = view.squares[target].kind();
    if ak == tk {
        let mut reply = *view;
        reply.flip_side();
        if reply.reach(target).has(attacker) && reply.move_is_safe(target, attacker) {
            return Threat::Ignored; // an exchange offer
        }
    }
    if tk == Kind::Rook && matches!(ak, Kind::Horse | Kind::Cannon) {
        return Threat::Chase { fake_root: true };
    }
    let mut after = *view;
    after.apply(attacker, target);
    let defender = after.side;
    // A check is judged as a check, not as a chase (docs/RULES.md, point 2: one check and one chase
    // is a draw). While the defender stands in check, no protector could legally recapture, so
    // every attacked piece would look unrooted and the checking move would "chase" them all.
    // The roots are judged as if the checking pieces (other than the capturer) were not there.
    let checkers = view.attackers_to(view.king(defender), !defender, view.occ)
        & !Bitboard::from_square(attacker);
    for checker in checkers {
        after.remove(checker);
    }
    let protectors = after.attackers_to(target, defender, after.occ);
    if protectors.any_where(|r| after.move_is_safe(r, target)) {
        Threat::Rooted
    } else {
        Threat::Chase { fake_root: protectors.any() }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Game;

    /// The squares (as text) that the move `text` chases from the position `fen`.
    fn chased(fen: &str, text: &str) -> Vec<String> {
        let pos = Xiangqi::from_fen(fen).expect("test FEN");
        let m = pos.parse_move(text).expect("legal test move");
        let before = pos.board;
        let mut after = before;
        after.apply(from_sq(m), to_sq(m));
        chased_by_move(&before, &after, from_sq(m), to_sq(m))
            .into_iter()
            .map(|sq| format!("{}{}", (b'a' + (sq % 9) as u8) as char, sq / 9))
            .collect()
    }

    #[test]
    fn a_check_is_not_a_chase_of_every_rooted_piece() {
        // The rook on i5 attacks the horse on g5, which the elephant on e7 protects. Rook
        // a7-a9 checks: while Black is in check the elephant could not legally take back, but
        // that is the check at work, not a new threat on the horse (docs/RULES.md, point 2).
        let fen = "5k3/9/R3b4/9/6n1R/9/9/9/9/4K4 w - - 0 1";
        assert_eq!(chased(fen, "a7a9"), Vec::<String>::new());
        // Without the elephant the horse is unprotected: the rook's attack persists, so the
        // check does not chase it either; moving the rook onto the horse's rank does.
        assert_eq!(chased("5k3/9/R8/9/9/9/9/6n2/9/4K4 w - - 0 1", "a7a2"), vec!["g2"]);
    }

    #[test]
    fn a_check_that_also_threatens_an_unrooted_piece_still_chases() {
        // The cannon on f4 checks through its screen and the discovered rook attacks the
        // unprotected cannon (the FSF case kept by rules_cases.tsv, seen one move at a time).
        let fen = "5k3/9/9/5C3/5c3/5C3/9/9/5p3/4K4 w - - 0 1";
        assert!(!chased(fen, "f4d4").is_empty());
    }
}
