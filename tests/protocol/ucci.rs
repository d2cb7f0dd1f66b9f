//! UCCI transcripts against the real binary (docs/UCCI.md §4.2): handshake, option and `setoption`
//! forms, clocks in ms or seconds, banmoves, nobestmove, draw offers, probe, batch, bye.

use crate::protocol_driver;

use game_api::{Game, GenKind, MoveList};
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, bestmove_parts, is_search_end, Engine, PATIENCE};
use std::time::{Duration, Instant};

const STOP_BOUND: Duration = Duration::from_millis(250);
/// Red to move and mated: a rook checks on the e-file, the other rook and the flying-general
/// rule take the sides.
const RED_MATED: &str = "5k3/3r5/9/9/4r4/9/9/9/9/4K4 w - - 0 1";
/// Red to move, not in check, no legal move: a loss in xiangqi.
const RED_STALEMATED: &str = "3k5/5r3/9/9/9/9/9/9/r8/4K4 w - - 0 1";
/// Red mates in one (b7d7).
const RED_MATES_IN_ONE: &str = "3k5/R8/1R7/9/9/9/9/9/9/4K4 w - - 0 1";
/// Bare kings: nothing to play for.
const BARE_KINGS: &str = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1";

#[test]
fn handshake_has_spec_options_and_is_short() {
    let mut e = Engine::start();
    let lines = e.handshake_ucci();
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    // cchess gives up on handshakes much longer than 40 lines.
    assert!(lines.len() < 40, "{} lines", lines.len());
    let options: Vec<&String> = lines.iter().filter(|l| l.starts_with("option ")).collect();
    assert!(options.iter().all(|l| !l.starts_with("option name ")), "{options:?}");
    for expected in [
        "option usemillisec type check default true",
        "option newgame type button",
        "option ponder type check default false",
    ] {
        assert!(lines.iter().any(|l| l == expected), "{expected}: {lines:?}");
    }
    for prefix in ["option hashsize type spin", "option threads type spin"] {
        assert!(lines.iter().any(|l| l.starts_with(prefix)), "{prefix}: {lines:?}");
    }
    assert_eq!(lines.last().map(String::as_str), Some("ucciok"));
}

#[test]
fn uci_then_ucci_answers_both_and_plays_xiangqi() {
    let mut e = Engine::start();
    e.send("uci");
    e.send("ucci");
    let lines = e.read_until(PATIENCE, |l| l == "ucciok");
    assert_eq!(lines.iter().filter(|l| *l == "uciok").count(), 1, "{lines:?}");
    e.send("position startpos moves h2e2 h9g7");
    e.send("go depth 4");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_legal::<Xiangqi>(None, &["h2e2", "h9g7"], lines.last().expect("answer"));
    let infos: Vec<&String> = lines.iter().filter(|l| l.starts_with("info depth")).collect();
    assert!(!infos.is_empty());
    for info in infos {
        assert!(!info.contains(" cp ") && !info.contains(" mate "), "{info}");
    }
}

#[test]
fn spec_position_with_history_fen() {
    let mut e = Engine::start();
    e.handshake_ucci();
    let fen = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2";
    e.send(&format!("position fen {fen} moves d9e8"));
    e.send("go time 5000 increment 0 opptime 5000 oppincrement 0");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(Some(fen), &["d9e8"], &best);
}

#[test]
fn nothing_to_play_is_nobestmove() {
    let mut e = Engine::start();
    e.handshake_ucci();
    for fen in [RED_MATED, RED_STALEMATED] {
        e.send(&format!("position fen {fen}"));
        e.send("go depth 3");
        let lines = e.read_until(PATIENCE, is_search_end);
        assert_eq!(lines.last().map(String::as_str), Some("nobestmove"), "{fen}");
        assert!(lines.iter().all(|l| !l.contains("(none)")), "{lines:?}");
    }
    // `go depth 0`: an evaluation and nothing to play.
    e.send("position startpos");
    e.send("go depth 0");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert_eq!(lines.last().map(String::as_str), Some("nobestmove"));
    assert!(lines.iter().any(|l| l.starts_with("info depth 0 score ")), "{lines:?}");
    // A bad FEN leaves no position: answered at once.
    e.send("position fen xyz w - - 0 1");
    e.expect_prefix("info string");
    e.send("go depth infinite");
    assert_eq!(e.expect_bestmove(), "nobestmove");
}

#[test]
fn mate_scores_are_bare_integers() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send(&format!("position fen {RED_MATES_IN_ONE}"));
    e.send("go depth 3");
    let lines = e.read_until(PATIENCE, is_search_end);
    assert!(lines.iter().any(|l| l.contains(" score 9999 ")), "{lines:?}");
    let mv = assert_legal::<Xiangqi>(Some(RED_MATES_IN_ONE), &[], lines.last().expect("answer"));
    let mut pos = Xiangqi::from_fen(RED_MATES_IN_ONE).expect("fen");
    let m = pos.parse_move(&mv).expect("legal");
    pos.make(m);
    let mut replies = MoveList::new();
    pos.generate(GenKind::All, &mut replies);
    assert!(pos.in_check() && replies.is_empty(), "{mv} does not mate");
}

#[test]
fn banmoves_exclude_root_moves_until_the_next_position() {
    let mut e = Engine::start();
    e.handshake_ucci();
    let pos = Xiangqi::startpos();
    let mut legal = MoveList::new();
    pos.generate(GenKind::All, &mut legal);
    let all: Vec<String> = legal.iter().map(|&m| pos.write_move(m)).collect();
    let keep = "i0i1";
    assert!(all.iter().any(|m| m == keep));
    let banned: Vec<&str> = all.iter().map(String::as_str).filter(|m| *m != keep).collect();
    e.send("position startpos");
    e.send(&format!("banmoves {}", banned.join(" ")));
    e.send("go depth 3");
    let (best, _) = bestmove_parts(&e.expect_bestmove());
    assert_eq!(best, keep);
    // Every move banned: nothing to play.
    e.send(&format!("banmoves {}", all.join(" ")));
    e.send("go depth 3");
    assert_eq!(e.expect_bestmove(), "nobestmove");
    // A new position clears the list.
    e.send("position startpos");
    e.send("go depth 2");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(None, &[], &best);
}

#[test]
fn stop_mid_search_and_stop_while_idle() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos");
    e.send("go depth infinite");
    std::thread::sleep(Duration::from_millis(300));
    assert!(e.transcript.iter().all(|l| !is_search_end(l)), "answered before stop");
    let start = Instant::now();
    e.send("stop");
    let best = e.expect_bestmove();
    let latency = start.elapsed();
    eprintln!("ucci stop latency: {latency:?}");
    assert!(latency < STOP_BOUND, "{latency:?}");
    assert_legal::<Xiangqi>(None, &[], &best);
    // The spec: a stop while idle is answered with nobestmove so the GUI never waits.
    e.send("stop");
    assert_eq!(e.expect_bestmove(), "nobestmove");
}

#[test]
fn usemillisec_off_reads_clocks_in_seconds() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("setoption usemillisec false");
    e.send("position startpos");
    let start = Instant::now();
    e.send("go movetime 1");
    e.expect_bestmove();
    let spent = start.elapsed();
    assert!(spent >= Duration::from_millis(500), "1 s read as {spent:?}");
    e.send("setoption usemillisec true");
    e.send("go movetime 600");
    let start = Instant::now();
    e.expect_bestmove();
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn setoption_both_forms_and_unknown_names_are_quiet() {
    let mut e = Engine::start();
    e.handshake_ucci();
    for line in [
        "setoption hashsize 32",
        "setoption name Hash value 8",
        "setoption usebook false",
        "setoption newgame",
        "setoption bookfiles a.obk;b.obk",
        "setoption idle none",
        "setoption somethingweird 17",
        "setoption ponder on",
        "setoption threads 1",
    ] {
        e.send(line);
    }
    e.sync();
    let chatter: Vec<&String> = e
        .transcript
        .iter()
        .skip_while(|l| *l != "ucciok")
        .filter(|l| l.starts_with("info"))
        .collect();
    assert!(chatter.is_empty(), "{chatter:?}");
    e.send("setoption hashsize lots");
    e.expect_prefix("info string");
}

#[test]
fn draw_offer_accepted_near_zero_with_a_ponder_move() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send(&format!("position fen {BARE_KINGS}"));
    e.send("go draw depth 3");
    let line = e.expect_bestmove();
    assert!(line.ends_with(" draw"), "{line}");
    let (_, ponder) = bestmove_parts(&line);
    assert!(ponder.is_some(), "draw without ponder: {line}");
    assert_legal::<Xiangqi>(Some(BARE_KINGS), &[], &line);
    // Without an offer, no draw.
    e.send("go depth 3");
    let line = e.expect_bestmove();
    assert!(!line.contains("draw"), "{line}");
    // `ponderhit draw` carries the offer too.
    e.send("go ponder time 2000 increment 0");
    std::thread::sleep(Duration::from_millis(100));
    e.send("ponderhit draw");
    let line = e.expect_bestmove();
    assert!(line.ends_with(" draw"), "{line}");
}

#[test]
fn probe_answers_pophash() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos");
    e.send("go depth 6");
    let best = e.expect_bestmove();
    let (mv, _) = bestmove_parts(&best);
    // The search stores the nodes below the root: the position after its move is in the table.
    e.send(&format!("probe startpos moves {mv}"));
    let line = e.expect_prefix("pophash");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.get(1), Some(&"bestmove"), "{line}");
    assert_legal::<Xiangqi>(None, &[&mv], &format!("bestmove {}", words[2]));
    assert!(line.contains("bound "), "{line}");
    // `probe` alone asks about the current position; whatever is there, the answer is one line.
    e.send("probe");
    e.expect_prefix("pophash");
    e.send("probe fen 3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 1");
    assert_eq!(e.expect_prefix("pophash"), "pophash");
}

#[test]
fn batch_mode_runs_a_piped_script_in_order() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("setoption batch true");
    // In batch mode the stop is read only after the search: it finds nothing to stop.
    e.send_raw(b"position startpos\ngo depth 3\nstop\nisready\n");
    let lines = e.read_until(PATIENCE, |l| l == "readyok");
    let ends: Vec<&String> = lines.iter().filter(|l| is_search_end(l)).collect();
    assert_eq!(ends.len(), 2, "{lines:?}");
    assert!(ends[0].starts_with("bestmove "), "{lines:?}");
    assert_eq!(ends[1], "nobestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 3 ")), "{lines:?}");
}

#[test]
fn quit_says_bye_also_mid_search() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("quit");
    e.expect_prefix("bye");
    assert!(e.wait_exit(Duration::from_secs(5)).is_some_and(|s| s.success()));

    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos");
    e.send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    e.send("quit");
    let lines = e.read_until(PATIENCE, |l| l == "bye");
    let best = lines.iter().find(|l| l.starts_with("bestmove")).expect("bestmove before bye");
    assert_legal::<Xiangqi>(None, &[], best);
    assert!(e.wait_exit(Duration::from_secs(5)).is_some_and(|s| s.success()));
}

#[test]
fn uci_style_go_and_cyclone_position_forms_work_in_ucci() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves H2E2");
    e.send("go wtime 3000 btime 3000 winc 0 binc 0");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(None, &["h2e2"], &best);
}

#[test]
fn a_short_clock_is_not_overstepped() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("position startpos moves h2e2 h9g7");
    let start = Instant::now();
    // Sudden death with one second left: the spec leaves it undefined; we must not flag.
    e.send("go time 1000 opptime 1000");
    let best = e.expect_bestmove();
    let spent = start.elapsed();
    eprintln!("spent {spent:?} of a 1000 ms clock");
    assert!(spent < Duration::from_millis(1000), "{spent:?}");
    assert_legal::<Xiangqi>(None, &["h2e2", "h9g7"], &best);
}
