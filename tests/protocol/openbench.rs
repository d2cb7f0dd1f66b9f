//! What an OpenBench worker needs from the binary: protocol lines from the command line, run in
//! order; `genfens` (deterministic, legal, distinct, from a book when given one); and, through
//! `scripts/openbench-check`, the makefile's `EXE=` build, concurrent benches and genfens as a
//! worker runs them.

use game_api::Game;
use kientuong_suite::kientuong_bin;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use std::collections::HashSet;
use std::path::Path;
use std::process::Command;

/// Runs the engine with `lines` as arguments and returns its stdout lines.
fn run_lines(lines: &[&str]) -> Vec<String> {
    let out = Command::new(kientuong_bin()).args(lines).output().expect("run kientuong");
    assert!(out.status.success(), "exit {}: {:?}", out.status, lines);
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect()
}

/// The openings in the output, read as OpenBench's client reads them.
fn openings(output: &[String]) -> Vec<String> {
    output
        .iter()
        .filter(|l| l.starts_with("info string genfens "))
        .filter_map(|l| l.split("genfens ").nth(1))
        .map(|fen| fen.trim_end().to_owned())
        .collect()
}

fn position_of(output: &[String], from: usize) -> Option<(usize, String)> {
    output
        .iter()
        .enumerate()
        .skip(from)
        .find_map(|(i, l)| l.strip_prefix("Fen: ").map(|f| (i, f.to_owned())))
}

#[test]
fn argv_protocol_lines_run_in_order_then_the_engine_exits() {
    let out = run_lines(&[
        "position startpos moves e2e4",
        "d",
        "go depth 4",
        "isready",
        "position startpos moves d2d4 d7d5",
        "d",
    ]);
    let (first, fen) = position_of(&out, 0).expect("a first board");
    assert_eq!(fen, "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    // The search runs to its depth (not stopped by the end of the arguments) before the next
    // line: its bestmove comes after the first board and before readyok and the second board.
    let bestmove = out.iter().position(|l| l.starts_with("bestmove ")).expect("bestmove");
    assert!(out[..bestmove].iter().any(|l| l.starts_with("info depth 4 ")));
    let ready = out.iter().position(|l| l == "readyok").expect("readyok");
    let (second, fen) = position_of(&out, first + 1).expect("a second board");
    assert!(first < bestmove && bestmove < ready && ready < second, "{out:#?}");
    assert_eq!(fen, "rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2");
}

#[test]
fn argv_quit_ends_the_run_and_bad_lines_are_reported() {
    let out = run_lines(&["no such command", "quit", "d"]);
    assert_eq!(out, vec!["info string unknown command 'no such command'"]);
    // The subcommands still work alongside.
    let perft = run_lines(&["perft", "--game", "chess", "--depth", "2"]);
    assert!(perft.iter().any(|l| l == "Nodes searched: 400"), "{perft:?}");
}

fn assert_legal_and_distinct<G: Game>(fens: &[String]) {
    let mut keys = HashSet::new();
    for fen in fens {
        let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert!(pos.game_verdict().is_none(), "finished game: {fen}");
        assert!(keys.insert(pos.hash()), "repeated position: {fen}");
        assert_eq!(fen.split(' ').count(), 6, "OpenBench needs six fields: {fen}");
    }
}

#[test]
fn genfens_is_deterministic_legal_and_distinct_for_chess() {
    let a = openings(&run_lines(&["genfens 40 seed 11 book None", "quit"]));
    assert_eq!(a.len(), 40);
    assert_legal_and_distinct::<Chess>(&a);
    let b = openings(&run_lines(&["genfens 40 seed 11 book None"]));
    assert_eq!(a, b, "same seed, same openings");
    let c = openings(&run_lines(&["genfens 40 seed 12 book None"]));
    assert_ne!(a, c, "another seed, other openings");
}

#[test]
fn genfens_is_deterministic_legal_and_distinct_for_xiangqi() {
    let lines = ["setoption name UCI_Variant value xiangqi", "genfens 20 seed 5 book None"];
    let a = openings(&run_lines(&lines));
    assert_eq!(a.len(), 20);
    assert_legal_and_distinct::<Xiangqi>(&a);
    assert_eq!(a, openings(&run_lines(&lines)));
}

#[test]
fn genfens_reads_an_epd_book() {
    let dir = std::env::temp_dir().join(format!("kientuong-genfens-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let book = dir.join("book.epd");
    // An EPD line (four fields and opcodes) with no queens, a six-field FEN line at move 3, a
    // comment, a blank line and a line that is no position.
    std::fs::write(
        &book,
        "rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - hmvc 0; fmvn 1; c0 \"no queens\";\n\
         # a comment\n\
         \n\
         r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3\n\
         this is not a position\n",
    )
    .expect("write book");
    let line = format!("genfens 24 seed 3 book {}", book.display());
    let out = run_lines(&[&line]);
    let fens = openings(&out);
    assert_eq!(fens.len(), 24, "{out:#?}");
    assert_legal_and_distinct::<Chess>(&fens);
    let (mut queenless, mut from_move_three) = (0, 0);
    for fen in &fens {
        let board = fen.split(' ').next().unwrap_or("");
        let fullmove: u32 = fen.split(' ').nth(5).and_then(|f| f.parse().ok()).unwrap_or(0);
        if !board.contains('q') && !board.contains('Q') {
            queenless += 1;
            assert!((2..=3).contains(&fullmove), "2-3 plies after the book line: {fen}");
        } else {
            from_move_three += 1;
            assert!((4..=5).contains(&fullmove), "2-3 plies after move 3: {fen}");
        }
    }
    assert!(queenless > 0 && from_move_three > 0, "both book lines used: {fens:#?}");
    // The unreadable line is reported in a way OpenBench never takes for an opening.
    assert!(out
        .iter()
        .any(|l| l == "info string genfens: skipped 1 book lines that hold no chess position"));

    let missing = dir.join("missing.epd");
    let out = run_lines(&[&format!("genfens 4 seed 1 book {}", missing.display()), "isready"]);
    assert!(openings(&out).is_empty());
    assert!(out[0].starts_with("info string genfens: cannot read book"), "{out:?}");
    assert_eq!(out.last().map(String::as_str), Some("readyok"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn openbench_check_passes_and_make_builds_under_the_given_exe_name() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let exe = "kientuong-suite-check";
    let out = Command::new(root.join("scripts/openbench-check"))
        .args(["--exe", exe])
        .current_dir(root)
        .output()
        .expect("run scripts/openbench-check");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "openbench-check failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.lines().last(), Some("openbench-check: ok"), "{stdout}");
    let built = root.join("target/openbench-check/tree").join(exe);
    assert!(built.is_file(), "no binary at {}", built.display());
    assert!(stdout.contains(&format!("built {}", built.display())), "{stdout}");
}
