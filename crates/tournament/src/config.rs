//! The settings of a match, as the command line describes them.

use crate::game::clock::TimeControl;
use crate::stats::sprt::SprtConfig;
use std::path::PathBuf;
use std::time::Duration;

/// Which game a match plays: the protocol crate's type, shared with the engine.
pub use game_api::GameKind;

/// Which protocol an engine speaks; `Auto` tries the game's usual one first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Proto {
    Auto,
    Uci,
    Ucci,
}

/// How an engine over UCI numbers xiangqi ranks: Fairy-Stockfish and GUIs that set
/// `UCI_Variant` use 1–10; Pikafish-style UCI uses 0–9 like UCCI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RankBase {
    Auto,
    Zero,
    One,
}

/// UCCI clocks are in seconds unless the engine takes `usemillisec`; some engines (Fairy-Stockfish)
/// read them as milliseconds without announcing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UcciTimeUnit {
    Auto,
    Seconds,
    Millis,
}

#[derive(Clone, Debug, PartialEq)]
pub struct EngineConfig {
    pub name: String,
    pub cmd: String,
    pub args: Vec<String>,
    pub dir: Option<PathBuf>,
    pub proto: Proto,
    /// `(name, value)` pairs, sent in order after the handshake.
    pub options: Vec<(String, String)>,
    pub limits: TimeControl,
    /// Slack over the clock before a move counts as a time forfeit.
    pub margin: Duration,
    /// How long to wait for an answer when no clock bounds it (handshake, nodes/depth searches).
    pub hang_timeout: Duration,
    pub ranks: RankBase,
    pub ucci_time: UcciTimeUnit,
}

impl EngineConfig {
    pub fn new(cmd: &str) -> EngineConfig {
        EngineConfig {
            name: String::new(),
            cmd: cmd.to_owned(),
            args: Vec::new(),
            dir: None,
            proto: Proto::Auto,
            options: Vec::new(),
            limits: TimeControl::default(),
            margin: Duration::from_millis(100),
            hang_timeout: Duration::from_secs(30),
            ranks: RankBase::Auto,
            ucci_time: UcciTimeUnit::Auto,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TournamentKind {
    /// The first engine plays every other one.
    Gauntlet,
    /// Everyone plays everyone (Berger tables).
    RoundRobin,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleSet {
    /// The default rules of each game (xiangqi: Asian rules with the move-count rule).
    Asian,
    /// Xiangqi club rules of CXQ on top of the Asian rules (docs/RULES.md).
    Cxq,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningFormat {
    Epd,
    Pgn,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningOrder {
    Sequential,
    Random,
}

/// Which built-in book a match without an opening file plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BuiltinBook {
    /// The default: tens of thousands of balanced positions (`data/*_book.epd`), enough that no
    /// fixed-node test replays a game pair.
    Large,
    /// The small named books of the first matches (373 chess lines, 36 xiangqi openings,
    /// `data/*_openings.txt`): `--openings book=classic`.
    Classic,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningConfig {
    /// `None` uses the built-in book of the game.
    pub file: Option<PathBuf>,
    /// Which built-in book, when `file` is `None`.
    pub book: BuiltinBook,
    pub format: OpeningFormat,
    pub order: OpeningOrder,
    /// Play at most this many plies of each opening line.
    pub plies: Option<usize>,
    /// Index (from 1) of the first opening to use.
    pub start: usize,
}

impl Default for OpeningConfig {
    fn default() -> Self {
        OpeningConfig {
            file: None,
            book: BuiltinBook::Large,
            format: OpeningFormat::Epd,
            order: OpeningOrder::Sequential,
            plies: None,
            start: 1,
        }
    }
}

/// Resign adjudication: a side whose score stays at or below `-score` centipawns for
/// `movecount` of its consecutive moves, while the opponent agrees, loses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ResignRule {
    pub movecount: u32,
    pub score: i32,
    pub twosided: bool,
}

/// Draw adjudication: after full move `movenumber`, both scores within `score` centipawns of 0
/// for `movecount` consecutive moves of each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DrawRule {
    pub movenumber: u32,
    pub movecount: u32,
    pub score: i32,
}

#[derive(Clone, Debug, PartialEq)]
pub struct MatchConfig {
    pub game: GameKind,
    pub engines: Vec<EngineConfig>,
    pub tournament: TournamentKind,
    /// Games per encounter (per pair of engines per round).
    pub games: u32,
    pub rounds: u32,
    /// Play each opening twice with colours swapped.
    pub repeat: bool,
    pub concurrency: usize,
    pub openings: OpeningConfig,
    pub pgnout: Option<PathBuf>,
    pub sprt: Option<SprtConfig>,
    pub rules: RuleSet,
    pub resign: Option<ResignRule>,
    pub draw: Option<DrawRule>,
    pub seed: u64,
    /// Print the progress line after every game (always on a terminal-free run too).
    pub quiet: bool,
    /// Xiangqi move-count rule in plies (default 120).
    pub move_limit: Option<usize>,
    /// Chess960 (`--variant fischerandom` or `--chess960`): engines get `UCI_Chess960`,
    /// castling is king-takes-rook, the built-in book is the 960 numbered start positions.
    pub chess960: bool,
    /// `--allow-replays`: let a fixed-node SPRT play more games than twice its distinct
    /// openings (see `runner::replay_check`).
    pub allow_replays: bool,
    /// `--tb DIR` (chess): Syzygy tablebase adjudication.
    pub tb: Option<TbConfig>,
}

/// Tablebase adjudication (`--tb DIR [--tb-pieces N]`, as cutechess-cli's and fastchess's
/// `-tb`): a chess game ends as soon as it reaches a position the tables know, with their
/// result, its fifty-move clock counted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TbConfig {
    /// The tables' folders as a `SyzygyPath`: separated by `:` (`;` on Windows).
    pub path: String,
    /// Adjudicate only positions of at most this many pieces, kings included (`None`: as many
    /// as the largest tables found have).
    pub pieces: Option<u32>,
}
