//! `Use NNUE` and `EvalFile` / `evalfile` against the real binary: the net changes the
//! evaluation, a bad file gets an `info string` and the old net stays, the engine keeps playing.

use crate::protocol_driver;

use game_api::Evaluator;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, Engine, PATIENCE};
use std::path::PathBuf;

/// A chess position with every piece kind on the board, so that the two evaluations differ.
const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

fn eval_cp(e: &mut Engine) -> i32 {
    e.send("eval");
    let line = e.expect_prefix("Evaluation:");
    line.split_whitespace()
        .nth(1)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no score in '{line}'"))
}

/// A one-bucket net file with its output bias (the last field before the checksum) moved by
/// `delta`, and the checksum made again.
fn shifted_bias(bytes: &[u8], delta: i32) -> Vec<u8> {
    let mut b = bytes.to_vec();
    let at = b.len() - 8;
    let bias = i32::from_le_bytes([b[at], b[at + 1], b[at + 2], b[at + 3]]) + delta;
    b[at..at + 4].copy_from_slice(&bias.to_le_bytes());
    let sum = nnue::format::fnv1a(&b[..b.len() - 4]);
    let n = b.len();
    b[n - 4..].copy_from_slice(&sum.to_le_bytes());
    b
}

fn temp_file(name: &str, bytes: &[u8]) -> PathBuf {
    let path = std::env::temp_dir().join(format!("kientuong-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).expect("write a temporary file");
    path
}

#[test]
fn uci_use_nnue_and_evalfile() {
    let mut e = Engine::start();
    let lines = e.handshake_uci();
    assert!(lines.iter().any(|l| l == "option name Use NNUE type check default true"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option name EvalFile type string")), "{lines:?}");
    e.send(&format!("position fen {KIWIPETE}"));
    let pos = <Chess as game_api::Game>::from_fen(KIWIPETE).expect("FEN");
    let hand = eval_chess::ChessEval::default().evaluate(&pos);
    let embedded = nnue::games::chess::embedded().expect("the embedded chess net parses");
    let expected =
        nnue::NnueEval::<Chess>::new(std::sync::Arc::new(embedded.clone())).evaluate(&pos);
    assert_ne!(hand, expected, "the position must tell the two evaluations apart");
    assert_eq!(eval_cp(&mut e), expected, "the embedded chess net by default");
    e.send("setoption name Use NNUE value false");
    assert_eq!(eval_cp(&mut e), hand, "Use NNUE false is the hand-written evaluation");
    e.send("setoption name Use NNUE value true");
    assert_eq!(eval_cp(&mut e), expected);

    // A damaged file: refused with a message, and the net in use stays.
    let mut damaged = embedded.to_bytes();
    damaged[100] ^= 1;
    let bad = temp_file("damaged.nnue", &damaged);
    e.send(&format!("setoption name EvalFile value {}", bad.display()));
    let note = e.expect_prefix("info string");
    assert!(note.contains("checksum") && note.contains("stays"), "{note}");
    e.send("setoption name EvalFile value /nonexistent/net.nnue");
    let note = e.expect_prefix("info string");
    assert!(note.contains("cannot read"), "{note}");
    assert_eq!(eval_cp(&mut e), expected);

    // Another valid net (the embedded one with its output bias moved by 400 cp) is used.
    let good = temp_file("shifted.nnue", &shifted_bias(&embedded.to_bytes(), 255 * 64));
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    let moved = eval_cp(&mut e);
    assert!((moved - expected - 400).abs() <= 1, "{expected} -> {moved}");

    // The embedded net, loaded back from a file, is used again.
    let chess_net = temp_file("chess.nnue", nnue::games::chess::EMBEDDED);
    e.send(&format!("setoption name EvalFile value {}", chess_net.display()));
    assert_eq!(eval_cp(&mut e), expected, "Use NNUE evaluates with the loaded net");

    // Hand-written and back, and the engine still plays.
    e.send(&format!("setoption name EvalFile value {}", good.display()));
    e.send("setoption name Use NNUE value false");
    assert_eq!(eval_cp(&mut e), hand);
    e.send("setoption name Use NNUE value true");
    assert_eq!(eval_cp(&mut e), moved, "the loaded net stays while Use NNUE is off");
    e.send("position startpos moves e2e4");
    e.send("go depth 5");
    let best =
        e.read_until(PATIENCE, protocol_driver::is_search_end).last().cloned().unwrap_or_default();
    assert_legal::<Chess>(None, &["e2e4"], &best);
    // `embedded` restores the defaults: the embedded chess net.
    e.send("setoption name EvalFile value embedded");
    e.send(&format!("position fen {KIWIPETE}"));
    assert_eq!(eval_cp(&mut e), expected);
    for p in [bad, good, chess_net] {
        std::fs::remove_file(p).ok();
    }
}

#[test]
fn ucci_evalfile_bad_file_keeps_playing() {
    let mut e = Engine::start();
    let lines = e.handshake_ucci();
    assert!(lines.iter().any(|l| l == "option usennue type check default true"), "{lines:?}");
    assert!(lines.iter().any(|l| l.starts_with("option evalfile type string")), "{lines:?}");
    // The embedded xiangqi net is in use from the start; `usennue false` is the hand-written
    // evaluation.
    e.send("position startpos");
    let pos = <Xiangqi as game_api::Game>::from_fen(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    )
    .expect("FEN");
    let net = nnue::games::xiangqi::embedded().expect("the embedded xiangqi net parses");
    let by_net = nnue::NnueEval::<Xiangqi>::new(std::sync::Arc::new(net)).evaluate(&pos);
    assert_eq!(eval_cp(&mut e), by_net, "the embedded xiangqi net by default");
    e.send("setoption usennue false");
    assert_eq!(eval_cp(&mut e), eval_xiangqi::XiangqiEval.evaluate(&pos));
    e.send("setoption usennue true");
    // A chess net is not a xiangqi net, and garbage is not a net.
    let chess_net = temp_file("chess-for-xiangqi.nnue", nnue::games::chess::EMBEDDED);
    let garbage = temp_file("garbage.nnue", b"not a net at all, just text");
    e.send("position startpos");
    let before = eval_cp(&mut e);
    e.send(&format!("setoption evalfile {}", garbage.display()));
    let note = e.expect_prefix("info string");
    assert!(note.contains("magic") || note.contains("short"), "{note}");
    e.send("go depth 4");
    let best = e.expect_bestmove();
    assert!(best.starts_with("bestmove "), "{best}");
    assert_eq!(eval_cp(&mut e), before);
    // The chess net is loaded for chess (it says so in its header), not for xiangqi.
    e.send(&format!("setoption evalfile {}", chess_net.display()));
    assert_eq!(eval_cp(&mut e), before);
    e.sync();
    for p in [chess_net, garbage] {
        std::fs::remove_file(p).ok();
    }
}
