//! The clock's transport lag, measured from the clocks the GUI sends. Between our answer and
//! the GUI's clock there is a pipe, an adapter (polyglot, uci2wb), the GUI's own loop and, on a
//! loaded machine, the scheduler; the GUI charges all of it to us. `Move Overhead` is the
//! user's guess of that lag. When the next `go` of the same game arrives, the clock it reports
//! tells what the GUI really charged for our last move:
//!
//! `charged = clock at the last go + increment − clock now`, `lag = charged − our own time`,
//!
//! where our own time is what the time manager counted (`SearchResult::thinking_ms`): parsing,
//! joining helper threads an oversubscribed machine had not scheduled and printing count as lag.
//! When the lag is larger than `Move Overhead`, the time manager plans with the lag instead.
//! A steady lag above the unused increment otherwise wears the clock down to a time loss: an
//! XBoard match through uci2wb on a loaded 2-core machine was lost on time that way, with the
//! default overhead.
//!
//! The estimate rises at once to a larger lag (a flag costs the game; a few milliseconds of
//! thinking cost little) and falls back slowly, by an eighth of the gap per move.

/// A lag above this is not transport (a GUI paused, a clock edited by hand): it is ignored.
const MAX_LAG_MS: u64 = 2000;
/// The estimate moves down by 1/DECAY of its distance to a smaller observation.
const DECAY: u64 = 8;
/// The overhead planned with is announced (`info string`) when it moved this far.
const ANNOUNCE_STEP_MS: u64 = 10;

/// One side's clock as a `go` reported it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    pub left_ms: u64,
    pub inc_ms: u64,
}

/// What we spent on the last timed move, to compare with the clock of the next `go`.
#[derive(Clone, Copy, Debug)]
struct LastMove {
    clock: Clock,
    spent_ms: u64,
}

#[derive(Debug, Default)]
pub struct LagMeter {
    last: Option<LastMove>,
    estimate_ms: u64,
    /// The overhead last announced; 0 before any.
    announced_ms: u64,
}

impl LagMeter {
    /// A new game (`ucinewgame`, a new position that does not continue the last one): the
    /// clocks can no longer be compared, but the lag of the machine and GUI is still known.
    pub fn forget_move(&mut self) {
        self.last = None;
    }

    /// At a `go`: `continues` says whether the position is the one our last move led to plus
    /// one reply, and `clock` is the side to move's clock, if the search is timed.
    pub fn observe(&mut self, continues: bool, clock: Option<Clock>) {
        let last = self.last.take();
        let (Some(last), Some(now), true) = (last, clock, continues) else {
            return;
        };
        // A clock that grew beyond the increment: a new time-control period, nothing to learn.
        let Some(charged) = (last.clock.left_ms + last.clock.inc_ms).checked_sub(now.left_ms)
        else {
            return;
        };
        let lag = charged.saturating_sub(last.spent_ms);
        if lag > MAX_LAG_MS {
            return;
        }
        self.estimate_ms = if lag >= self.estimate_ms {
            lag
        } else {
            self.estimate_ms - (self.estimate_ms - lag).div_ceil(DECAY)
        };
    }

    /// After a timed move: what the clock said and what we spent, for the next `observe`.
    /// `None` (an untimed or pondering search) leaves nothing to compare.
    pub fn record(&mut self, clock: Option<Clock>, spent_ms: u64) {
        self.last = clock.map(|clock| LastMove { clock, spent_ms });
    }

    /// The overhead the time manager should plan with: the user's, or the measured lag when
    /// that is larger.
    pub fn overhead_ms(&self, configured_ms: u64) -> u64 {
        configured_ms.max(self.estimate_ms)
    }

    /// The overhead to plan with when it moved [`ANNOUNCE_STEP_MS`] or more from the one last
    /// announced (or from `Move Overhead`, before any): the user should know why the engine
    /// moves faster than the clock suggests.
    pub fn announce(&mut self, configured_ms: u64) -> Option<u64> {
        let planned = self.overhead_ms(configured_ms);
        let was = self.announced_ms.max(configured_ms);
        (planned.abs_diff(was) >= ANNOUNCE_STEP_MS).then(|| {
            self.announced_ms = planned;
            planned
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(left_ms: u64) -> Option<Clock> {
        Some(Clock { left_ms, inc_ms: 50 })
    }

    /// Plays `moves` moves of `spent` ms each where the GUI charges `lag` more; returns the
    /// overhead planned with before each move.
    fn play(meter: &mut LagMeter, spent: u64, lags: &[u64]) -> Vec<u64> {
        let mut left = 5000;
        let mut planned = Vec::new();
        for &lag in lags {
            meter.observe(true, clock(left));
            planned.push(meter.overhead_ms(10));
            meter.record(clock(left), spent);
            left = left + 50 - spent - lag;
        }
        meter.observe(true, clock(left));
        planned.push(meter.overhead_ms(10));
        planned
    }

    #[test]
    fn no_lag_keeps_the_configured_overhead() {
        let mut meter = LagMeter::default();
        assert_eq!(play(&mut meter, 40, &[0, 3, 1, 5]), vec![10; 5]);
    }

    #[test]
    fn a_steady_lag_is_planned_with_from_the_second_move() {
        let mut meter = LagMeter::default();
        assert_eq!(play(&mut meter, 40, &[60, 60, 60]), vec![10, 60, 60, 60]);
    }

    #[test]
    fn the_estimate_rises_at_once_and_falls_slowly() {
        let mut meter = LagMeter::default();
        let planned = play(&mut meter, 40, &[200, 0, 0, 0]);
        assert_eq!(planned, vec![10, 200, 175, 153, 133]);
    }

    #[test]
    fn changes_of_ten_ms_or_more_are_announced() {
        let mut meter = LagMeter::default();
        let mut said = Vec::new();
        for lag in [0, 60, 55, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0] {
            meter.record(clock(5000), 40);
            meter.observe(true, clock(5000 + 50 - 40 - lag));
            said.push(meter.announce(10));
        }
        let said: Vec<u64> = said.into_iter().flatten().collect();
        assert_eq!(said, vec![60, 44, 33, 21, 11]);
        assert_eq!(meter.overhead_ms(10), 10);
    }

    #[test]
    fn other_games_new_periods_and_pauses_teach_nothing() {
        let mut meter = LagMeter::default();
        meter.record(clock(5000), 40);
        meter.observe(false, clock(4000));
        assert_eq!(meter.overhead_ms(10), 10, "not the same game");
        meter.record(clock(5000), 40);
        meter.observe(true, clock(60_000));
        assert_eq!(meter.overhead_ms(10), 10, "a new period");
        meter.record(clock(50_000), 40);
        meter.observe(true, clock(20_000));
        assert_eq!(meter.overhead_ms(10), 10, "a 30 s pause");
        meter.record(None, 40);
        meter.observe(true, clock(100));
        assert_eq!(meter.overhead_ms(10), 10, "an untimed move");
        meter.record(clock(5000), 40);
        meter.forget_move();
        meter.observe(true, clock(100));
        assert_eq!(meter.overhead_ms(10), 10, "ucinewgame");
    }
}
