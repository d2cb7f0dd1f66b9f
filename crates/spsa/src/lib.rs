//! `kientuong spsa`: SPSA tuning of an engine's UCI options, run locally and able to outlive the
//! session that started it (a run is resumed from its state file).
//!
//! The algorithm and schedule are OpenBench's (`gains`); the games are the match runner's: this
//! crate depends on `tournament` one way (`engines` calls `tournament::game::play::play_game` with the
//! same engines, referee, openings and clocks), and `tournament` knows nothing of it. The loop in
//! `driver` is written so that every pair's perturbation and opening are pure functions of
//! (seed, iteration) and results are applied in iteration order. With the state file written
//! after every pair (`state`), a run can be stopped at any point and resumed to the same θ.
//! The user's side (params format, schedule, recipes) is in this crate's `README.md`.
//!
//! Files: `params` (input format), `cli` (flags), `setup` (fresh or resumed start), `gains`
//! (schedule, directions, openings), `driver` (the loop), `engines` (pairs by processes),
//! `state` (the file), `error`.

#![forbid(unsafe_code)]

pub mod cli;
pub mod driver;
pub mod engines;
pub mod error;
pub mod gains;
#[cfg(test)]
mod oracle_tests;
pub mod params;
pub mod setup;
pub mod state;

pub use cli::USAGE;
pub use error::SpsaError;

use driver::{PairWorker, RunOptions};
use engines::EngineWorker;
use game_api::Game;
use state::State;
use tournament::config::{GameKind, OpeningConfig, OpeningOrder};
use tournament::runner::Sink;
use tournament::schedule::openings;

/// Parses the arguments that follow `kientuong spsa` and runs (or resumes) the tuning; returns
/// the state it ends with.
pub fn run_from_args(args: &[String], sink: &mut dyn Sink) -> Result<State, SpsaError> {
    let args = cli::parse(args)?;
    let mut state = setup::initial_state(&args)?;
    let state_path = args.state.clone().or_else(|| args.resume.clone());
    match state.game {
        GameKind::Chess => run_game::<movegen_chess::Chess>(&args, &mut state, state_path, sink)?,
        GameKind::Xiangqi => {
            run_game::<movegen_xiangqi::Xiangqi>(&args, &mut state, state_path, sink)?
        }
    }
    Ok(state)
}

fn run_game<G: Game>(
    args: &cli::SpsaArgs,
    state: &mut State,
    state_path: Option<std::path::PathBuf>,
    sink: &mut dyn Sink,
) -> Result<(), SpsaError> {
    let book = OpeningConfig { order: OpeningOrder::Random, ..OpeningConfig::default() };
    let openings =
        openings::load::<G>(&book, state.game, false, state.seed).map_err(SpsaError::Setup)?;
    let opts = RunOptions {
        concurrency: args.concurrency,
        stop_after: args.stop_after,
        state_path: state_path.clone(),
        openings: openings.len(),
        progress: !args.quiet,
    };
    if state.done == 0 {
        if let Some(path) = &state_path {
            state.write(path)?;
        }
    }
    let (game, params) = (state.game, state.params.clone());
    let factory = || -> Box<dyn PairWorker + '_> {
        Box::new(EngineWorker::<G>::new(game, &args.engine, &params, &openings))
    };
    let played = driver::run(state, &opts, &factory, sink)?;
    finish(state, played, state_path.as_deref(), sink);
    Ok(())
}

/// The closing lines: where the run stands, and θ in the params format to paste back.
pub fn finish(
    state: &State,
    played: u32,
    state_path: Option<&std::path::Path>,
    sink: &mut dyn Sink,
) {
    if state.done < state.pairs {
        let resume = match state_path {
            Some(p) => format!("continue with --resume {}", p.display()),
            None => "no --state file was given, so it cannot be resumed".to_owned(),
        };
        sink.line(&format!(
            "spsa: stopped after {played} pairs in this run, {}/{} in all; {resume}",
            state.done, state.pairs
        ));
    } else {
        sink.line(&format!("spsa: finished {} pairs", state.pairs));
    }
    sink.line("spsa: values (params format):");
    for (p, t) in state.params.iter().zip(&state.theta) {
        sink.line(&p.line_with(*t));
    }
}
