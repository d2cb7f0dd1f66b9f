//! The tuned model: parameters, evaluation, loss and its exact gradient.

use crate::dataset::{Dataset, Position};
use game_api::S;
use rayon::prelude::*;

/// Positions per parallel work item.
const CHUNK: usize = 4096;

/// Flat parameters: `[mg0, eg0, mg1, eg1, …, tempo]`.
#[derive(Clone, Debug, PartialEq)]
pub struct Params(pub Vec<f64>);

impl Params {
    pub fn from_weights(values: &[S], tempo: i32) -> Params {
        let mut p: Vec<f64> =
            values.iter().flat_map(|s| [f64::from(s.0), f64::from(s.1)]).collect();
        p.push(f64::from(tempo));
        Params(p)
    }

    /// Rounded to the engine's integers.
    pub fn to_weights(&self) -> (Vec<S>, i32) {
        let n = (self.0.len() - 1) / 2;
        let pairs = (0..n)
            .map(|i| S(self.0[2 * i].round() as i32, self.0[2 * i + 1].round() as i32))
            .collect();
        (pairs, self.0[2 * n].round() as i32)
    }

    fn tempo_index(&self) -> usize {
        self.0.len() - 1
    }
}

/// The Texel loss setup.
#[derive(Clone, Copy, Debug)]
pub struct Model {
    /// Sigmoid scale: win probability = 1 / (1 + 10^(-K * eval / 400)).
    pub k: f64,
    /// Target = lambda * result + (1 - lambda) * sigmoid(search score).
    pub lambda: f64,
}

impl Model {
    pub fn sigmoid(&self, cp: f64) -> f64 {
        1.0 / (1.0 + 10f64.powf(-self.k * cp / 400.0))
    }

    pub fn target(&self, p: &Position) -> f64 {
        self.lambda * f64::from(p.result) + (1.0 - self.lambda) * self.sigmoid(f64::from(p.score))
    }

    /// The evaluation of one position, White's view, in centipawns (unrounded).
    pub fn eval(params: &Params, data: &Dataset, p: &Position) -> f64 {
        let (mut mg, mut eg) = (f64::from(p.fixed_mg), f64::from(p.fixed_eg));
        for &(i, c) in data.terms_of(p) {
            let i = usize::from(i);
            mg += f64::from(c) * params.0[2 * i];
            eg += f64::from(c) * params.0[2 * i + 1];
        }
        let share = f64::from(p.mg_share);
        mg * share + eg * (1.0 - share) + params.0[params.tempo_index()] * f64::from(p.stm)
    }

    /// Mean squared error over the data set.
    pub fn loss(&self, params: &Params, data: &Dataset) -> f64 {
        let n = data.positions.len().max(1) as f64;
        // Per-chunk sums added in chunk order: the same float result whatever the threads.
        let sums: Vec<f64> = data
            .positions
            .par_chunks(CHUNK)
            .map(|chunk| {
                chunk
                    .iter()
                    .map(|p| {
                        let e = self.sigmoid(Model::eval(params, data, p)) - self.target(p);
                        e * e
                    })
                    .sum::<f64>()
            })
            .collect();
        sums.iter().sum::<f64>() / n
    }

    /// The loss and its gradient with respect to every parameter.
    pub fn loss_and_gradient(&self, params: &Params, data: &Dataset) -> (f64, Vec<f64>) {
        let dim = params.0.len();
        let tempo = params.tempo_index();
        let slope = self.k * std::f64::consts::LN_10 / 400.0;
        let parts: Vec<(f64, Vec<f64>)> = data
            .positions
            .par_chunks(CHUNK)
            .map(|chunk| {
                let mut g = vec![0.0; dim];
                let mut sum = 0.0;
                for p in chunk {
                    let s = self.sigmoid(Model::eval(params, data, p));
                    let err = s - self.target(p);
                    sum += err * err;
                    // d(err^2)/d(eval)
                    let d = 2.0 * err * s * (1.0 - s) * slope;
                    let share = f64::from(p.mg_share);
                    for &(i, c) in data.terms_of(p) {
                        let i = usize::from(i);
                        g[2 * i] += d * f64::from(c) * share;
                        g[2 * i + 1] += d * f64::from(c) * (1.0 - share);
                    }
                    g[tempo] += d * f64::from(p.stm);
                }
                (sum, g)
            })
            .collect();
        // Added in chunk order, so the result does not depend on the thread count.
        let mut sum = 0.0;
        let mut grad = vec![0.0; dim];
        for (s, g) in &parts {
            sum += s;
            for (a, b) in grad.iter_mut().zip(g) {
                *a += b;
            }
        }
        let n = data.positions.len().max(1) as f64;
        for g in &mut grad {
            *g /= n;
        }
        (sum / n, grad)
    }
}
