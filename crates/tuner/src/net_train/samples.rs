//! Training positions in memory: for each, the active features from the side to move's
//! perspective and from the opponent's, and the blended target. The files are read by the one
//! reader of training data, `nnue_trainer::PositionReader`, which the streaming trainer uses too.

use datagen::{Filter, Record};
use nnue::features::NnueGame;
use nnue::king_buckets::FeatureSet;
use nnue_trainer::{PositionReader, TrainingPosition};
use std::ops::Range;
use std::path::PathBuf;

#[derive(Default)]
pub struct Samples {
    /// Feature indices: for position `i`, `features[starts[i]..starts[i] + counts[i]]` are the
    /// side to move's, and the next `counts[i]` the opponent's (same pieces, other view).
    pub features: Vec<u16>,
    /// 64-bit: a data set of 80 million positions passes 2^32 feature entries.
    pub starts: Vec<u64>,
    pub counts: Vec<u8>,
    /// Game result, side to move's view: 0, 0.5, 1.
    pub results: Vec<f32>,
    /// Search score, centipawns, side to move's view.
    pub scores: Vec<f32>,
    /// Records whose FEN the rules refused.
    pub skipped: u64,
}

impl Samples {
    pub fn len(&self) -> usize {
        self.starts.len()
    }

    pub fn is_empty(&self) -> bool {
        self.starts.is_empty()
    }

    /// The side to move's features and the opponent's.
    pub fn features_of(&self, i: usize) -> (&[u16], &[u16]) {
        let (us, them) = feature_spans(self.starts[i], self.counts[i]);
        (&self.features[us], &self.features[them])
    }

    pub fn target(&self, i: usize, lambda: f32) -> f32 {
        lambda * self.results[i] + (1.0 - lambda) * sigmoid(self.scores[i] / 400.0)
    }

    /// Reads datagen files of game `G`, of either format (game records are replayed through
    /// `filter`; `Filter::default()` is the selection position files were written with).
    pub fn load<G: NnueGame>(paths: &[String], filter: &Filter) -> Result<Samples, String> {
        let paths: Vec<PathBuf> = paths.iter().map(PathBuf::from).collect();
        let mut reader = PositionReader::<G>::new(&paths, filter, FeatureSet::Plain);
        let mut samples = Samples::default();
        while let Some(p) = reader.next_position().map_err(|e| e.to_string())? {
            samples.push_position(&p);
        }
        samples.skipped += reader.skipped;
        Ok(samples)
    }

    /// Adds a record of game `G` (skipped if the rules refuse its FEN).
    pub fn push<G: NnueGame>(&mut self, r: &Record) {
        match TrainingPosition::from_record::<G>(r, FeatureSet::Plain) {
            Ok(p) => self.push_position(&p),
            Err(_) => self.skipped += 1,
        }
    }

    pub fn push_position(&mut self, p: &TrainingPosition) {
        let (us, them) = p.sides();
        self.starts.push(self.features.len() as u64);
        self.features.extend_from_slice(us);
        self.features.extend_from_slice(them);
        self.counts.push(p.count);
        self.results.push(p.result);
        self.scores.push(p.score);
    }
}

/// Where a position's two feature lists lie in `Samples::features`, from its 64-bit start.
pub fn feature_spans(start: u64, count: u8) -> (Range<usize>, Range<usize>) {
    let start = start as usize;
    let n = usize::from(count);
    (start..start + n, start + n..start + 2 * n)
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 80-million-position data sets that overflowed 32-bit starts index correctly now.
    #[test]
    fn feature_offsets_past_u32_max() {
        let start = u64::from(u32::MAX) + 100;
        let (us, them) = feature_spans(start, 30);
        assert_eq!(us.start as u64, start);
        assert_eq!(them.end as u64, start + 60);
    }
}
