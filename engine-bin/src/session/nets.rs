//! The nets the session evaluates with: the embedded ones, or one loaded through `EvalFile` /
//! `evalfile`. A file's header says which game it is for; a bad file leaves the nets as they
//! were.
//!
//! A game plays with its embedded net by default only where that net beat the hand-written
//! evaluation in a match (crates/nnue/nets/README.md); both games' nets now do.

use game_api::GameKind;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::format::LoadError;
use nnue::{Net, NnueGame};
use std::sync::Arc;

/// `EvalFile` values that restore the nets a session starts with ([`Nets::defaults`]).
pub const EMBEDDED_NAMES: &[&str] = &["", "embedded", "<empty>"];

#[derive(Clone)]
pub struct Nets {
    /// `None` where a game has no net that beat its hand-written evaluation (see the module
    /// comment), or if an embedded net failed its own checks (a broken build); `Use NNUE` then
    /// falls back to the hand-written evaluation.
    pub chess: Option<Arc<Net>>,
    pub xiangqi: Option<Arc<Net>>,
}

impl std::fmt::Debug for Nets {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Nets {{ chess: {}, xiangqi: {} }}", self.chess.is_some(), self.xiangqi.is_some())
    }
}

impl Nets {
    /// The nets a session starts with.
    pub fn defaults() -> Nets {
        Nets { chess: Chess::embedded_net(), xiangqi: Xiangqi::embedded_net() }
    }

    /// Loads the net file at `path` (or restores the defaults for an `EMBEDDED_NAMES`
    /// value); returns a message for the user on failure, and then changes nothing.
    pub fn load(&mut self, path: &str) -> Result<(), String> {
        if EMBEDDED_NAMES.contains(&path) {
            *self = Nets::defaults();
            return Ok(());
        }
        let bytes = std::fs::read(path)
            .map_err(|e| format!("EvalFile {path}: cannot read: {e}; the current net stays"))?;
        let parsed = match Net::from_bytes::<Chess>(&bytes) {
            Err(LoadError::WrongGame { found: GameKind::Xiangqi, .. }) => {
                Net::from_bytes::<Xiangqi>(&bytes)
            }
            other => other,
        };
        let net = parsed.map_err(|e| format!("EvalFile {path}: {e}; the current net stays"))?;
        match net.tag {
            GameKind::Chess => self.chess = Some(Arc::new(net)),
            GameKind::Xiangqi => self.xiangqi = Some(Arc::new(net)),
        }
        Ok(())
    }
}
