//! What all threads of one search share: the TT, the flags and the published node counts.

use crate::limits::Limits;
use crate::tt::TranspositionTable;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

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
    /// Each thread's tablebase hits, published with the node counts.
    pub tb_hits: Box<[NodeCounter]>,
    pub limits: &'a Limits,
    /// Deepest iteration to run.
    pub max_depth: i32,
    /// The main thread's hard time limit, for every thread to watch (see `Deadline`).
    pub deadline: Deadline,
    /// Helpers wait here until the main thread has started them all (see `StartGate`).
    pub start_gate: StartGate,
}

impl Shared<'_> {
    pub fn should_stop(&self) -> bool {
        self.abort.load(Relaxed) || self.signals.stop.load(Relaxed)
    }

    /// A helper's clock check: past the deadline, it ends the search for everyone.
    pub fn helper_sees_time_up(&self) -> bool {
        if self.deadline.passed() {
            self.deadline.time_up.store(true, Relaxed);
            return true;
        }
        false
    }

    pub fn total_nodes(&self) -> u64 {
        self.nodes.iter().map(|c| c.0.load(Relaxed)).sum()
    }

    pub fn total_tb_hits(&self) -> u64 {
        self.tb_hits.iter().map(|c| c.0.load(Relaxed)).sum()
    }
}

/// The hard time limit, shared. Why every thread watches it, not only the main thread: with far
/// more threads than cores (`Threads 256` on two cores) the main thread runs only a sliver of
/// each scheduling round and saw its deadline hundreds of milliseconds late (`go movetime 100`
/// answered after 0.8–1.5 s). Whichever thread runs first after the deadline raises `time_up`;
/// helpers then stop, and the main thread stops at its next poll as if its own clock had run out.
pub struct Deadline {
    /// When the search started; `at_ms` counts from here.
    origin: Instant,
    /// Milliseconds after `origin`; `u64::MAX` while there is none (untimed, or pondering).
    at_ms: AtomicU64,
    /// Some thread saw the deadline pass.
    pub time_up: AtomicBool,
}

impl Deadline {
    pub fn new(origin: Instant, at: Option<Instant>) -> Self {
        let deadline =
            Deadline { origin, at_ms: AtomicU64::new(u64::MAX), time_up: AtomicBool::new(false) };
        deadline.set(at);
        deadline
    }

    /// Publishes a new deadline (the main thread, on `ponderhit`).
    pub fn set(&self, at: Option<Instant>) {
        let ms = at.map_or(u64::MAX, |at| {
            at.saturating_duration_since(self.origin).as_millis().min(u128::from(u64::MAX - 1))
                as u64
        });
        self.at_ms.store(ms, Relaxed);
    }

    pub fn passed(&self) -> bool {
        let at = self.at_ms.load(Relaxed);
        at != u64::MAX && self.origin.elapsed().as_millis() >= u128::from(at)
    }
}

/// Holds the helpers until all of them exist. Why: a helper that starts searching at once
/// competes for the cores with the main thread while it is still spawning the rest; with 255
/// helpers on two cores the spawning loop itself took seconds.
#[derive(Default)]
pub struct StartGate {
    open: Mutex<bool>,
    opened: Condvar,
}

impl StartGate {
    /// Blocks until `open` (at once if it already happened).
    pub fn wait(&self) {
        let mut open = self.open.lock().unwrap_or_else(|p| p.into_inner());
        while !*open {
            open = self.opened.wait(open).unwrap_or_else(|p| p.into_inner());
        }
    }

    pub fn open(&self) {
        *self.open.lock().unwrap_or_else(|p| p.into_inner()) = true;
        self.opened.notify_all();
    }
}
