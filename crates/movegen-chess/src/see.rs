//! Static exchange evaluation by the swap algorithm: both sides recapture on the target square
//! with their least valuable attacker, x-ray attackers joining as pieces leave the line, and
//! either side may stop when continuing would lose. Pins are ignored (a usual simplification).

use crate::bitboard::{bit, lsb};
use crate::chess_move::{flag, from_sq, promotion_kind, to_sq, CASTLING, EN_PASSANT};
use crate::magic::{bishop_attacks, rook_attacks};
use crate::position::Chess;
use crate::types::*;
use game_api::Move;

impl Chess {
    pub(crate) fn static_exchange_at_least(&self, m: Move, threshold: i32) -> bool {
        let flag = flag(m);
        if flag == CASTLING {
            return threshold <= 0;
        }
        let from = from_sq(m);
        let to = to_sq(m);
        let victim = if flag == EN_PASSANT {
            KIND_VALUE[PAWN]
        } else if self.board[to] != crate::types::NO_PIECE {
            KIND_VALUE[kind_of(self.board[to])]
        } else {
            0
        };
        let promotion = promotion_kind(m);
        let promotion_gain = promotion.map_or(0, |k| KIND_VALUE[k] - KIND_VALUE[PAWN]);
        // `swap` is what the side to move in the exchange must still win back.
        let mut swap = victim + promotion_gain - threshold;
        if swap < 0 {
            return false;
        }
        let on_square = promotion.map_or(KIND_VALUE[kind_of(self.board[from])], |k| KIND_VALUE[k]);
        swap = on_square - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = (self.occupied() ^ bit(from)) & !bit(to);
        if flag == EN_PASSANT {
            occupied ^= bit(to ^ 8);
        }
        let diagonal = self.by_kind[BISHOP] | self.by_kind[QUEEN];
        let straight = self.by_kind[ROOK] | self.by_kind[QUEEN];
        let mut attackers = self.attackers_to(to, occupied);
        let mut side = self.side;
        // 1 while the side that made `m` comes out at or above the threshold.
        let mut result = 1;
        loop {
            side = !side;
            attackers &= occupied;
            let mine = attackers & self.by_color[side.index()];
            if mine == 0 {
                break;
            }
            result ^= 1;
            let Some(kind) = (PAWN..=KING).find(|&k| mine & self.by_kind[k] != 0) else { break };
            if kind == KING {
                // The king may only take if nothing can take it back.
                return if attackers & !self.by_color[side.index()] != 0 {
                    result == 0
                } else {
                    result == 1
                };
            }
            swap = KIND_VALUE[kind] - swap;
            if swap < result {
                break;
            }
            occupied ^= bit(lsb(mine & self.by_kind[kind]));
            if matches!(kind, PAWN | BISHOP | QUEEN) {
                attackers |= bishop_attacks(to, occupied) & diagonal;
            }
            if matches!(kind, ROOK | QUEEN) {
                attackers |= rook_attacks(to, occupied) & straight;
            }
        }
        result == 1
    }
}
