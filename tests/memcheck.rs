//! The engine's `unsafe` code under valgrind's memcheck: the AVX2 evaluation of both games'
//! nets, the lazily zeroed transposition table (allocated, resized, cleared), the threads that
//! share it, and the memory-mapped Syzygy tables. One session does what a GUI would: a short
//! search of each game with two threads, a net loaded through `EvalFile`, a `Hash` resize and a
//! `Clear Hash` between searches, a tablebase probe, and `quit`. Memcheck must report no error
//! (invalid reads or writes, uses of uninitialised values, bad frees, definite leaks).
//!
//! The engine checked is a build for `x86-64-v3` (AVX2, no AVX-512: valgrind 3.19 cannot run
//! AVX-512 instructions, which `target-cpu=native` emits on machines that have them), made by
//! `scripts/test` into `target/memcheck`; `KIENTUONG_MEMCHECK_BIN` names another.
//!
//! No sanitizer runs here: AddressSanitizer and ThreadSanitizer need a nightly toolchain with
//! rust-src, which CI lacks; `scripts/sanitize.sh` runs this session and the race driver under
//! both where one is installed.
//! With `CI` set, a missing valgrind or memcheck build fails the test instead of skipping it.
//!
//! Its own test binary: valgrind makes it slow and heavy, and other tests of the same binary
//! would run beside it.

mod protocol_driver;
mod syzygy_common;

use protocol_driver::Engine;
use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

/// Under memcheck the engine runs some fifty times slower.
const SLOW: Duration = Duration::from_secs(240);

/// The engine built for memcheck (see the module comment).
fn memcheck_bin() -> PathBuf {
    match std::env::var_os("KIENTUONG_MEMCHECK_BIN") {
        Some(bin) => PathBuf::from(bin),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/memcheck/ci/kientuong"),
    }
}

fn net(name: &str) -> String {
    format!("{}/crates/nnue/nets/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn search(engine: &mut Engine, position: &str, go: &str) {
    engine.send(position);
    engine.send(go);
    let lines = engine.read_until(SLOW, |l| l.starts_with("bestmove"));
    assert!(
        lines.last().is_some_and(|l| l.starts_with("bestmove") && l != "bestmove (none)"),
        "no move from `{position}` / `{go}`: {:?}",
        engine.transcript
    );
}

#[test]
fn a_session_of_both_games_is_clean_under_memcheck() {
    let in_ci = std::env::var_os("CI").is_some();
    if Command::new("valgrind").arg("--version").output().is_err() {
        assert!(!in_ci, "CI is set but valgrind is missing (apt-get install valgrind)");
        eprintln!("SKIPPING: valgrind is not installed");
        return;
    }
    let bin = memcheck_bin();
    if !bin.is_file() {
        let why = format!("no memcheck build at {} (scripts/test makes it)", bin.display());
        assert!(!in_ci, "CI is set but there is {why}");
        eprintln!("SKIPPING: {why}");
        return;
    }
    let log = std::env::temp_dir().join(format!("kientuong_memcheck_{}.log", std::process::id()));
    let args = [
        "--tool=memcheck".to_owned(),
        "--error-exitcode=99".to_owned(),
        // Valgrind runs one thread at a time; its default hand-over can starve a thread.
        "--fair-sched=yes".to_owned(),
        "--leak-check=full".to_owned(),
        "--show-leak-kinds=definite".to_owned(),
        "--errors-for-leak-kinds=definite".to_owned(),
        format!("--log-file={}", log.display()),
    ];
    let mut engine = Engine::start_under("valgrind", &args, &bin);
    engine.send("uci");
    engine.read_until(SLOW, |l| l == "uciok");
    engine.send("setoption name Threads value 2");
    engine.send(&format!("setoption name EvalFile value {}", net("chess.nnue")));
    search(&mut engine, "position startpos moves e2e4 c7c5 g1f3", "go nodes 20000");
    engine.send("setoption name Hash value 32");
    search(&mut engine, "position startpos moves d2d4 d7d5", "go depth 6");
    engine.send("setoption name Clear Hash");
    if let Some(tables) = syzygy_common::tables_dir() {
        engine.send(&format!("setoption name SyzygyPath value {}", tables.display()));
        // Five pieces, the black rook hangs: the capture leads into the 4-piece tables.
        search(&mut engine, "position fen 8/8/8/4k3/8/8/Q2r4/1KR5 w - - 0 1", "go nodes 20000");
    }
    engine.send("setoption name UCI_Variant value xiangqi");
    engine.send(&format!("setoption name EvalFile value {}", net("xiangqi.nnue")));
    engine.send("setoption name Hash value 8");
    search(&mut engine, "position startpos moves h2e2 h9g7", "go nodes 20000");
    engine.send("quit");
    let status = engine.wait_exit(SLOW);
    let report = std::fs::read_to_string(&log).unwrap_or_default();
    let _ = std::fs::remove_file(&log);
    assert!(
        report.contains("ERROR SUMMARY: 0 errors"),
        "memcheck found errors:\n{report}\n(transcript: {:?})",
        engine.transcript
    );
    assert!(status.is_some_and(|s| s.success()), "exit {status:?}; memcheck said:\n{report}");
}
