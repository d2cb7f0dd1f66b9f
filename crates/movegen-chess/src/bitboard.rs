//! Bitboards are plain `u64`s, bit `rank * 8 + file` (a1 = 0, h8 = 63). This module holds the
//! constants and the few helpers every other module leans on.

use game_api::Color;

pub type Bitboard = u64;

pub const FILE_A: Bitboard = 0x0101_0101_0101_0101;
pub const FILE_H: Bitboard = FILE_A << 7;
pub const RANK_1: Bitboard = 0xFF;
pub const RANK_2: Bitboard = RANK_1 << 8;
pub const RANK_3: Bitboard = RANK_1 << 16;
pub const RANK_6: Bitboard = RANK_1 << 40;
pub const RANK_7: Bitboard = RANK_1 << 48;
pub const RANK_8: Bitboard = RANK_1 << 56;
/// a1, c1, ... : the dark squares (a1 is dark).
pub const DARK_SQUARES: Bitboard = 0xAA55_AA55_AA55_AA55;

#[inline(always)]
pub const fn bit(sq: usize) -> Bitboard {
    1u64 << sq
}

/// Index of the lowest set bit. The caller guarantees `b != 0`.
#[inline(always)]
pub fn lsb(b: Bitboard) -> usize {
    b.trailing_zeros() as usize
}

/// True when more than one bit is set (cheaper than a popcount compare).
#[inline(always)]
pub const fn more_than_one(b: Bitboard) -> bool {
    b & b.wrapping_sub(1) != 0
}

/// The squares attacked by `color`'s pawns on `pawns`, all of them at once: one diagonal step
/// forward each way, with the edge file masked off first so that no step wraps to the far side.
#[inline(always)]
pub const fn pawn_attacks_of(color: Color, pawns: Bitboard) -> Bitboard {
    let (towards_a, towards_h) = (pawns & !FILE_A, pawns & !FILE_H);
    match color {
        Color::White => (towards_a << 7) | (towards_h << 9),
        Color::Black => (towards_a >> 9) | (towards_h >> 7),
    }
}

/// Iterates over the set bits of a bitboard, lowest first.
#[derive(Clone, Copy)]
pub struct Squares(pub Bitboard);

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let sq = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(sq)
        }
    }
}

pub const fn rank_of(sq: usize) -> usize {
    sq >> 3
}
