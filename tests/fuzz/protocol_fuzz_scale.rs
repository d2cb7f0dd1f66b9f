//! The seeded short version of `scripts/fuzz-protocol`, so that every test run fuzzes: 20,000
//! fuzzed lines per dialect through the real binary, one process per dialect in parallel. No
//! crash, panic, hang, illegal answer to the periodic `go depth 2`, or unknown output line may
//! be reported.
//! `KIENTUONG_FUZZ_LINES` and `KIENTUONG_FUZZ_SEED` change the run; the full run is
//! `scripts/fuzz-protocol --lines 1000000`.

use std::path::Path;
use std::process::{Command, Stdio};

const DIALECTS: [&str; 3] = ["uci-chess", "uci-xiangqi", "ucci"];

fn env_or(name: &str, default: &str) -> String {
    std::env::var(name).unwrap_or_else(|_| default.to_owned())
}

#[test]
fn seeded_fuzz_run_finds_nothing() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let script = root.join("scripts/fuzz-protocol");
    let engine = kientuong_suite::kientuong_bin();
    let lines = env_or("KIENTUONG_FUZZ_LINES", "20000");
    let seed = env_or("KIENTUONG_FUZZ_SEED", "14");
    let out = std::env::temp_dir().join(format!("kientuong-fuzz-{}", std::process::id()));
    let children: Vec<_> = DIALECTS
        .iter()
        .map(|dialect| {
            let child = Command::new("python3")
                .arg(&script)
                .args(["--dialects", dialect, "--lines", &lines, "--seed", &seed])
                // A hang is a wedged engine, not a slow one: the shared test machine is
                // loaded, and at Threads 256 a ucinewgame clears 256 workers' histories.
                .args(["--hang", "60"])
                .arg("--engine")
                .arg(&engine)
                .arg("--out")
                .arg(&out)
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .expect("start scripts/fuzz-protocol (python3 with chess and pyffish)");
            (dialect, child)
        })
        .collect();
    let mut failures = Vec::new();
    for (dialect, child) in children {
        let output = child.wait_with_output().expect("fuzz run output");
        let stdout = String::from_utf8_lossy(&output.stdout);
        let summary = stdout.lines().last().unwrap_or_default().to_owned();
        // The run must have gone through every line it was asked for.
        let ran = stdout
            .lines()
            .any(|l| l.starts_with(&format!("{dialect}: {lines} lines, ")) && l.contains("syncs"));
        // Slow answers (later than 5 s, within 60 s) are the load of a shared CI machine, not
        // hangs; the summary still reports them.
        let clean = summary
            .starts_with("crashes 0, panics 0, hangs 0, illegal answers 0, unknown output lines 0");
        if !output.status.success() || !clean || !ran {
            failures.push(format!(
                "{dialect}: {}\n{stdout}\n{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
