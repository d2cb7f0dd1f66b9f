//! Chess endgame knowledge: only what cannot be won, each rule checked against the Syzygy tables
//! (`tests/syzygy/endgame_scale.rs`):
//! - no pawns, less than a rook's worth of pieces and at most a bishop's worth ahead (a minor
//!   against nothing, a pawn or a minor): 0;
//! - two knights or fewer against a bare king: 0 (no mate can be forced);
//! - rook pawns only, with no bishop or only bishops of the colour the promotion square is not
//!   ("the wrong bishop"), against a bare king that stands next to that corner: 0.
//!
//! Endings that are only hard to win are left to the nets: damping rook against minor (4/64),
//! rook and minor against rook (14/64) and opposite-coloured bishops (16/64 and 4 per passed
//! pawn), the classical rules, lost 9.6 ± 7.7 Elo at 20,000 nodes from contested 5-6 piece
//! endings (400 games, `lab/SEARCH_TESTS.md`): a scaled score made the side ahead settle for
//! repetitions in endings it can still win.

use crate::{DrawScale, FULL};
use game_api::Color;
use movegen_chess::Chess;

use movegen_chess::kinds::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// b1, d1, ... (a1 is dark).
const LIGHT_SQUARES: u64 = 0x55AA_55AA_55AA_55AA;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Pieces other than pawns and the king, in pawns: minors 3, rook 5, queen 9.
fn piece_material(pos: &Chess, color: Color) -> i32 {
    let count = |kind| pos.pieces_of(color, kind).count_ones() as i32;
    3 * (count(KNIGHT) + count(BISHOP)) + 5 * count(ROOK) + 9 * count(QUEEN)
}

fn is_light(squares: u64) -> bool {
    squares & LIGHT_SQUARES == squares
}

fn is_dark(squares: u64) -> bool {
    squares & !LIGHT_SQUARES == squares
}

fn king_distance(a: usize, b: usize) -> usize {
    let (fa, ra, fb, rb) = (a % 8, a / 8, b % 8, b / 8);
    fa.abs_diff(fb).max(ra.abs_diff(rb))
}

impl DrawScale for Chess {
    #[inline]
    fn draw_scale(&self, strong: Color) -> i32 {
        let weak = !strong;
        let pawns = self.pieces_of(strong, PAWN);
        let strong_material = piece_material(self, strong);
        let weak_material = piece_material(self, weak);
        if pawns == 0 {
            return without_pawns(self, strong, weak, strong_material, weak_material);
        }
        rook_pawn_fortress(self, strong, weak, pawns, weak_material).unwrap_or(FULL)
    }
}

fn without_pawns(pos: &Chess, strong: Color, weak: Color, ours: i32, theirs: i32) -> i32 {
    let knights_only = pos.pieces_of(strong, KNIGHT).count_ones() as i32 * 3 == ours;
    if knights_only && ours <= 6 && theirs == 0 && pos.pieces_of(weak, PAWN) == 0 {
        return 0;
    }
    if ours - theirs <= 3 && ours < 5 {
        0
    } else {
        FULL
    }
}

/// Rook pawns that the defending king stops in the corner, where a bishop (if any) cannot drive
/// it out: `Some(0)`, or `None` when the rule does not apply.
fn rook_pawn_fortress(
    pos: &Chess,
    strong: Color,
    weak: Color,
    pawns: u64,
    weak_material: i32,
) -> Option<i32> {
    let bishops = pos.pieces_of(strong, BISHOP);
    let others =
        pos.pieces_of(strong, KNIGHT) | pos.pieces_of(strong, ROOK) | pos.pieces_of(strong, QUEEN);
    if others != 0 || weak_material != 0 || pos.pieces_of(weak, PAWN) != 0 {
        return None;
    }
    let file_mask = if pawns & FILE_A == pawns {
        FILE_A
    } else if pawns & FILE_H == pawns {
        FILE_H
    } else {
        return None;
    };
    let promotion_rank = if strong == Color::White { 7 } else { 0 };
    let corner = promotion_rank * 8 + if file_mask == FILE_A { 0 } else { 7 };
    let corner_is_light = LIGHT_SQUARES & (1u64 << corner) != 0;
    let wrong_bishops = if corner_is_light { is_dark(bishops) } else { is_light(bishops) };
    if !wrong_bishops {
        return None;
    }
    let defender = pos.pieces_of(weak, KING).trailing_zeros() as usize;
    (king_distance(defender, corner) <= 1).then_some(0)
}
