//! The one place in this crate that names the concrete games: from `--game` to the rules layer
//! that referees the match.

use crate::cli::{parse_args, CliError};
use crate::config::{GameKind, MatchConfig};
use crate::runner::{run_match, MatchSummary, Sink};

/// Runs a match described by a parsed configuration.
pub fn run(cfg: &MatchConfig, sink: &mut dyn Sink) -> Result<MatchSummary, String> {
    match cfg.game {
        GameKind::Chess => run_match::<movegen_chess::Chess>(cfg, &|_| {}, sink),
        GameKind::Xiangqi => {
            let limit = cfg.move_limit.map(|p| p as u32);
            let setup = move |pos: &mut movegen_xiangqi::Xiangqi| {
                if let Some(plies) = limit {
                    pos.set_move_limit(plies);
                }
            };
            run_match::<movegen_xiangqi::Xiangqi>(cfg, &setup, sink)
        }
    }
}

/// Parses cutechess-style arguments and runs the match.
pub fn run_from_args(args: &[String], sink: &mut dyn Sink) -> Result<MatchSummary, String> {
    let cfg = parse_args(args).map_err(|CliError(e)| e)?;
    run(&cfg, sink)
}
