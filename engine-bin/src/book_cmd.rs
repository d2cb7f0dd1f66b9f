//! `kientuong book --game G --count N [--seed S --min-plies A --max-plies B --nodes K
//! --window-cp C --threads T --net embedded|hand|FILE] --out FILE`: an opening book for
//! matches (see `datagen::book`), one EPD a line (the FEN's four position fields), nothing else
//! in the file, so fastchess, cutechess-cli and OpenBench read it as it is. The recipe is the
//! command line; the same arguments give the same bytes whatever `--threads`.
//!
//! The file is written as `FILE.part` and renamed when complete.

use crate::datagen_cmd::{evaluator, player_for, Player};
use crate::dispatch::{game_arg, GameKind};
use clap::Args;
use datagen::book::{make_book, BookEntry, BookSettings};
use eval_chess::ChessEval;
use eval_xiangqi::XiangqiEval;
use game_api::Evaluator;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{LoadError, Net, NnueGame};
use std::io::Write;
use std::time::Instant;

#[derive(Args)]
pub struct BookArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Positions wanted.
    #[arg(long)]
    count: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Fewest random plies from the start position (default: chess 8, xiangqi 6).
    #[arg(long)]
    min_plies: Option<usize>,
    /// Most random plies (default 10).
    #[arg(long, default_value_t = 10)]
    max_plies: usize,
    /// Node budget of the search that judges each candidate.
    #[arg(long, default_value_t = 5000)]
    nodes: u64,
    /// Kept when that search scores it within this many centipawns.
    #[arg(long, default_value_t = 100)]
    window_cp: i32,
    /// Search threads (each judges its own candidates; the book does not depend on it).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// The judging evaluation: `embedded` (the default), `hand` or a net file.
    #[arg(long, default_value = "embedded")]
    net: String,
    #[arg(long)]
    out: String,
}

/// Candidates tried per position wanted before giving up (a window nothing can meet).
const MAX_TRIES_PER_POSITION: u64 = 1000;

/// The book of game `G`, judged by the `--net` choice (`H` the hand-written evaluation).
fn book_of<G: NnueGame, H: Evaluator<G>>(
    args: &BookArgs,
    settings: &BookSettings,
    max: u64,
    report: impl FnMut(usize, u64),
    embedded: fn() -> Result<Net, LoadError>,
    embedded_bytes: &[u8],
) -> Result<Vec<BookEntry>, String> {
    let player: Player = player_for::<G>(&args.net, embedded, embedded_bytes)?;
    Ok(make_book(settings, &evaluator::<G, H>(player.net), args.threads, max, report))
}

pub fn run(args: &BookArgs) -> Result<(), String> {
    let min_plies = args.min_plies.unwrap_or(match args.game {
        GameKind::Chess => 8,
        GameKind::Xiangqi => 6,
    });
    if min_plies > args.max_plies || args.count == 0 {
        return Err("--count must be positive and --min-plies at most --max-plies".into());
    }
    let settings = BookSettings {
        count: args.count,
        min_plies,
        max_plies: args.max_plies,
        nodes: args.nodes.max(1),
        window_cp: args.window_cp,
        seed: args.seed,
    };
    let started = Instant::now();
    let max = (args.count as u64).saturating_mul(MAX_TRIES_PER_POSITION);
    let report = |kept: usize, tried: u64| {
        eprintln!(
            "book: {kept}/{} kept of {tried} candidates, {:.0} s",
            args.count,
            started.elapsed().as_secs_f64()
        );
    };
    let book = match args.game {
        GameKind::Chess => book_of::<Chess, ChessEval>(
            args,
            &settings,
            max,
            report,
            nnue::games::chess::embedded,
            nnue::games::chess::EMBEDDED,
        )?,
        GameKind::Xiangqi => book_of::<Xiangqi, XiangqiEval>(
            args,
            &settings,
            max,
            report,
            nnue::games::xiangqi::embedded,
            nnue::games::xiangqi::EMBEDDED,
        )?,
    };
    if book.len() < args.count {
        return Err(format!(
            "only {} of {} positions found in {max} candidates",
            book.len(),
            args.count
        ));
    }
    let mut text = String::with_capacity(book.len() * 64);
    for entry in &book {
        text.push_str(&entry.epd);
        text.push('\n');
    }
    let part = format!("{}.part", args.out);
    std::fs::File::create(&part)
        .and_then(|mut f| f.write_all(text.as_bytes()))
        .map_err(|e| format!("{part}: {e}"))?;
    std::fs::rename(&part, &args.out).map_err(|e| format!("{part} -> {}: {e}", args.out))?;
    let tried = book.last().map_or(0, |e| e.candidate + 1);
    let level = book.iter().filter(|e| e.score_cp.abs() <= 50).count();
    eprintln!(
        "book done: {} positions from {tried} candidates ({:.1} % kept), {:.1} % within ±50 cp, {:.0} s",
        book.len(),
        100.0 * book.len() as f64 / tried.max(1) as f64,
        100.0 * level as f64 / book.len() as f64,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
