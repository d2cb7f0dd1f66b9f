//! `kientuong bench [--threads T] [--hash MB] [--depth D]`: searches every game's `BENCH_FENS`
//! to a fixed depth, each from a fresh state (TT and histories cleared), and prints
//! `<game>: <nodes> nodes <nps> nps` per game, then `Bench: <total> nodes <nps> nps`. With one
//! thread the node counts are a deterministic signature of the search. `--nnue` evaluates with
//! the embedded nets (for nps comparisons; its signature differs).

use crate::stdout::say;
use clap::Args;
use game_api::{Evaluator, Game};
use nnue::EvalSwitch;
use search::{Engine, Limits, Signals, Silent};
use std::sync::Arc;
use std::time::Instant;

/// Default depths, chosen so that the whole bench takes seconds in a release build.
const CHESS_DEPTH: u32 = 13;
const XIANGQI_DEPTH: u32 = 11;

#[derive(Args)]
pub struct BenchArgs {
    #[arg(long, default_value_t = 1)]
    threads: usize,
    #[arg(long, default_value_t = 16)]
    hash: usize,
    /// Depth for every position of both games (default: 13 for chess, 11 for xiangqi).
    #[arg(long)]
    depth: Option<u32>,
    /// Evaluate with the embedded NNUE nets instead of the hand-written evaluations.
    #[arg(long)]
    nnue: bool,
}

struct GameBench {
    nodes: u64,
    seconds: f64,
}

fn nps(nodes: u64, seconds: f64) -> u64 {
    if seconds > 0.0 {
        (nodes as f64 / seconds) as u64
    } else {
        0
    }
}

fn bench_game<G: Game, E: Evaluator<G>>(
    args: &BenchArgs,
    default_depth: u32,
    eval: E,
) -> Result<GameBench, String> {
    let mut engine: Engine<G, E> = Engine::new(args.hash.max(1), args.threads.max(1));
    engine.set_evaluator(eval);
    let limits = Limits::depth(args.depth.unwrap_or(default_depth));
    let signals = Signals::default();
    let mut nodes = 0;
    let mut seconds = 0.0;
    for fen in G::BENCH_FENS {
        let pos = G::from_fen(fen).map_err(|e| format!("bench FEN '{fen}' of {}: {e}", G::NAME))?;
        engine.clear();
        let start = Instant::now();
        let result = engine.search(&pos, &limits, &Silent, &signals);
        seconds += start.elapsed().as_secs_f64();
        nodes += result.nodes;
    }
    say!("{}: {} nodes {} nps", G::NAME, nodes, nps(nodes, seconds));
    Ok(GameBench { nodes, seconds })
}

pub fn run(args: &BenchArgs) -> Result<(), String> {
    let (chess, xiangqi) = if args.nnue {
        let chess_net =
            nnue::games::chess::embedded().map_err(|e| format!("embedded chess net: {e}"))?;
        let xiangqi_net =
            nnue::games::xiangqi::embedded().map_err(|e| format!("embedded xiangqi net: {e}"))?;
        (
            bench_game(
                args,
                CHESS_DEPTH,
                EvalSwitch::<_, eval_chess::ChessEval>::nnue(Arc::new(chess_net)),
            )?,
            bench_game(
                args,
                XIANGQI_DEPTH,
                EvalSwitch::<_, eval_xiangqi::XiangqiEval>::nnue(Arc::new(xiangqi_net)),
            )?,
        )
    } else {
        (
            bench_game::<movegen_chess::Chess, _>(
                args,
                CHESS_DEPTH,
                eval_chess::ChessEval::default(),
            )?,
            bench_game::<movegen_xiangqi::Xiangqi, _>(
                args,
                XIANGQI_DEPTH,
                eval_xiangqi::XiangqiEval,
            )?,
        )
    };
    let nodes = chess.nodes + xiangqi.nodes;
    say!("Bench: {} nodes {} nps", nodes, nps(nodes, chess.seconds + xiangqi.seconds));
    Ok(())
}
