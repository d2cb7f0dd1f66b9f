//! The 16-bit move layout: from-square in bits 0-5, to-square in bits 6-11, and a flag in bits
//! 12-15. A capture is not flagged (the board says what stands on the target square); the flags
//! mark only what the board cannot tell. `Move::NONE` (a1a1, normal) is never legal because the
//! from- and to-squares coincide.

use game_api::Move;

pub const NORMAL: u16 = 0;
pub const EN_PASSANT: u16 = 1;
/// Castling, encoded as the king taking its own rook (from = king, to = that rook's square), in
/// standard chess as in Chess960; `castling::castle_king_to` gives where the king lands.
pub const CASTLING: u16 = 2;
/// Promotion flags are `PROMOTION + kind - KNIGHT`, kinds knight through queen.
pub const PROMOTION: u16 = 4;

#[inline(always)]
pub const fn encode(from: usize, to: usize, flag: u16) -> Move {
    Move(from as u16 | (to as u16) << 6 | flag << 12)
}

#[inline(always)]
pub const fn from_sq(m: Move) -> usize {
    (m.0 & 63) as usize
}

#[inline(always)]
pub const fn to_sq(m: Move) -> usize {
    ((m.0 >> 6) & 63) as usize
}

#[inline(always)]
pub const fn flag(m: Move) -> u16 {
    m.0 >> 12
}

/// The kind promoted to, for a move whose flag is a promotion.
#[inline(always)]
pub const fn promotion_kind(m: Move) -> Option<usize> {
    let f = flag(m);
    if f >= PROMOTION && f < PROMOTION + 4 {
        Some((f - PROMOTION) as usize + crate::types::KNIGHT)
    } else {
        None
    }
}
