//! The SPSA loop against a pure-function "match": θ+ beats θ− in each game with a logistic
//! probability of their strength difference, strength peaking at a known optimum, and the coin
//! flips seeded by the iteration alone. No processes, so the tests can demand exact results:
//! θ must approach the optimum from far away, and a run stopped and resumed (through the state
//! file's text) or run on more threads must end at the same θ bit for bit.

use super::driver::{self, PairJob, PairWorker, RunOptions};
use super::error::SpsaError;
use super::params;
use super::state::State;
use game_api::SplitMix64;
use tournament::config::GameKind;
use tournament::runner::{Silent, Sink};

const OPTIMUM: [f64; 2] = [50.0, 30.0];

struct Oracle;

fn strength(theta: &[f64]) -> f64 {
    -theta.iter().zip(OPTIMUM).map(|(t, o)| ((t - o) / 20.0).powi(2)).sum::<f64>()
}

impl PairWorker for Oracle {
    fn play_pair(&mut self, job: &PairJob) -> Result<f64, SpsaError> {
        let p = 1.0 / (1.0 + (strength(&job.minus) - strength(&job.plus)).exp());
        let mut rng = SplitMix64::new(SplitMix64::mix(u64::from(job.iteration) ^ 0xfeed));
        let mut r = 0.0;
        for _ in 0..2 {
            let u = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
            r += if u < p { 1.0 } else { -1.0 };
        }
        Ok(r)
    }
}

fn fresh(pairs: u32, batch: u32) -> State {
    let params =
        params::parse("A, int, 10, 0, 100, 4, 0.05\nB, float, 90, 0, 100, 4, 0.05", "test params")
            .unwrap();
    let theta: Vec<f64> = params.iter().map(|p| p.start).collect();
    State {
        game: GameKind::Chess,
        seed: 12345,
        pairs,
        batch,
        done: 0,
        params,
        base: theta.clone(),
        theta,
    }
}

fn opts(concurrency: usize, stop_after: Option<u32>, path: Option<&std::path::Path>) -> RunOptions {
    RunOptions {
        concurrency,
        stop_after,
        state_path: path.map(std::path::Path::to_path_buf),
        openings: 100,
        progress: true,
    }
}

fn run(state: &mut State, o: &RunOptions, sink: &mut dyn Sink) -> u32 {
    let factory = || -> Box<dyn PairWorker> { Box::new(Oracle) };
    driver::run(state, o, &factory, sink).unwrap()
}

struct Lines(Vec<String>);

impl Sink for Lines {
    fn line(&mut self, text: &str) {
        self.0.push(text.to_owned());
    }
}

#[test]
fn theta_moves_from_far_away_to_the_optimum() {
    let mut state = fresh(400, 1);
    let mut lines = Lines(Vec::new());
    assert_eq!(run(&mut state, &opts(1, None, None), &mut lines), 400);
    assert_eq!(state.done, 400);
    let [a, b] = [state.theta[0], state.theta[1]];
    assert!((40.0..=60.0).contains(&a), "A ended at {a} (optimum 50, start 10)");
    assert!((20.0..=40.0).contains(&b), "B ended at {b} (optimum 30, start 90)");
    assert_eq!(lines.0.len(), 400);
    assert!(lines.0[119].starts_with("spsa: pair 120/400 theta: A="), "{}", lines.0[119]);
}

#[test]
fn a_flat_match_leaves_theta_where_it_is() {
    struct Even;
    impl PairWorker for Even {
        fn play_pair(&mut self, _: &PairJob) -> Result<f64, SpsaError> {
            Ok(0.0)
        }
    }
    let mut state = fresh(50, 2);
    let factory = || -> Box<dyn PairWorker> { Box::new(Even) };
    driver::run(&mut state, &opts(2, None, None), &factory, &mut Silent).unwrap();
    assert_eq!(state.theta, vec![10.0, 90.0]);
}

#[test]
fn more_threads_give_the_same_theta_bit_for_bit() {
    let mut one = fresh(120, 4);
    let mut four = fresh(120, 4);
    run(&mut one, &opts(1, None, None), &mut Silent);
    run(&mut four, &opts(4, None, None), &mut Silent);
    assert_eq!(one, four);
}

#[test]
fn stopping_and_resuming_from_the_state_file_reaches_the_unbroken_theta() {
    let mut unbroken = fresh(90, 4);
    run(&mut unbroken, &opts(3, None, None), &mut Silent);

    let path = std::env::temp_dir().join(format!("spsa-resume-{}.state", std::process::id()));
    let mut first = fresh(90, 4);
    // 23 stops in the middle of a batch (pairs 21-24), where the base θ matters.
    assert_eq!(run(&mut first, &opts(3, Some(23), Some(&path)), &mut Silent), 23);
    let mut resumed = State::read(&path).unwrap();
    assert_eq!(resumed, first);
    assert_ne!(resumed.base, resumed.theta, "mid-batch: the base is not θ");
    assert_eq!(run(&mut resumed, &opts(2, Some(40), Some(&path)), &mut Silent), 40);
    let mut resumed = State::read(&path).unwrap();
    assert_eq!(run(&mut resumed, &opts(1, None, Some(&path)), &mut Silent), 27);
    let _ = std::fs::remove_file(&path);
    assert_eq!(resumed, unbroken);
    assert_eq!(
        resumed.theta.iter().map(|t| t.to_bits()).collect::<Vec<_>>(),
        unbroken.theta.iter().map(|t| t.to_bits()).collect::<Vec<_>>()
    );
}

#[test]
fn a_worker_error_stops_the_run_with_the_applied_pairs_saved() {
    struct FailsAt(u32);
    impl PairWorker for FailsAt {
        fn play_pair(&mut self, job: &PairJob) -> Result<f64, SpsaError> {
            if job.iteration == self.0 {
                Err(SpsaError::Engine("boom".into()))
            } else {
                Ok(1.0)
            }
        }
    }
    let path = std::env::temp_dir().join(format!("spsa-fail-{}.state", std::process::id()));
    let mut state = fresh(20, 1);
    let factory = || -> Box<dyn PairWorker> { Box::new(FailsAt(6)) };
    let e = driver::run(&mut state, &opts(1, None, Some(&path)), &factory, &mut Silent);
    assert_eq!(e, Err(SpsaError::Engine("boom".into())));
    assert_eq!(State::read(&path).unwrap().done, 5);
    let _ = std::fs::remove_file(&path);
}
