//! How a search talks to the outside world while it runs: `info` lines through a [`Reporter`].

use crate::score::Score;
use game_api::Move;
use std::sync::atomic::{AtomicU16, Ordering::Relaxed};

/// What a reported score is: exact, or a bound from an aspiration window that failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// No bound information (a TT entry that only carries a move).
    None,
    /// The true score is at most this (fail low).
    Upper,
    /// The true score is at least this (fail high).
    Lower,
    Exact,
}

/// One `info` line: a finished iteration (or aspiration failure) of one principal variation.
#[derive(Clone, Debug)]
pub struct Info<'a> {
    pub depth: u32,
    pub seldepth: u32,
    /// 1-based index of this line when MultiPV > 1.
    pub multipv: usize,
    pub score: Score,
    pub bound: Bound,
    pub nodes: u64,
    pub nps: u64,
    /// Per mille of the TT filled by the current search.
    pub hashfull: u32,
    /// Endgame tablebase probes that answered, all threads.
    pub tb_hits: u64,
    pub time_ms: u64,
    pub pv: &'a [Move],
    /// The PV in the game's notation, each move written from the position it is played in.
    pub pv_text: &'a [String],
}

/// Receives progress while a search runs. Called from the search's main thread only.
pub trait Reporter: Sync {
    fn info(&self, info: &Info<'_>);
}

/// A reporter that drops everything (bench, tests).
pub struct Silent;

impl Reporter for Silent {
    fn info(&self, _: &Info<'_>) {}
}

/// Passes every line on and remembers the first move of the last principal variation shown
/// (MultiPV line 1), so that the engine can tell whether the move it plays was shown last.
pub(crate) struct ShownPv<'a, R: Reporter + ?Sized> {
    inner: &'a R,
    first: AtomicU16,
}

impl<'a, R: Reporter + ?Sized> ShownPv<'a, R> {
    pub fn new(inner: &'a R) -> Self {
        ShownPv { inner, first: AtomicU16::new(Move::NONE.0) }
    }

    /// The first move of the last line 1 shown; `Move::NONE` before any.
    pub fn first(&self) -> Move {
        Move(self.first.load(Relaxed))
    }
}

impl<R: Reporter + ?Sized> Reporter for ShownPv<'_, R> {
    fn info(&self, info: &Info<'_>) {
        if info.multipv == 1 {
            if let Some(first) = info.pv.first() {
                self.first.store(first.0, Relaxed);
            }
        }
        self.inner.info(info);
    }
}
