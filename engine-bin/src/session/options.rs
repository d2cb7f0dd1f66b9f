//! The options: what each dialect announces, what `setoption` does, and the settings they hold.
//!
//! Every option is declared once, as one entry of `options/table.rs` (Stockfish's option map is
//! the model): its UCI and UCCI names, its type with its default and range, and what setting it
//! changes. Everything else is derived from that entry by `options/entry.rs`, so an option's
//! range or default cannot disagree between places: the `option …` lines of both handshakes,
//! the parsing and range check of `setoption` with its error messages, and even
//! [`Settings::default`], which is the table's defaults applied in order. Adding an option is
//! adding one entry (plus the field of [`Settings`] it sets, if it sets one).
//!
//! One table serves both dialects. `setoption` accepts either name in either dialect, because
//! GUIs mix them (cchess sends `setoption name Hash value 64` to a UCCI engine); the range that
//! applies is the one announced in the dialect being spoken. A value that does not read or lies
//! outside the range is refused with a message (an `info string`) and the setting keeps its
//! value. Unknown names are an `info string` under UCI and silently ignored under UCCI, where
//! XQWizard sets options the engine never announced. In a `tune` build the search's constants
//! (`tunables.rs`) are entries too, made at run time, and take the same two paths.

mod entry;
mod table;
#[cfg(test)]
mod tests;

use super::nets::Nets;
use super::tablebases::TablebaseOptions;
use super::tunables;
use entry::Entry;
pub use entry::SetError;
use protocol::GameKind;
use protocol::{Dialect, OptionDecl, SetOption};

/// Current option values.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub ponder: bool,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub variant: GameKind,
    pub show_wdl: bool,
    /// `UCI_Chess960`: castling written and read as king-takes-rook (`games.rs` applies it).
    pub chess960: bool,
    pub move_limit: u32,
    pub batch: bool,
    pub debug: bool,
    /// `Skill Level` (UCI) or the level of UCCI `randomness`; 20 is full strength.
    pub skill_level: u8,
    pub limit_strength: bool,
    pub elo: i64,
    /// `Use NNUE`: evaluate with the game's net where one is loaded (by default the embedded
    /// ones, see `nets.rs`) instead of the hand-written evaluation.
    pub use_nnue: bool,
    pub nets: Nets,
    /// `SyzygyPath` and the other `Syzygy*` options (chess).
    pub tablebases: TablebaseOptions,
}

impl Default for Settings {
    /// The declared default of every option (a default the table cannot apply is a bug that
    /// the tests catch; it would leave the placeholder below).
    fn default() -> Self {
        let mut settings = Settings {
            hash_mb: 0,
            threads: 0,
            ponder: false,
            multipv: 0,
            move_overhead_ms: 0,
            variant: GameKind::Chess,
            show_wdl: false,
            chess960: false,
            move_limit: 0,
            batch: false,
            debug: false,
            skill_level: 0,
            limit_strength: false,
            elo: 0,
            use_nnue: false,
            nets: Nets { chess: None, xiangqi: None },
            tablebases: TablebaseOptions::default(),
        };
        for entry in table::TABLE {
            // Ignoring the effect: there is no engine yet to resize or switch.
            let _ = entry.reset(&mut settings);
        }
        settings
    }
}

/// What the session must do after an option changed, beyond storing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    ResizeHash,
    SetThreads,
    ClearHash,
    NewGame,
    SwitchGame(GameKind),
    /// The xiangqi move-count rule changed: re-apply it to the current position.
    Rules,
    /// `Use NNUE` or the net changed: give the engine its new evaluator.
    Eval,
    /// A `Syzygy*` option changed: give the engine its tables (and say what was found).
    Tablebases,
}

/// Every option of this build in announcement order: the table, then the search's tunable
/// constants (none without the `tune` feature).
fn entries() -> impl Iterator<Item = Entry> {
    table::TABLE.iter().copied().chain(tunables::params().iter().map(|&p| Entry::tunable(p)))
}

/// The `option …` lines of the handshake.
pub fn declarations(dialect: Dialect) -> Vec<String> {
    entries()
        .filter_map(|e| {
            Some(OptionDecl::new(e.name(dialect)?, e.declaration(dialect)).line(dialect))
        })
        .collect()
}

/// Applies `setoption`: the effect to carry out, or why nothing changed (`Ok(Effect::None)`
/// for names that are silently accepted).
pub fn apply(
    settings: &mut Settings,
    option: &SetOption,
    dialect: Dialect,
) -> Result<Effect, SetError> {
    if let Some(entry) = entries().find(|e| e.is_named(option)) {
        return entry.set(settings, option, dialect);
    }
    let ignored = table::IGNORED_UCCI.iter().any(|n| option.is(n));
    match dialect {
        Dialect::Uci if !ignored => Err(SetError::Unknown { name: option.name.clone() }),
        _ => Ok(Effect::None),
    }
}
