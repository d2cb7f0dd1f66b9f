//! Opening generation for `genfens N seed S book <None|file.epd>`, the command OpenBench's client
//! runs before a data-generation workload (it reads N lines `info string genfens <FEN>`, and gives
//! up when 15 s pass without one). Written once over `Game`; the session picks the game.
//!
//! How an opening is made: take a base position (the start position, or a book position picked at
//! random), play a few uniformly random legal plies, and keep the result only if
//! - the game is not over there and its FEN reads back,
//! - it is not one already printed (judged on the zobrist key: placement, side and rights), and
//! - a fixed-depth search from a fresh state scores it within ±[`BALANCE_BOUND_CP`] centipawns
//!   for the side to move (no mate score).
//!
//! Everything is driven by one seeded generator and single-threaded fixed-depth searches from a
//! cleared table, so the same seed and book give the same openings on every machine.

use game_api::{Evaluator, Game, GenKind, MoveList, SplitMix64};
use search::{Engine, Limits, Score, Signals, Silent};
use std::collections::HashSet;

/// Random plies played from the start position: 8 or 9, so both sides get to move first.
const START_PLIES: u32 = 8;
/// Random plies played from a book position: 2 or 3 (a book line is already an opening; a few
/// plies more make many openings from one line).
const BOOK_PLIES: u32 = 2;
/// The balance bound: an opening whose verification search scores more than this (or a mate)
/// for either side is thrown away. Wide enough to keep the variety data generation wants,
/// narrow enough to drop the positions where random play simply hung a piece.
pub const BALANCE_BOUND_CP: i32 = 200;
/// Depth of the verification search: enough to see a hung piece and its recapture.
const CHECK_DEPTH: u32 = 6;
/// Table size of the verification search, in MB.
const CHECK_HASH_MB: usize = 4;
/// Candidates tried per opening asked for, before giving up (a tiny book cannot give many
/// distinct openings).
const TRIES_PER_OPENING: u64 = 500;

/// What `genfens` was asked for, with the book already read.
pub struct Request<G> {
    pub count: u32,
    pub seed: u64,
    /// Book positions to start from; empty for the start position.
    pub book: Vec<G>,
}

/// Prints `request.count` openings through `emit` (each a FEN). Fails, after printing what it
/// found, when the tries run out.
pub fn generate<G: Game, E: Evaluator<G>>(
    request: &Request<G>,
    mut emit: impl FnMut(&str),
) -> Result<(), String> {
    let mut rng = SplitMix64::new(request.seed);
    let mut engine: Engine<G, E> = Engine::new(CHECK_HASH_MB, 1);
    let limits = Limits::depth(CHECK_DEPTH);
    let signals = Signals::default();
    let mut seen = HashSet::new();
    let mut moves = MoveList::new();
    let wanted = u64::from(request.count);
    let max_tries = wanted.saturating_mul(TRIES_PER_OPENING).max(TRIES_PER_OPENING);
    let mut printed = 0u64;
    let mut tries = 0u64;
    while printed < wanted {
        if tries >= max_tries {
            return Err(format!(
                "found only {printed} of {wanted} distinct balanced openings after {tries} tries"
            ));
        }
        tries += 1;
        let (mut pos, plies) = if request.book.is_empty() {
            (G::startpos(), START_PLIES)
        } else {
            let base = request.book[rng.below(request.book.len())].clone();
            (base, BOOK_PLIES)
        };
        let plies = plies + (rng.next_u64() & 1) as u32;
        pos.reserve(plies as usize);
        let mut dead_end = false;
        for _ in 0..plies {
            moves.clear();
            pos.generate(GenKind::All, &mut moves);
            if moves.is_empty() || pos.verdict(0).is_some() {
                dead_end = true;
                break;
            }
            let m = moves.as_slice()[rng.below(moves.len())];
            pos.make(m);
        }
        if dead_end || pos.game_verdict().is_some() || seen.contains(&pos.hash()) {
            continue;
        }
        // Check the position as a consumer of the FEN will see it: without the random plies'
        // history.
        let fen = pos.fen();
        let Ok(fresh) = G::from_fen(&fen) else {
            continue;
        };
        engine.clear();
        let result = engine.search(&fresh, &limits, &Silent, &signals);
        let balanced = matches!(result.score, Score::Cp(cp) if cp.abs() <= BALANCE_BOUND_CP);
        if !balanced {
            continue;
        }
        seen.insert(pos.hash());
        emit(&fen);
        printed += 1;
    }
    Ok(())
}

/// Reads an EPD (or FEN-per-line) book: per line, the text before the first `;`, from which
/// the longest prefix of at most six fields that is a valid FEN of `G` is taken (EPD has four
/// position fields followed by opcodes such as `hmvc 0;`, a FEN has six). Blank lines and `#`
/// comments are skipped. Returns the positions and the number of lines that held none.
pub fn read_book<G: Game>(path: &str) -> Result<(Vec<G>, usize), String> {
    let text = std::fs::read(path).map_err(|e| format!("cannot read book '{path}': {e}"))?;
    let text = String::from_utf8_lossy(&text);
    let mut positions = Vec::new();
    let mut bad = 0;
    for line in text.lines() {
        let line = line.split(';').next().unwrap_or("").trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split_whitespace().collect();
        let parsed =
            (2..=fields.len().min(6)).rev().find_map(|n| G::from_fen(&fields[..n].join(" ")).ok());
        match parsed {
            Some(pos) => positions.push(pos),
            None => bad += 1,
        }
    }
    if positions.is_empty() {
        return Err(format!("book '{path}' holds no {} position", G::NAME));
    }
    Ok((positions, bad))
}

#[cfg(test)]
mod tests {
    use super::*;
    use eval_chess::ChessEval;
    use eval_xiangqi::XiangqiEval;
    use movegen_chess::Chess;
    use movegen_xiangqi::Xiangqi;

    fn openings<G: Game, E: Evaluator<G>>(request: &Request<G>) -> Vec<String> {
        let mut fens = Vec::new();
        let done = generate::<G, E>(request, |fen| fens.push(fen.to_owned()));
        assert_eq!(done, Ok(()));
        fens
    }

    fn start<G>(count: u32, seed: u64) -> Request<G> {
        Request { count, seed, book: Vec::new() }
    }

    fn assert_legal_and_distinct<G: Game>(fens: &[String], count: usize) {
        assert_eq!(fens.len(), count);
        let mut keys = HashSet::new();
        for fen in fens {
            let pos = G::from_fen(fen).unwrap_or_else(|e| unreachable!("{fen}: {e}"));
            assert!(pos.game_verdict().is_none(), "game over in {fen}");
            assert!(keys.insert(pos.hash()), "repeated opening {fen}");
        }
    }

    #[test]
    fn chess_openings_are_legal_distinct_and_follow_the_seed() {
        let a = openings::<Chess, ChessEval>(&start(12, 7));
        assert_legal_and_distinct::<Chess>(&a, 12);
        assert_eq!(a, openings::<Chess, ChessEval>(&start(12, 7)));
        assert_ne!(a, openings::<Chess, ChessEval>(&start(12, 8)));
        // Eight or nine plies from the start: fullmove 5 with White to move, or Black at 5.
        for fen in &a {
            let fields: Vec<&str> = fen.split(' ').collect();
            assert_eq!(fields.len(), 6, "{fen}");
            assert_eq!(fields[5], "5", "{fen}");
        }
    }

    #[test]
    fn xiangqi_openings_are_legal_distinct_and_follow_the_seed() {
        let a = openings::<Xiangqi, XiangqiEval>(&start(8, 7));
        assert_legal_and_distinct::<Xiangqi>(&a, 8);
        assert_eq!(a, openings::<Xiangqi, XiangqiEval>(&start(8, 7)));
    }

    #[test]
    fn book_openings_grow_from_book_positions() {
        let sicilian = "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2";
        let book = vec![Chess::from_fen(sicilian).unwrap_or_else(|e| unreachable!("{e}"))];
        let fens = openings::<Chess, ChessEval>(&Request { count: 6, seed: 1, book });
        assert_legal_and_distinct::<Chess>(&fens, 6);
        for fen in &fens {
            // Two or three plies after move 2 with White to move: move 3 or 4.
            let fullmove = fen.split(' ').nth(5);
            assert!(matches!(fullmove, Some("3" | "4")), "{fen}");
        }
    }

    #[test]
    fn a_book_too_small_for_the_count_fails_instead_of_looping() {
        // The only book position is checkmate: no opening can grow from it.
        let mated = "7k/5KQ1/8/8/8/8/8/8 b - - 0 1";
        let book = vec![Chess::from_fen(mated).unwrap_or_else(|e| unreachable!("{e}"))];
        let mut printed = 0;
        let result =
            generate::<Chess, ChessEval>(&Request { count: 3, seed: 1, book }, |_| printed += 1);
        assert!(result.is_err());
        assert_eq!(printed, 0);
    }
}
