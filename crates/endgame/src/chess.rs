//! Chess endgame knowledge. Rules and their scales (in 1/64; where they come from: the classical
//! endgame theory every engine encodes, checked against the Syzygy tables where they reach):
//! - no pawns and at most a bishop's worth ahead: 0 without a rook's worth of pieces (a minor
//!   against nothing or a minor), 4 against at most a minor (rook against minor), else 14 (rook
//!   and minor against rook);
//! - two knights or fewer against a bare king: 0 (no mate can be forced);
//! - rook pawns only, with no bishop or only bishops of the colour the promotion square is not
//!   ("the wrong bishop"), against a bare king that stands next to that corner: 0;
//! - opposite-coloured bishops and pawns only: 16, and 4 more per passed pawn of the side ahead.

use crate::{DrawScale, FULL};
use game_api::Color;
use movegen_chess::Chess;

const PAWN: usize = 0;
const KNIGHT: usize = 1;
const BISHOP: usize = 2;
const ROOK: usize = 3;
const QUEEN: usize = 4;
const KING: usize = 5;

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
        if let Some(scale) = rook_pawn_fortress(self, strong, weak, pawns, weak_material) {
            return scale;
        }
        opposite_bishops(self, strong, weak, pawns, strong_material, weak_material)
    }
}

fn without_pawns(pos: &Chess, strong: Color, weak: Color, ours: i32, theirs: i32) -> i32 {
    let knights_only = pos.pieces_of(strong, KNIGHT).count_ones() as i32 * 3 == ours;
    if knights_only && ours <= 6 && theirs == 0 && pos.pieces_of(weak, PAWN) == 0 {
        return 0;
    }
    if ours - theirs > 3 {
        return FULL;
    }
    if ours < 5 {
        0
    } else if theirs <= 3 {
        4
    } else {
        14
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

/// One bishop each, on squares of opposite colours, and pawns: the defender blockades on the
/// colour the attacker's bishop cannot touch.
fn opposite_bishops(
    pos: &Chess,
    strong: Color,
    weak: Color,
    pawns: u64,
    ours: i32,
    theirs: i32,
) -> i32 {
    let (our_bishop, their_bishop) = (pos.pieces_of(strong, BISHOP), pos.pieces_of(weak, BISHOP));
    if ours != 3 || theirs != 3 || our_bishop.count_ones() != 1 || their_bishop.count_ones() != 1 {
        return FULL;
    }
    if is_light(our_bishop) == is_light(their_bishop) {
        return FULL;
    }
    16 + 4 * passed_pawns(pawns, pos.pieces_of(weak, PAWN), strong) as i32
}

/// Pawns of `color` (`ours`) with no pawn of `theirs` ahead on their own or a neighbouring file.
fn passed_pawns(ours: u64, theirs: u64, color: Color) -> u32 {
    let mut passed = 0;
    let mut rest = ours;
    while rest != 0 {
        let sq = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let (file, rank) = (sq % 8, sq / 8);
        let files = (FILE_A << file)
            | if file > 0 { FILE_A << (file - 1) } else { 0 }
            | if file < 7 { FILE_A << (file + 1) } else { 0 };
        let ahead = match color {
            Color::White if rank < 7 => !0u64 << ((rank + 1) * 8),
            Color::Black if rank > 0 => !0u64 >> ((8 - rank) * 8),
            _ => 0,
        };
        if theirs & files & ahead == 0 {
            passed += 1;
        }
    }
    passed
}
