//! Training positions in memory: for each, the active features from the side to move's
//! perspective and from the opponent's, and the blended target.

use datagen::{read_positions, Filter, Record};
use game_api::Color;
use nnue::features::{feature, NnueGame};
use std::path::Path;

#[derive(Default)]
pub struct Samples {
    /// Feature indices: for position `i`, `features[starts[i]..starts[i] + counts[i]]` are the
    /// side to move's, and the next `counts[i]` the opponent's (same pieces, other view).
    pub features: Vec<u16>,
    pub starts: Vec<u32>,
    pub counts: Vec<u8>,
    /// Game result, side to move's view: 0, 0.5, 1.
    pub results: Vec<f32>,
    /// Search score, centipawns, side to move's view.
    pub scores: Vec<f32>,
    /// Records whose FEN the rules refused.
    pub skipped: usize,
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
        let start = self.starts[i] as usize;
        let n = usize::from(self.counts[i]);
        (&self.features[start..start + n], &self.features[start + n..start + 2 * n])
    }

    pub fn target(&self, i: usize, lambda: f32) -> f32 {
        lambda * self.results[i] + (1.0 - lambda) * sigmoid(self.scores[i] / 400.0)
    }

    /// Reads datagen files of game `G`, of either format (game records are replayed through
    /// `filter`; `Filter::default()` is the selection position files were written with).
    pub fn load<G: NnueGame>(paths: &[String], filter: &Filter) -> Result<Samples, String> {
        let mut samples = Samples::default();
        for path in paths {
            read_positions::<G>(Path::new(path), filter, |r| samples.push::<G>(&r))
                .map_err(|e| format!("{path}: {e}"))?;
        }
        Ok(samples)
    }

    pub fn push<G: NnueGame>(&mut self, r: &Record) {
        let Ok(pos) = G::from_fen(&r.fen) else {
            self.skipped += 1;
            return;
        };
        let stm = pos.side_to_move();
        let start = self.features.len();
        for persp in [stm, !stm] {
            for sq in 0..G::SQUARES {
                if let Some(piece) = pos.piece_on(sq) {
                    self.features.push(feature::<G>(persp, piece, sq) as u16);
                }
            }
        }
        let n = (self.features.len() - start) / 2;
        self.starts.push(start as u32);
        self.counts.push(n as u8);
        let white_result = r.result.score() as f32;
        let white_score = f32::from(r.score);
        let (result, score) = if stm == Color::White {
            (white_result, white_score)
        } else {
            (1.0 - white_result, -white_score)
        };
        self.results.push(result);
        self.scores.push(score);
    }
}

pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
