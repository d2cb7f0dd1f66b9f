//! python-chess's `chess.engine`, the client most Python GUIs and tools are built on, drives the
//! real binary through `tests/support/chess960_castling.py` (its doc says what each part checks):
//! a MultiPV 3 analysis with `UCI_ShowWDL`, castling answered king-takes-rook in both directions
//! (two mates in one that only castling gives), and a whole Chess960 game whose scripted prefix
//! castles both ways from the client's side. The game's record is replayed by our own
//! `kientuong judge`, which must accept it and, after a mate, name the same winner.
//!
//! Needs `pip install chess` (`scripts/test` installs it). Without it the test skips, unless
//! `CI` is set: then it fails.

use std::process::Command;
use std::time::Instant;

const DRIVER: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/chess960_castling.py");
/// Start position 291 of the Chess960 numbering, where the driver's game starts.
const GAME_START_FEN: &str = "bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1";

/// The driver's output, or `None` when python-chess is missing and we may skip.
fn run_driver() -> Option<String> {
    let in_ci = std::env::var_os("CI").is_some();
    let engine = kientuong_suite::kientuong_bin();
    let output = match Command::new("python3").arg(DRIVER).arg(&engine).output() {
        Ok(output) => output,
        Err(e) if !in_ci => {
            eprintln!("skipping: cannot run python3 ({e})");
            return None;
        }
        Err(e) => panic!("CI is set but python3 cannot run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    if output.status.code() == Some(2) {
        assert!(!in_ci, "CI is set but python-chess is missing: {stderr}");
        eprintln!("skipping: {stderr}");
        return None;
    }
    assert!(output.status.success(), "the python-chess driver failed:\n{stdout}\n{stderr}");
    Some(stdout)
}

/// The value after `name` in a summary line.
fn field<'a>(line: &'a str, name: &str) -> &'a str {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == name).unwrap_or_else(|| panic!("no {name} in {line}"));
    words.get(at + 1).unwrap_or_else(|| panic!("no value for {name} in {line}"))
}

/// Our referee replays the game: every move must be legal to it, and a mate must be its mate.
fn judge_agrees(result: &str, termination: &str, moves: &str) {
    let out = Command::new(kientuong_suite::kientuong_bin())
        .args(["judge", "--game", "chess", "--fen", GAME_START_FEN, "--moves", moves])
        .output()
        .expect("run kientuong judge");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "judge refused the game: {text}{err}\nmoves {moves}");
    if termination == "checkmate" {
        let winner = match result {
            "1-0" => "white_wins",
            "0-1" => "black_wins",
            other => panic!("a checkmate with result {other}"),
        };
        assert!(text.contains(&format!("result: {winner}")), "judge says {text} after {moves}");
    }
}

#[test]
fn python_chess_multipv_wdl_and_chess960_castling_both_ways() {
    let started = Instant::now();
    let Some(stdout) = run_driver() else { return };
    let line = |prefix: &str| -> String {
        stdout
            .lines()
            .find(|l| l.starts_with(prefix))
            .unwrap_or_else(|| panic!("no `{prefix}` line in:\n{stdout}"))
            .to_string()
    };
    let analysis = line("analysis ");
    assert_eq!(analysis.split_whitespace().count(), 4, "three lines of analysis: {analysis}");
    assert_eq!(line("mates "), "mates O-O-O#=b1a1 O-O#=g8h8");
    let game = line("game ");
    let moves = line("moves ");
    let moves = moves.trim_start_matches("moves ").trim();
    let plies: usize = field(&game, "plies").parse().expect("plies is a number");
    assert_eq!(moves.split_whitespace().count(), plies, "{game}");
    let termination = field(&game, "termination");
    let by_rule = [
        "checkmate",
        "stalemate",
        "insufficient_material",
        "threefold_repetition",
        "fifty_moves",
        "fivefold_repetition",
        "seventyfive_moves",
        "ply_cap",
    ];
    assert!(by_rule.contains(&termination), "{game}");
    judge_agrees(field(&game, "result"), termination, moves);
    eprintln!("{analysis}\n{game}\nwall {:.1} s", started.elapsed().as_secs_f64());
}
