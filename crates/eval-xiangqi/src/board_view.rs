//! A mailbox snapshot of a xiangqi position, the only view this crate has of the board.
//!
//! Built from `Xiangqi::piece_on` (no allocation); `from_fen_board` remains for tests that
//! describe a board as text.

use game_api::{Color, Game};
use movegen_xiangqi::{Kind, Xiangqi};

pub const FILES: usize = 9;
pub const RANKS: usize = 10;
pub const SQUARES: usize = 90;

pub const fn square(file: usize, rank: usize) -> usize {
    rank * FILES + file
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub color: Color,
    pub kind: Kind,
}

pub struct BoardView {
    pub squares: [Option<Man>; SQUARES],
    pub side: Color,
}

fn kind_of_letter(c: char) -> Option<Kind> {
    Some(match c.to_ascii_uppercase() {
        'K' => Kind::King,
        'A' => Kind::Advisor,
        'B' | 'E' => Kind::Elephant,
        'N' | 'H' => Kind::Horse,
        'R' => Kind::Rook,
        'C' => Kind::Cannon,
        'P' => Kind::Pawn,
        _ => return None,
    })
}

impl BoardView {
    #[inline]
    pub fn of(pos: &Xiangqi) -> BoardView {
        let mut squares = [None; SQUARES];
        for (sq, slot) in squares.iter_mut().enumerate() {
            *slot = pos.piece_on(sq).map(|(color, kind)| Man { color, kind });
        }
        BoardView { squares, side: pos.side_to_move() }
    }

    /// Reads the board field of a FEN (ranks 9 down to 0). The text comes from the rules
    /// crate's own writer, but it is still read defensively: anything odd is skipped.
    pub fn from_fen_board(board: &str, side: Color) -> BoardView {
        let mut squares = [None; SQUARES];
        for (row, text) in board.split('/').take(RANKS).enumerate() {
            let rank = RANKS - 1 - row;
            let mut file = 0;
            for c in text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else if let Some(kind) = kind_of_letter(c) {
                    if file < FILES {
                        let color =
                            if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                        squares[square(file, rank)] = Some(Man { color, kind });
                    }
                    file += 1;
                }
            }
        }
        BoardView { squares, side }
    }

    #[inline]
    pub fn at(&self, file: i32, rank: i32) -> Option<Option<Man>> {
        if (0..FILES as i32).contains(&file) && (0..RANKS as i32).contains(&rank) {
            Some(self.squares[square(file as usize, rank as usize)])
        } else {
            None
        }
    }
}
