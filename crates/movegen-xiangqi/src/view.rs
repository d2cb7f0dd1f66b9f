//! Read-only placement queries for code outside the rules layer (evaluation, tools), so that they
//! never have to go through FEN text to see the board.

use crate::bitboard::Bitboard;
use crate::position::Xiangqi;
use crate::types::Kind;
use game_api::Color;

impl Xiangqi {
    /// The piece on `sq` (`rank * 9 + file`, rank 0 = Red's back rank), if any.
    #[inline]
    pub fn piece_on(&self, sq: usize) -> Option<(Color, Kind)> {
        let piece = *self.board.squares.get(sq)?;
        if piece.is_none() {
            None
        } else {
            Some((piece.color(), piece.kind()))
        }
    }

    /// The squares of `color`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, color: Color, kind: Kind) -> Bitboard {
        self.board.of(color, kind)
    }

    /// The king square of `color`.
    #[inline]
    pub fn king_square(&self, color: Color) -> usize {
        self.board.king(color)
    }
}
