//! One game's side of the session: the position the GUI set up, the banned root moves, and the
//! engine (TT, threads) that searches it. Written once over [`Variant`].
//!
//! Policy for bad input (UCCI.md §4.1): a bad FEN leaves *no* position, so a later `go` answers
//! at once with nothing to play; an illegal move in `moves` keeps the position reached before
//! it and ignores the rest (as Fairy-Stockfish does). Both are reported with `info string`.

use super::engine::{Engine, TableReader};
use super::games::Variant;
use super::options::Settings;
use super::output::Out;
use game_api::{GenKind, Move, MoveList, Outcome};
use protocol::{shorten, HashBound, PopHash, PositionSpec, Score, UCCI_MATE};

pub struct Table<V: Variant> {
    /// `None` after a FEN that could not be read.
    pub(super) root: Option<V>,
    /// UCCI `banmoves`: root moves the searches must not play, until the next `position`.
    pub(super) banned: Vec<Move>,
    pub(super) engine: Engine<V>,
}

impl<V: Variant> Table<V> {
    pub fn new(settings: &Settings) -> Self {
        let mut root = V::startpos();
        root.apply_rules(settings);
        let mut table = Table {
            root: Some(root),
            banned: Vec::new(),
            engine: Engine::new(settings.hash_mb, settings.threads),
        };
        table.install_eval(settings);
        table
    }

    /// Gives the engine the evaluation the options ask for (`Use NNUE`, the current net).
    pub fn install_eval(&mut self, settings: &Settings) {
        self.engine.set_evaluator(V::evaluator(settings));
    }

    /// `position …`: replaces the position (clearing the banned moves).
    pub fn set_position(&mut self, spec: &PositionSpec, settings: &Settings, out: &Out) {
        self.banned.clear();
        match build::<V>(spec, settings) {
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

    /// Re-applies rule options to the current position (after `setoption`).
    pub fn apply_rules(&mut self, settings: &Settings) {
        if let Some(root) = &mut self.root {
            root.apply_rules(settings);
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

    /// `d`: the position as text.
    pub fn display(&self, out: &Out) {
        let Some(root) = &self.root else {
            out.note("no valid position");
            return;
        };
        let mut legal = MoveList::new();
        root.generate(GenKind::All, &mut legal);
        out.line(&format!("Game: {}", V::NAME));
        out.line(&format!("Fen: {}", root.fen()));
        out.line(&format!("Key: {:016X}", root.hash()));
        out.line(&format!(
            "Side to move: {}",
            V::COLOR_NAMES[root.side_to_move().index()]
        ));
        out.line(&format!("In check: {}", root.in_check()));
        let moves: Vec<String> = legal.iter().map(|&m| root.write_move(m)).collect();
        out.line(&format!(
            "Legal moves ({}): {}",
            moves.len(),
            moves.join(" ")
        ));
        if !self.banned.is_empty() {
            let banned: Vec<String> = self.banned.iter().map(|&m| root.write_move(m)).collect();
            out.line(&format!("Banned: {}", banned.join(" ")));
        }
        let status = match root.game_verdict() {
            None => "ongoing".to_owned(),
            Some(v) => match v.outcome {
                Outcome::Draw => format!("draw ({})", v.reason),
                Outcome::Win(side) => {
                    format!("{} wins ({})", V::COLOR_NAMES[side.index()], v.reason)
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
        let cp = self.engine.static_eval(root);
        out.line(&format!(
            "Evaluation: {cp} cp ({} to move)",
            V::COLOR_NAMES[root.side_to_move().index()]
        ));
    }

    /// UCCI `probe [position]`: what the hash table holds for that position (the current one
    /// when none is given). Always answers with a `pophash` line.
    pub fn probe(&self, spec: Option<&PositionSpec>, settings: &Settings, out: &Out) -> String {
        pophash_line(&self.engine.reader(), self.root.as_ref(), spec, settings, out)
    }

    /// The same answer, as a closure the input thread can run while a search holds the
    /// engine (UCCI says `probe` is answered at once).
    pub fn prober(&self, settings: &Settings) -> Prober {
        let reader = self.engine.reader();
        let root = self.root.clone();
        let settings = settings.clone();
        Box::new(move |spec, out| pophash_line(&reader, root.as_ref(), spec, &settings, out))
    }
}

/// Answers `probe` for a position that can be read from another thread.
pub type Prober = Box<dyn Fn(Option<&PositionSpec>, &Out) -> String + Send>;

/// The `pophash` line for `spec` (or `root`), from the TT behind `reader`.
fn pophash_line<V: Variant>(
    reader: &TableReader,
    root: Option<&V>,
    spec: Option<&PositionSpec>,
    settings: &Settings,
    out: &Out,
) -> String {
    let pos = match spec {
        None => root.cloned(),
        Some(spec) => match build::<V>(spec, settings) {
            Ok((pos, warning)) => {
                if let Some(w) = warning {
                    out.note(&format!("probe: {w}"));
                }
                Some(pos)
            }
            Err(e) => {
                out.note(&format!("probe: {e}"));
                None
            }
        },
    };
    let Some(pos) = pos else {
        return PopHash::default().line();
    };
    let Some(entry) = reader.probe(&pos) else {
        return PopHash::default().line();
    };
    let bound = HashBound {
        score: ucci_value(entry.score),
        depth: entry.depth,
    };
    PopHash {
        best: entry.best.map(|m| pos.write_move(m)),
        lower: entry.lower.then_some(bound),
        upper: entry.upper.then_some(bound),
    }
    .line()
}

/// A score as UCCI writes it: centipawns, or ±(10000 − plies) for mates.
pub fn ucci_value(score: Score) -> i32 {
    let plies = |p: u32| i32::try_from(p).unwrap_or(UCCI_MATE).min(UCCI_MATE);
    match score {
        Score::Cp(cp) => cp,
        Score::MateIn(p) => UCCI_MATE - plies(p),
        Score::MatedIn(p) => -(UCCI_MATE - plies(p)),
    }
}

/// History entries reserved up front for a `position … moves` list (longer games grow).
const MAX_RESERVED_PLIES: usize = 1024;

/// Sets up the position a `position` command names. `Err` for a FEN the game refuses; an
/// illegal move gives the position before it plus a warning.
pub fn build<V: Variant>(
    spec: &PositionSpec,
    settings: &Settings,
) -> Result<(V, Option<String>), String> {
    let mut pos = match &spec.fen {
        None => V::startpos(),
        Some(fen) => V::from_fen(fen).map_err(|e| format!("bad FEN '{}': {e}", shorten(fen)))?,
    };
    pos.apply_rules(settings);
    // Words a client added after the FEN (a league tool's own ` - - 0 1`): play on, but say so.
    let surplus = (!spec.ignored.is_empty())
        .then(|| format!("position: ignored '{}' after the FEN", shorten(&spec.ignored.join(" "))));
    // Reserve for a real game's length, not for the token count: a 16 MB line of garbage
    // "moves" would otherwise reserve millions of history entries before the first is refused.
    pos.reserve(spec.moves.len().min(MAX_RESERVED_PLIES));
    for (index, token) in spec.moves.iter().enumerate() {
        match pos.parse_move(token) {
            Ok(m) => pos.make(m),
            Err(e) => {
                let ignored = spec.moves.len() - index;
                let bad_move = format!(
                    "position: move {}: {e}; it and the {} move(s) after it are ignored",
                    index + 1,
                    ignored - 1
                );
                let warning = match surplus {
                    Some(s) => format!("{s}; {bad_move}"),
                    None => bad_move,
                };
                return Ok((pos, Some(warning)));
            }
        }
    }
    Ok((pos, surplus))
}
