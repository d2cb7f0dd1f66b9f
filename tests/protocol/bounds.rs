//! Answers bounded in time and size, because a GUI or a league tool that waits too long counts
//! the engine as dead: `isready` during a search, `stop` during a perft, echoes of huge input,
//! `quit` in batch mode, and the clock at 256 threads. The time bounds are each test's
//! `Duration`s (`readyok` within 100 ms, a perft stopped within 200 ms, …); where the machine's
//! load can delay one answer, the best of three tries is what must meet them (a wedged engine
//! fails all three).

use crate::protocol_driver;

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, is_search_end, Engine, PATIENCE};
use std::time::{Duration, Instant};

const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The fastest of three measurements of `f`.
fn best_of_three(mut f: impl FnMut() -> Duration) -> Duration {
    (0..3).map(|_| f()).min().unwrap_or(Duration::MAX)
}

#[test]
fn isready_is_answered_during_a_search_whatever_is_queued() {
    let mut e = Engine::start();
    e.handshake_uci();
    let waited = best_of_three(|| {
        e.send("position startpos");
        e.send("go infinite");
        e.send("position startpos moves e2e4");
        e.expect_prefix("info depth");
        let start = Instant::now();
        e.send("isready");
        e.read_until(PATIENCE, |l| l == "readyok");
        let waited = start.elapsed();
        e.send("stop");
        e.expect_bestmove();
        waited
    });
    assert!(waited < Duration::from_millis(100), "readyok after {waited:?}");
    // The queued position still applies to the next search.
    e.send("go depth 2");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["e2e4"], &best);
}

#[test]
fn stop_ends_a_perft() {
    let mut e = Engine::start();
    e.handshake_uci();
    let waited = best_of_three(|| {
        e.send("position startpos");
        e.send("go perft 7");
        std::thread::sleep(Duration::from_millis(200));
        let start = Instant::now();
        e.send("stop");
        let lines = e.read_until(PATIENCE, |l| l.starts_with("Nodes searched"));
        let waited = start.elapsed();
        assert!(lines.iter().any(|l| l.contains("perft: stopped")), "{lines:?}");
        waited
    });
    assert!(waited < Duration::from_millis(200), "perft ended {waited:?} after stop");
    e.sync();
    // A perft that is not stopped still counts right, and a huge depth is capped, not obeyed.
    e.send("go perft 3");
    e.read_until(PATIENCE, |l| l == "Nodes searched: 8902");
    e.send("go perft 4000000000");
    e.expect_prefix("info string perft: depth 4000000000 is capped");
    e.send("stop");
    e.expect_prefix("Nodes searched");
    e.sync();
}

#[test]
fn quit_ends_a_perft() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos");
    e.send("go perft 7");
    std::thread::sleep(Duration::from_millis(200));
    e.send("quit");
    e.expect_prefix("bye");
    assert!(e.wait_exit(Duration::from_secs(5)).is_some(), "still running after quit");
}

#[test]
fn echoes_of_huge_input_stay_short() {
    let mut e = Engine::start();
    e.handshake_uci();
    let huge_fen = "r".repeat(1_000_000);
    e.send(&format!("position fen {huge_fen}"));
    e.send(&format!("go {}", vec!["foo"; 200_000].join(" ")));
    e.expect_bestmove();
    e.send("ucci");
    e.read_until(PATIENCE, |l| l == "ucciok");
    e.send("position startpos");
    e.send(&format!("banmoves {}", vec!["z9z0"; 100_000].join(" ")));
    e.send(&format!("{} frobnicate", "x".repeat(1_000_000)));
    e.sync();
    let long: Vec<usize> = e.transcript.iter().map(String::len).filter(|&n| n >= 1024).collect();
    assert!(long.is_empty(), "lines of {long:?} bytes");
    let notes = |word: &str| {
        e.transcript.iter().filter(|l| l.starts_with("info string") && l.contains(word)).count()
    };
    assert_eq!(notes("bad FEN"), 1);
    assert_eq!(notes("go: ignored 200000 tokens"), 1);
    assert_eq!(notes("banmoves: 100000 tokens ignored"), 1);
    assert_eq!(notes("unknown command"), 1);
}

#[test]
fn quit_ends_a_batch_mode_search() {
    for go in ["go infinite", "go depth 99"] {
        let mut e = Engine::start();
        e.handshake_ucci();
        e.send("setoption batch");
        e.send("position startpos");
        e.send(go);
        std::thread::sleep(Duration::from_millis(300));
        e.send("stop");
        e.send("isready");
        e.send("quit");
        // In batch mode everything is answered in order: the search's answer, `nobestmove`
        // or nothing for the queued stop, `readyok`, then `bye` and the end.
        let lines = e.read_until(Duration::from_secs(5), |l| l == "bye");
        let answer = lines.iter().find(|l| is_search_end(l)).expect("the search answered");
        assert_legal::<Xiangqi>(Some(XQ_START), &[], answer);
        assert!(lines.iter().any(|l| l == "readyok"), "{lines:?}");
        assert!(e.wait_exit(Duration::from_secs(5)).is_some(), "{go}: still running");
    }
}

#[test]
fn stop_reaches_a_search_started_before_batch_mode() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos");
    e.send("go infinite");
    e.expect_prefix("info depth");
    // Batch mode queues control commands; this search was running before, and only `stop`
    // can end it.
    e.send("setoption batch on");
    e.send("stop");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(Some(XQ_START), &[], &best);
    e.send("isready");
    e.read_until(PATIENCE, |l| l == "readyok");
    // No stray `nobestmove` for the delivered `stop`.
    assert!(!e.transcript.iter().any(|l| l == "nobestmove"), "{:?}", e.transcript);
}

#[test]
fn movetime_keeps_the_clock_at_256_threads() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name Threads value 256");
    e.sync();
    let waited = best_of_three(|| {
        e.send("position startpos moves e2e4");
        let start = Instant::now();
        e.send("go movetime 100");
        let best = e.expect_bestmove();
        let waited = start.elapsed();
        assert_legal::<Chess>(None, &["e2e4"], &best);
        waited
    });
    assert!(waited < Duration::from_millis(300), "bestmove after {waited:?}");
}
