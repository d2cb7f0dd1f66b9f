//! The shape of the net being trained: inputs per perspective, hidden width, output buckets.

use crate::error::TrainError;
use nnue::arch::{output_bucket, MAX_OUTPUT_BUCKETS};
use nnue::king_buckets::FeatureSet;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Which inputs: plain piece-square, or per king bucket.
    pub features: FeatureSet,
    /// Inputs per perspective, every king bucket's included.
    pub inputs: usize,
    /// Accumulator width per perspective.
    pub hidden: usize,
    /// Output buckets: one set of output weights per range of piece counts.
    pub buckets: usize,
}

impl Shape {
    /// Checks what the trainer itself needs; whether inference can load the result is checked
    /// when the net is quantised.
    /// `inputs` are the game's piece-square inputs; king buckets multiply them.
    pub fn checked(
        features: FeatureSet,
        inputs: usize,
        hidden: usize,
        buckets: usize,
    ) -> Result<Shape, TrainError> {
        if hidden == 0 || hidden > 4096 {
            return Err(TrainError::Settings(format!("hidden size {hidden} (1..=4096)")));
        }
        if buckets == 0 || buckets > MAX_OUTPUT_BUCKETS {
            return Err(TrainError::Settings(format!(
                "{buckets} output buckets (1..={MAX_OUTPUT_BUCKETS})"
            )));
        }
        Ok(Shape { features, inputs: inputs * features.king_buckets(), hidden, buckets })
    }

    /// The output bucket of a position with `pieces` pieces on the board (inference's own
    /// definition, so the two cannot drift apart).
    #[inline]
    pub fn bucket(&self, pieces: usize) -> usize {
        output_bucket(pieces, self.buckets)
    }

    /// Offset of feature `f`'s row in the feature weights. `usize` (64-bit on every target this
    /// project builds for): `f × hidden` passes 2^32 only for absurd shapes, but the positions
    /// and their counts elsewhere are `u64`/`usize` for the same reason, never `u32`.
    #[inline]
    pub fn row_start(&self, f: usize) -> usize {
        f * self.hidden
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Row offsets are 64-bit arithmetic: past u32::MAX they do not wrap.
    #[test]
    fn row_offsets_are_64_bit() {
        let shape = Shape { features: FeatureSet::Plain, inputs: 1 << 24, hidden: 512, buckets: 1 };
        let f = (1usize << 23) + 3;
        assert_eq!(shape.row_start(f) as u64, ((1u64 << 23) + 3) * 512);
        assert!(shape.row_start(f) as u64 > u64::from(u32::MAX));
    }
}
