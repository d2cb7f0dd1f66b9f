//! Where the legal move generator sends what it finds. The generator (`movegen.rs`) is written
//! once against [`MoveOutput`]; a [`MoveSink`] writes the moves out, a [`MoveCount`] only counts
//! them (popcounts of target sets, promotions ×4), so perft leaves and "is there a legal move"
//! never materialise a move list and cannot disagree with it.
//!
//! Moves arrive in batches shaped like the generator's bitboards: one piece's target set, or a
//! set of pawn targets whose origins sit a fixed offset away.

use crate::bitboard::{Bitboard, Squares};
use crate::chess_move::{encode, NORMAL, PROMOTION};
use game_api::MoveSink;

/// Promotion flags, queen first so that ordering-free callers meet the usual choice first.
const PROMOTION_FLAGS: [u16; 4] = [PROMOTION + 3, PROMOTION + 2, PROMOTION + 1, PROMOTION];

/// Receives legal moves from the generator.
pub(crate) trait MoveOutput {
    /// One move with its flag.
    fn one(&mut self, from: usize, to: usize, flag: u16);
    /// A normal move from `from` to each square of `targets`.
    fn moves_from(&mut self, from: usize, targets: Bitboard);
    /// A normal move to each square of `targets` from the square `delta` below it (a wrapping
    /// offset: pawns of both colours).
    fn shifted(&mut self, targets: Bitboard, delta: usize);
    /// The four promotions of one pawn move.
    fn promotions(&mut self, from: usize, to: usize);
    /// The four promotions to each square of `targets`, origins as in [`MoveOutput::shifted`].
    fn shifted_promotions(&mut self, targets: Bitboard, delta: usize);
}

impl MoveOutput for MoveSink<'_> {
    #[inline(always)]
    fn one(&mut self, from: usize, to: usize, flag: u16) {
        self.push(encode(from, to, flag));
    }

    #[inline(always)]
    fn moves_from(&mut self, from: usize, targets: Bitboard) {
        for to in Squares(targets) {
            self.push(encode(from, to, NORMAL));
        }
    }

    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, delta: usize) {
        for to in Squares(targets) {
            self.push(encode(to.wrapping_sub(delta), to, NORMAL));
        }
    }

    #[inline(always)]
    fn promotions(&mut self, from: usize, to: usize) {
        for flag in PROMOTION_FLAGS {
            self.push(encode(from, to, flag));
        }
    }

    #[inline(always)]
    fn shifted_promotions(&mut self, targets: Bitboard, delta: usize) {
        for to in Squares(targets) {
            self.promotions(to.wrapping_sub(delta), to);
        }
    }
}

/// Counts the moves it is given without storing them.
#[derive(Default)]
pub(crate) struct MoveCount(pub usize);

impl MoveOutput for MoveCount {
    #[inline(always)]
    fn one(&mut self, _from: usize, _to: usize, _flag: u16) {
        self.0 += 1;
    }

    #[inline(always)]
    fn moves_from(&mut self, _from: usize, targets: Bitboard) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline(always)]
    fn shifted(&mut self, targets: Bitboard, _delta: usize) {
        self.0 += targets.count_ones() as usize;
    }

    #[inline(always)]
    fn promotions(&mut self, _from: usize, _to: usize) {
        self.0 += PROMOTION_FLAGS.len();
    }

    #[inline(always)]
    fn shifted_promotions(&mut self, targets: Bitboard, _delta: usize) {
        self.0 += PROMOTION_FLAGS.len() * targets.count_ones() as usize;
    }
}
