//! `kientuong datagen --game G --games N --nodes K --seed S [--net hand|embedded|FILE] --out
//! FILE`: self-play training data (see the `datagen` crate for the games and the file format),
//! played with a net (the game's embedded one by default) or the hand-written evaluation. Progress and the final positions/s/thread
//! go to stderr.

use crate::dispatch::{game_arg, GameKind};
use clap::Args;
use datagen::{Config, GameId, GameSettings, Writer};
use eval_chess::ChessEval;
use eval_xiangqi::XiangqiEval;
use game_api::Evaluator;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{EvalSwitch, LoadError, Net, NnueGame};
use std::fs::File;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::sync::Arc;

#[derive(Args)]
pub struct DatagenArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Number of games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Node budget of every search.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (each plays its own games, one search thread each).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Hash per game's engine, MB.
    #[arg(long, default_value_t = 8)]
    hash: usize,
    /// Random plies from the start position (plus 0 or 1 more).
    #[arg(long, default_value_t = 8)]
    random_plies: usize,
    /// Openings scored beyond this many centipawns are drawn again.
    #[arg(long, default_value_t = 200)]
    opening_cp: i32,
    /// Adjudicate a win when both searches see this advantage for 6 plies; 0 disables.
    #[arg(long, default_value_t = 2000)]
    adjudicate_cp: i32,
    /// Score a game still going after this many plies a draw.
    #[arg(long, default_value_t = 600)]
    max_plies: usize,
    /// Output file (written in the datagen format).
    #[arg(long)]
    out: String,
    /// The evaluation the games are played with: `hand` (the hand-written one), `embedded`
    /// (the game's embedded net, the default) or the path of a net file for this game.
    #[arg(long, default_value = "embedded")]
    net: String,
}

/// The `--net` choice resolved for game `G`: `None` is the hand-written evaluation.
fn net_for<G: NnueGame>(
    choice: &str,
    embedded: fn() -> Result<Net, LoadError>,
) -> Result<Option<Arc<Net>>, String> {
    let net = match choice {
        "hand" => return Ok(None),
        "embedded" => embedded().map_err(|e| format!("embedded {} net: {e}", G::NAME))?,
        path => Net::load::<G>(Path::new(path)).map_err(|e| format!("--net {path}: {e}"))?,
    };
    Ok(Some(Arc::new(net)))
}

/// The evaluator every datagen search starts from.
fn evaluator<G: NnueGame, H: Evaluator<G>>(net: Option<Arc<Net>>) -> EvalSwitch<G, H> {
    net.map_or_else(EvalSwitch::hand_written, EvalSwitch::nnue)
}

pub fn run(args: &DatagenArgs) -> Result<(), String> {
    let config = Config {
        games: args.games,
        threads: args.threads.max(1),
        seed: args.seed,
        hash_mb: args.hash.max(1),
        settings: GameSettings {
            nodes: args.nodes.max(1),
            random_plies: args.random_plies,
            opening_cp: args.opening_cp,
            adjudicate_cp: args.adjudicate_cp,
            max_plies: args.max_plies.max(1),
            draw: datagen::DrawRule::OFF,
        },
    };
    let file = File::create(&args.out).map_err(|e| format!("cannot create {}: {e}", args.out))?;
    let game = match args.game {
        GameKind::Chess => GameId::Chess,
        GameKind::Xiangqi => GameId::Xiangqi,
    };
    let mut writer =
        Writer::new(BufWriter::new(file), game).map_err(|e| format!("{}: {e}", args.out))?;
    let summary = match args.game {
        GameKind::Chess => {
            let net = net_for::<Chess>(&args.net, nnue::games::chess::embedded)?;
            datagen::run(&config, &evaluator::<Chess, ChessEval>(net), &mut writer)?
        }
        GameKind::Xiangqi => {
            let net = net_for::<Xiangqi>(&args.net, nnue::games::xiangqi::embedded)?;
            datagen::run(&config, &evaluator::<Xiangqi, XiangqiEval>(net), &mut writer)?
        }
    };
    writer.into_inner().flush().map_err(|e| format!("{}: {e}", args.out))?;
    eprintln!(
        "datagen done: {} games, {} positions in {:.1} s, {:.1} positions/s/thread ({} threads)",
        summary.games,
        summary.positions,
        summary.seconds,
        summary.positions_per_second_per_thread(config.threads),
        config.threads
    );
    Ok(())
}
