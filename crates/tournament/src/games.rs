//! The one place in this crate that names the concrete games: from `--game` to the rules layer
//! that referees the match.

use crate::config::{GameKind, MatchConfig};
use crate::resume::{prepare, Resume};
use crate::runner::{run_match, MatchSummary, Sink};
use game_api::Game;

/// Runs a match described by a parsed configuration.
pub fn run(cfg: &MatchConfig, sink: &mut dyn Sink) -> Result<MatchSummary, String> {
    run_resumable(cfg, sink, Resume::default())
}

/// Runs a match, writing or continuing its state file as `resume` says.
pub fn run_resumable(
    cfg: &MatchConfig,
    sink: &mut dyn Sink,
    resume: Resume,
) -> Result<MatchSummary, String> {
    match cfg.game {
        GameKind::Chess => {
            let chess960 = cfg.chess960;
            let setup = move |pos: &mut movegen_chess::Chess| pos.set_chess960(chess960);
            run_match::<movegen_chess::Chess>(cfg, &setup, sink, resume)
        }
        GameKind::Xiangqi => {
            let limit = cfg.move_limit.map(|p| p as u32);
            let setup = move |pos: &mut movegen_xiangqi::Xiangqi| {
                if let Some(plies) = limit {
                    pos.set_move_limit(plies);
                }
            };
            run_match::<movegen_xiangqi::Xiangqi>(cfg, &setup, sink, resume)
        }
    }
}

/// Parses cutechess-style arguments (with `--state`/`--resume`) and runs the match.
pub fn run_from_args(args: &[String], sink: &mut dyn Sink) -> Result<MatchSummary, String> {
    let (cfg, resume) = prepare(args)?;
    run_resumable(&cfg, sink, resume)
}
