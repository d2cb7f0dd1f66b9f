//! Adam, lazily for the feature transformer.
//!
//! The biases and output weights (a few hundred numbers) take a plain Adam step every batch.
//! The feature rows take one only when the batch touched them ("lazy" Adam, as TensorFlow's
//! LazyAdam): their two moments are stored per weight but decay only on the steps that update
//! them, and the bias correction uses the global step count. Plain Adam would move every row
//! every step by its decaying momentum, which costs `inputs × hidden` per batch whatever the
//! batch holds; lazily the cost follows the active features. The two differ only for rows a
//! batch misses, which at batch sizes in the thousands are rare pieces on rare squares.
//!
//! Weight decay is decoupled (AdamW): each updated weight also shrinks by `lr × decay × w`,
//! lazily too for the feature rows (a row decays on the steps that update it). Biases do not
//! decay. At decay 0 the arithmetic is exactly plain Adam's.

use crate::float_net::{FloatNet, FEATURE_CLIP, OUTPUT_CLIP};
use crate::gradient::Gradient;

const B1: f32 = 0.9;
const B2: f32 = 0.999;
const EPSILON: f32 = 1e-8;

/// One weight's first and second moments.
#[derive(Clone, Copy, Default, Debug, PartialEq)]
struct Moments {
    m: f32,
    v: f32,
}

pub struct Adam {
    ft: Vec<Moments>,
    ft_bias: Vec<Moments>,
    out: Vec<Moments>,
    out_bias: Vec<Moments>,
    step: i32,
    /// AdamW's decoupled weight decay (0: plain Adam).
    decay: f32,
}

/// One weight's update; `c1`, `c2` are the bias corrections of this step.
#[inline(always)]
fn update(w: &mut f32, mo: &mut Moments, g: f32, lr: f32, c1: f32, c2: f32) {
    mo.m = B1 * mo.m + (1.0 - B1) * g;
    mo.v = B2 * mo.v + (1.0 - B2) * g * g;
    *w -= lr * (mo.m / c1) / ((mo.v / c2).sqrt() + EPSILON);
}

impl Adam {
    pub fn new(net: &FloatNet) -> Adam {
        Adam::with_decay(net, 0.0)
    }

    /// AdamW: Adam with decoupled weight decay `decay` on the weights (not the biases).
    pub fn with_decay(net: &FloatNet, decay: f32) -> Adam {
        Adam {
            ft: vec![Moments::default(); net.ft.len()],
            ft_bias: vec![Moments::default(); net.ft_bias.len()],
            out: vec![Moments::default(); net.out.len()],
            out_bias: vec![Moments::default(); net.out_bias.len()],
            step: 0,
            decay,
        }
    }

    /// One step along `grad × scale` (scale: 1 / positions, for the mean), then the clip to
    /// what quantisation can hold.
    pub fn step(&mut self, net: &mut FloatNet, grad: &Gradient, lr: f32, scale: f32) {
        self.step = self.step.saturating_add(1);
        let c1 = 1.0 - B1.powi(self.step);
        let c2 = 1.0 - B2.powi(self.step);
        let h = net.shape.hidden;
        for &f in &grad.touched {
            let start = net.shape.row_start(f as usize);
            let rows = start..start + h;
            for ((w, mo), &g) in
                net.ft[rows.clone()].iter_mut().zip(&mut self.ft[rows.clone()]).zip(&grad.ft[rows])
            {
                if self.decay != 0.0 {
                    *w -= lr * self.decay * *w;
                }
                update(w, mo, g * scale, lr, c1, c2);
                *w = w.clamp(-FEATURE_CLIP, FEATURE_CLIP);
            }
        }
        for (w, mo, g, decays) in [
            (&mut net.ft_bias, &mut self.ft_bias, &grad.ft_bias, false),
            (&mut net.out, &mut self.out, &grad.out, true),
            (&mut net.out_bias, &mut self.out_bias, &grad.out_bias, false),
        ] {
            for ((w, mo), &g) in w.iter_mut().zip(mo.iter_mut()).zip(g.iter()) {
                if decays && self.decay != 0.0 {
                    *w -= lr * self.decay * *w;
                }
                update(w, mo, g * scale, lr, c1, c2);
            }
        }
        for w in &mut net.out {
            *w = w.clamp(-OUTPUT_CLIP, OUTPUT_CLIP);
        }
    }
}
