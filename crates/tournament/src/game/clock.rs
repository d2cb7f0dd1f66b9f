//! Time controls and the clocks the runner keeps for each side.
//!
//! The runner, not the engine, owns the clock: it measures the wall time of every move, sends
//! the remaining time with each `go`, and declares a forfeit when a move took longer than the
//! time left plus a margin (engines never see the margin; it only absorbs pipe and scheduler
//! jitter).

use std::fmt;
use std::time::Duration;

/// A time control: what limits one engine's search in a match (`tc=`, `st=`, nodes, depth; not
/// `search::Limits`, which is one `go`). Clock, fixed time, nodes and depth may be combined (the
/// engine gets all of them); at least one must be set unless the control is `inf`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TimeControl {
    pub clock: Option<ClockSpec>,
    /// Fixed time per move (`st=`).
    pub movetime: Option<Duration>,
    pub nodes: Option<u64>,
    pub depth: Option<u32>,
    /// `tc=inf`: no limit at all (the engine must be told something else, e.g. depth).
    pub infinite: bool,
}

impl TimeControl {
    pub fn is_set(&self) -> bool {
        self.clock.is_some()
            || self.movetime.is_some()
            || self.nodes.is_some()
            || self.depth.is_some()
            || self.infinite
    }

    /// How long a move may take before the engine forfeits on time, if time is what limits it.
    pub fn move_deadline(&self, clock: &Clock, margin: Duration) -> Option<Duration> {
        if self.clock.is_some() {
            Some(clock.remaining + margin)
        } else {
            self.movetime.map(|t| t + margin)
        }
    }

    /// Text for the PGN `TimeControl` tag.
    pub fn pgn_tag(&self) -> String {
        match (&self.clock, self.movetime) {
            (Some(c), _) => c.pgn_tag(),
            (None, Some(t)) => format!("{}/move", secs_text(t)),
            (None, None) => "-".to_owned(),
        }
    }
}

/// A clock control: `moves/base+increment` (moves per period optional).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockSpec {
    pub moves_per_period: Option<u32>,
    pub base: Duration,
    pub increment: Duration,
}

impl ClockSpec {
    fn pgn_tag(&self) -> String {
        let mut text = String::new();
        if let Some(m) = self.moves_per_period {
            text.push_str(&format!("{m}/"));
        }
        text.push_str(&secs_text(self.base));
        if !self.increment.is_zero() {
            text.push('+');
            text.push_str(&secs_text(self.increment));
        }
        text
    }
}

fn secs_text(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{}", s as u64)
    } else {
        format!("{s}")
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TimeControlError(pub String);

impl fmt::Display for TimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "bad time control '{}': expected [moves/]time[+increment] or inf", self.0)
    }
}

impl std::error::Error for TimeControlError {}

/// Parses cutechess-cli's `tc=` value: `inf`, `40/60`, `10+0.1`, `40/1:30+0.5` (time in
/// seconds, or `minutes:seconds`).
pub fn parse_tc(text: &str) -> Result<TimeControl, TimeControlError> {
    let err = || TimeControlError(text.to_owned());
    if text.eq_ignore_ascii_case("inf") || text.eq_ignore_ascii_case("infinite") {
        return Ok(TimeControl { infinite: true, ..TimeControl::default() });
    }
    let (moves, rest) = match text.split_once('/') {
        Some((m, rest)) => (Some(m.parse::<u32>().ok().filter(|&m| m > 0).ok_or_else(err)?), rest),
        None => (None, text),
    };
    let (base, inc) = match rest.split_once('+') {
        Some((b, i)) => (b, Some(i)),
        None => (rest, None),
    };
    let base = parse_clock_time(base).ok_or_else(err)?;
    let increment = match inc {
        Some(i) => parse_seconds(i).ok_or_else(err)?,
        None => Duration::ZERO,
    };
    if base.is_zero() && increment.is_zero() {
        return Err(err());
    }
    Ok(TimeControl {
        clock: Some(ClockSpec { moves_per_period: moves, base, increment }),
        ..TimeControl::default()
    })
}

/// Seconds as a non-negative decimal number.
pub fn parse_seconds(text: &str) -> Option<Duration> {
    let value: f64 = text.trim().parse().ok()?;
    if !value.is_finite() || !(0.0..=1e9).contains(&value) {
        return None;
    }
    Some(Duration::from_secs_f64(value))
}

/// `seconds` or `minutes:seconds`.
fn parse_clock_time(text: &str) -> Option<Duration> {
    match text.split_once(':') {
        Some((min, sec)) => {
            let min: u64 = min.parse().ok()?;
            Some(Duration::from_secs(min.checked_mul(60)?) + parse_seconds(sec)?)
        }
        None => parse_seconds(text),
    }
}

/// One side's clock during a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    pub remaining: Duration,
    /// Moves still to play in the current period (`None` without moves per period).
    pub moves_to_go: Option<u32>,
    spec: Option<ClockSpec>,
}

/// What happened to a clock when a move was charged to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Charge {
    InTime,
    /// The move took longer than the time left plus the margin.
    Forfeit,
}

impl Clock {
    pub fn new(limits: &TimeControl) -> Clock {
        match limits.clock {
            Some(spec) => {
                Clock { remaining: spec.base, moves_to_go: spec.moves_per_period, spec: Some(spec) }
            }
            None => Clock { remaining: Duration::ZERO, moves_to_go: None, spec: None },
        }
    }

    /// The increment this clock gains per move (zero without a clock control).
    pub fn increment(&self) -> Duration {
        self.spec.map(|s| s.increment).unwrap_or(Duration::ZERO)
    }

    /// Charges a move that took `elapsed`: forfeit if it overstepped `remaining + margin`
    /// (or `movetime + margin` for fixed time per move), otherwise deducts it, adds the
    /// increment, and starts a new period when this one's moves are done.
    pub fn charge(&mut self, elapsed: Duration, limits: &TimeControl, margin: Duration) -> Charge {
        if let Some(deadline) = limits.move_deadline(self, margin) {
            if elapsed > deadline {
                self.remaining = self.remaining.saturating_sub(elapsed);
                return Charge::Forfeit;
            }
        }
        let Some(spec) = self.spec else {
            return Charge::InTime;
        };
        // Within the margin but past zero: the engine keeps playing on an empty clock.
        self.remaining = self.remaining.saturating_sub(elapsed) + spec.increment;
        if let Some(left) = self.moves_to_go {
            if left <= 1 {
                self.remaining += spec.base;
                self.moves_to_go = spec.moves_per_period;
            } else {
                self.moves_to_go = Some(left - 1);
            }
        }
        Charge::InTime
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn parses_cutechess_time_controls() {
        let tc = parse_tc("40/60+0.6").unwrap().clock.unwrap();
        assert_eq!(
            tc,
            ClockSpec { moves_per_period: Some(40), base: ms(60_000), increment: ms(600) }
        );
        let tc = parse_tc("1:30+1").unwrap().clock.unwrap();
        assert_eq!((tc.base, tc.increment, tc.moves_per_period), (ms(90_000), ms(1000), None));
        assert_eq!(parse_tc("10").unwrap().clock.unwrap().base, ms(10_000));
        assert!(parse_tc("inf").unwrap().infinite);
        for bad in ["", "x", "0/10", "10+", "-5", "40/", "0+0", "1:xx"] {
            assert!(parse_tc(bad).is_err(), "{bad:?} accepted");
        }
        assert_eq!(parse_tc("40/60").unwrap().pgn_tag(), "40/60");
        assert_eq!(parse_tc("10+0.1").unwrap().pgn_tag(), "10+0.1");
    }

    #[test]
    fn increment_is_added_after_the_move() {
        let limits = parse_tc("1+0.1").unwrap();
        let mut clock = Clock::new(&limits);
        assert_eq!(clock.charge(ms(300), &limits, ms(50)), Charge::InTime);
        assert_eq!(clock.remaining, ms(800));
        assert_eq!(clock.charge(ms(850), &limits, ms(50)), Charge::InTime);
        assert_eq!(
            clock.remaining,
            ms(100),
            "ran 50 ms past zero inside the margin: empty clock + increment"
        );
        assert_eq!(clock.charge(ms(151), &limits, ms(50)), Charge::Forfeit);
    }

    #[test]
    fn periods_refill_the_clock() {
        let limits = parse_tc("2/10").unwrap();
        let mut clock = Clock::new(&limits);
        assert_eq!(clock.moves_to_go, Some(2));
        clock.charge(ms(4000), &limits, ms(0));
        assert_eq!((clock.remaining, clock.moves_to_go), (ms(6000), Some(1)));
        clock.charge(ms(5000), &limits, ms(0));
        assert_eq!((clock.remaining, clock.moves_to_go), (ms(11_000), Some(2)));
    }

    #[test]
    fn fixed_time_per_move_and_untimed_limits() {
        let st = TimeControl { movetime: Some(ms(200)), ..TimeControl::default() };
        let mut clock = Clock::new(&st);
        assert_eq!(clock.charge(ms(240), &st, ms(50)), Charge::InTime);
        assert_eq!(clock.charge(ms(251), &st, ms(50)), Charge::Forfeit);
        let nodes = TimeControl { nodes: Some(1000), ..TimeControl::default() };
        let mut clock = Clock::new(&nodes);
        assert_eq!(nodes.move_deadline(&clock, ms(50)), None);
        assert_eq!(clock.charge(Duration::from_secs(100), &nodes, ms(50)), Charge::InTime);
    }
}
