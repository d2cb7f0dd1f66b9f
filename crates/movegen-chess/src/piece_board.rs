//! The board as an incremental evaluation reads it: the piece on a square, and what a move
//! changes (for NNUE accumulator updates). Mirrors `make_move.rs` case by case.

use crate::castling::{castle_king_to, castle_rook_to};
use crate::chess_move::{flag, from_sq, promotion_kind, to_sq, CASTLING, EN_PASSANT, NORMAL};
use crate::position::Chess;
use crate::types::*;
use game_api::{DirtyPieces, Move, PieceBoard};

impl PieceBoard for Chess {
    #[inline]
    fn piece_on(&self, sq: usize) -> Option<usize> {
        let p = *self.board.get(sq)?;
        (p != NO_PIECE).then_some(p as usize)
    }

    #[inline]
    fn dirty_pieces(&self, m: Move) -> DirtyPieces {
        let from = from_sq(m);
        let to = to_sq(m);
        let piece = self.board[from] as usize;
        let us = self.side;
        let mut dirty = DirtyPieces::NONE;
        match flag(m) {
            NORMAL => {
                if let Some(victim) = self.piece_on(to) {
                    dirty.remove(victim, to);
                }
                dirty.shift(piece, from, to);
            }
            EN_PASSANT => {
                dirty.remove(piece_of(!us, PAWN) as usize, to ^ 8);
                dirty.shift(piece, from, to);
            }
            CASTLING => {
                let (king_to, rook_to) = (castle_king_to(from, to), castle_rook_to(from, to));
                dirty.shift(piece, from, king_to);
                dirty.shift(piece_of(us, ROOK) as usize, to, rook_to);
            }
            _ => {
                if let Some(victim) = self.piece_on(to) {
                    dirty.remove(victim, to);
                }
                dirty.remove(piece, from);
                dirty.add(piece_of(us, promotion_kind(m).unwrap_or(QUEEN)) as usize, to);
            }
        }
        dirty
    }
}
