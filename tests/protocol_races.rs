//! The seeded short version of `scripts/race-protocol`, so that every test run races the input
//! thread against the search threads: 1,500 commands per dialect (`go` with every kind of
//! limit, `stop`, `ponderhit`, `isready`, new games, positions, Threads 1–8, Hash, MultiPV and
//! Clear Hash, 0 to 5 ms apart) through the real binary, one process per dialect in parallel.
//! No finding may be reported: every `go` answered exactly once and legally, every `isready`
//! once, no line that is not a whole engine line, no crash and no hang.
//! `KIENTUONG_RACE_COMMANDS` and `KIENTUONG_RACE_SEED` change the run; the full run is
//! `scripts/race-protocol --commands 100000`.
//!
//! Its own test binary, not a module of `tests/protocol/` or `tests/fuzz/`: one engine per
//! dialect races commands in parallel and an answer later than `--hang` counts as a hang; tests
//! of the same binary beside it would load the machine and could turn a slow answer into one.

use std::path::Path;
use std::process::{Command, Stdio};

const DIALECTS: [&str; 3] = ["uci-chess", "uci-xiangqi", "ucci"];

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

/// Whether python3 can import what the driver checks answers with.
fn python_ready() -> bool {
    Command::new("python3")
        .args(["-c", "import chess, pyffish"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// The command count a stream's summary line reports (`ucci/0: 3021 commands, …`).
fn commands_run(stdout: &str, dialect: &str) -> Option<u64> {
    let prefix = format!("{dialect}/0: ");
    stdout
        .lines()
        .filter(|l| l.contains("commands/s"))
        .find_map(|l| l.strip_prefix(&prefix)?.split(' ').next()?.parse().ok())
}

#[test]
fn seeded_race_run_finds_nothing() {
    if !python_ready() {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but python3 cannot import chess and pyffish"
        );
        eprintln!("SKIPPED: python3 with chess and pyffish is needed for scripts/race-protocol");
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/race-protocol");
    let engine = kientuong_suite::kientuong_bin();
    let commands = env_or("KIENTUONG_RACE_COMMANDS", "1500");
    let wanted: u64 = commands.parse().expect("KIENTUONG_RACE_COMMANDS is a number");
    let seed = env_or("KIENTUONG_RACE_SEED", "5");
    let out = std::env::temp_dir().join(format!("kientuong-race-{}", std::process::id()));
    let children: Vec<_> = DIALECTS
        .iter()
        .map(|dialect| {
            let child = Command::new("python3")
                .arg(&script)
                .args(["--dialects", dialect, "--commands", &commands, "--seed", &seed])
                // A hang is a wedged engine, not a slow one: the test machine is shared and
                // loaded, and a sync may wait for a resize and a new game at Threads 8.
                .args(["--hang", "30", "--confirm", "120"])
                .arg("--engine")
                .arg(&engine)
                .arg("--out")
                .arg(&out)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start scripts/race-protocol");
            (dialect, child)
        })
        .collect();
    let mut failures = Vec::new();
    for (dialect, child) in children {
        let output = child.wait_with_output().expect("race run output");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let summary = stdout.lines().last().unwrap_or_default();
        // The run must have gone through every command it was asked for.
        let ran = commands_run(&stdout, dialect).is_some_and(|n| n >= wanted);
        if !output.status.success() || !summary.ends_with("findings 0") || !ran {
            failures.push(format!(
                "{dialect}: {}\n{stdout}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
