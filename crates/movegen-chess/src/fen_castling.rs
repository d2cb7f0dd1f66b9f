//! The castling field of a FEN, for standard chess and Chess960.
//!
//! Read: `KQkq` (X-FEN: the outermost rook on that side of the king), file letters (Shredder-FEN
//! `HAha`, or X-FEN's letter for an inner rook), mixed freely, as python-chess and Stockfish
//! accept them. Each right needs its king on its back rank and a rook of its colour on the named
//! file of that rank; a side may hold one right each side of its king.
//!
//! Written: X-FEN by default (`KQkq` where the right's rook is the outermost one, so standard
//! FENs look as they always did, and a file letter for an inner rook), the same as python-chess's
//! `board.fen()`; Shredder-FEN (`HAha`, always letters) on request, as `board.shredder_fen()`.
//! Rights are listed white then black, king side before queen side.

use crate::bitboard::{bit, Bitboard, RANK_1, RANK_8};
use crate::castling::CastlingRules;
use crate::position::Chess;
use crate::types::*;
use game_api::{Color, FenError};

impl Chess {
    /// Parses the castling field into `self.castling` and `self.castle` (board already set).
    pub(crate) fn parse_castling(&mut self, text: &str) -> Result<(), FenError> {
        let kings =
            [self.king_square_checked(Color::White), self.king_square_checked(Color::Black)];
        let mut rooks = [7, 0, 63, 56];
        if text != "-" {
            for c in text.chars() {
                let (right, rook) = self.castling_right(c, kings, text)?;
                if self.castling & (1 << right) != 0 {
                    return Err(FenError::BadField("castling", text.to_owned()));
                }
                self.castling |= 1 << right;
                rooks[right] = rook;
            }
        }
        let kings = kings.map(|k| k.unwrap_or(0));
        self.castle = CastlingRules::new(kings, rooks, self.castling);
        Ok(())
    }

    /// The king's square, if the colour has exactly one king (validated later).
    fn king_square_checked(&self, color: Color) -> Option<usize> {
        let kings = self.pieces(color, KING);
        (kings.count_ones() == 1).then(|| kings.trailing_zeros() as usize)
    }

    /// The right (bit index) and rook square a castling letter names.
    fn castling_right(
        &self,
        c: char,
        kings: [Option<usize>; 2],
        text: &str,
    ) -> Result<(usize, usize), FenError> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let back_rank: Bitboard = if color == Color::White { RANK_1 } else { RANK_8 };
        let missing = || {
            FenError::Illegal(format!(
                "castling right '{c}' without king and rook on their home squares"
            ))
        };
        let king = kings[color.index()].filter(|&k| bit(k) & back_rank != 0).ok_or_else(missing)?;
        let rooks = self.pieces(color, ROOK) & back_rank;
        let king_file = king & 7;
        let rook = match c.to_ascii_lowercase() {
            // The outermost rook on that side of the king.
            'k' => {
                let beyond = rooks & (!0u64 << king << 1);
                (beyond != 0).then(|| 63 - beyond.leading_zeros() as usize)
            }
            'q' => {
                let beyond = rooks & (bit(king) - 1);
                (beyond != 0).then(|| beyond.trailing_zeros() as usize)
            }
            f @ 'a'..='h' => {
                let sq = (king & 56) + (f as u8 - b'a') as usize;
                (rooks & bit(sq) != 0 && sq != king).then_some(sq)
            }
            _ => return Err(FenError::BadField("castling", text.to_owned())),
        }
        .ok_or_else(missing)?;
        let kingside = rook & 7 > king_file;
        Ok((color.index() * 2 + usize::from(!kingside), rook))
    }

    /// The castling field: X-FEN, or Shredder-FEN when `shredder`.
    pub(crate) fn write_castling(&self, out: &mut String, shredder: bool) {
        if self.castling == 0 {
            out.push('-');
            return;
        }
        for right in 0..4 {
            if self.castling & (1 << right) == 0 {
                continue;
            }
            let color = if right < 2 { Color::White } else { Color::Black };
            let rook = self.castle.rook_from[right] as usize;
            let kingside = right % 2 == 0;
            let rank = rook & 56;
            let others = self.pieces(color, ROOK) & (0xFF << rank) & !bit(rook);
            let outermost = if kingside {
                others & (!0u64 << rook << 1) == 0
            } else {
                others & (bit(rook) - 1) == 0
            };
            let letter = if shredder || !outermost {
                (b'a' + (rook & 7) as u8) as char
            } else if kingside {
                'k'
            } else {
                'q'
            };
            out.push(if color == Color::White { letter.to_ascii_uppercase() } else { letter });
        }
    }

    /// The FEN with a Shredder-FEN castling field (`HAha`), as `board.shredder_fen()` in
    /// python-chess; [`game_api::Game::fen`] writes X-FEN.
    pub fn shredder_fen(&self) -> String {
        self.write_fen_with(true)
    }
}
