//! Opening books for matches: random legal plies from the start position, kept when the game is
//! not over, the position is new, and a fixed-nodes search scores it as level.
//!
//! A fixed-node match between two single-threaded engines is decided by its openings and
//! colours, so a test may play at most two games per distinct opening before it replays games.
//! Books of tens of thousands of positions come from here, reproducibly: candidate `i` draws its
//! plies from an RNG seeded by `(seed, i)`, every search starts from a cleared engine, and the
//! candidates are judged in batches whose verdicts are taken in candidate order, so the book
//! depends only on the settings, never on the thread count.
//!
//! A position is "new" by its FEN's first four fields (placement, side, castling, en passant):
//! the full key of the position, whatever move order led there. It is judged as a match will
//! start it: set up from those four fields, with fresh clocks and no history.

use crate::rng::Rng;
use game_api::{Evaluator, Game, GenKind, MoveList};
use search::{Engine, Limits, Score, Signals, Silent};
use std::collections::HashSet;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookSettings {
    /// Positions wanted.
    pub count: usize,
    /// Random legal plies from the start position, drawn uniformly in `min_plies..=max_plies`.
    pub min_plies: usize,
    pub max_plies: usize,
    /// Node budget of the search that judges a candidate.
    pub nodes: u64,
    /// A candidate is kept when that search scores it within this many centipawns (side to
    /// move's view; a mate score is never level).
    pub window_cp: i32,
    pub seed: u64,
}

/// One kept position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BookEntry {
    /// The position as EPD: the four fields of its FEN.
    pub epd: String,
    /// The judging search's score, side to move's view.
    pub score_cp: i32,
    /// Which candidate it was (for the report: candidates tried per position kept).
    pub candidate: u64,
}

/// Candidates judged together; a batch's searches run in parallel.
const BATCH: usize = 512;

/// The first four fields of a FEN.
pub fn epd_of(fen: &str) -> String {
    fen.split_whitespace().take(4).collect::<Vec<_>>().join(" ")
}

/// Candidate `index`: its random plies from the start position, or `None` when a ply ended
/// the game or left the side to move without a move.
fn candidate<G: Game>(s: &BookSettings, index: u64) -> Option<G> {
    let mut rng = Rng::for_game(s.seed, index);
    let span = s.max_plies.saturating_sub(s.min_plies) + 1;
    let plies = s.min_plies + rng.below(span);
    let mut pos = G::startpos();
    let mut list = MoveList::new();
    for _ in 0..plies {
        list.clear();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return None;
        }
        pos.make(list[rng.below(list.len())]);
        if pos.game_verdict().is_some() {
            return None;
        }
    }
    (pos.count_legal() > 0).then_some(pos)
}

/// Scores each position with a fixed-nodes search from a cleared engine, on `threads` workers.
fn judge<G: Game, E: Evaluator<G>>(
    positions: &[G],
    nodes: u64,
    eval: &E,
    threads: usize,
) -> Vec<Option<i32>> {
    let scores = Mutex::new(vec![None; positions.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..threads.max(1) {
            let (scores, next) = (&scores, &next);
            let eval = eval.clone();
            std::thread::Builder::new()
                .stack_size(16 << 20)
                .spawn_scoped(scope, move || {
                    let mut engine = Engine::<G, E>::new(1, 1);
                    engine.set_evaluator(eval);
                    let limits = Limits::nodes(nodes);
                    let signals = Signals::default();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(pos) = positions.get(i) else { break };
                        engine.clear();
                        let result = engine.search(pos, &limits, &Silent, &signals);
                        let cp = match result.score {
                            Score::Cp(cp) if result.best.is_some() => Some(cp),
                            _ => None,
                        };
                        if let Ok(mut s) = scores.lock() {
                            s[i] = cp;
                        }
                    }
                })
                .map(drop)
                .unwrap_or_default();
        }
    });
    scores.into_inner().unwrap_or_default()
}

/// Makes a book. `progress` is called after every batch with (kept, candidates tried).
/// Stops short of `count` only if `max_candidates` candidates did not give enough.
pub fn make_book<G: Game, E: Evaluator<G>>(
    s: &BookSettings,
    eval: &E,
    threads: usize,
    max_candidates: u64,
    mut progress: impl FnMut(usize, u64),
) -> Vec<BookEntry> {
    let mut seen: HashSet<String> = HashSet::new();
    let mut book = Vec::with_capacity(s.count);
    let mut index = 0u64;
    while book.len() < s.count && index < max_candidates {
        // The batch, in candidate order, without positions seen before (in or out of the book:
        // a rejected position would be rejected again, the search being deterministic).
        let mut batch: Vec<(u64, String, G)> = Vec::with_capacity(BATCH);
        while batch.len() < BATCH && index < max_candidates {
            if let Some(pos) = candidate::<G>(s, index) {
                let epd = epd_of(&pos.fen());
                // Judged as a match starts it: from the EPD, with fresh clocks and no history.
                let start = G::from_fen(&format!("{epd} 0 1"));
                if let (true, Ok(start)) = (seen.insert(epd.clone()), start) {
                    batch.push((index, epd, start));
                }
            }
            index += 1;
        }
        let positions: Vec<G> = batch.iter().map(|(_, _, p)| p.clone()).collect();
        let scores = judge(&positions, s.nodes, eval, threads);
        for ((candidate, epd, _), score) in batch.into_iter().zip(scores) {
            if book.len() == s.count {
                break;
            }
            if let Some(cp) = score.filter(|cp| cp.abs() <= s.window_cp) {
                book.push(BookEntry { epd, score_cp: cp, candidate });
            }
        }
        progress(book.len(), index);
    }
    book
}
