//! UCI transcripts against the real binary: chess by default, xiangqi by `UCI_Variant` or a
//! 10-rank FEN; the control commands that must work mid-search; bad input.

use crate::protocol_driver;

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, bestmove_parts, is_search_end, Engine, PATIENCE};
use std::time::{Duration, Instant};

/// `stop` must end a search within this. The target is 50 ms; the bound leaves room for a
/// loaded CI machine (the measured figure is printed).
const STOP_BOUND: Duration = Duration::from_millis(250);

#[test]
fn handshake_announces_the_options_then_uciok() {
    let mut e = Engine::start();
    let lines = e.handshake_uci();
    assert!(lines[0].starts_with("id name Kientuong"), "{lines:?}");
    for name in [
        "Threads",
        "Hash",
        "Clear Hash",
        "Ponder",
        "MultiPV",
        "Move Overhead",
        "UCI_Variant",
        "UCI_ShowWDL",
    ] {
        let prefix = format!("option name {name} type ");
        assert!(lines.iter().any(|l| l.starts_with(&prefix)), "{name}: {lines:?}");
    }
    assert_eq!(lines.last().map(String::as_str), Some("uciok"));
    e.sync();
}

#[test]
fn searches_the_position_given_and_reports_pv() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("ucinewgame");
    e.send("position startpos moves e2e4 e7e5 g1f3");
    e.send("go depth 4");
    let lines = e.read_until(PATIENCE, is_search_end);
    let best = lines.last().cloned().unwrap_or_default();
    assert_legal::<Chess>(None, &["e2e4", "e7e5", "g1f3"], &best);
    let info = lines.iter().rev().find(|l| l.starts_with("info depth")).expect("an info line");
    assert!(info.contains(" score cp ") || info.contains(" score mate "), "{info}");
    assert!(info.contains(" pv "), "{info}");
    // The PV starts with the move played.
    let (mv, _) = bestmove_parts(&best);
    assert!(info.contains(&format!(" pv {mv}")), "{info} / {best}");
}

#[test]
fn crlf_extra_spaces_and_empty_moves_are_fine() {
    let mut e = Engine::start();
    e.send_raw(b"uci\r\n");
    e.read_until(PATIENCE, |l| l == "uciok");
    e.send_raw(b"position   startpos   moves \r\n");
    e.send_raw(b"  go  depth  2 \r\n");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &[], &best);
}

#[test]
fn mated_and_stalemated_answer_bestmove_none() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos moves f2f3 e7e5 g2g4 d8h4");
    e.send("go depth 5");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
    assert!(lines.iter().any(|l| l == "info depth 0 score mate 0"), "{lines:?}");

    e.send("position fen 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    e.send("go movetime 100");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove (none)"));
    assert!(lines.iter().any(|l| l.starts_with("info depth 0 score cp 0")), "{lines:?}");
}

#[test]
fn finds_a_mate_in_one() {
    let mut e = Engine::start();
    e.handshake_uci();
    // Scholar's mate pattern: Qxf7#.
    let fen = "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4";
    e.send(&format!("position fen {fen}"));
    e.send("go depth 3");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_eq!(lines.last().map(String::as_str), Some("bestmove h5f7"), "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("score mate 1")), "{lines:?}");
}

#[test]
fn bad_fen_and_illegal_moves_are_reported_and_survived() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1");
    let note = e.expect_prefix("info string");
    assert!(note.contains("FEN"), "{note}");
    // No valid position: `go` answers at once, even an infinite one.
    e.send("go infinite");
    assert_eq!(e.expect_bestmove(), "bestmove (none)");

    // An illegal move keeps the position reached before it.
    e.send("position startpos moves e2e4 e2e5 d7d5");
    let note = e.expect_prefix("info string");
    assert!(note.contains("e2e5"), "{note}");
    e.send("go depth 2");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["e2e4"], &best);

    e.send("frobnicate the engine");
    let note = e.expect_prefix("info string");
    assert!(note.contains("frobnicate"), "{note}");
    e.send("setoption name No Such Thing value 3");
    e.expect_prefix("info string");
    e.send("go depth 1 wibble");
    e.expect_prefix("info string");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["e2e4"], &best);
    e.sync();
}

#[test]
fn searchmoves_restricts_the_root() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos");
    e.send("go depth 3 searchmoves a2a3 h2h3");
    let best = e.expect_bestmove();
    let (mv, _) = bestmove_parts(&best);
    assert!(mv == "a2a3" || mv == "h2h3", "{best}");
}

#[test]
fn go_perft_counts_paths() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos");
    e.send("go perft 3");
    let lines = e.read_until(PATIENCE, |l| l.starts_with("Nodes searched"));
    assert_eq!(lines.last().map(String::as_str), Some("Nodes searched: 8902"));
    assert_eq!(lines.iter().filter(|l| l.contains(": ")).count(), 21);
}

#[test]
fn stop_ends_an_infinite_search_quickly() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos moves d2d4");
    e.send("go infinite");
    e.expect_silence_of_bestmove(Duration::from_millis(400));
    let start = Instant::now();
    e.send("stop");
    let best = e.expect_bestmove();
    let latency = start.elapsed();
    eprintln!("stop latency: {latency:?}");
    assert!(latency < STOP_BOUND, "stop took {latency:?}");
    assert_legal::<Chess>(None, &["d2d4"], &best);
    // A stop with nothing to stop says nothing in UCI.
    e.send("stop");
    e.sync();
}

#[test]
fn isready_is_answered_while_thinking() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let start = Instant::now();
    e.send("isready");
    let lines = e.read_until(PATIENCE, |l| l == "readyok" || is_search_end(l));
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert!(start.elapsed() < STOP_BOUND, "readyok took {:?}", start.elapsed());
    e.send("stop");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &[], &best);
}

#[test]
fn stop_that_overtakes_its_go_still_stops_it() {
    let mut e = Engine::start();
    e.handshake_uci();
    // All at once: the stop may be read before the search starts.
    e.send_raw(b"position startpos\ngo infinite\nstop\n");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &[], &best);
    e.sync();
}

#[test]
fn pipelined_commands_are_queued_not_dropped() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send_raw(
        b"position startpos\ngo depth 3\nposition startpos moves e2e4\ngo depth 3\n\
          position startpos moves e2e4 c7c5\ngo depth 3\nisready\n",
    );
    // Every `go` is answered, in order. `readyok` comes once: at once while a search runs (UCI
    // wants `isready` answered during a search, whatever is queued behind it), so anywhere
    // from before the first answer to after the last.
    let mut answers = Vec::new();
    let mut ready_after = None;
    while answers.len() < 3 || ready_after.is_none() {
        let line = e.read_until(PATIENCE, |l| l == "readyok" || is_search_end(l));
        let line = line.last().cloned().unwrap_or_default();
        if line == "readyok" {
            ready_after = Some(answers.len());
        } else {
            answers.push(line);
        }
    }
    assert!(ready_after.is_some_and(|n| n <= 3), "readyok after {ready_after:?} answers");
    assert_eq!(
        e.transcript.iter().filter(|l| *l == "readyok").count(),
        1,
        "one isready, one readyok"
    );
    assert_legal::<Chess>(None, &[], &answers[0]);
    assert_legal::<Chess>(None, &["e2e4"], &answers[1]);
    assert_legal::<Chess>(None, &["e2e4", "c7c5"], &answers[2]);
}

#[test]
fn ponder_hit_and_ponder_miss() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name Ponder value true");
    // Hit: no answer while pondering, then a timed search.
    e.send("position startpos moves e2e4 e7e5");
    e.send("go ponder wtime 2000 btime 2000");
    e.expect_silence_of_bestmove(Duration::from_millis(500));
    e.send("ponderhit");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["e2e4", "e7e5"], &best);
    // Miss: the GUI stops the ponder search and starts the real one.
    e.send("position startpos moves e2e4 c7c5");
    e.send("go ponder wtime 2000 btime 2000");
    e.expect_silence_of_bestmove(Duration::from_millis(300));
    e.send("stop");
    e.expect_bestmove();
    e.send("position startpos moves e2e4 e7e6");
    e.send("go wtime 2000 btime 2000");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["e2e4", "e7e6"], &best);
}

#[test]
fn xiangqi_by_variant_option_or_by_ten_rank_fen() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_Variant value xiangqi");
    e.send("position startpos moves h2e2");
    e.send("go depth 3");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(None, &["h2e2"], &best);

    // A fresh engine left on chess: the FEN alone says xiangqi (Pikafish-style GUIs).
    let mut e = Engine::start();
    e.handshake_uci();
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    e.send(&format!("position fen {fen} moves b2e2"));
    e.send("go depth 3");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(Some(fen), &["b2e2"], &best);
    // Scores stay UCI-style in UCI mode.
    assert!(e.transcript.iter().any(|l| l.contains(" score cp ")), "{:?}", e.transcript);
    // And an 8-rank FEN brings chess back.
    e.send("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    e.send("go depth 2");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &[], &best);
}

#[test]
fn show_wdl_and_multipv() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_ShowWDL value true");
    e.send("setoption name MultiPV value 3");
    e.send("position startpos");
    e.send("go depth 3");
    let lines = e.read_until(PATIENCE, is_search_end);
    let at_depth_3: Vec<&String> =
        lines.iter().filter(|l| l.starts_with("info depth 3 ")).collect();
    for k in 1..=3 {
        assert!(
            at_depth_3.iter().any(|l| l.contains(&format!(" multipv {k} "))),
            "multipv {k}: {lines:?}"
        );
    }
    assert!(at_depth_3.iter().all(|l| l.contains(" wdl ")), "{lines:?}");
}

#[test]
fn quit_mid_search_answers_then_exits() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &[], &best);
    let status = e.wait_exit(Duration::from_secs(5)).expect("exited after quit");
    assert!(status.success());
}

#[test]
fn end_of_input_ends_the_process() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(50));
    e.close_input();
    let status = e.wait_exit(Duration::from_secs(5)).expect("exited at end of input");
    assert!(status.success());
}

#[test]
fn display_and_eval_commands() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("position startpos moves e2e4");
    e.send("d");
    let fen = e.expect_prefix("Fen: ");
    assert_eq!(fen, "Fen: rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    e.send("eval");
    e.expect_prefix("Evaluation: ");
    e.sync();
}

trait SilenceOfBestmove {
    fn expect_silence_of_bestmove(&mut self, wait: Duration);
}

impl SilenceOfBestmove for Engine {
    /// `info` lines may come; a search end may not.
    fn expect_silence_of_bestmove(&mut self, wait: Duration) {
        let deadline = Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            if let Some(line) = self.next_line(left) {
                assert!(!is_search_end(&line), "answered too early: {line}");
            }
        }
    }
}

#[test]
fn engine_options_take_effect_between_searches() {
    let mut e = Engine::start();
    e.handshake_uci();
    for line in [
        "setoption name Threads value 2",
        "setoption name Hash value 4",
        "setoption name Clear Hash",
        "setoption name Move Overhead value 50",
        "setoption name Xiangqi Move Limit value 100",
    ] {
        e.send(line);
    }
    e.sync();
    assert!(e.transcript.iter().all(|l| !l.starts_with("info string")), "{:?}", e.transcript);
    e.send("position startpos moves g1f3");
    e.send("go movetime 300");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["g1f3"], &best);
    e.send("setoption name Threads value 1");
    e.send("ucinewgame");
    e.send("go depth 4");
    let best = e.expect_bestmove();
    assert_legal::<Chess>(None, &["g1f3"], &best);
}
