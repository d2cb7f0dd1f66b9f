//! Transcripts of inputs that once broke the engine, or could: no option value kills the engine,
//! a UCCI session stays xiangqi, and a `go` whose limits are all unreadable still ends on its
//! own, since a GUI would otherwise wait forever for its `bestmove`.

use crate::protocol_driver;

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, Engine, PATIENCE};
use std::time::Duration;

const XQ_START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// The advertised maximum `Hash`, then a search: the engine must still be there, tell what it
/// got, and play.
fn hash_at_its_maximum(dialect: &str) {
    let mut e = Engine::start();
    let handshake = if dialect == "ucci" { e.handshake_ucci() } else { e.handshake_uci() };
    let max = handshake
        .iter()
        .find(|l| l.contains("Hash type spin") || l.contains("hashsize type spin"))
        .and_then(|l| l.split_whitespace().skip_while(|w| *w != "max").nth(1))
        .expect("a hash option with a max")
        .to_owned();
    assert_eq!(max, "65536");
    e.send(&format!("setoption name Hash value {max}"));
    e.sync();
    e.send("position startpos");
    e.send("go depth 3");
    let best = e.expect_bestmove();
    if dialect == "ucci" {
        assert_legal::<Xiangqi>(Some(XQ_START), &[], &best);
    } else {
        assert_legal::<Chess>(None, &[], &best);
    }
    // Either the whole 64 GB was there, or the engine says what it took instead.
    let named = e
        .transcript
        .iter()
        .find(|l| l.starts_with("info string Hash: 65536 MB could not be allocated; using "));
    if named.is_none() && mem_total_mb().is_some_and(|mb| mb < 65536) {
        panic!(
            "64 GB on a machine with less and no word of the size obtained:\n{}",
            e.transcript.join("\n")
        );
    }
    if let Some(line) = named {
        let mb: u64 = line
            .rsplit("using ")
            .next()
            .and_then(|t| t.strip_suffix(" MB"))
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("no size in '{line}'"));
        assert!((1..65536).contains(&mb), "{line}");
    }
    assert!(e.wait_exit(Duration::ZERO).is_none(), "the engine died");
    e.sync();
}

/// The machine's memory (Linux), to know whether 64 GB can have been granted whole.
fn mem_total_mb() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024)
}

#[test]
fn hash_at_its_maximum_uci() {
    hash_at_its_maximum("uci");
}

#[test]
fn hash_at_its_maximum_ucci() {
    hash_at_its_maximum("ucci");
}

#[test]
fn ucci_refuses_uci_variant_and_plays_xiangqi() {
    let mut e = Engine::start();
    e.handshake_ucci();
    for form in ["setoption UCI_Variant chess", "setoption name UCI_Variant value chess"] {
        e.send(form);
        let note = e.expect_prefix("info string");
        assert!(note.contains("UCI_Variant") && note.contains("xiangqi only"), "{note}");
    }
    e.send(&format!("position fen {XQ_START} moves h2e2"));
    e.send("go depth 3");
    let best = e.expect_bestmove();
    assert_legal::<Xiangqi>(Some(XQ_START), &["h2e2"], &best);
    let refused: Vec<&String> =
        e.transcript.iter().filter(|l| l.contains("FEN") || l.contains("ranks")).collect();
    assert!(refused.is_empty(), "the xiangqi FEN was refused: {refused:?}");
}

#[test]
fn go_with_only_bad_limits_ends_on_its_own() {
    for (dialect, moves) in [("uci", "e2e4"), ("ucci", "h2e2")] {
        let mut e = Engine::start();
        if dialect == "ucci" {
            e.handshake_ucci();
        } else {
            e.handshake_uci();
        }
        e.send(&format!("position startpos moves {moves}"));
        e.send("go depth banana");
        // No `stop` is sent: the answer must come by itself.
        let best = e.expect_bestmove();
        if dialect == "ucci" {
            assert_legal::<Xiangqi>(Some(XQ_START), &[moves], &best);
        } else {
            assert_legal::<Chess>(None, &[moves], &best);
        }
        let notes: Vec<&String> =
            e.transcript.iter().filter(|l| l.starts_with("info string go:")).collect();
        assert!(notes.iter().any(|l| l.contains("'depth banana'")), "{notes:?}");
        assert!(notes.iter().any(|l| l.contains("no valid limit")), "{notes:?}");
    }
}

#[test]
fn batch_mode_bounds_an_infinite_search() {
    let mut e = Engine::start();
    e.handshake_ucci();
    e.send("setoption batch on");
    e.send("position startpos");
    e.send("go infinite");
    let lines = e.read_until(PATIENCE, protocol_driver::is_search_end);
    assert!(lines.iter().any(|l| l.contains("batch mode")), "{lines:?}");
    assert_legal::<Xiangqi>(Some(XQ_START), &[], lines.last().expect("answer"));
}
