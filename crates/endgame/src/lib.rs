//! Endgame knowledge: which material and placements the side ahead cannot turn into a win, told
//! to the evaluation as a scale on its score.
//!
//! Design:
//! - a game answers one question, [`DrawScale::draw_scale`]: how much of an advantage for a
//!   given side its position can justify, in 1/[`FULL`] (0: a dead draw, [`FULL`]: no knowledge
//!   applies). The recognisers are cheap material tests (popcounts) first, placements only when
//!   the material matches, so the cost on the hot path is a few instructions;
//! - [`scale_eval`] applies it to any evaluation, NNUE or hand-written, from the side it favours.
//!   It scales the static score only: the search still finds any mate or won line there is, and
//!   Syzygy tables, when loaded, still rule;
//! - [`chess`]: a minor against nothing, a pawn or a minor; two knights against a bare king;
//!   rook pawns with no or the wrong bishop against the king in the corner. The workspace's
//!   `tests/syzygy/endgame_scale.rs` checks each against the 3- and 4-piece Syzygy tables.
//!   Endings that are only hard to win (opposite-coloured bishops, rook against minor) are
//!   left to the nets: damping them lost Elo (see `chess.rs`);
//! - [`xiangqi`]: a side without attackers (no rook, horse, cannon, nor a pawn above the last
//!   rank), and the lone horse, cannon or pawn against the defenders that hold it (xiangqi
//!   endgame theory; no tables exist to check them).
//!
//! Why a scale and not a draw score: the nets and the hand-written terms see material, not these
//! fortresses, and scored them +3 to +7 until the fifty-move rule; a scaled score keeps the sign
//! (which side is pressing) while no longer promising a win.

#![forbid(unsafe_code)]

pub mod chess;
pub mod xiangqi;

use game_api::{Color, Game};

/// The scale that leaves an evaluation as it is.
pub const FULL: i32 = 64;

/// Endgame knowledge of one game.
pub trait DrawScale {
    /// How much of an evaluation in `strong`'s favour this position can justify, in 1/[`FULL`]:
    /// 0 when `strong` cannot win, [`FULL`] when no rule applies.
    fn draw_scale(&self, strong: Color) -> i32;
}

/// `eval` (from the side to move's view) scaled by what the side it favours can win.
#[inline]
pub fn scale_eval<G: Game + DrawScale>(pos: &G, eval: i32) -> i32 {
    if eval == 0 {
        return 0;
    }
    let strong = if eval > 0 { pos.side_to_move() } else { !pos.side_to_move() };
    let scale = pos.draw_scale(strong);
    if scale >= FULL {
        eval
    } else {
        eval * scale / FULL
    }
}
