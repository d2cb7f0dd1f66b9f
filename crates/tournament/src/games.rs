//! The one place in this crate that names the concrete games: from `--game` to the rules layer
//! that referees the match, and for chess the Syzygy tables that adjudicate it (`--tb`).

use crate::config::{GameKind, MatchConfig, TbConfig};
use crate::game::play::TbProbe;
use crate::runner::{run_match, MatchSummary, Sink};
use crate::state::resume::{prepare, Resume};
use game_api::Game;
use movegen_chess::Chess;

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
            let setup = move |pos: &mut Chess| pos.set_chess960(chess960);
            let tables = cfg.tb.as_ref().map(open_tables).transpose()?;
            if let Some((tables, pieces)) = &tables {
                sink.line(&format!(
                    "Tablebase adjudication: {}; positions of at most {pieces} pieces",
                    tables.summary()
                ));
                if tables.dtz_files() == 0 {
                    sink.line(
                        "Tablebase adjudication: no DTZ tables, so only positions right after a \
                         capture or pawn move (fifty-move clock 0) are adjudicated",
                    );
                }
            }
            let probe = tables.as_ref().map(|(tables, pieces)| {
                move |pos: &Chess| syzygy::game_result(tables, pos, *pieces)
            });
            let tablebase = probe.as_ref().map(|p| p as TbProbe<'_, Chess>);
            run_match::<Chess>(cfg, &setup, tablebase, sink, resume)
        }
        GameKind::Xiangqi if cfg.tb.is_some() => {
            Err("--tb: Syzygy tablebases are for chess only".into())
        }
        GameKind::Xiangqi => {
            let limit = cfg.move_limit.map(|p| p as u32);
            let setup = move |pos: &mut movegen_xiangqi::Xiangqi| {
                if let Some(plies) = limit {
                    pos.set_move_limit(plies);
                }
            };
            run_match::<movegen_xiangqi::Xiangqi>(cfg, &setup, None, sink, resume)
        }
    }
}

/// The tables of `--tb` and the most pieces a position may have to be adjudicated. A path
/// without tables is an error here, before the first game.
fn open_tables(tb: &TbConfig) -> Result<(syzygy::Tables, u32), String> {
    let tables = syzygy::Tables::open(&tb.path).map_err(|e| match e {
        // It names the folder.
        syzygy::LoadError::Folder { .. } => format!("--tb: {e}"),
        syzygy::LoadError::NoTables { .. } => format!("--tb {}: {e}", tb.path),
    })?;
    let pieces = tb.pieces.map_or(tables.max_pieces(), |n| n.min(tables.max_pieces()));
    Ok((tables, pieces))
}

/// Parses cutechess-style arguments (with `--state`/`--resume`) and runs the match.
pub fn run_from_args(args: &[String], sink: &mut dyn Sink) -> Result<MatchSummary, String> {
    let (cfg, resume) = prepare(args)?;
    run_resumable(&cfg, sink, resume)
}
