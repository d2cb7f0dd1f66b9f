//! Mini-batch Adam over the training positions, deterministic for a seed.

use super::float_net::FloatNet;
use super::samples::{sigmoid, Samples};
use game_api::SplitMix64;
use rayon::prelude::*;

/// Positions per gradient chunk: the unit of parallel work. Fixed (not per thread) so that the
/// summation order, and so the result, does not depend on the thread count.
const CHUNK: usize = 512;

#[derive(Clone, Debug)]
pub struct Settings {
    pub epochs: usize,
    pub batch: usize,
    pub lr: f32,
    /// Multiplies `lr` at 70 % of the epochs (one step decay).
    pub lr_drop: f32,
    /// Weight of the game result in the target; the rest is sigmoid(search score).
    pub lambda: f32,
    /// Share of the positions held out for validation (the last ones after a seeded shuffle).
    pub validation: f32,
    pub seed: u64,
}

#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub validation_loss: f64,
}

/// A seeded Fisher–Yates shuffle. It draws `next_u64() % (i + 1)` rather than
/// `SplitMix64::shuffle`'s rejection sampling: the committed nets' recipes depend on this order.
fn shuffle(items: &mut [u32], seed: u64) {
    let mut rng = SplitMix64::new(seed);
    for i in (1..items.len()).rev() {
        items.swap(i, (rng.next_u64() % (i as u64 + 1)) as usize);
    }
}

/// Mean squared error of `net` over `indices`.
pub fn loss(net: &FloatNet, data: &Samples, indices: &[u32], lambda: f32) -> f64 {
    if indices.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = indices
        .par_chunks(CHUNK)
        .map(|chunk| {
            chunk
                .iter()
                .map(|&i| {
                    let (us, them) = data.features_of(i as usize);
                    let e = sigmoid(net.forward(us, them)) - data.target(i as usize, lambda);
                    f64::from(e * e)
                })
                .sum()
        })
        .collect();
    parts.iter().sum::<f64>() / indices.len() as f64
}

struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    fn step(&mut self, net: &mut FloatNet, grad: &FloatNet, lr: f32, scale: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let c1 = 1.0 - B1.powi(self.t);
        let c2 = 1.0 - B2.powi(self.t);
        for (((p, &g), m), v) in
            net.params_mut().zip(grad.params()).zip(&mut self.m).zip(&mut self.v)
        {
            let g = g * scale;
            *m = B1 * *m + (1.0 - B1) * g;
            *v = B2 * *v + (1.0 - B2) * g * g;
            *p -= lr * (*m / c1) / ((*v / c2).sqrt() + 1e-8);
        }
        net.clip();
    }
}

/// Trains a net for `inputs` features per perspective; `report` sees every epoch.
pub fn train(
    data: &Samples,
    inputs: usize,
    s: &Settings,
    mut report: impl FnMut(EpochReport),
) -> FloatNet {
    let mut order: Vec<u32> = (0..data.len() as u32).collect();
    shuffle(&mut order, s.seed);
    let held = ((data.len() as f32 * s.validation) as usize).min(data.len().saturating_sub(1));
    let (train_set, validation_set) = order.split_at(data.len() - held);
    let mut train_set = train_set.to_vec();

    let mut net = FloatNet::random(inputs, s.seed ^ 0x5EED);
    let n_params = net.params().count();
    let mut adam = Adam { m: vec![0.0; n_params], v: vec![0.0; n_params], t: 0 };
    let drop_at = s.epochs * 7 / 10;
    for epoch in 1..=s.epochs {
        shuffle(&mut train_set, s.seed.wrapping_add(epoch as u64));
        let lr = if epoch > drop_at { s.lr * s.lr_drop } else { s.lr };
        let mut train_loss = 0.0f64;
        for batch in train_set.chunks(s.batch.max(1)) {
            let parts: Vec<(FloatNet, f64)> = batch
                .par_chunks(CHUNK)
                .map(|chunk| {
                    let mut grad = FloatNet::zeros(inputs);
                    let mut sum = 0.0f64;
                    for &i in chunk {
                        let (us, them) = data.features_of(i as usize);
                        sum += f64::from(net.backward(
                            us,
                            them,
                            data.target(i as usize, s.lambda),
                            &mut grad,
                        ));
                    }
                    (grad, sum)
                })
                .collect();
            let mut total = FloatNet::zeros(inputs);
            for (grad, sum) in &parts {
                for (t, g) in total.params_mut().zip(grad.params()) {
                    *t += g;
                }
                train_loss += sum;
            }
            adam.step(&mut net, &total, lr, 1.0 / batch.len() as f32);
        }
        report(EpochReport {
            epoch,
            train_loss: train_loss / train_set.len().max(1) as f64,
            validation_loss: loss(&net, data, validation_set, s.lambda),
        });
    }
    net
}
