//! `kientuong spsa` end to end (uses the `kientuong` binary of the test's profile) against the
//! stand-in engine `tests/fixtures/spsa_engine.py`, whose wins depend only on its option X
//! (best near 50) and deterministically, so runs can be compared exactly: X must move from 20
//! towards 50, the values must reach the engine as `setoption`, a run stopped and resumed must
//! end at the same θ as an unbroken one, and bad input must end with exit code 1 and a message.

use kientuong_suite::kientuong_bin;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const PARAMS: &str = "# the stand-in's one option\nX, int, 20, 0, 100, 5, 0.1\n";

fn dir(tag: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("kientuong-spsa-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn engine() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/spsa_engine.py")
        .display()
        .to_string()
}

/// Runs `kientuong spsa` with the stand-in (its setoption log in `d/log.txt`) and `extra`.
fn spsa(d: &Path, extra: &[&str]) -> Output {
    std::fs::write(d.join("params.txt"), PARAMS).unwrap();
    Command::new(kientuong_bin())
        .arg("spsa")
        .arg("--engine")
        .arg(format!("cmd={}", engine()))
        .arg(format!("arg={}", d.join("log.txt").display()))
        .args(["--each", "nodes=100", "option.Hash=16", "--game", "chess", "--seed", "3"])
        .arg("--params")
        .arg(d.join("params.txt"))
        .args(extra)
        .output()
        .expect("run kientuong spsa")
}

fn text(o: &Output) -> (String, String) {
    (
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

fn theta_line(state: &Path) -> String {
    let s = std::fs::read_to_string(state).unwrap();
    s.lines().find(|l| l.starts_with("theta X, ")).unwrap_or_else(|| panic!("{s}")).to_owned()
}

#[test]
fn x_moves_towards_50_and_reaches_the_engine_as_setoption() {
    let d = dir("tune");
    let state = d.join("state.txt");
    let out =
        spsa(&d, &["--pairs", "12", "--concurrency", "2", "--state", state.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    let progress: Vec<&str> = stdout.lines().filter(|l| l.starts_with("spsa: pair ")).collect();
    assert_eq!(progress.len(), 12, "{stdout}");
    assert!(progress[0].starts_with("spsa: pair 1/12 theta: X="), "{stdout}");
    let last: f64 = progress[11].rsplit('=').next().unwrap().parse().unwrap();
    assert!(last > 35.0 && last <= 55.0, "X ended at {last}, started at 20, best near 50");
    // The final values in the params format, ready to paste back.
    let tail: Vec<&str> = stdout.lines().rev().take(2).collect();
    assert_eq!(tail[1], "spsa: values (params format):");
    assert_eq!(tail[0], format!("X, int, {}, 0, 100, 5, 0.1", last.round()));
    // The state after the last pair.
    let s = std::fs::read_to_string(&state).unwrap();
    assert!(
        s.contains("\ndone 12\n") && s.contains("\npairs 12\n") && s.contains("\nbatch 2\n"),
        "{s}"
    );
    let saved: f64 =
        theta_line(&state)["theta X, ".len()..].split(',').next().unwrap().parse().unwrap();
    assert_eq!(format!("{saved:.2}"), format!("{last:.2}"), "{s}");
    // Every pair sent both engines a whole-number X; the tuned option comes after Hash.
    let log = std::fs::read_to_string(d.join("log.txt")).unwrap();
    let values: Vec<&str> =
        log.lines().filter_map(|l| l.strip_prefix("setoption name X value ")).collect();
    assert!(values.len() >= 24, "{log}");
    assert!(values.iter().all(|v| v.parse::<i64>().is_ok()), "{log}");
    assert!(log.starts_with("setoption name Hash value 16\n"), "{log}");
}

#[test]
fn a_stopped_run_resumes_to_the_theta_of_an_unbroken_one() {
    let d = dir("resume");
    let (whole, parts) = (d.join("whole.txt"), d.join("parts.txt"));
    let out =
        spsa(&d, &["--pairs", "10", "--concurrency", "2", "--state", whole.to_str().unwrap()]);
    assert!(out.status.success(), "{:?}", text(&out));

    // 3 pairs stop inside the second batch of two.
    let out = spsa(
        &d,
        &[
            "--pairs",
            "10",
            "--concurrency",
            "2",
            "--stop-after",
            "3",
            "--state",
            parts.to_str().unwrap(),
        ],
    );
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(
        stdout.contains(
            "spsa: stopped after 3 pairs in this run, 3/10 in all; continue with --resume"
        ),
        "{stdout}"
    );
    assert!(std::fs::read_to_string(&parts).unwrap().contains("\ndone 3\n"));
    // Resumed on one thread: the batch size comes from the state, not --concurrency.
    let out = spsa(&d, &["--resume", parts.to_str().unwrap()]);
    let (stdout, stderr) = text(&out);
    assert!(out.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.starts_with("spsa: pair 4/10 theta: X="), "{stdout}");
    assert!(stdout.contains("spsa: finished 10 pairs"), "{stdout}");
    assert_eq!(theta_line(&parts), theta_line(&whole));
}

#[test]
fn bad_input_exits_1_with_a_message() {
    let d = dir("bad");
    let state = d.join("state.txt");
    let check = |out: Output, needles: &[&str]| {
        let (stdout, stderr) = text(&out);
        assert_eq!(out.status.code(), Some(1), "{stdout}\n{stderr}");
        assert!(!stderr.contains("panicked"), "{stderr}");
        for n in needles {
            assert!(stderr.contains(n), "want '{n}' in: {stderr}");
        }
    };
    // A corrupt state file.
    std::fs::write(
        &state,
        "kientuong-spsa-state 1\ngame chess\nseed 3\npairs 10\nbatch 1\ndone zz\n",
    )
    .unwrap();
    check(
        spsa(&d, &["--resume", state.to_str().unwrap()]),
        &["state.txt", "line 6", "done 'zz'", "corrupt"],
    );
    std::fs::write(&state, "hello\n").unwrap();
    check(spsa(&d, &["--resume", state.to_str().unwrap()]), &["state.txt", "not a state file"]);
    // A fresh run does not overwrite a state file.
    check(spsa(&d, &["--pairs", "2", "--state", state.to_str().unwrap()]), &["exists", "--resume"]);
    // A state of another run: the seed differs.
    std::fs::remove_file(&state).unwrap();
    let out = spsa(&d, &["--pairs", "2", "--state", state.to_str().unwrap()]);
    assert!(out.status.success(), "{:?}", text(&out));
    check(
        spsa(&d, &["--resume", state.to_str().unwrap(), "--seed", "4"]),
        &["--seed", "written for --seed 3"],
    );
    // An unreadable params file, and a line in the wrong format.
    check(
        Command::new(kientuong_bin())
            .args(["spsa", "--engine", "cmd=x", "nodes=1", "--game", "chess", "--pairs", "2"])
            .args(["--params", "/nonexistent/params.txt"])
            .output()
            .unwrap(),
        &["cannot read /nonexistent/params.txt"],
    );
    let params = d.join("p.txt");
    std::fs::write(&params, "X, int, 20, 0, 100\n").unwrap();
    check(
        Command::new(kientuong_bin())
            .args([
                "spsa", "--engine", "cmd=x", "nodes=1", "--game", "chess", "--pairs", "2",
                "--params",
            ])
            .arg(&params)
            .output()
            .unwrap(),
        &["p.txt: line 1", "5 fields"],
    );
    // An option the engine does not have.
    std::fs::write(&params, "Y, int, 20, 0, 100, 5, 0.1\n").unwrap();
    check(
        Command::new(kientuong_bin())
            .args(["spsa", "--engine", &format!("cmd={}", engine()), "nodes=1", "--game", "chess"])
            .args(["--pairs", "2", "--params"])
            .arg(&params)
            .output()
            .unwrap(),
        &["does not announce the option 'Y'"],
    );
}
