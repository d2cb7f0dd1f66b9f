//! The board as an incremental evaluation reads it: the piece on a square, and what a move
//! changes (for NNUE accumulator updates). Every xiangqi move is one piece moving, capturing at
//! most the piece on its target square. (`PieceBoard::piece_on` is spelled out: the position also
//! has an inherent `piece_on` that answers with colour and kind.)

use crate::encoding::{from_sq, to_sq};
use crate::position::Xiangqi;
use game_api::{DirtyPieces, Move, PieceBoard};

impl PieceBoard for Xiangqi {
    #[inline]
    fn piece_on(&self, sq: usize) -> Option<usize> {
        let p = self.piece_at(sq);
        (!p.is_none()).then_some(p.index())
    }

    #[inline]
    fn dirty_pieces(&self, m: Move) -> DirtyPieces {
        let from = from_sq(m);
        let to = to_sq(m);
        let mut dirty = DirtyPieces::NONE;
        if let Some(victim) = PieceBoard::piece_on(self, to) {
            dirty.remove(victim, to);
        }
        if let Some(piece) = PieceBoard::piece_on(self, from) {
            dirty.shift(piece, from, to);
        }
        dirty
    }
}
