//! `kientuong bench [--threads T] [--hash MB] [--depth D] [--hand]`: searches every game's
//! `BENCH_FENS` to a fixed depth, each from a fresh state (TT and histories cleared), and prints
//! `<game>: <nodes> nodes <nps> nps` per game, then `Bench: <total> nodes <nps> nps`. With one
//! thread the node counts are a deterministic signature of the search. It evaluates with the
//! embedded nets, as the engine plays; `--hand` measures the hand-written evaluations instead
//! (its signature differs).

use crate::stdout::say;
use clap::Args;
use game_api::{Evaluator, Game};
use nnue::{EvalSwitch, NnueGame};
use search::{Engine, Limits, Signals, Silent};
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
    /// Evaluate with the hand-written evaluations instead of the embedded nets.
    #[arg(long)]
    hand: bool,
    /// The default since the nets became the engine's evaluation; kept so that older scripts
    /// that pass it still run.
    #[arg(long, hide = true, conflicts_with = "hand")]
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
    let (chess, xiangqi) = if args.hand {
        (
            bench_game::<movegen_chess::Chess, _>(
                args,
                CHESS_DEPTH,
                EvalSwitch::<_, eval_chess::ChessEval>::hand_written(),
            )?,
            bench_game::<movegen_xiangqi::Xiangqi, _>(
                args,
                XIANGQI_DEPTH,
                EvalSwitch::<_, eval_xiangqi::XiangqiEval>::hand_written(),
            )?,
        )
    } else {
        (
            bench_game(
                args,
                CHESS_DEPTH,
                nets_of::<movegen_chess::Chess, eval_chess::ChessEval>()?,
            )?,
            bench_game(
                args,
                XIANGQI_DEPTH,
                nets_of::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>()?,
            )?,
        )
    };
    let nodes = chess.nodes + xiangqi.nodes;
    say!("Bench: {} nodes {} nps", nodes, nps(nodes, chess.seconds + xiangqi.seconds));
    Ok(())
}

/// The game's embedded net; an error (not a silent hand-written bench) if it is broken.
fn nets_of<G: NnueGame, H: Default>() -> Result<EvalSwitch<G, H>, String> {
    G::embedded_net()
        .map(EvalSwitch::nnue)
        .ok_or_else(|| format!("the embedded {} net fails its checks", G::NAME))
}
