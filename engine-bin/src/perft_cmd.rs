//! `kientuong perft --game G [--fen F] --depth N [--divide]`: ends with `Nodes searched: N`.

use crate::dispatch::{game_arg, position_from, GameKind};
use crate::stdout::say;
use clap::Args;
use game_api::{perft, Game};
use std::time::Instant;

#[derive(Args)]
pub struct PerftArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Position to start from (default: the game's start position).
    #[arg(long)]
    fen: Option<String>,
    #[arg(long)]
    depth: u32,
    /// Print one `move: count` line per root move first.
    #[arg(long)]
    divide: bool,
}

pub fn run(args: &PerftArgs) -> Result<(), String> {
    match args.game {
        GameKind::Chess => run_for::<movegen_chess::Chess>(args),
        GameKind::Xiangqi => run_for::<movegen_xiangqi::Xiangqi>(args),
    }
}

fn run_for<G: Game>(args: &PerftArgs) -> Result<(), String> {
    let mut pos: G = position_from(args.fen.as_deref())?;
    let start = Instant::now();
    let nodes = if args.divide && args.depth > 0 {
        let mut total = 0;
        for (m, count) in perft::divide(&mut pos, args.depth) {
            say!("{}: {count}", pos.write_move(m));
            total += count;
        }
        say!();
        total
    } else {
        perft::perft(&mut pos, args.depth)
    };
    let secs = start.elapsed().as_secs_f64();
    // Timing goes to stderr so that stdout stays a pure function of the input.
    eprintln!(
        "time: {:.3} s, {:.1} Mnps",
        secs,
        if secs > 0.0 { nodes as f64 / secs / 1e6 } else { 0.0 }
    );
    say!("Nodes searched: {nodes}");
    Ok(())
}
