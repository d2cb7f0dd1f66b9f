//! Piece and square vocabulary shared by the whole crate.
//!
//! A piece kind is `0..6` (pawn, knight, bishop, rook, queen, king); a coloured piece is
//! `colour * 6 + kind`, so white pieces are `0..6` and black pieces `6..12`. That index is what
//! [`game_api::Game::moved_piece`] reports and what the zobrist table is keyed on.

use game_api::Color;

pub const PAWN: usize = 0;
pub const KNIGHT: usize = 1;
pub const BISHOP: usize = 2;
pub const ROOK: usize = 3;
pub const QUEEN: usize = 4;
pub const KING: usize = 5;
pub const KINDS: usize = 6;

/// The mailbox value of an empty square.
pub const NO_PIECE: u8 = 12;
/// The en-passant field when there is no legal en-passant capture.
pub const NO_SQUARE: u8 = 64;

/// Material values in centipawns, indexed by kind (used by SEE and MVV-LVA).
pub const KIND_VALUE: [i32; KINDS] = [100, 320, 330, 500, 900, 20_000];

/// Upper-case letters (white) by kind; FEN and move notation.
pub const KIND_LETTERS: [char; KINDS] = ['P', 'N', 'B', 'R', 'Q', 'K'];

#[inline(always)]
pub const fn piece_of(color: Color, kind: usize) -> u8 {
    (color as usize * KINDS + kind) as u8
}

#[inline(always)]
pub const fn kind_of(piece: u8) -> usize {
    piece as usize % KINDS
}

#[inline(always)]
pub const fn color_of(piece: u8) -> Color {
    if (piece as usize) < KINDS {
        Color::White
    } else {
        Color::Black
    }
}

/// `"e4"` for square 28.
pub fn square_name(sq: usize) -> [char; 2] {
    [(b'a' + (sq & 7) as u8) as char, (b'1' + (sq >> 3) as u8) as char]
}

/// Parses `"e4"` into 28; `None` for anything else.
pub fn parse_square(text: &[u8]) -> Option<usize> {
    match text {
        [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(((r - b'1') * 8 + (f - b'a')) as usize),
        _ => None,
    }
}
