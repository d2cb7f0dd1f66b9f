//! Static exchange evaluation on one square. Attackers are recomputed after every capture
//! because both cannon screens and horse legs depend on what has left the board. Pins and the
//! flying general are ignored, as usual for SEE.

use crate::board::Board;
use crate::encoding::{from_sq, to_sq};
use crate::types::Kind;
use game_api::Move;

/// Whether the exchange started by `m` wins at least `threshold` centipawns for the mover.
pub fn see_ge(b: &Board, m: Move, threshold: i32) -> bool {
    let from = from_sq(m);
    let to = to_sq(m);
    let target = b.squares[to];
    let mut swap = if target.is_none() { 0 } else { target.kind().value() } - threshold;
    if swap < 0 {
        return false;
    }
    swap = b.squares[from].kind().value() - swap;
    if swap <= 0 {
        return true;
    }
    let mut occ = b.occ.without(from);
    if target.is_none() {
        occ.toggle(to);
    }
    let mut stm = b.side;
    let mut res = true;
    loop {
        stm = !stm;
        let attackers = b.attackers_to(to, stm, occ) & !crate::bitboard::Bitboard::from_square(to);
        if attackers.is_empty() {
            break;
        }
        res = !res;
        let Some(kind) = Kind::ALL.into_iter().find(|&k| (attackers & b.of(stm, k)).any()) else {
            break;
        };
        if kind == Kind::King {
            // The king may only take last: if the other side still attacks, it cannot.
            let other = b.attackers_to(to, !stm, occ) & !crate::bitboard::Bitboard::from_square(to);
            return if other.any() { !res } else { res };
        }
        swap = kind.value() - swap;
        if swap < i32::from(res) {
            break;
        }
        let sq = (attackers & b.of(stm, kind)).lsb();
        occ = occ.without(sq);
    }
    res
}
