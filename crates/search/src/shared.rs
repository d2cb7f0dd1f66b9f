//! What all threads of one search share: the TT, the flags and the published node counts.

use crate::limits::Limits;
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

/// Flags the protocol's input thread sets while a search runs. The caller resets them before
/// each search (`reset`), then hands `&Signals` to `Engine::search`.
#[derive(Default, Debug)]
pub struct Signals {
    /// `stop`: end the search now and return the best move so far.
    pub stop: AtomicBool,
    /// `ponderhit`: the opponent played the expected move; the clock now runs.
    pub ponderhit: AtomicBool,
}

impl Signals {
    pub fn reset(&self) {
        self.stop.store(false, Relaxed);
        self.ponderhit.store(false, Relaxed);
    }

    pub fn stop(&self) {
        self.stop.store(true, Relaxed);
    }

    pub fn ponderhit(&self) {
        self.ponderhit.store(true, Relaxed);
    }
}

/// A node counter on its own cache line, so threads publishing counts do not contend.
#[derive(Default)]
#[repr(align(64))]
pub struct NodeCounter(pub AtomicU64);

pub struct Shared<'a> {
    pub tt: &'a TranspositionTable,
    pub signals: &'a Signals,
    /// Set by the main thread when it is done; helpers stop at their next poll.
    pub abort: AtomicBool,
    /// Each thread's node count, published every poll interval.
    pub nodes: Box<[NodeCounter]>,
    pub limits: &'a Limits,
    /// Deepest iteration to run.
    pub max_depth: i32,
}

impl Shared<'_> {
    pub fn should_stop(&self) -> bool {
        self.abort.load(Relaxed) || self.signals.stop.load(Relaxed)
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.0.load(Relaxed)).sum()
    }
}
