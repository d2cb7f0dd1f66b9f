//! The training loop: epochs over a [`Source`] through the shuffle buffer, mini-batches cut
//! into fixed chunks whose sparse gradients are computed in parallel (rayon) and summed in
//! chunk order, then one Adam step. The chunk size is fixed, not per thread, so a seed gives the
//! same net whatever the thread count.

use crate::adam::Adam;
use crate::error::TrainError;
use crate::float_net::FloatNet;
use crate::gradient::Gradient;
use crate::position::TrainingPosition;
use crate::shape::Shape;
use crate::shuffle::{Holdout, HoldoutUnit, ShuffleBuffer};
use crate::source::Source;
use nnue::king_buckets::FeatureSet;
use rayon::prelude::*;
use std::time::Instant;

/// The seed of a run's random initial weights (and of the new units of a widened warm start),
/// derived from the run's seed so that the shuffle and the weights draw different numbers.
pub fn weights_seed(seed: u64) -> u64 {
    seed ^ 0x5EED
}

/// Positions per gradient chunk: the unit of parallel work.
pub const CHUNK: usize = 256;

#[derive(Clone, Debug)]
pub struct Settings {
    /// The inputs: plain piece-square, or chess king buckets.
    pub features: FeatureSet,
    pub hidden: usize,
    pub buckets: usize,
    pub epochs: usize,
    /// Positions per Adam step.
    pub batch: usize,
    pub lr: f32,
    /// `Schedule::Step`: multiplies `lr` for the last 30 % of the epochs; `Schedule::Cosine`:
    /// the rate the cosine falls to by the last epoch, as a share of `lr`.
    pub lr_drop: f32,
    pub schedule: Schedule,
    /// AdamW's decoupled weight decay (0: plain Adam, as every committed net).
    pub weight_decay: f32,
    /// Weight of the game result in the target; the rest is sigmoid(search score / 400).
    pub lambda: f32,
    pub seed: u64,
    /// Positions the shuffle buffer holds (the trainer's memory is about this many positions
    /// of 140 bytes, plus the net and its Adam moments).
    pub shuffle_buffer: usize,
    /// Every this-many-th game (or position, by `validation_unit`) of the data is held out for
    /// validation (0: none).
    pub validation_every: u64,
    pub validation_unit: HoldoutUnit,
    /// At most this many validation positions are kept (the rest are neither trained on nor
    /// validated with).
    pub validation_cap: usize,
    /// A warm start: training begins from these weights (their shape must be the settings'),
    /// not from random ones.
    pub init: Option<FloatNet>,
}

/// How the learning rate moves over the epochs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Schedule {
    /// `lr` until 70 % of the epochs, then `lr × lr_drop` (the committed nets' schedule).
    Step,
    /// From `lr` at the first epoch down a half cosine to `lr × lr_drop` at the last.
    Cosine,
}

/// The learning rate of `epoch` (1-based) of `epochs`.
pub fn epoch_lr(s: &Settings, epoch: usize) -> f32 {
    match s.schedule {
        Schedule::Step => {
            if epoch > s.epochs * 7 / 10 {
                s.lr * s.lr_drop
            } else {
                s.lr
            }
        }
        Schedule::Cosine => {
            let span = s.epochs.saturating_sub(1).max(1) as f32;
            let t = epoch.saturating_sub(1) as f32 / span;
            let low = s.lr * s.lr_drop;
            low + 0.5 * (s.lr - low) * (1.0 + (std::f32::consts::PI * t.min(1.0)).cos())
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct EpochReport {
    pub epoch: usize,
    pub train_loss: f64,
    pub validation_loss: f64,
    /// Positions trained on this epoch.
    pub positions: u64,
    pub seconds: f64,
    pub threads: usize,
}

impl EpochReport {
    /// Training speed, reading the data included.
    pub fn positions_per_second_per_thread(&self) -> f64 {
        self.positions as f64 / self.seconds.max(1e-9) / self.threads.max(1) as f64
    }
}

/// Mean squared error of `net` over `positions`, in parallel, summed in a fixed order.
pub fn loss(net: &FloatNet, positions: &[TrainingPosition], lambda: f32) -> f64 {
    if positions.is_empty() {
        return 0.0;
    }
    let parts: Vec<f64> = positions
        .par_chunks(CHUNK)
        .map(|chunk| {
            let mut acc = vec![0.0; 2 * net.shape.hidden];
            chunk.iter().map(|p| f64::from(net.error(p, lambda, &mut acc))).sum()
        })
        .collect();
    parts.iter().sum::<f64>() / positions.len() as f64
}

/// The buffers of one Adam step, allocated once for the whole run.
struct Step {
    chunks: Vec<Gradient>,
    total: Gradient,
}

impl Step {
    fn new(shape: Shape, batch: usize) -> Step {
        Step {
            chunks: (0..batch.div_ceil(CHUNK)).map(|_| Gradient::new(shape)).collect(),
            total: Gradient::new(shape),
        }
    }

    /// The summed gradient of `batch`, in `self.total`; returns the batch's summed loss.
    fn gradient(&mut self, net: &FloatNet, batch: &[TrainingPosition], lambda: f32) -> f64 {
        self.chunks.par_iter_mut().zip(batch.par_chunks(CHUNK)).for_each(|(g, chunk)| {
            for p in chunk {
                g.backward(net, p, p.target(lambda));
            }
        });
        self.total.clear();
        for g in self.chunks.iter_mut().take(batch.len().div_ceil(CHUNK)) {
            self.total.absorb(g);
        }
        self.total.loss
    }
}

/// Trains a net for a game of `inputs` piece-square inputs per perspective on `source`;
/// `report` sees every epoch.
pub fn train<S: Source>(
    source: &S,
    inputs: usize,
    s: &Settings,
    mut report: impl FnMut(&EpochReport),
) -> Result<FloatNet, TrainError> {
    let shape = Shape::checked(s.features, inputs, s.hidden, s.buckets)?;
    if source.features() != s.features {
        return Err(TrainError::Settings(
            "the data was read for other inputs than the net's".into(),
        ));
    }
    if s.batch == 0 || s.epochs == 0 {
        return Err(TrainError::Settings("batch and epochs must be at least 1".into()));
    }
    let mut net = match &s.init {
        Some(init) if init.shape != shape => {
            return Err(TrainError::Settings(format!(
                "the starting net's shape {:?} is not the settings' {shape:?}",
                init.shape
            )));
        }
        Some(init) => init.clone(),
        None => FloatNet::random(shape, weights_seed(s.seed)),
    };
    let mut adam = Adam::with_decay(&net, s.weight_decay);
    let mut step = Step::new(shape, s.batch);
    let mut buffer = ShuffleBuffer::new(
        s.shuffle_buffer,
        Holdout { every: s.validation_every, unit: s.validation_unit },
    );
    let mut batch = Vec::with_capacity(s.batch);
    let mut validation = Vec::new();
    let threads = rayon::current_num_threads();
    for epoch in 1..=s.epochs {
        let started = Instant::now();
        let lr = epoch_lr(s, epoch);
        let mut stream = source.stream_for_epoch(s.seed, epoch as u64)?;
        buffer.start_epoch(s.seed, epoch as u64);
        let (mut positions, mut train_loss) = (0u64, 0.0f64);
        loop {
            batch.clear();
            while batch.len() < s.batch {
                let keep = |v: &TrainingPosition| {
                    if epoch == 1 && validation.len() < s.validation_cap {
                        validation.push(*v);
                    }
                };
                match buffer.next(&mut stream, keep)? {
                    Some(p) => batch.push(p),
                    None => break,
                }
            }
            if batch.is_empty() {
                break;
            }
            train_loss += step.gradient(&net, &batch, s.lambda);
            adam.step(&mut net, &step.total, lr, 1.0 / batch.len() as f32);
            positions += batch.len() as u64;
        }
        if positions == 0 {
            return Err(TrainError::NoPositions);
        }
        report(&EpochReport {
            epoch,
            train_loss: train_loss / positions as f64,
            validation_loss: loss(&net, &validation, s.lambda),
            positions,
            seconds: started.elapsed().as_secs_f64(),
            threads,
        });
    }
    Ok(net)
}
