//! What real clients need from a running search, in both dialects:
//! `probe` is answered during a search, no progress line has a `pv` without a score, UCI bounds
//! are written `score cp X lowerbound|upperbound`, and a proven mate under a clock is played at
//! once with a handful of lines whose `seldepth` is at least their `depth`.

use crate::protocol_driver;

use protocol_driver::{is_search_end, Engine, PATIENCE};
use std::time::{Duration, Instant};

/// A sharp middlegame (both sides attacking, hanging pieces): aspiration windows fail here.
const SHARP_CHESS: &str = "r1b2rk1/pp1nqppp/2p1p3/3pP1B1/2PP4/2N2N2/PP2QPPP/R4RK1 w - - 0 12";
/// A sharp xiangqi middlegame (cannons and rooks aimed at both palaces).
const SHARP_XIANGQI: &str =
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P3P2/P3P3P/1C2C1N2/9/RNBAKAB1R b - - 4 5";
/// White mates in one (Ra8#).
const CHESS_MATE_IN_ONE: &str = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1";
/// Red mates in one (b7d7, UCCI test file's position).
const XIANGQI_MATE_IN_ONE: &str = "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1";

fn word_after<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let i = words.iter().position(|w| *w == key)?;
    words.get(i + 1).copied()
}

fn number_after(line: &str, key: &str) -> Option<u64> {
    word_after(line, key)?.parse().ok()
}

/// Every `info` line with a `pv` has a score; in UCI a bound follows the score's value.
fn assert_scores_everywhere(lines: &[String], uci: bool) {
    for l in lines.iter().filter(|l| l.starts_with("info ")) {
        if l.contains(" pv ") {
            assert!(l.contains(" score "), "pv without a score: {l}");
        }
        if l.contains("bound") {
            assert!(uci, "UCCI has no bound syntax: {l}");
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| w.ends_with("bound")).unwrap_or(0);
            assert!(
                at >= 3 && matches!(words[at - 3..at - 1], ["score", "cp"] | ["score", "mate"]),
                "bound not written 'score cp X lowerbound|upperbound': {l}"
            );
        }
    }
}

#[test]
fn uci_long_searches_never_print_a_pv_without_a_score() {
    // Long enough for aspiration failures to be printed (after 1 s) and for mid-iteration
    // MultiPV reports (after 3 s).
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name MultiPV value 2");
    e.send(&format!("position fen {SHARP_CHESS}"));
    e.send("go movetime 3500");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_scores_everywhere(&lines, true);
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove ")), "{lines:?}");
}

#[test]
fn ucci_long_searches_print_only_exact_scores() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send(&format!("position fen {SHARP_XIANGQI}"));
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(3500));
    e.send("stop");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_scores_everywhere(&lines, false);
    assert!(lines.iter().filter(|l| l.contains(" pv ")).count() >= 3, "{lines:?}");
}

/// Sends `probe` during `go infinite`; the `pophash` answer must come within 100 ms.
fn probe_during_search(e: &mut Engine, position: &str) {
    e.send(position);
    e.send("go infinite");
    // Let the search fill the table. The root itself is not stored; the position after the
    // PV's first move is.
    let lines = e.read_until(PATIENCE, |l| l.starts_with("info depth 5"));
    let first = lines.last().and_then(|l| word_after(l, "pv")).unwrap_or("").to_owned();
    for _ in 0..3 {
        let sent = Instant::now();
        e.send(&format!("{} moves {first}", position.replacen("position ", "probe ", 1)));
        let lines = e.read_until(PATIENCE, |l| l.starts_with("pophash"));
        let took = sent.elapsed();
        assert!(took < Duration::from_millis(100), "probe answered after {took:?}: {lines:?}");
        let answer = lines.last().cloned().unwrap_or_default();
        // The PV's first move was searched: the table knows a reply.
        assert!(answer.starts_with("pophash bestmove "), "{answer}");
    }
    e.send("stop");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert!(lines.last().is_some_and(|l| l.starts_with("bestmove")), "{lines:?}");
}

#[test]
fn ucci_probe_is_answered_during_a_search() {
    let mut e = Engine::start();
    e.handshake_ucci();
    probe_during_search(&mut e, "position startpos");
    // After the search, `probe` is answered in order by the session, as before.
    e.send("probe");
    assert!(e.expect_prefix("pophash").starts_with("pophash"));
}

#[test]
fn uci_xiangqi_probe_is_answered_during_a_search() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_Variant value xiangqi");
    probe_during_search(&mut e, "position startpos");
}

/// A mate in one under a 60 s clock: answered in well under a second, with a handful of
/// lines, each with `seldepth` ≥ `depth`.
fn mate_is_played_at_once(e: &mut Engine, go: &str, mate: &str) {
    let sent = Instant::now();
    e.send(go);
    let lines = e.read_until(PATIENCE, is_search_end);
    let took = sent.elapsed();
    assert!(took < Duration::from_millis(900), "mate took {took:?}: {lines:?}");
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(!infos.is_empty() && infos.len() <= 8, "{lines:?}");
    for l in &infos {
        assert!(l.contains(mate), "{l}");
        if let (Some(d), Some(sd)) = (number_after(l, "depth"), number_after(l, "seldepth")) {
            assert!(sd >= d, "seldepth below depth: {l}");
        }
        if let (Some(nodes), Some(nps)) = (number_after(l, "nodes"), number_after(l, "nps")) {
            // nps from a microsecond clock: never the old "nodes × 1000" of a 0-ms search
            // unless that really was the speed; at least, never above a billion.
            assert!(nps < 1_000_000_000 && (nodes == 0 || nps > 0), "{l}");
        }
    }
}

#[test]
fn uci_chess_mate_in_one_is_played_at_once() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send(&format!("position fen {CHESS_MATE_IN_ONE}"));
    e.sync();
    mate_is_played_at_once(&mut e, "go wtime 60000 btime 60000", "score mate 1");
    assert_eq!(e.transcript.last().map(String::as_str), Some("bestmove a1a8"));
}

#[test]
fn ucci_mate_in_one_is_played_at_once() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send(&format!("position fen {XIANGQI_MATE_IN_ONE}"));
    e.sync();
    mate_is_played_at_once(&mut e, "go time 60000 increment 0", "score 9999");
    let last = e.transcript.last().cloned().unwrap_or_default();
    assert!(last.starts_with("bestmove b7d7"), "{last}");
}

#[test]
fn a_proven_mate_does_not_flood_an_analysis() {
    // Untimed, the search runs to its depth, but repeats of the same proven mate are not
    // printed at every iteration.
    let mut e = Engine::start();
    e.handshake_uci();
    e.send(&format!("position fen {CHESS_MATE_IN_ONE}"));
    e.send("go depth 60");
    let lines = e.read_until(PATIENCE, is_search_end);
    let infos: Vec<&String> = lines.iter().filter(|l| l.contains(" pv ")).collect();
    assert!(infos.len() <= 10, "{} lines: {lines:?}", infos.len());
    // The last iteration is still reported.
    assert!(infos.last().is_some_and(|l| l.starts_with("info depth 60 ")), "{lines:?}");
}
