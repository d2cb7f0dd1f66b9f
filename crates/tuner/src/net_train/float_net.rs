//! The net in f32 for training: forward, backward, and quantisation into `nnue::Net`.

use super::samples::sigmoid;
use game_api::SplitMix64;
use nnue::arch::{HIDDEN, MAX_OUTPUT_WEIGHT, QA, QB};
use nnue::{Layers, Net, NnueGame};

/// Largest float output weight: quantises to at most ±127 (`MAX_OUTPUT_WEIGHT` / QB).
pub const OUTPUT_CLIP: f32 = MAX_OUTPUT_WEIGHT as f32 / QB as f32;
/// Feature weights are clipped so that an accumulator of 32 pieces stays inside int16.
pub const FEATURE_CLIP: f32 = 32767.0 / QA as f32 / 40.0;

/// Parameters or their gradient: the same shape.
#[derive(Clone)]
pub struct FloatNet {
    /// `inputs × HIDDEN`, row per feature.
    pub ft: Vec<f32>,
    pub ft_bias: Vec<f32>,
    /// Side to move's half first.
    pub out: Vec<f32>,
    pub out_bias: f32,
}

impl FloatNet {
    pub fn zeros(inputs: usize) -> FloatNet {
        FloatNet {
            ft: vec![0.0; inputs * HIDDEN],
            ft_bias: vec![0.0; HIDDEN],
            out: vec![0.0; 2 * HIDDEN],
            out_bias: 0.0,
        }
    }

    /// Small random weights from `seed` (splitmix64; deterministic).
    pub fn random(inputs: usize, seed: u64) -> FloatNet {
        let mut rng = SplitMix64::new(seed);
        let mut uniform = |scale: f32| {
            let z = rng.next_u64();
            ((z >> 40) as f32 / (1u64 << 24) as f32 * 2.0 - 1.0) * scale
        };
        let mut net = FloatNet::zeros(inputs);
        for w in &mut net.ft {
            *w = uniform(0.1);
        }
        for w in &mut net.ft_bias {
            *w = uniform(0.1).abs();
        }
        for w in &mut net.out {
            *w = uniform(0.2);
        }
        net
    }

    /// Every parameter, in one fixed order (for Adam and for summing gradients).
    pub fn params_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        self.ft
            .iter_mut()
            .chain(&mut self.ft_bias)
            .chain(&mut self.out)
            .chain(std::iter::once(&mut self.out_bias))
    }

    pub fn params(&self) -> impl Iterator<Item = &f32> {
        self.ft.iter().chain(&self.ft_bias).chain(&self.out).chain(std::iter::once(&self.out_bias))
    }

    fn accumulate(&self, features: &[u16], acc: &mut [f32; HIDDEN]) {
        acc.copy_from_slice(&self.ft_bias);
        for &f in features {
            let row = &self.ft[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
    }

    /// The raw output (unit: 400 centipawns) for a position's two feature lists.
    pub fn forward(&self, us: &[u16], them: &[u16]) -> f32 {
        self.activations(us, them).1
    }

    /// Both perspectives' accumulators and the raw output they give: the forward pass, which
    /// `backward` needs with its intermediate values.
    fn activations(&self, us: &[u16], them: &[u16]) -> ([[f32; HIDDEN]; 2], f32) {
        let mut acc = [[0f32; HIDDEN]; 2];
        self.accumulate(us, &mut acc[0]);
        self.accumulate(them, &mut acc[1]);
        let mut out = self.out_bias;
        for (half, a) in acc.iter().enumerate() {
            for (h, &x) in a.iter().enumerate() {
                let c = x.clamp(0.0, 1.0);
                out += c * c * self.out[half * HIDDEN + h];
            }
        }
        (acc, out)
    }

    /// Adds the gradient of this position's squared error to `grad`; returns the error.
    pub fn backward(&self, us: &[u16], them: &[u16], target: f32, grad: &mut FloatNet) -> f32 {
        let (acc, out) = self.activations(us, them);
        let p = sigmoid(out);
        let err = p - target;
        let g = 2.0 * err * p * (1.0 - p);
        grad.out_bias += g;
        for (half, (a, features)) in acc.iter().zip([us, them]).enumerate() {
            let mut g_acc = [0f32; HIDDEN];
            for (h, &x) in a.iter().enumerate() {
                let c = x.clamp(0.0, 1.0);
                grad.out[half * HIDDEN + h] += g * c * c;
                if x > 0.0 && x < 1.0 {
                    g_acc[h] = g * self.out[half * HIDDEN + h] * 2.0 * x;
                }
            }
            for (b, ga) in grad.ft_bias.iter_mut().zip(&g_acc) {
                *b += ga;
            }
            for &f in features {
                let row = &mut grad.ft[f as usize * HIDDEN..(f as usize + 1) * HIDDEN];
                for (w, ga) in row.iter_mut().zip(&g_acc) {
                    *w += ga;
                }
            }
        }
        err * err
    }

    /// Keeps the weights inside what quantisation can represent.
    pub fn clip(&mut self) {
        for w in &mut self.ft {
            *w = w.clamp(-FEATURE_CLIP, FEATURE_CLIP);
        }
        for w in &mut self.out {
            *w = w.clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
        }
    }

    /// The quantised net for game `G`.
    pub fn quantise<G: NnueGame>(&self) -> Net {
        let q16 = |x: f32, scale: i32| {
            (x * scale as f32).round().clamp(i16::MIN as f32, i16::MAX as f32) as i16
        };
        let mut layers = Layers::<HIDDEN>::zeros(G::INPUTS, 1);
        for (row, src) in layers.ft.iter_mut().zip(self.ft.chunks_exact(HIDDEN)) {
            for (q, &w) in row.iter_mut().zip(src) {
                *q = q16(w, QA);
            }
        }
        for (q, &b) in layers.ft_bias.iter_mut().zip(&self.ft_bias) {
            *q = q16(b, QA);
        }
        for (q, &w) in layers.out.iter_mut().flatten().flatten().zip(&self.out) {
            *q = q16(w, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT);
        }
        layers.out_bias[0] = (self.out_bias * (QA * QB) as f32).round() as i32;
        Net::from_layers(G::TAG, layers)
    }
}
