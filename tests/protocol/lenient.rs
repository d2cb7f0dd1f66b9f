//! Lenient `position` lines, as real clients send them, in both dialects:
//! every playable position is played (a `bestmove` with a legal move, never `nobestmove` or
//! `bestmove (none)`), and words the engine ignored are reported with a warning.

use crate::protocol_driver;

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use protocol_driver::{assert_legal, is_search_end, Engine, PATIENCE};

/// The FEN a UCCI league tool was configured with; it appends its own ` - - 0 1`.
const LEAGUE_FEN: &str =
    "rnbakab1r/9/1c1c2n2/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA1R1 b - - 0 4";

/// Sends `position_line`, then `go depth 3`; returns the lines up to the answer.
fn play(e: &mut Engine, position_line: &str) -> Vec<String> {
    e.send(position_line);
    e.send("go depth 3");
    let lines = e.read_until(PATIENCE, is_search_end);
    let last = lines.last().cloned().unwrap_or_default();
    assert!(
        last.starts_with("bestmove ") && !last.contains("(none)"),
        "{position_line}: no move played: {lines:?}"
    );
    lines
}

/// Diagnostics are `info string` in both dialects (engine-bin's `Out::note`).
fn warned(lines: &[String]) -> bool {
    lines.iter().any(|l| l.starts_with("info string position: ignored"))
}

#[test]
fn ucci_league_line_is_played_with_a_warning() {
    let mut e = Engine::start();
    e.handshake_ucci();
    let lines = play(&mut e, &format!("position fen {LEAGUE_FEN} - - 0 1"));
    assert!(warned(&lines), "{lines:?}");
    assert_legal::<Xiangqi>(Some(LEAGUE_FEN), &[], lines.last().expect("answer"));
    // With moves after the surplus fields.
    let lines = play(&mut e, &format!("position fen {LEAGUE_FEN} - - 0 1 moves b9c7"));
    assert_legal::<Xiangqi>(Some(LEAGUE_FEN), &["b9c7"], lines.last().expect("answer"));
}

#[test]
fn uci_league_line_is_played_with_a_warning() {
    // Pikafish-style xiangqi over UCI: the 10-rank FEN picks the game.
    let mut e = Engine::start();
    e.handshake_uci();
    let lines = play(&mut e, &format!("position fen {LEAGUE_FEN} - - 0 1"));
    assert!(warned(&lines), "{lines:?}");
    assert_legal::<Xiangqi>(Some(LEAGUE_FEN), &[], lines.last().expect("answer"));
}

/// Xiangqi position lines GUIs send, and the position each one means.
const XIANGQI_FORMS: &[(&str, &str, &[&str])] = &[
    // Missing counters, and the two-field FEN.
    (
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[],
    ),
    // Red as `r`, counters without the chess fields.
    (
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[],
    ),
    // Upper-case side, extra spaces and a tab, `moves` with no moves.
    (
        "position  fen   rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\tB  - -  0 1  moves  ",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
        &[],
    ),
    // Upper-case moves, `startpos` with `moves` and nothing after it.
    ("position startpos moves H2E2 H9G7", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", &["h2e2", "h9g7"]),
    ("position startpos moves", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1", &[]),
    // Chess-style castling letters where xiangqi has none.
    (
        "position fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w KQkq - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[],
    ),
];

#[test]
fn ucci_lenient_forms_are_played() {
    let mut e = Engine::start();
    e.handshake_ucci();
    for (line, fen, moves) in XIANGQI_FORMS {
        let lines = play(&mut e, line);
        assert_legal::<Xiangqi>(Some(fen), moves, lines.last().expect("answer"));
    }
}

#[test]
fn uci_xiangqi_lenient_forms_are_played() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_Variant value xiangqi");
    for (line, fen, moves) in XIANGQI_FORMS {
        let lines = play(&mut e, line);
        assert_legal::<Xiangqi>(Some(fen), moves, lines.last().expect("answer"));
    }
}

#[test]
fn uci_chess_lenient_forms_are_played() {
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let forms: &[(&str, &str, &[&str])] = &[
        // Only board and side.
        ("position fen 4k3/8/8/8/8/8/4P3/4K3 w", "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", &[]),
        // No counters.
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", start, &[]),
        // Upper-case side.
        ("position fen 4k3/8/8/8/8/8/4P3/4K3 B - - 0 1", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1", &[]),
        // A client's own fields after a full FEN, then moves.
        ("position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 - - 0 1 moves e2e4", start, &["e2e4"]),
        // Extra spaces, `moves` with nothing after it, upper-case moves.
        ("position   startpos   moves   ", start, &[]),
        ("position startpos moves E2E4 E7E5", start, &["e2e4", "e7e5"]),
    ];
    let mut e = Engine::start();
    e.handshake_uci();
    for (line, fen, moves) in forms {
        let lines = play(&mut e, line);
        assert_legal::<Chess>(Some(fen), moves, lines.last().expect("answer"));
    }
    // The surplus was reported.
    let lines = play(&mut e, "position startpos junk moves e2e4");
    assert!(warned(&lines), "{lines:?}");
    assert_legal::<Chess>(Some(start), &["e2e4"], lines.last().expect("answer"));
}
