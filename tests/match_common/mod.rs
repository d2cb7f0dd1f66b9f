//! Helpers shared by the `match_*` end-to-end tests: run a match through the library, find the
//! `kientuong` binary and the test engines, and read a PGN back with the Python oracles.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;
use tournament::{MatchSummary, Silent};

pub const STOCKFISH: &str = "/usr/games/stockfish";
pub const FAIRY: &str = "/usr/games/fairy-stockfish";

pub fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

/// Runs a match from cutechess-style arguments, silently.
pub fn run_match(args: &str) -> MatchSummary {
    match tournament::run_from_args(&words(args), &mut Silent) {
        Ok(summary) => summary,
        Err(e) => panic!("match failed: {e}\nargs: {args}"),
    }
}

pub fn fixture(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name).display().to_string()
}

/// The `kientuong` binary next to this test's target directory (scripts/test builds it first);
/// `KIENTUONG_BIN` overrides.
pub fn kientuong() -> PathBuf {
    if let Ok(p) = std::env::var("KIENTUONG_BIN") {
        return PathBuf::from(p);
    }
    let exe = std::env::current_exe().expect("test executable path");
    let profile_dir = exe.parent().and_then(Path::parent).expect("target profile directory");
    let bin = profile_dir.join("kientuong");
    assert!(
        bin.exists(),
        "{} missing: build it with cargo build -p engine-bin (same profile)",
        bin.display()
    );
    bin
}

/// A fresh temporary path named `name` (any previous file of that name is removed), in a folder
/// of this test process's own.
pub fn temp_path(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kientuong-match-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

/// A fresh temporary file path for a test's PGN.
pub fn temp_pgn(tag: &str) -> PathBuf {
    temp_path(&format!("{tag}.pgn"))
}

/// A temporary folder of its own for a test's files (engine scripts, logs, opening files).
pub fn temp_dir(tag: &str) -> PathBuf {
    let dir = temp_path(tag);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

/// Reads every game of a PGN with python-chess (chess) or cchess (xiangqi) and returns, per
/// game, `(result tag, number of moves the reader replayed)`. Panics if the reader fails.
pub fn read_back(pgn: &Path, game: &str) -> Vec<(String, usize)> {
    let script = match game {
        "chess" => {
            r#"
import sys, chess.pgn
with open(sys.argv[1]) as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None: break
        if g.errors: raise SystemExit("python-chess errors: %r" % g.errors)
        print(g.headers["Result"], len(list(g.mainline_moves())))
"#
        }
        _ => {
            r#"
import sys, os, tempfile
from cchess.read_pgn import read_from_pgn
text = open(sys.argv[1]).read()
games = [g for g in text.split('[Event ') if g.strip()]
for g in games:
    with tempfile.NamedTemporaryFile('w', suffix='.pgn', delete=False) as t:
        t.write('[Event ' + g)
    game = read_from_pgn(t.name)
    os.unlink(t.name)
    moves = sum(1 for _ in game.iter_moves())
    print(game.info.get('result', '?'), moves)
"#
        }
    };
    let out = Command::new("python3").arg("-c").arg(script).arg(pgn).output().expect("python3");
    assert!(out.status.success(), "PGN reader failed: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| {
            let (r, n) = l.split_once(' ').expect("result and count");
            (r.to_owned(), n.trim().parse().expect("count"))
        })
        .collect()
}

/// Checks the PGN holds exactly the games of the summary, with the same results and moves.
pub fn assert_pgn_matches(summary: &MatchSummary, pgn: &Path, game: &str) {
    let read = read_back(pgn, game);
    assert_eq!(read.len(), summary.records.len(), "games in the PGN");
    let mut expected: Vec<(String, usize)> =
        summary.records.iter().map(|r| (r.end.result_text().to_owned(), r.moves.len())).collect();
    let mut got = read;
    expected.sort();
    got.sort();
    assert_eq!(got, expected, "results and move counts read back");
}
