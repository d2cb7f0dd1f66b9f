//! The `go` command: how the runner's clocks and limits are written in each dialect.

use crate::game::clock::{Clock, TimeControl};
use protocol::Dialect;
use std::time::Duration;

/// Both clocks of a `go`, from the mover's point of view.
pub struct GoClocks<'a> {
    pub own: &'a Clock,
    pub opponent: &'a Clock,
    /// Whether the mover is White/Red (UCI's `wtime`/`btime` are absolute).
    pub mover_is_white: bool,
}

/// The `go` line for a dialect: UCI clocks in ms as wtime/btime; UCCI clocks relative to the
/// mover, in seconds or (for `usemillisec` engines) milliseconds.
pub fn go_command(
    dialect: Dialect,
    limits: &TimeControl,
    clocks: &GoClocks<'_>,
    ucci_millis: bool,
) -> String {
    let mut line = String::from("go");
    match dialect {
        Dialect::Uci => {
            if limits.clock.is_some() {
                let (w, b) = if clocks.mover_is_white {
                    (clocks.own, clocks.opponent)
                } else {
                    (clocks.opponent, clocks.own)
                };
                line.push_str(&format!(
                    " wtime {} btime {} winc {} binc {}",
                    w.remaining.as_millis().max(1),
                    b.remaining.as_millis().max(1),
                    w.increment().as_millis(),
                    b.increment().as_millis()
                ));
                if let Some(m) = clocks.own.moves_to_go {
                    line.push_str(&format!(" movestogo {m}"));
                }
            }
            if let Some(t) = limits.movetime {
                line.push_str(&format!(" movetime {}", t.as_millis().max(1)));
            }
        }
        Dialect::Ucci => {
            let unit = |d: Duration| -> u128 {
                if ucci_millis {
                    d.as_millis().max(1)
                } else {
                    u128::from(d.as_secs().max(1))
                }
            };
            if limits.clock.is_some() {
                line.push_str(&format!(" time {}", unit(clocks.own.remaining)));
                match clocks.own.moves_to_go {
                    Some(m) => line.push_str(&format!(" movestogo {m}")),
                    None => line.push_str(&format!(
                        " increment {}",
                        unit_or_zero(clocks.own.increment(), ucci_millis)
                    )),
                }
                line.push_str(&format!(" opptime {}", unit(clocks.opponent.remaining)));
                match clocks.opponent.moves_to_go {
                    Some(m) => line.push_str(&format!(" oppmovestogo {m}")),
                    None => line.push_str(&format!(
                        " oppincrement {}",
                        unit_or_zero(clocks.opponent.increment(), ucci_millis)
                    )),
                }
            } else if let Some(t) = limits.movetime {
                line.push_str(&format!(" time {} movestogo 1", unit(t)));
            }
        }
    }
    if let Some(n) = limits.nodes {
        line.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = limits.depth {
        line.push_str(&format!(" depth {d}"));
    }
    if line == "go" {
        line.push_str(" infinite");
    }
    line
}

fn unit_or_zero(d: Duration, millis: bool) -> u128 {
    if millis {
        d.as_millis()
    } else {
        u128::from(d.as_secs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::clock::parse_tc;

    fn line(
        dialect: Dialect,
        tc: &str,
        white_moves: bool,
        millis: bool,
        extra: impl Fn(&mut TimeControl),
    ) -> String {
        let mut limits = parse_tc(tc).unwrap();
        extra(&mut limits);
        let mut mine = Clock::new(&limits);
        let theirs = Clock::new(&limits);
        mine.charge(Duration::from_millis(1500), &limits, Duration::ZERO);
        let clocks = GoClocks { own: &mine, opponent: &theirs, mover_is_white: white_moves };
        go_command(dialect, &limits, &clocks, millis)
    }

    #[test]
    fn uci_clocks_are_absolute_milliseconds() {
        assert_eq!(
            line(Dialect::Uci, "10+0.1", true, false, |_| {}),
            "go wtime 8600 btime 10000 winc 100 binc 100"
        );
        assert_eq!(
            line(Dialect::Uci, "10+0.1", false, false, |_| {}),
            "go wtime 10000 btime 8600 winc 100 binc 100"
        );
        assert_eq!(
            line(Dialect::Uci, "40/10", true, false, |l| l.nodes = Some(500)),
            "go wtime 8500 btime 10000 winc 0 binc 0 movestogo 39 nodes 500"
        );
        let st = line(Dialect::Uci, "inf", true, false, |l| {
            l.infinite = false;
            l.movetime = Some(Duration::from_millis(250));
            l.depth = Some(7);
        });
        assert_eq!(st, "go movetime 250 depth 7");
    }

    #[test]
    fn each_side_gets_its_own_increment() {
        let (mine, theirs) = (parse_tc("10+0.1").unwrap(), parse_tc("5+0.5").unwrap());
        let (own, opponent) = (Clock::new(&mine), Clock::new(&theirs));
        let clocks = GoClocks { own: &own, opponent: &opponent, mover_is_white: false };
        assert_eq!(
            go_command(Dialect::Uci, &mine, &clocks, false),
            "go wtime 5000 btime 10000 winc 500 binc 100"
        );
        assert_eq!(
            go_command(Dialect::Ucci, &mine, &clocks, true),
            "go time 10000 increment 100 opptime 5000 oppincrement 500"
        );
    }

    #[test]
    fn ucci_clocks_are_relative_in_seconds_or_milliseconds() {
        assert_eq!(
            line(Dialect::Ucci, "60+2", false, false, |_| {}),
            "go time 60 increment 2 opptime 60 oppincrement 2",
            "60.5 s left after the increment: whole seconds, rounded down"
        );
        assert_eq!(
            line(Dialect::Ucci, "60+2", true, true, |_| {}),
            "go time 60500 increment 2000 opptime 60000 oppincrement 2000"
        );
        assert_eq!(
            line(Dialect::Ucci, "40/60", true, true, |_| {}),
            "go time 58500 movestogo 39 opptime 60000 oppmovestogo 40"
        );
    }
}
