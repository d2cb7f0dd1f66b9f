//! `kientuong judge --game xiangqi` on every xiangqi row of the shared rules table: the binary
//! must print the expected `result:` line (and a `reason:` line). Also: bad input is an error
//! naming the offending token, never a crash.

use kientuong_suite::{kientuong_bin, rules_cases};
use std::process::Command;

fn judge(fen: &str, moves: &str) -> std::process::Output {
    Command::new(kientuong_bin())
        .args(["judge", "--game", "xiangqi", "--fen", fen, "--moves", moves])
        .output()
        .expect("run kientuong judge")
}

#[test]
fn judge_prints_the_expected_result_for_every_rules_case() {
    let cases = rules_cases("xiangqi");
    assert!(cases.len() >= 100);
    let mut failures = Vec::new();
    for case in &cases {
        let out = judge(&case.fen, &case.moves);
        let stdout = String::from_utf8_lossy(&out.stdout);
        let result = stdout.lines().find_map(|l| l.strip_prefix("result: ")).unwrap_or("<none>");
        let has_reason = stdout.lines().any(|l| l.starts_with("reason: "));
        if !out.status.success() || result != case.expected || !has_reason {
            failures.push(format!(
                "{}: expected {}, got {result} (status {}, stderr {})",
                case.rule,
                case.expected,
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{} failures:\n{}", failures.len(), failures.join("\n"));
}

#[test]
fn judge_refuses_bad_input_without_crashing() {
    let start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    for (fen, moves, needle) in [
        (start, "h2e2 h9g7 e2e9", "e2e9"),
        (start, "zz99", "zz99"),
        ("rnbakabnr/9/9 w", "", "FEN"),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "", "FEN"),
    ] {
        let out = judge(fen, moves);
        assert!(!out.status.success(), "{fen} / {moves} should fail");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(needle), "error should name '{needle}': {stderr}");
        assert!(!stderr.contains("panicked"), "crashed: {stderr}");
    }
}
