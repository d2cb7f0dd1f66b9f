//! The endgame tables the session probes through (chess only): the folders of `SyzygyPath`, the
//! probe settings of the other `Syzygy*` options, and what loading them said, which the session
//! prints as an `info string` once the option is applied.

use std::sync::Arc;
use syzygy::{ProbeSettings, Tables};

/// `SyzygyPath` values that mean "no tables" (Stockfish's default is `<empty>`).
pub const EMPTY_NAMES: &[&str] = &["", "<empty>"];

#[derive(Clone, Debug, Default)]
pub struct TablebaseOptions {
    /// `None` without tables, or after a path that gave none.
    pub tables: Option<Arc<Tables>>,
    pub probe: ProbeSettings,
    /// What the last `SyzygyPath` found, for the user; taken when printed.
    pub report: Option<String>,
}

impl TablebaseOptions {
    /// Opens the tables of `path`. Whatever it finds replaces the tables held before: a path
    /// that gives none leaves the engine without tables, and the report says why.
    pub fn load(&mut self, path: &str) {
        if EMPTY_NAMES.contains(&path) {
            self.report = self.tables.take().map(|_| "SyzygyPath: tables unloaded".to_owned());
            return;
        }
        match Tables::open(path) {
            Ok(tables) => {
                self.report = Some(format!("SyzygyPath: {}", tables.summary()));
                self.tables = Some(Arc::new(tables));
            }
            Err(e) => {
                self.report = Some(format!("SyzygyPath {path}: {e}; playing without tablebases"));
                self.tables = None;
            }
        }
    }
}
