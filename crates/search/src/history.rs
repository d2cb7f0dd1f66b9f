//! Move-ordering memory that outlives one node: quiet-move history by (piece, target square),
//! continuation histories keyed by the previous one and two moves, and counter moves. Flat
//! boxed slices indexed with the game's strides (`PIECES * SQUARES`), allocated once per thread
//! and kept between searches (Lazy SMP threads each learn their own).

use crate::params::{HISTORY_BONUS_ADD, HISTORY_BONUS_CAP, HISTORY_BONUS_MUL, HISTORY_MAX};
use game_api::{Game, Move};
use std::marker::PhantomData;

/// A (piece, target) pair flattened to `piece * SQUARES + to`.
pub type PieceTo = usize;

pub struct Histories<G: Game> {
    /// Quiet moves: `[piece][to]`.
    quiet: Box<[i16]>,
    /// `[previous piece-to][piece-to]` for the move one ply back (counter-move history) and two
    /// plies back (follow-up history).
    continuation: [Box<[i16]>; 2],
    /// The quiet reply that last refuted each `[piece-to]`.
    counter: Box<[Move]>,
    _game: PhantomData<G>,
}

/// Gravity update: moves the value toward ±HISTORY_MAX by `bonus`, slower as it saturates.
#[inline]
fn apply(entry: &mut i16, bonus: i32) {
    let v = i32::from(*entry);
    let next = v + bonus - v * bonus.abs() / HISTORY_MAX;
    *entry = next.clamp(-HISTORY_MAX, HISTORY_MAX) as i16;
}

/// History bonus for a cutoff at `depth`.
pub fn bonus(depth: i32) -> i32 {
    (HISTORY_BONUS_MUL * depth * depth + HISTORY_BONUS_ADD * depth).min(HISTORY_BONUS_CAP)
}

impl<G: Game> Default for Histories<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Histories<G> {
    pub const STRIDE: usize = G::PIECES * G::SQUARES;

    pub fn new() -> Self {
        let n = Self::STRIDE;
        Histories {
            quiet: vec![0; n].into_boxed_slice(),
            continuation: [vec![0; n * n].into_boxed_slice(), vec![0; n * n].into_boxed_slice()],
            counter: vec![Move::NONE; n].into_boxed_slice(),
            _game: PhantomData,
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        for table in &mut self.continuation {
            table.fill(0);
        }
        self.counter.fill(Move::NONE);
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
                score += i32::from(table[p * Self::STRIDE + pt]);
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
        let b = bonus(depth);
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
        apply(&mut self.quiet[pt], bonus);
        for (table, p) in self.continuation.iter_mut().zip(prev) {
            if let Some(p) = p {
                apply(&mut table[p * Self::STRIDE + pt], bonus);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::apply;
    use crate::params::HISTORY_MAX;

    #[test]
    fn gravity_keeps_history_in_range() {
        let mut h = 0i16;
        for _ in 0..1000 {
            apply(&mut h, 1600);
        }
        assert!(i32::from(h) <= HISTORY_MAX && h > 15_000);
        for _ in 0..1000 {
            apply(&mut h, -1600);
        }
        assert!(i32::from(h) >= -HISTORY_MAX && h < -15_000);
    }
}
