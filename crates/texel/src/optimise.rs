//! Fitting K (golden-section search) and the weights (Adam, full batch).

use crate::dataset::Dataset;
use crate::model::{Model, Params};

/// The K in `[lo, hi]` that minimises the loss of `params` (the loss is unimodal in K).
pub fn fit_k(params: &Params, data: &Dataset, lambda: f64, mut lo: f64, mut hi: f64) -> f64 {
    let ratio = (5f64.sqrt() - 1.0) / 2.0;
    let loss = |k: f64| Model { k, lambda }.loss(params, data);
    let mut a = hi - ratio * (hi - lo);
    let mut b = lo + ratio * (hi - lo);
    let (mut fa, mut fb) = (loss(a), loss(b));
    for _ in 0..40 {
        if fa < fb {
            hi = b;
            b = a;
            fb = fa;
            a = hi - ratio * (hi - lo);
            fa = loss(a);
        } else {
            lo = a;
            a = b;
            fa = fb;
            b = lo + ratio * (hi - lo);
            fb = loss(b);
        }
    }
    (lo + hi) / 2.0
}

#[derive(Clone, Copy, Debug)]
pub struct AdamSettings {
    pub steps: usize,
    /// Step size in centipawns.
    pub learning_rate: f64,
    pub beta1: f64,
    pub beta2: f64,
}

impl Default for AdamSettings {
    fn default() -> Self {
        AdamSettings { steps: 500, learning_rate: 1.0, beta1: 0.9, beta2: 0.999 }
    }
}

/// Runs Adam from `params`; `progress(step, loss)` is called every `report_every` steps.
/// `frozen[i]` keeps parameter `i` where it is.
pub fn adam(
    model: &Model,
    data: &Dataset,
    mut params: Params,
    frozen: &[bool],
    s: &AdamSettings,
    report_every: usize,
    mut progress: impl FnMut(usize, f64),
) -> Params {
    let dim = params.0.len();
    let (mut m, mut v) = (vec![0.0; dim], vec![0.0; dim]);
    for step in 1..=s.steps {
        let (loss, grad) = model.loss_and_gradient(&params, data);
        if report_every > 0 && (step == 1 || step % report_every == 0) {
            progress(step, loss);
        }
        let c1 = 1.0 - s.beta1.powi(step as i32);
        let c2 = 1.0 - s.beta2.powi(step as i32);
        for i in 0..dim {
            if frozen.get(i).copied().unwrap_or(false) {
                continue;
            }
            m[i] = s.beta1 * m[i] + (1.0 - s.beta1) * grad[i];
            v[i] = s.beta2 * v[i] + (1.0 - s.beta2) * grad[i] * grad[i];
            params.0[i] -= s.learning_rate * (m[i] / c1) / ((v[i] / c2).sqrt() + 1e-12);
        }
    }
    params
}
