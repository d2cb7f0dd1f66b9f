//! Shuffling a stream of positions within a bounded buffer.
//!
//! The buffer takes up to `capacity` positions from the stream, is shuffled (Fisher–Yates with a
//! generator seeded per epoch), handed out in that order, and refilled: memory is
//! `capacity × size_of::<TrainingPosition>()` whatever the size of the data, and the order
//! depends only on the seed, the epoch and the data. When the buffer holds the whole data set,
//! an epoch is one shuffle of everything, exactly what training in memory does: the two are
//! the same code, so they give the same net bit for bit (tested).
//!
//! One game in `validation_every` (chosen by a hash of the game id the reader gives each
//! position, which does not depend on the order the files are read in) is held out of training
//! instead, all its positions: neighbours of one game are
//! near copies of each other, so a validation set that shares games with the training set
//! measures memory, not judgement. The caller keeps up to a fixed number of them for the
//! validation loss. `HoldoutUnit::Positions` holds out every `validation_every`-th position
//! instead (by its 64-bit number in the stream), as the trainer did when chess net 6 and
//! xiangqi net 8 were made: their recipes keep it, so that they still train bit for bit.

use crate::error::TrainError;
use crate::position::TrainingPosition;
use game_api::SplitMix64;

/// What the validation set is cut from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HoldoutUnit {
    /// Whole games: every position of the games whose id hashes to a multiple of `every`.
    Games,
    /// Single positions, by their number in the stream (the old way; games straddle the cut).
    Positions,
}

/// Which positions of the stream are held out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holdout {
    /// 0: none; otherwise game (or position) numbers that are multiples of this.
    pub every: u64,
    pub unit: HoldoutUnit,
}

impl Holdout {
    /// Whether `p`, stream position `index` (counted from 0, 64-bit: data sets pass 2^32
    /// positions), is a validation position.
    #[inline]
    pub fn is_validation(&self, index: u64, p: &TrainingPosition) -> bool {
        let number = match self.unit {
            HoldoutUnit::Games => SplitMix64::mix(p.game),
            HoldoutUnit::Positions => index,
        };
        self.every != 0 && number.is_multiple_of(self.every)
    }
}

pub struct ShuffleBuffer {
    buf: Vec<TrainingPosition>,
    capacity: usize,
    /// Index in `buf` of the next position to hand out.
    next: usize,
    rng: SplitMix64,
    /// Stream positions seen this epoch, validation ones included.
    seen: u64,
    holdout: Holdout,
}

impl ShuffleBuffer {
    /// A buffer of `capacity` positions (at least 1), allocated once here.
    pub fn new(capacity: usize, holdout: Holdout) -> ShuffleBuffer {
        let capacity = capacity.max(1);
        ShuffleBuffer {
            buf: Vec::with_capacity(capacity),
            capacity,
            next: 0,
            rng: SplitMix64::new(0),
            seen: 0,
            holdout,
        }
    }

    /// Starts an epoch: the order of its shuffles comes from `seed` and `epoch` alone.
    pub fn start_epoch(&mut self, seed: u64, epoch: u64) {
        self.buf.clear();
        self.next = 0;
        self.seen = 0;
        self.rng = SplitMix64::new(SplitMix64::mix(seed ^ SplitMix64::mix(epoch)));
    }

    /// The next training position of the epoch, refilling from `stream` when the buffer is
    /// spent; `validation` sees each held-out position as it passes. `None` at the end.
    pub fn next(
        &mut self,
        stream: &mut impl Iterator<Item = Result<TrainingPosition, TrainError>>,
        mut validation: impl FnMut(&TrainingPosition),
    ) -> Result<Option<TrainingPosition>, TrainError> {
        if self.next == self.buf.len() {
            self.buf.clear();
            self.next = 0;
            while self.buf.len() < self.capacity {
                let Some(p) = stream.next() else { break };
                let p = p?;
                let index = self.seen;
                self.seen += 1;
                if self.holdout.is_validation(index, &p) {
                    validation(&p);
                } else {
                    self.buf.push(p);
                }
            }
            self.rng.shuffle(&mut self.buf);
        }
        let p = self.buf.get(self.next).copied();
        self.next += usize::from(p.is_some());
        Ok(p)
    }

    /// Positions the buffer can hold.
    pub fn capacity(&self) -> usize {
        self.capacity
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn position(i: u32) -> TrainingPosition {
        TrainingPosition {
            features: [[0; crate::position::MAX_ACTIVE]; 2],
            count: 0,
            result: 0.0,
            score: i as f32,
            game: u64::from(i / 7),
        }
    }

    fn epoch(data: &[TrainingPosition], capacity: usize, every: u64) -> (Vec<u32>, Vec<u32>) {
        epoch_by(data, capacity, Holdout { every, unit: HoldoutUnit::Positions })
    }

    fn epoch_by(data: &[TrainingPosition], capacity: usize, h: Holdout) -> (Vec<u32>, Vec<u32>) {
        let mut b = ShuffleBuffer::new(capacity, h);
        b.start_epoch(3, 1);
        let mut stream = data.iter().copied().map(Ok);
        let (mut order, mut held) = (Vec::new(), Vec::new());
        while let Some(p) = b.next(&mut stream, |v| held.push(v.score as u32)).unwrap() {
            order.push(p.score as u32);
            assert!(b.buf.len() <= capacity, "the buffer grew past its capacity");
        }
        (order, held)
    }

    #[test]
    fn every_position_once_per_epoch_and_the_buffer_stays_bounded() {
        let data: Vec<_> = (0..1000).map(position).collect();
        let (mut order, held) = epoch(&data, 64, 10);
        assert_eq!(held, (0..1000).step_by(10).collect::<Vec<_>>());
        assert_ne!(order, (0..1000).filter(|i| i % 10 != 0).collect::<Vec<_>>(), "not shuffled");
        order.sort_unstable();
        assert_eq!(order, (0..1000).filter(|i| i % 10 != 0).collect::<Vec<_>>());
        // A bounded buffer only moves positions within a window of its capacity.
        let (bounded, _) = epoch(&data, 64, 0);
        for (at, &i) in bounded.iter().enumerate() {
            assert_eq!(at / 64, i as usize / 64, "position {i} left its chunk");
        }
    }

    #[test]
    fn the_order_depends_on_seed_and_epoch_only() {
        let data: Vec<_> = (0..300).map(position).collect();
        assert_eq!(epoch(&data, 1000, 7), epoch(&data, 1000, 7));
        assert_eq!(
            epoch(&data, 300, 0),
            epoch(&data, 5000, 0),
            "a buffer past the data is the whole data"
        );
    }

    /// Stream numbers are 64-bit: the hold-out rule works past 2^32 positions.
    #[test]
    fn holdout_indices_are_64_bit() {
        let h = Holdout { every: 20, unit: HoldoutUnit::Positions };
        let p = position(0);
        let beyond = u64::from(u32::MAX) + 1 + 19; // 2^32 + 19: 2^32 ≡ 16 (mod 20), so +4 is a multiple
        assert!(!h.is_validation(beyond, &p));
        assert!(h.is_validation(u64::from(u32::MAX) + 5, &p));
        assert!(!Holdout { every: 0, unit: HoldoutUnit::Positions }.is_validation(0, &p));
    }

    /// By games, a game's positions are all trained on or all held out, wherever the buffer
    /// cuts the stream.
    #[test]
    fn games_are_held_out_whole() {
        let data: Vec<_> = (0..700).map(position).collect();
        let (order, held) = epoch_by(&data, 64, Holdout { every: 5, unit: HoldoutUnit::Games });
        let game_of = |i: &u32| u64::from(i / 7);
        let trained: std::collections::HashSet<u64> = order.iter().map(game_of).collect();
        let validated: std::collections::HashSet<u64> = held.iter().map(game_of).collect();
        assert!(trained.is_disjoint(&validated));
        let chosen: std::collections::HashSet<u64> =
            (0..100).filter(|&g| SplitMix64::mix(g).is_multiple_of(5)).collect();
        assert_eq!(validated, chosen);
        assert!((10..=30).contains(&chosen.len()), "about one game in five: {}", chosen.len());
        assert_eq!(held.len(), chosen.len() * 7, "every position of a held-out game");
        assert_eq!(order.len() + held.len(), 700);
    }
}
