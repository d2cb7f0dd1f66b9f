//! Xiangqi endgame knowledge (classical endgame theory; no tablebases exist to check it here).
//! Rules and their scales (in 1/64):
//! - no attacker: no rook, horse or cannon, no pawn short of the last rank, and at most one pawn
//!   on it (an "old pawn" on the enemy's back rank moves only sideways and cannot mate on its
//!   own): 0, however many advisors and elephants stand by;
//! - a lone horse or cannon (no rook, no pawn) against both advisors and both elephants: 8;
//! - a lone pawn (no rook, horse or cannon) against both advisors: 8.

use crate::{DrawScale, FULL};
use game_api::Color;
use movegen_xiangqi::{Kind, Xiangqi};

/// Files per rank: squares are `rank * 9 + file`, rank 0 Red's back rank.
const FILES: usize = 9;

impl DrawScale for Xiangqi {
    #[inline]
    fn draw_scale(&self, strong: Color) -> i32 {
        let weak = !strong;
        let rooks = self.pieces(strong, Kind::Rook).count();
        let minors =
            self.pieces(strong, Kind::Horse).count() + self.pieces(strong, Kind::Cannon).count();
        let pawns = self.pieces(strong, Kind::Pawn);
        let last_rank = if strong == Color::RED { 9 } else { 0 };
        let old_pawns = pawns.squares().filter(|&sq| sq / FILES == last_rank).count() as u32;
        let live_pawns = pawns.count() - old_pawns;
        if rooks + minors + live_pawns == 0 {
            return if old_pawns <= 1 { 0 } else { FULL };
        }
        if rooks != 0 {
            return FULL;
        }
        let advisors = self.pieces(weak, Kind::Advisor).count();
        let elephants = self.pieces(weak, Kind::Elephant).count();
        if minors == 1 && pawns.count() == 0 && advisors == 2 && elephants == 2 {
            return 8;
        }
        if minors == 0 && live_pawns == 1 && old_pawns == 0 && advisors == 2 {
            return 8;
        }
        FULL
    }
}
