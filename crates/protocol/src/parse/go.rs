//! `go` with the keywords of both dialects, in any order:
//! UCI `wtime btime winc binc movestogo movetime depth nodes mate infinite ponder searchmoves`,
//! UCCI `time increment movestogo opptime oppincrement oppmovestogo depth [infinite] nodes
//! ponder draw`, and `perft N` (which turns the whole line into [`Command::Perft`]).
//!
//! `go` never fails: a GUI waits for its `bestmove`. Unknown words and keywords with a missing
//! or unreadable value are skipped and listed in [`GoParams::ignored`]. A keyword directly
//! followed by another keyword is treated as missing its value, so the second one still counts
//! (`go depth infinite` is UCCI's spelling of `go infinite`, not depth 0).

use super::numbers::{count, duration_ms, small_count};
use super::{parse_perft, shorten};
use crate::{ClockUnit, Command, GoParams, ProtocolError};

const KEYWORDS: [&str; 21] = [
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "movetime",
    "depth",
    "nodes",
    "mate",
    "infinite",
    "ponder",
    "searchmoves",
    "perft",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "draw",
    "wmovestogo",
    "bmovestogo",
];

fn is_keyword(word: &str) -> bool {
    KEYWORDS.iter().any(|k| word.eq_ignore_ascii_case(k))
}

pub fn parse(words: &[&str], clock: ClockUnit) -> Result<Command, ProtocolError> {
    if let Some(i) = words.iter().position(|w| w.eq_ignore_ascii_case("perft")) {
        return parse_perft("go", words.get(i + 1).copied());
    }
    let mut go = GoParams::default();
    let mut i = 0;
    while let Some(&word) = words.get(i) {
        i += 1;
        let key = word.to_ascii_lowercase();
        match key.as_str() {
            "infinite" => go.infinite = true,
            "ponder" => go.ponder = true,
            "draw" => go.draw = true,
            "searchmoves" => {
                while let Some(&m) = words.get(i).filter(|w| !is_keyword(w)) {
                    go.searchmoves.push(m.to_ascii_lowercase());
                    i += 1;
                }
            }
            "depth" if words.get(i).is_some_and(|w| w.eq_ignore_ascii_case("infinite")) => {
                go.infinite = true;
                i += 1;
            }
            _ if is_keyword(&key) => {
                // A keyword that takes a value: the next word, unless it is itself a keyword.
                let value = words.get(i).copied().filter(|w| !is_keyword(w));
                if value.is_some() {
                    i += 1;
                }
                if !set_value(&mut go, &key, value, clock) {
                    let text = match value {
                        Some(v) => format!("{word} {v}"),
                        None => word.to_owned(),
                    };
                    go.ignored.push(shorten(&text));
                }
            }
            _ => go.ignored.push(shorten(word)),
        }
    }
    Ok(Command::Go(go))
}

/// Stores a keyword's value; false when the value is missing or does not read.
fn set_value(go: &mut GoParams, key: &str, value: Option<&str>, clock: ClockUnit) -> bool {
    let Some(text) = value else {
        return false;
    };
    let ms = || duration_ms(text, clock);
    let stored = match key {
        "wtime" => ms().map(|v| go.wtime = Some(v)),
        "btime" => ms().map(|v| go.btime = Some(v)),
        "winc" => ms().map(|v| go.winc = Some(v)),
        "binc" => ms().map(|v| go.binc = Some(v)),
        "time" => ms().map(|v| go.time = Some(v)),
        "increment" => ms().map(|v| go.increment = Some(v)),
        "opptime" => ms().map(|v| go.opptime = Some(v)),
        "oppincrement" => ms().map(|v| go.oppincrement = Some(v)),
        "movetime" => ms().map(|v| go.movetime = Some(v)),
        // `wmovestogo`/`bmovestogo` are not standard; some GUIs send them. Read as movestogo.
        "movestogo" | "wmovestogo" | "bmovestogo" => {
            small_count(text).map(|v| go.movestogo = Some(v))
        }
        "oppmovestogo" => small_count(text).map(|v| go.oppmovestogo = Some(v)),
        "depth" => small_count(text).map(|v| go.depth = Some(v)),
        "nodes" => count(text).map(|v| go.nodes = Some(v)),
        "mate" => small_count(text).map(|v| go.mate = Some(v)),
        _ => None,
    };
    stored.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go(line: &str) -> GoParams {
        go_in(line, ClockUnit::Millis)
    }

    #[allow(clippy::panic)] // a test helper: a wrong command kind is a failed test
    fn go_in(line: &str, clock: ClockUnit) -> GoParams {
        match parse(&line.split_whitespace().collect::<Vec<_>>(), clock) {
            Ok(Command::Go(params)) => params,
            other => panic!("'{line}' gave {other:?}"),
        }
    }

    #[test]
    fn bare_go_is_infinite() {
        assert_eq!(go(""), GoParams::default());
        assert!(go("").is_infinite());
        assert!(go("infinite").infinite);
    }

    #[test]
    fn uci_clocks_any_order() {
        let a = go("wtime 60000 btime 59000 winc 1000 binc 900 movestogo 20");
        let b = go("movestogo 20 binc 900 winc 1000 btime 59000 wtime 60000");
        assert_eq!(a, b);
        assert_eq!(a.wtime, Some(60000));
        assert_eq!(a.btime, Some(59000));
        assert_eq!(a.winc, Some(1000));
        assert_eq!(a.binc, Some(900));
        assert_eq!(a.movestogo, Some(20));
        assert!(a.ignored.is_empty());
        assert!(!a.is_infinite());
    }

    #[test]
    fn fixed_limits() {
        let p = go("depth 12 nodes 100000 movetime 2500 mate 3");
        assert_eq!(
            (p.depth, p.nodes, p.movetime, p.mate),
            (Some(12), Some(100000), Some(2500), Some(3))
        );
    }

    #[test]
    fn ponder_and_searchmoves() {
        let p = go("ponder searchmoves e2e4 D2D4 wtime 1000 btime 1000");
        assert!(p.ponder);
        assert_eq!(p.searchmoves, vec!["e2e4".to_owned(), "d2d4".to_owned()]);
        assert_eq!(p.wtime, Some(1000));
        let q = go("searchmoves");
        assert!(q.searchmoves.is_empty());
    }

    #[test]
    fn ucci_clocks_any_order() {
        let p = go("draw time 300000 increment 2000 opptime 290000 oppincrement 2000");
        assert!(p.draw);
        assert_eq!(p.time, Some(300000));
        assert_eq!(p.increment, Some(2000));
        assert_eq!(p.opptime, Some(290000));
        assert_eq!(p.oppincrement, Some(2000));
        let q = go("oppmovestogo 9 opptime 5 movestogo 10 time 7 ponder");
        assert_eq!(
            (q.time, q.movestogo, q.opptime, q.oppmovestogo),
            (Some(7), Some(10), Some(5), Some(9))
        );
        assert!(q.ponder);
    }

    #[test]
    fn ucci_seconds_when_usemillisec_is_off() {
        let p = go_in("time 300 increment 2.5 opptime 299", ClockUnit::Seconds);
        assert_eq!(p.time, Some(300_000));
        assert_eq!(p.increment, Some(2500));
        assert_eq!(p.opptime, Some(299_000));
        // Counts are counts in any unit.
        assert_eq!(go_in("depth 5 nodes 9", ClockUnit::Seconds).depth, Some(5));
    }

    #[test]
    fn depth_infinite_is_infinite_not_zero() {
        let p = go("depth infinite");
        assert!(p.infinite);
        assert_eq!(p.depth, None);
        assert!(p.ignored.is_empty());
        assert_eq!(go("depth 0").depth, Some(0));
    }

    #[test]
    fn junk_is_listed_and_skipped() {
        let p = go("wtime banana depth 5 frobnicate btime");
        assert_eq!(p.depth, Some(5));
        assert_eq!(p.wtime, None);
        assert_eq!(p.ignored, vec!["wtime banana", "frobnicate", "btime"]);
        // A keyword without its value does not swallow the next keyword.
        let q = go("wtime btime 500");
        assert_eq!((q.wtime, q.btime), (None, Some(500)));
        assert_eq!(q.ignored, vec!["wtime"]);
    }

    #[test]
    fn negative_clock_reads_as_zero() {
        assert_eq!(go("wtime -120 btime 1000").wtime, Some(0));
    }

    #[test]
    fn perft_anywhere_wins() {
        let words: Vec<&str> = "depth 3 perft 5".split_whitespace().collect();
        assert_eq!(parse(&words, ClockUnit::Millis), Ok(Command::Perft(5)));
        let words: Vec<&str> = "perft".split_whitespace().collect();
        assert!(parse(&words, ClockUnit::Millis).is_err());
    }
}
