//! The 16-bit move word: from-square in bits 0-6, to-square in bits 7-13, bits 14-15 zero.
//! `Move::NONE` (0) would be a1a1, which is never legal.

use game_api::Move;

#[inline(always)]
pub const fn encode(from: usize, to: usize) -> Move {
    Move((from | (to << 7)) as u16)
}

#[inline(always)]
pub const fn from_sq(m: Move) -> usize {
    (m.0 & 0x7F) as usize
}

#[inline(always)]
pub const fn to_sq(m: Move) -> usize {
    ((m.0 >> 7) & 0x7F) as usize
}
