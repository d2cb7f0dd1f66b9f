//! Syzygy endgame tablebases for chess: finding the tables of a `SyzygyPath` (`tables.rs`),
//! the engine's position as the prober's (`convert.rs`), the root ranking (`root.rs`), and
//! [`Syzygy`], the handle the search probes through `game_api::Tablebase`.
//!
//! The prober is `shakmaty-syzygy` rather than our own or a Fathom port: it is the prober of
//! the Lichess tablebase server, so it has read the full 7-piece set in production for years;
//! it is plain Rust with typed errors (a missing, misnamed or damaged table is an error value,
//! never a crash or a global), its handle is `Sync`, so every search thread probes it without a
//! lock, and its licence (GPL-3.0-or-later) is ours. Its cost is a position conversion per
//! probe (bitboards to bitboards, no allocation), and probes are rare: only positions right
//! after a capture or pawn move, with few pieces, are probed inside the tree.

mod convert;
mod root;
mod tables;

pub use convert::to_shakmaty;
pub use root::dtz_rank;
pub use tables::{LoadError, Tables, PATH_SEPARATOR};

use game_api::{Move, Tablebase, TbRootRanking, Wdl};
use movegen_chess::Chess;
use std::sync::Arc;

/// The UCI options that steer probing, with Stockfish's names and defaults.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProbeSettings {
    /// `SyzygyProbeDepth`: the least remaining depth at which positions with as many pieces as
    /// the largest tables are probed (fewer pieces are probed at any depth).
    pub probe_depth: i32,
    /// `SyzygyProbeLimit`: never probe positions with more pieces than this.
    pub probe_limit: u32,
    /// `Syzygy50MoveRule`: cursed wins and blessed losses are draws.
    pub fifty_move_rule: bool,
}

impl Default for ProbeSettings {
    fn default() -> Self {
        ProbeSettings { probe_depth: 1, probe_limit: 7, fifty_move_rule: true }
    }
}

/// Tables plus the settings they are probed with: what the search holds.
#[derive(Clone, Debug)]
pub struct Syzygy {
    tables: Arc<Tables>,
    settings: ProbeSettings,
}

impl Syzygy {
    pub fn new(tables: Arc<Tables>, settings: ProbeSettings) -> Self {
        Syzygy { tables, settings }
    }

    pub fn tables(&self) -> &Tables {
        &self.tables
    }

    /// The most pieces a position may have to be probed.
    pub fn cardinality(&self) -> u32 {
        self.tables.max_pieces().min(self.settings.probe_limit)
    }

    /// Whether `pos` is small enough and has no castling rights.
    fn in_reach(&self, pos: &Chess) -> bool {
        pos.piece_count() <= self.cardinality() && !pos.has_castling_rights()
    }
}

impl Tablebase<Chess> for Syzygy {
    fn probe_wdl(&self, pos: &Chess, depth: i32) -> Option<Wdl> {
        let pieces = pos.piece_count();
        let cardinality = self.cardinality();
        if pieces > cardinality
            || (pieces == cardinality && depth < self.settings.probe_depth)
            || pos.has_castling_rights()
        {
            return None;
        }
        self.tables.wdl_after_zeroing(&to_shakmaty(pos)?).ok()
    }

    fn rank_root(&self, pos: &Chess, moves: &[Move]) -> Option<TbRootRanking> {
        if !self.in_reach(pos) || moves.is_empty() {
            return None;
        }
        root::rank(&self.tables, pos, moves, self.settings.fifty_move_rule)
    }

    fn fifty_move_rule(&self) -> bool {
        self.settings.fifty_move_rule
    }
}

/// The result a tablebase gives a game at `pos`, with its fifty-move clock counted, for
/// adjudication: `Some(Wdl)` for the side to move (a cursed win is a draw under the rule, so
/// it comes back as `CursedWin` and the caller scores it a draw), `None` when the position is
/// outside the tables or the tables cannot tell.
pub fn game_result(tables: &Tables, pos: &Chess, max_pieces: u32) -> Option<Wdl> {
    if pos.piece_count() > max_pieces.min(tables.max_pieces()) || pos.has_castling_rights() {
        return None;
    }
    let sp = to_shakmaty(pos)?;
    match tables.wdl(&sp) {
        Ok(found) => found,
        // Without the DTZ table the clock cannot be counted: only a fresh clock is certain.
        Err(_) if pos.halfmove_clock() == 0 => tables.wdl_after_zeroing(&sp).ok(),
        Err(_) => None,
    }
}
