//! What the input thread and the session thread share: a ledger of forwarded commands and
//! searches, kept under one mutex so that `isready`, `stop` and `ponderhit` reach the right
//! search even when they overtake the queue.
//!
//! Why a ledger rather than bare flags: a GUI may pipeline `position`, `go infinite`, `stop`
//! faster than the session thread takes them off the channel. A bare stop flag set before the
//! search starts would be wiped by the search's own reset and the GUI would wait forever. So every
//! forwarded `go` gets a sequence number, and `stop`/`ponderhit` record the highest number they
//! apply to; a search checks the ledger when it starts. Likewise `isready` is answered at once
//! only when every command sent before it has been dealt with (a running search counts as dealt
//! with), otherwise it is owed and paid by the session thread as soon as that is true.

use super::output::Out;
use protocol::PositionSpec;
use search::Signals;
use std::collections::VecDeque;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::{Mutex, MutexGuard};

/// Answers UCCI `probe` for the position being searched, from another thread (see
/// `SessionEngine::prober`).
pub type Prober = Box<dyn Fn(Option<&PositionSpec>, &Out) -> String + Send>;

#[derive(Default)]
struct Ledger {
    /// Messages forwarded to the session thread.
    sent: u64,
    /// Of those, the ones dealt with (a `go` counts as soon as its search has started).
    done: u64,
    /// `readyok`s owed: each is paid once `done` reaches the value.
    owed_ready: VecDeque<u64>,
    /// Sequence number of the last `go` forwarded (the first is 1).
    gos_sent: u64,
    /// Searches that have printed their answer.
    gos_finished: u64,
    /// Every search numbered at or below this is to stop.
    stop_through: u64,
    /// Every search numbered at or below this got its `ponderhit`.
    ponderhit_through: u64,
    /// Every search numbered at or below this got `ponderhit draw`.
    draw_through: u64,
    /// The search running now.
    running: Option<u64>,
    /// `gos_sent` when the input thread last switched batch mode on: searches numbered at or
    /// below this were sent before it.
    batch_from: u64,
}

impl Ledger {
    /// A search (or perft) is running and has not been told to stop: whatever is queued behind
    /// it waits for the GUI's `stop`, so `isready` must not.
    fn search_holds_queue(&self) -> bool {
        self.running.is_some_and(|seq| seq > self.stop_through)
    }
}

/// A search in progress, as the session thread holds it between `begin_search` and
/// `end_search`.
#[must_use = "a started search must be ended with end_search"]
pub struct Ticket {
    seq: u64,
}

impl Ticket {
    /// The search's number (1 for the session's first `go`).
    pub fn seq(&self) -> u64 {
        self.seq
    }
}

pub struct Control {
    ledger: Mutex<Ledger>,
    /// The flags the running search polls.
    pub signals: Signals,
    /// UCCI `batch`: while on, control commands are queued like any other (the spec's "do not
    /// read input while thinking", so a piped script runs in order).
    pub batch: AtomicBool,
    pub out: Out,
    /// While a search runs: answers UCCI `probe` from the input thread (the TT is lockless).
    prober: Mutex<Option<Prober>>,
}

/// What the input thread should do with a `stop` it read.
pub enum StopAction {
    /// A search was running or queued; it has been told.
    Delivered,
    /// Nothing to stop: the session thread answers it in order (UCCI `nobestmove`).
    Idle,
}

impl Control {
    pub fn new() -> Self {
        Control {
            ledger: Mutex::new(Ledger::default()),
            signals: Signals::default(),
            batch: AtomicBool::new(false),
            out: Out,
            prober: Mutex::new(None),
        }
    }

    fn ledger(&self) -> MutexGuard<'_, Ledger> {
        // A panic on the other thread must not take the protocol down with it: the ledger's
        // counters stay meaningful whatever was interrupted.
        self.ledger.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Installs (at a search's start) or removes (at its end) the mid-search `probe` answer.
    pub fn set_prober(&self, prober: Option<Prober>) {
        *self.prober.lock().unwrap_or_else(|poisoned| poisoned.into_inner()) = prober;
    }

    /// Answers `probe` now if a search is running; `false` if it must wait its turn.
    pub fn probe_now(&self, spec: Option<&PositionSpec>) -> bool {
        let prober = self.prober.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        match prober.as_ref() {
            Some(answer) => {
                let line = answer(spec, &self.out);
                self.out.line(&line);
                true
            }
            None => false,
        }
    }

    pub fn batch(&self) -> bool {
        self.batch.load(Relaxed)
    }

    // ----- input thread -----

    /// UCCI `setoption batch …`, applied by the input thread for the very next line.
    pub fn set_batch(&self, on: bool) {
        if on && !self.batch() {
            let mut l = self.ledger();
            l.batch_from = l.gos_sent;
        }
        self.batch.store(on, Relaxed);
    }

    /// `stop` read in batch mode: ends the searches sent before batch mode was switched on, if
    /// any is unfinished (an infinite search started just before `setoption batch` waited for a
    /// `stop` that was queued behind it: the engine hung). True when it did; the `stop` is then
    /// not queued, as a delivered `stop` is not outside batch mode.
    pub fn stop_searches_before_batch(&self) -> bool {
        let mut l = self.ledger();
        if l.gos_finished >= l.batch_from || l.stop_through >= l.batch_from {
            return false;
        }
        l.stop_through = l.batch_from;
        if l.running.is_some_and(|seq| seq <= l.batch_from) {
            self.signals.stop();
        }
        true
    }

    /// Records a message about to be forwarded; for a `go`, returns its sequence number.
    /// Call it right before sending, from the (single) input thread.
    pub fn note_sent(&self, is_go: bool) -> u64 {
        let mut l = self.ledger();
        l.sent += 1;
        if is_go {
            l.gos_sent += 1;
        }
        l.gos_sent
    }

    /// `isready`: `readyok` now if everything sent before it has been dealt with, or if a
    /// search (or perft) that has not been told to stop is running: UCI wants `isready`
    /// answered at once during a search, and the commands queued behind it cannot move until
    /// the GUI sends `stop` (`position` / `go infinite` / `position` / `isready` waited for
    /// `stop`). Otherwise it is owed until the queue before it drains, which only takes the
    /// time of those commands (and of a stopped search winding down).
    pub fn is_ready(&self) {
        let mut l = self.ledger();
        if l.done >= l.sent || l.search_holds_queue() {
            self.out.line("readyok");
        } else {
            let threshold = l.sent;
            l.owed_ready.push_back(threshold);
        }
    }

    /// `stop`: ends the running search and any search queued so far.
    pub fn stop(&self) -> StopAction {
        let mut l = self.ledger();
        if l.gos_sent == l.gos_finished {
            return StopAction::Idle;
        }
        l.stop_through = l.gos_sent;
        if l.running.is_some() {
            self.signals.stop();
        }
        StopAction::Delivered
    }

    /// `ponderhit [draw]`: the running (or queued) ponder search may now use its clock.
    pub fn ponderhit(&self, draw: bool) {
        let mut l = self.ledger();
        if l.gos_sent == l.gos_finished {
            return;
        }
        l.ponderhit_through = l.gos_sent;
        if draw {
            l.draw_through = l.gos_sent;
        }
        if l.running.is_some() {
            self.signals.ponderhit();
        }
    }

    /// `quit` (or end of input): every search sent so far stops.
    pub fn stop_everything(&self) {
        let mut l = self.ledger();
        l.stop_through = l.gos_sent;
        if l.running.is_some() {
            self.signals.stop();
        }
    }

    // ----- session thread -----

    /// A forwarded message other than `go` has been dealt with.
    pub fn mark_done(&self) {
        let mut l = self.ledger();
        l.done += 1;
        self.pay_owed(&mut l);
    }

    /// Pays the `readyok`s now due: those whose commands have all been dealt with, and all of
    /// them once a search that is not stopped is running (the same rule as `is_ready`, for an
    /// `isready` read before the search had started).
    fn pay_owed(&self, l: &mut Ledger) {
        let all = l.search_holds_queue();
        while l.owed_ready.front().is_some_and(|&t| all || t <= l.done) {
            l.owed_ready.pop_front();
            self.out.line("readyok");
        }
    }

    /// Starts search `seq`: resets the flags, then applies a `stop`/`ponderhit` that overtook
    /// it in the queue. Counts the `go` as dealt with.
    pub fn begin_search(&self, seq: u64) -> Ticket {
        let mut l = self.ledger();
        self.signals.reset();
        if l.stop_through >= seq {
            self.signals.stop();
        }
        if l.ponderhit_through >= seq {
            self.signals.ponderhit();
        }
        l.running = Some(seq);
        l.done += 1;
        self.pay_owed(&mut l);
        Ticket { seq }
    }

    /// Whether the GUI offered a draw with `ponderhit draw` during this search.
    pub fn draw_offered(&self, ticket: &Ticket) -> bool {
        self.ledger().draw_through >= ticket.seq
    }

    /// Whether the running search (or perft) has been told to stop.
    pub fn is_stopped(&self) -> bool {
        self.signals.stop.load(Relaxed)
    }

    /// Whether `stop` or `ponderhit` has released this search (an infinite or ponder search may
    /// answer only then).
    pub fn released(&self) -> bool {
        self.is_stopped() || self.signals.ponderhit.load(Relaxed)
    }

    /// Prints the search's last line and marks it finished, atomically with respect to `stop`:
    /// a `stop` read after this is idle, one read before it was for this search.
    pub fn end_search(&self, ticket: Ticket, answer: &str) {
        let mut l = self.ledger();
        self.out.line(answer);
        l.running = None;
        l.gos_finished = l.gos_finished.max(ticket.seq);
    }
}
