//! One self-play game: a random opening, then fixed-nodes searches to the end.
//!
//! A game comes back twice over: as its game record (start position, every searched ply's move
//! and score) and as the positions a position file keeps. The two are built side by side from
//! the one game, which is what lets a test hold the replay of the record against the positions
//! taken directly.

use crate::format::{PositionRecord, ResultCode};
use crate::record_format::{stored_cp, stored_mate, GameRecord, Ply};
use crate::rng::Rng;
use game_api::{Color, Evaluator, Game, GenKind, MoveList, Outcome};
use search::{Engine, Limits, Score, Signals, Silent};

#[derive(Clone, Debug)]
pub struct GameSettings {
    /// Node budget of every search.
    pub nodes: u64,
    /// Random legal plies from the start position (one more, at random, to vary the side).
    pub random_plies: usize,
    /// An opening is kept only if the search scores it within this many centipawns.
    pub opening_cp: i32,
    /// Both sides' searches agreeing on at least this advantage (or a mate) for
    /// `ADJUDICATE_PLIES` plies in a row decide the game; 0 disables.
    pub adjudicate_cp: i32,
    /// A game still going after this many plies is scored a draw.
    pub max_plies: usize,
    /// Draw adjudication: from ply `draw.after` on, `draw.plies` searches in a row within
    /// `draw.cp` of level end the game drawn; `draw.plies` 0 disables.
    pub draw: DrawRule,
    /// Where each game's random plies begin: `None` is the game's start position; otherwise a
    /// start FEN drawn from a random number (Chess960 and Double Fischer Random data; the rules
    /// layer reads the start's castling field). The number is drawn only when this is set, so
    /// standard runs keep their bytes.
    pub start_fen: Option<fn(u64) -> Option<String>>,
}

/// When a game is adjudicated a draw (see `GameSettings::draw`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub after: usize,
    pub cp: i32,
    pub plies: usize,
}

impl DrawRule {
    /// Off: games are played to the rules' end or `max_plies`, as the committed data was.
    pub const OFF: DrawRule = DrawRule { after: 0, cp: 0, plies: 0 };
    /// The default of new files: after ply 80, 8 plies within 10 centipawns.
    pub const DEFAULT: DrawRule = DrawRule { after: 80, cp: 10, plies: 8 };
}

/// A finished game: its record, and the positions a position file keeps of it.
#[derive(Clone, Debug)]
pub struct PlayedGame {
    pub record: GameRecord,
    pub kept: Vec<PositionRecord>,
    /// Whether the tablebase (see [`Tablebase`]) ended the game.
    pub by_tablebase: bool,
}

/// A tablebase asked about a position of a game: the game's outcome as the tables know it (the
/// position's own move-count clock counted), or `None` when the position is outside them. A
/// game ends at the first position it knows, with that outcome, so the positions before it are
/// labelled with the true result of the ending. The caller builds it (the binary, from chess
/// Syzygy tables for `--tb`): this crate knows no concrete game.
pub type Tablebase<'a, G> = &'a (dyn Fn(&G) -> Option<Outcome> + Sync);

/// Consecutive plies the adjudication needs.
const ADJUDICATE_PLIES: usize = 6;
/// Tries at a balanced opening before the last one is taken anyway.
const OPENING_TRIES: usize = 32;

/// A search score as centipawns from the side to move's view; `None` for a mate.
fn centipawns(score: Score) -> Option<i32> {
    match score {
        Score::Cp(cp) => Some(cp),
        Score::Mate(_) => None,
    }
}

/// Plays random plies from a start position (see [`GameSettings::start_fen`]); `None` if the
/// game ended on the way or the start FEN was refused.
fn random_opening<G: Game>(rng: &mut Rng, s: &GameSettings) -> Option<G> {
    let mut pos = match s.start_fen {
        Some(start_fen) => G::from_fen(&start_fen(rng.next())?).ok()?,
        None => G::startpos(),
    };
    let plies = s.random_plies;
    let mut list = MoveList::new();
    for _ in 0..plies + rng.below(2) {
        list.clear();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            return None;
        }
        pos.make(list[rng.below(list.len())]);
        if pos.verdict(0).is_some() {
            return None;
        }
    }
    (pos.count_legal() > 0).then_some(pos)
}

/// A balanced random opening: the root position for the game, as a FEN (so the game's history
/// starts there) parsed back.
fn balanced_opening<G: Game, E: Evaluator<G>>(
    engine: &mut Engine<G, E>,
    rng: &mut Rng,
    s: &GameSettings,
) -> G {
    let limits = Limits::nodes(s.nodes);
    let signals = Signals::default();
    let mut last = None;
    for _ in 0..OPENING_TRIES {
        let Some(pos) = random_opening::<G>(rng, s) else {
            continue;
        };
        engine.clear();
        let result = engine.search(&pos, &limits, &Silent, &signals);
        let level = centipawns(result.score).is_some_and(|cp| cp.abs() <= s.opening_cp);
        if level {
            return pos;
        }
        last = Some(pos);
    }
    last.unwrap_or_else(G::startpos)
}

/// Plays game number `index` of a run seeded with `seed`; returns its record and its kept
/// positions, each carrying the final result.
pub fn play_game<G: Game, E: Evaluator<G>>(
    engine: &mut Engine<G, E>,
    seed: u64,
    index: u64,
    s: &GameSettings,
) -> PlayedGame {
    play_game_with(engine, seed, index, s, None)
}

/// [`play_game`], with a tablebase that ends the game at the first position it knows. Without
/// one (`None`) the game is exactly [`play_game`]'s.
pub fn play_game_with<G: Game, E: Evaluator<G>>(
    engine: &mut Engine<G, E>,
    seed: u64,
    index: u64,
    s: &GameSettings,
    tablebase: Option<Tablebase<'_, G>>,
) -> PlayedGame {
    let mut rng = Rng::for_game(seed, index);
    let mut pos = balanced_opening(engine, &mut rng, s);
    let start_fen = pos.fen();
    let mut plies = Vec::new();
    // Plies in a row whose search scored the position within `draw.cp` of level.
    let mut level_run = 0usize;
    engine.clear();
    let limits = Limits::nodes(s.nodes);
    let signals = Signals::default();
    let mut kept: Vec<PositionRecord> = Vec::new();
    // Plies in a row on which the search said White is winning (+) or losing (-).
    let mut decided_run: i32 = 0;
    let mut by_tablebase = false;
    let outcome = loop {
        if let Some(verdict) = pos.game_verdict() {
            break verdict.outcome;
        }
        if let Some(outcome) = tablebase.and_then(|tb| tb(&pos)) {
            by_tablebase = true;
            break outcome;
        }
        if pos.history_len() >= s.max_plies {
            break Outcome::Draw;
        }
        let result = engine.search(&pos, &limits, &Silent, &signals);
        let Some(best) = result.best else {
            break pos.no_moves_verdict().outcome;
        };
        let stm = pos.side_to_move();
        let cp = centipawns(result.score);
        let score = match result.score {
            Score::Cp(cp) => stored_cp(cp),
            Score::Mate(m) => stored_mate(m),
        };
        plies.push(Ply { mv: best.raw(), score });
        if let Some(cp) = cp {
            if !pos.in_check() && !pos.is_tactical(best) {
                kept.push(PositionRecord {
                    fen: pos.fen(),
                    score: (cp * stm.sign()).clamp(i16::MIN.into(), i16::MAX.into()) as i16,
                    result: ResultCode::Draw,
                    stm: stm.index() as u8,
                });
            }
        }
        if s.adjudicate_cp > 0 {
            let white_view = match result.score {
                Score::Cp(cp) => cp * stm.sign(),
                Score::Mate(m) => (if m > 0 { stm.sign() } else { -stm.sign() }) * s.adjudicate_cp,
            };
            decided_run = if white_view >= s.adjudicate_cp {
                decided_run.max(0) + 1
            } else if white_view <= -s.adjudicate_cp {
                decided_run.min(0) - 1
            } else {
                0
            };
            if decided_run.unsigned_abs() as usize >= ADJUDICATE_PLIES {
                break Outcome::Win(if decided_run > 0 { Color::White } else { Color::Black });
            }
        }
        if s.draw.plies > 0 {
            let level = cp.is_some_and(|cp| cp.abs() <= s.draw.cp);
            level_run = if level { level_run + 1 } else { 0 };
            if level_run >= s.draw.plies && pos.history_len() >= s.draw.after {
                break Outcome::Draw;
            }
        }
        pos.make(best);
    };
    let result = match outcome {
        Outcome::Win(Color::White) => ResultCode::Win,
        Outcome::Win(Color::Black) => ResultCode::Loss,
        Outcome::Draw => ResultCode::Draw,
    };
    for r in &mut kept {
        r.result = result;
    }
    PlayedGame { record: GameRecord { start_fen, plies, result }, kept, by_tablebase }
}
