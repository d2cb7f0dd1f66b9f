//! Move-ordering memory that outlives one node: quiet-move history by (piece, target square),
//! continuation histories keyed by the previous one and two moves, and counter moves. Flat
//! boxed slices indexed with the game's strides (`PIECES * SQUARES`), allocated once per thread
//! and kept between searches (Lazy SMP threads each learn their own).
//!
//! The continuation tables are the big ones (xiangqi: 1260 previous piece-tos). They are lean
//! in two ways, neither of which changes a single score:
//! - the *current* move is indexed by piece kind, not coloured piece: the previous move's piece
//!   fixes the mover's colour (one ply back: the other colour; two plies back: the same), so
//!   within a row the map from coloured piece to kind is one-to-one and the other colour's half
//!   of the row could never be touched;
//! - clearing (`ucinewgame`) zeroes only the rows a search wrote, so a clear before the first
//!   search faults in no pages and the tables stay as resident as the search made them.

use crate::params::{HISTORY_BONUS_ADD, HISTORY_BONUS_CAP, HISTORY_BONUS_MUL, HISTORY_MAX};
use game_api::{Game, Move};
use std::marker::PhantomData;

/// A (piece, target) pair flattened to `piece * SQUARES + to`.
pub type PieceTo = usize;

pub struct Histories<G: Game> {
    /// Quiet moves: `[piece][to]`.
    quiet: Box<[i16]>,
    /// `[previous piece-to][kind-to]` for the move one ply back (counter-move history) and two
    /// plies back (follow-up history); see the module notes.
    continuation: [Box<[i16]>; 2],
    /// Which rows (previous piece-to) of each continuation table hold anything but zeros.
    dirty: [Box<[bool]>; 2],
    /// The quiet reply that last refuted each `[piece-to]`.
    counter: Box<[Move]>,
    _game: PhantomData<G>,
}

/// Gravity update: moves the value toward ±HISTORY_MAX by `bonus`, slower as it saturates.
#[inline]
fn apply(entry: &mut i16, bonus: i32, max: i32) {
    let v = i32::from(*entry);
    let next = v + bonus - v * bonus.abs() / max;
    *entry = next.clamp(-max, max) as i16;
}

/// History bonus for a cutoff at `depth`.
pub fn bonus<G: Game>(depth: i32) -> i32 {
    (HISTORY_BONUS_MUL.get::<G>() * depth * depth + HISTORY_BONUS_ADD.get::<G>() * depth)
        .min(HISTORY_BONUS_CAP.get::<G>())
}

impl<G: Game> Default for Histories<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Histories<G> {
    pub const STRIDE: usize = G::PIECES * G::SQUARES;
    /// A continuation row: one entry per (piece kind, target square).
    pub const ROW: usize = G::PIECES / 2 * G::SQUARES;

    pub fn new() -> Self {
        let n = Self::STRIDE;
        let cells = n * Self::ROW;
        Histories {
            quiet: vec![0; n].into_boxed_slice(),
            continuation: [vec![0; cells].into_boxed_slice(), vec![0; cells].into_boxed_slice()],
            dirty: [vec![false; n].into_boxed_slice(), vec![false; n].into_boxed_slice()],
            counter: vec![Move::NONE; n].into_boxed_slice(),
            _game: PhantomData,
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        for (table, dirty) in self.continuation.iter_mut().zip(&mut self.dirty) {
            for (row, d) in table.chunks_exact_mut(Self::ROW).zip(dirty.iter_mut()) {
                if std::mem::take(d) {
                    row.fill(0);
                }
            }
        }
        self.counter.fill(Move::NONE);
    }

    /// The continuation cell for the current move `pt` after the previous piece-to `p`.
    /// Pieces are `colour * PIECES / 2 + kind` (see `Game::moved_piece`), so `pt % ROW` is the
    /// current move's kind-to; the colour it drops is implied by `p` (see the module notes).
    #[inline]
    fn cell(p: PieceTo, pt: PieceTo) -> usize {
        p * Self::ROW + pt % Self::ROW
    }

    #[inline]
    pub fn piece_to(pos: &G, m: Move) -> PieceTo {
        pos.moved_piece(m) * G::SQUARES + G::to_square(m)
    }

    /// Ordering score of a quiet move `pt`, given the piece-to of the previous two moves
    /// (`None` after a null move or at the root).
    #[inline]
    pub fn quiet_score(&self, pt: PieceTo, prev: [Option<PieceTo>; 2]) -> i32 {
        let mut score = i32::from(self.quiet[pt]);
        for (table, p) in self.continuation.iter().zip(prev) {
            if let Some(p) = p {
                score += i32::from(table[Self::cell(p, pt)]);
            }
        }
        score
    }

    #[inline]
    pub fn counter_move(&self, prev: Option<PieceTo>) -> Move {
        prev.map_or(Move::NONE, |p| self.counter[p])
    }

    /// Rewards `best` (which caused a cutoff) and punishes the quiet moves tried before it.
    pub fn update_quiets(
        &mut self,
        best: PieceTo,
        tried: &[PieceTo],
        prev: [Option<PieceTo>; 2],
        depth: i32,
        best_move: Move,
    ) {
        let b = bonus::<G>(depth);
        self.update_one(best, prev, b);
        for &pt in tried {
            self.update_one(pt, prev, -b);
        }
        if let Some(p) = prev[0] {
            self.counter[p] = best_move;
        }
    }

    #[inline]
    fn update_one(&mut self, pt: PieceTo, prev: [Option<PieceTo>; 2], bonus: i32) {
        let max = HISTORY_MAX.get::<G>();
        apply(&mut self.quiet[pt], bonus, max);
        for ((table, dirty), p) in self.continuation.iter_mut().zip(&mut self.dirty).zip(prev) {
            if let Some(p) = p {
                dirty[p] = true;
                apply(&mut table[Self::cell(p, pt)], bonus, max);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::apply;
    use crate::params::{CHESS, HISTORY_MAX};

    #[test]
    fn gravity_keeps_history_in_range() {
        let mut h = 0i16;
        for _ in 0..1000 {
            apply(&mut h, 1600, HISTORY_MAX.get_in(CHESS));
        }
        assert!(i32::from(h) <= HISTORY_MAX.get_in(CHESS) && h > 15_000);
        for _ in 0..1000 {
            apply(&mut h, -1600, HISTORY_MAX.get_in(CHESS));
        }
        assert!(i32::from(h) >= -HISTORY_MAX.get_in(CHESS) && h < -15_000);
    }
}
