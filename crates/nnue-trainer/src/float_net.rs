//! The net in f32 while it trains: its parameters, their initial values and the forward pass.

use crate::position::{sigmoid, TrainingPosition};
use crate::shape::Shape;
use game_api::SplitMix64;
use nnue::arch::{MAX_OUTPUT_WEIGHT, QA, QB};

/// Largest float output weight: quantises to at most ±127 (`MAX_OUTPUT_WEIGHT` / QB).
pub const OUTPUT_CLIP: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;
/// Feature weights are clipped so that an accumulator of 32 pieces stays inside int16.
pub const FEATURE_CLIP: f32 = 32767.0 / QA as f32 / 40.0;

#[derive(Clone, Debug, PartialEq)]
pub struct FloatNet {
    pub shape: Shape,
    /// `inputs × hidden`, one row per feature.
    pub ft: Vec<f32>,
    pub ft_bias: Vec<f32>,
    /// `buckets × 2 × hidden`: per bucket the side to move's half, then the opponent's.
    pub out: Vec<f32>,
    /// One per bucket.
    pub out_bias: Vec<f32>,
}

impl FloatNet {
    pub fn zeros(shape: Shape) -> FloatNet {
        FloatNet {
            shape,
            ft: vec![0.0; shape.inputs * shape.hidden],
            ft_bias: vec![0.0; shape.hidden],
            out: vec![0.0; shape.buckets * 2 * shape.hidden],
            out_bias: vec![0.0; shape.buckets],
        }
    }

    /// Small random weights from `seed` (deterministic). Output weights shrink with the width
    /// so that a wider net starts with outputs of the same size.
    pub fn random(shape: Shape, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| {
            let z = rng.next_u64();
            ((z >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let out_scale = 0.2 * (128.0 / shape.hidden as f32).sqrt();
        let mut net = FloatNet::zeros(shape);
        net.ft.iter_mut().for_each(|w| *w = uniform(0.1));
        net.ft_bias.iter_mut().for_each(|w| *w = uniform(0.1).abs());
        net.out.iter_mut().for_each(|w| *w = uniform(out_scale));
        net
    }

    /// The feature weights of input `f`.
    #[inline]
    pub fn row(&self, f: u16) -> &[f32] {
        let start = self.shape.row_start(usize::from(f));
        &self.ft[start..start + self.shape.hidden]
    }

    /// One perspective's accumulator into `acc` (`hidden` long).
    #[inline]
    pub fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.ft_bias);
        for &f in features {
            for (a, w) in acc.iter_mut().zip(self.row(f)) {
                *a += w;
            }
        }
    }

    /// Output weights of `bucket`: the side to move's half, then the opponent's.
    #[inline]
    pub fn out_weights(&self, bucket: usize) -> &[f32] {
        let h2 = 2 * self.shape.hidden;
        &self.out[bucket * h2..(bucket + 1) * h2]
    }

    /// The raw output (unit: 400 centipawns) given both accumulators (`acc`: side to move's
    /// then the opponent's, `2 × hidden`).
    #[inline]
    pub fn output(&self, acc: &[f32], bucket: usize) -> f32 {
        let mut out = self.out_bias[bucket];
        for (&x, &w) in acc.iter().zip(self.out_weights(bucket)) {
            let c = x.clamp(0.0, 1.0);
            out += c * c * w;
        }
        out
    }

    /// The raw output for a position; `acc` is scratch of `2 × hidden`.
    pub fn forward(&self, p: &TrainingPosition, acc: &mut [f32]) -> f32 {
        let (us, them) = p.sides();
        let (a_us, a_them) = acc.split_at_mut(self.shape.hidden);
        self.accumulate(us, a_us);
        self.accumulate(them, a_them);
        self.output(acc, self.shape.bucket(p.pieces()))
    }

    /// Squared error of a position against its target.
    pub fn error(&self, p: &TrainingPosition, lambda: f32, acc: &mut [f32]) -> f32 {
        let e = sigmoid(self.forward(p, acc)) - p.target(lambda);
        e * e
    }
}
