//! The SPSA loop: perturb θ, have a worker play the pair θ+ vs θ−, move θ along the result.
//!
//! Pairs run in batches of `state.batch` (the first run's `--concurrency`, kept in the state):
//! every pair of a batch plays from the batch's base θ, on whichever worker thread is free, and
//! the results are applied strictly in iteration order (a result that arrives early waits), with
//! the state written after each. So θ after pair `k` does not depend on thread timing or on how
//! many workers there are, and a run stopped anywhere (even mid-batch: the state keeps the base
//! θ) and resumed gives the same θ as an unbroken one, as long as the pair results themselves
//! are reproducible (fixed nodes and a deterministic engine, or the test oracle).
//!
//! How a pair is played is behind [`PairWorker`]: engine processes in `engines.rs`, a pure
//! function in the tests. Workers are made on their own threads and live for the whole run, so
//! engine processes are reused from pair to pair.

use super::error::SpsaError;
use super::gains::{directions, gains, opening_index};
use super::state::State;
use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{mpsc, Mutex};
use tournament::runner::Sink;

/// One pair to play: θ+ and θ− (clamped to the bounds, not rounded) and the opening.
#[derive(Clone, Debug, PartialEq)]
pub struct PairJob {
    /// 1-based iteration number `k`.
    pub iteration: u32,
    pub plus: Vec<f64>,
    pub minus: Vec<f64>,
    /// Index into the seed-shuffled opening book.
    pub opening: usize,
}

/// Plays pairs. A result is θ+'s game points minus θ−'s over the two games (−2 to 2).
pub trait PairWorker {
    fn play_pair(&mut self, job: &PairJob) -> Result<f64, SpsaError>;
}

/// Makes one worker per thread.
pub type WorkerFactory<'a> = dyn Fn() -> Box<dyn PairWorker + 'a> + Sync + 'a;

pub struct RunOptions {
    /// Worker threads (at most the batch size are useful).
    pub concurrency: usize,
    /// Stop after this many pairs in this run (the state allows a later `--resume`).
    pub stop_after: Option<u32>,
    pub state_path: Option<PathBuf>,
    /// Size of the opening book the jobs index into.
    pub openings: usize,
    /// Print a progress line per pair.
    pub progress: bool,
}

/// The job of iteration `k`: the batch's base θ moved by ±c_k.
pub fn job(state: &State, k: u32, openings: usize) -> PairJob {
    let delta = directions(state.seed, k, state.params.len());
    let (mut plus, mut minus) = (Vec::new(), Vec::new());
    for ((p, &b), d) in state.params.iter().zip(&state.base).zip(&delta) {
        let c_k = gains(p, state.pairs, k).c_k;
        plus.push(p.clamp(b + c_k * d));
        minus.push(p.clamp(b - c_k * d));
    }
    PairJob { iteration: k, plus, minus, opening: opening_index(k, openings) }
}

/// Applies the result `r` of pair `done + 1`: θ_i += a_k·r / (c_k·δ_i), clamped.
pub fn apply(state: &mut State, r: f64) {
    let k = state.done + 1;
    let delta = directions(state.seed, k, state.params.len());
    for ((p, t), d) in state.params.iter().zip(state.theta.iter_mut()).zip(&delta) {
        let g = gains(p, state.pairs, k);
        *t = p.clamp(*t + g.a_k * r / (g.c_k * d));
    }
    state.done = k;
    if k.is_multiple_of(state.batch) {
        state.base = state.theta.clone();
    }
}

/// `A=12.30 B=40.10`
pub fn theta_text(state: &State) -> String {
    let parts: Vec<String> =
        state.params.iter().zip(&state.theta).map(|(p, t)| format!("{}={t:.2}", p.name)).collect();
    parts.join(" ")
}

/// Runs pairs until the schedule ends or `stop_after` pairs were played; returns how many.
pub fn run(
    state: &mut State,
    opts: &RunOptions,
    factory: &WorkerFactory<'_>,
    sink: &mut dyn Sink,
) -> Result<u32, SpsaError> {
    let threads = opts.concurrency.clamp(1, state.batch.max(1) as usize);
    let (job_tx, job_rx) = mpsc::channel::<PairJob>();
    let job_rx = Mutex::new(job_rx);
    let (result_tx, result_rx) = mpsc::channel::<(u32, Result<f64, SpsaError>)>();
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let (job_rx, result_tx) = (&job_rx, result_tx.clone());
            scope.spawn(move || {
                let mut worker = factory();
                loop {
                    let next = match job_rx.lock() {
                        Ok(rx) => rx.recv(),
                        Err(_) => break,
                    };
                    let Ok(job) = next else { break };
                    let result = worker.play_pair(&job);
                    if result_tx.send((job.iteration, result)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(result_tx);
        let outcome = drive(state, opts, &job_tx, &result_rx, sink);
        // Closing the job channel lets the workers finish their pair and exit.
        drop(job_tx);
        outcome
    })
}

fn drive(
    state: &mut State,
    opts: &RunOptions,
    jobs: &mpsc::Sender<PairJob>,
    results: &mpsc::Receiver<(u32, Result<f64, SpsaError>)>,
    sink: &mut dyn Sink,
) -> Result<u32, SpsaError> {
    let budget = opts.stop_after.unwrap_or(u32::MAX);
    let mut played = 0u32;
    while state.done < state.pairs && played < budget {
        let batch_end = ((state.done / state.batch) + 1).saturating_mul(state.batch);
        let last = batch_end.min(state.pairs).min(state.done.saturating_add(budget - played));
        for k in state.done + 1..=last {
            jobs.send(job(state, k, opts.openings))
                .map_err(|_| SpsaError::Setup("the pair workers stopped".into()))?;
        }
        let mut waiting: BTreeMap<u32, f64> = BTreeMap::new();
        while state.done < last {
            let (k, result) =
                results.recv().map_err(|_| SpsaError::Setup("the pair workers stopped".into()))?;
            waiting.insert(k, result?);
            while let Some(r) = waiting.remove(&(state.done + 1)) {
                apply(state, r);
                played += 1;
                if let Some(path) = &opts.state_path {
                    state.write(path)?;
                }
                if opts.progress {
                    sink.line(&format!(
                        "spsa: pair {}/{} theta: {}",
                        state.done,
                        state.pairs,
                        theta_text(state)
                    ));
                }
            }
        }
    }
    Ok(played)
}
