//! The engine facade, in the style of Stockfish's `Engine`: one [`SessionEngine`] per game holds
//! the position the GUI set up, the banned root moves and the search (`search::Engine`: TT,
//! threads; named apart because it knows no position and no protocol), and offers
//! everything the session does with them — `position`, `banmoves`, `go` and its answer,
//! `probe`, `perft`, `genfens`, `d`, `eval` and the options that reach the search (`Hash`,
//! `Threads`, `Clear Hash`, the xiangqi move limit). Written once over [`PlayableGame`]; the
//! concrete games and the `match` on the active one are in `games.rs`.
//!
//! Only this module and its children run searches (`genfens/openings.rs` for the openings it
//! checks). Elsewhere the session touches the search crate in two narrow places: `control.rs`
//! holds the search's `Signals` (the stop and ponderhit flags the input thread sets) and
//! `tunables.rs` exposes `search::params`. Outside the session, the `bench` and `params`
//! subcommands use the search crate directly.
//!
//! Policy for bad input (docs/UCCI.md §4.1): a bad FEN leaves *no* position, so a later `go`
//! answers at once with nothing to play; an illegal move in `moves` keeps the position reached
//! before it and ignores the rest (as Fairy-Stockfish does). Both are reported with
//! `info string`.

mod genfens;
mod go;
mod lag;
mod perft;
mod position;
mod probe;
mod progress;

pub use go::GoContext;

use super::options::Settings;
use super::output::Out;
use game_api::{Evaluator, Game, GenKind, Move, MoveList, Outcome, Tablebase};
use position::build;
use protocol::PositionSpec;
use std::sync::Arc;

/// A game the session can play: its rules layer plus the evaluation the search uses for it.
pub trait PlayableGame: Game {
    type Eval: Evaluator<Self>;
    /// Applies rule options that belong to a position (xiangqi's move-count limit).
    fn apply_rules(&mut self, _settings: &Settings) {}
    /// The evaluator the options ask for (`Use NNUE`, the loaded net).
    fn evaluator(settings: &Settings) -> Self::Eval;
    /// The endgame tables the options ask for (`SyzygyPath`); none where the game has none.
    fn tablebase(_settings: &Settings) -> Option<Arc<dyn Tablebase<Self>>> {
        None
    }
}

/// One game's engine: position, banned moves and search.
pub struct SessionEngine<G: PlayableGame> {
    /// `None` after a FEN that could not be read.
    root: Option<G>,
    /// UCCI `banmoves`: root moves the searches must not play, until the next `position`.
    banned: Vec<Move>,
    search: search::Engine<G, G::Eval>,
    /// The position our last timed move led to, and the clock lag measured so far: a `go` in
    /// the position one reply later tells what the GUI charged for that move (`lag.rs`).
    played: Option<G>,
    lag: lag::LagMeter,
}

impl<G: PlayableGame> SessionEngine<G> {
    /// A fresh engine at the start position, sized by `Hash` and `Threads`.
    pub fn new(settings: &Settings) -> Self {
        let mut root = G::startpos();
        root.apply_rules(settings);
        let mut engine = SessionEngine {
            root: Some(root),
            banned: Vec::new(),
            search: search::Engine::new(settings.hash_mb, settings.threads),
            played: None,
            lag: lag::LagMeter::default(),
        };
        engine.install_eval(settings);
        engine.install_tablebase(settings);
        engine
    }

    /// Gives the search the endgame tables the options ask for (`SyzygyPath`).
    pub fn install_tablebase(&mut self, settings: &Settings) {
        self.search.set_tablebase(G::tablebase(settings));
    }

    /// Gives every search thread the evaluation the options ask for (`Use NNUE`, `EvalFile`).
    pub fn install_eval(&mut self, settings: &Settings) {
        self.search.set_evaluator(G::evaluator(settings));
    }

    // ----- options -----

    /// `Hash`: resizes the table; returns the size obtained in MB (less than `mb` when the
    /// machine cannot give that much).
    pub fn set_hash_mb(&mut self, mb: usize) -> usize {
        self.search.set_hash_mb(mb)
    }

    /// The table's size in MB, as obtained.
    pub fn hash_mb_obtained(&self) -> usize {
        self.search.hash_mb_obtained()
    }

    /// `Threads`.
    pub fn set_threads(&mut self, threads: usize) {
        self.search.set_threads(threads);
    }

    /// Forgets the TT and the histories (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        self.search.clear();
        self.played = None;
        self.lag.forget_move();
    }

    /// Re-applies rule options to the current position (after `setoption`).
    pub fn apply_rules(&mut self, settings: &Settings) {
        if let Some(root) = &mut self.root {
            root.apply_rules(settings);
        }
    }

    // ----- position -----

    /// `position …`: replaces the position (clearing the banned moves).
    pub fn set_position(&mut self, spec: &PositionSpec, settings: &Settings, out: &Out) {
        self.banned.clear();
        match build::<G>(spec, settings) {
            Ok((pos, warning)) => {
                if let Some(w) = warning {
                    out.note(&w);
                }
                self.root = Some(pos);
            }
            Err(e) => {
                out.note(&e);
                self.root = None;
            }
        }
    }

    /// `banmoves m…`: every token must be a legal move here; bad ones are reported and skipped.
    pub fn ban(&mut self, tokens: &[String], out: &Out) {
        let Some(root) = &self.root else {
            out.note("banmoves: no valid position to ban moves in");
            return;
        };
        self.banned.clear();
        // One line for all bad tokens: 100,000 of them gave 100,000 lines, and the next
        // `isready` waited 9-10 s behind them.
        let mut bad = 0usize;
        let mut first_error = None;
        for token in tokens {
            match root.parse_move(token) {
                Ok(m) => self.banned.push(m),
                Err(e) => {
                    bad += 1;
                    first_error.get_or_insert(e.to_string());
                }
            }
        }
        if let Some(first) = first_error {
            out.note(&match bad {
                1 => format!("banmoves: {first}"),
                n => format!("banmoves: {n} tokens ignored, the first: {first}"),
            });
        }
    }

    // ----- inspection -----

    /// `d`: the position as text.
    pub fn display(&self, out: &Out) {
        let Some(root) = &self.root else {
            out.note("no valid position");
            return;
        };
        let mut legal = MoveList::new();
        root.generate(GenKind::All, &mut legal);
        out.line(&format!("Game: {}", G::NAME));
        out.line(&format!("Fen: {}", root.fen()));
        out.line(&format!("Key: {:016X}", root.hash()));
        out.line(&format!("Side to move: {}", G::COLOR_NAMES[root.side_to_move().index()]));
        out.line(&format!("In check: {}", root.in_check()));
        let moves: Vec<String> = legal.iter().map(|&m| root.write_move(m)).collect();
        out.line(&format!("Legal moves ({}): {}", moves.len(), moves.join(" ")));
        if !self.banned.is_empty() {
            let banned: Vec<String> = self.banned.iter().map(|&m| root.write_move(m)).collect();
            out.line(&format!("Banned: {}", banned.join(" ")));
        }
        let status = match root.game_verdict() {
            None => "ongoing".to_owned(),
            Some(v) => match v.outcome {
                Outcome::Draw => format!("draw ({})", v.reason),
                Outcome::Win(side) => {
                    format!("{} wins ({})", G::COLOR_NAMES[side.index()], v.reason)
                }
            },
        };
        out.line(&format!("Status: {status}"));
    }

    /// `eval`: the static evaluation, side to move's view.
    pub fn eval(&mut self, out: &Out) {
        let Some(root) = &self.root else {
            out.note("eval: no valid position");
            return;
        };
        let cp = self.search.static_eval(root);
        out.line(&format!(
            "Evaluation: {cp} cp ({} to move)",
            G::COLOR_NAMES[root.side_to_move().index()]
        ));
    }
}
