//! The SPSA build (`--features spsa-options`, built by `scripts/test` into
//! `target/tune/<profile>/`): every tunable search constant is a UCI spin option with the normal
//! build's value and range, the build searches exactly as the normal one until an option moves a
//! constant, and a value out of range is refused with an `info string`.

use kientuong_suite::kientuong_bin;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// `target/tune/<profile>/kientuong`, beside the normal `target/<profile>/kientuong`.
fn spsa_build_bin() -> PathBuf {
    let normal = kientuong_bin();
    let profile_dir = normal.parent().expect("profile dir");
    let profile = profile_dir.file_name().expect("profile name");
    let target = profile_dir.parent().expect("target dir");
    let bin = target.join("tune").join(profile).join(normal.file_name().expect("exe name"));
    assert!(
        bin.exists(),
        "{} not found: build it with `cargo build --profile {} -p engine-bin \
         --features spsa-options --target-dir target/tune` (scripts/test does)",
        bin.display(),
        profile.to_string_lossy()
    );
    bin
}

fn stdout_of(bin: &PathBuf, args: &[&str]) -> String {
    let out = Command::new(bin).args(args).output().expect("run kientuong");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Sends `lines`, then `go depth D` from the start position, and returns every output line up
/// to `bestmove`.
fn search_with(bin: &PathBuf, lines: &[&str], depth: u32) -> Vec<String> {
    search_with_position(bin, lines, "position startpos", depth)
}

/// Sends `lines`, then `position` and `go depth D`, and returns every output line up to
/// `bestmove`.
fn search_with_position(bin: &PathBuf, lines: &[&str], position: &str, depth: u32) -> Vec<String> {
    let mut child = Command::new(bin)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("start kientuong");
    let mut stdin = child.stdin.take().expect("stdin");
    for line in lines {
        writeln!(stdin, "{line}").expect("write");
    }
    writeln!(stdin, "{position}\ngo depth {depth}").expect("write");
    stdin.flush().expect("flush");
    let mut out = Vec::new();
    for line in BufReader::new(child.stdout.take().expect("stdout")).lines() {
        let line = line.expect("read");
        let done = line.starts_with("bestmove");
        out.push(line);
        if done {
            break;
        }
    }
    writeln!(stdin, "quit").expect("write quit");
    drop(stdin);
    child.wait().expect("wait");
    out
}

/// The node count of the last `info depth` line.
fn nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find_map(|l| {
            let words: Vec<&str> = l.split_whitespace().collect();
            let at = words.iter().position(|w| *w == "nodes")?;
            words.get(at + 1)?.parse().ok()
        })
        .expect("an info line with nodes")
}

#[test]
fn every_tunable_constant_is_an_option_with_the_normal_builds_value() {
    let params = stdout_of(&kientuong_bin(), &["params"]);
    assert_eq!(params, stdout_of(&spsa_build_bin(), &["params"]), "the two builds disagree");
    let handshake = stdout_of(&spsa_build_bin(), &["uci", "quit"]);
    let mut count = 0;
    for line in params.lines() {
        let f: Vec<&str> = line.split(", ").collect();
        assert_eq!(f.len(), 7, "{line}");
        let want =
            format!("option name {} type spin default {} min {} max {}", f[0], f[2], f[3], f[4]);
        assert!(handshake.lines().any(|l| l == want), "missing: {want}");
        count += 1;
    }
    assert!(count >= 40, "only {count} tunables");
    // The normal build announces none of them.
    let normal = stdout_of(&kientuong_bin(), &["uci", "quit"]);
    assert!(!normal.contains("RFP_MARGIN"));
}

#[test]
fn xiangqi_lists_its_own_column_and_ucci_announces_it() {
    let params = stdout_of(&kientuong_bin(), &["params", "--game", "xiangqi"]);
    assert_eq!(params, stdout_of(&spsa_build_bin(), &["params", "--game", "xiangqi"]));
    let handshake = stdout_of(&spsa_build_bin(), &["ucci", "quit"]);
    let mut count = 0;
    for line in params.lines() {
        let f: Vec<&str> = line.split(", ").collect();
        assert_eq!(f.len(), 7, "{line}");
        let want = format!("option {} type spin min {} max {} default {}", f[0], f[3], f[4], f[2]);
        assert!(handshake.lines().any(|l| l == want), "missing: {want}");
        count += 1;
    }
    assert!(count >= 40, "only {count} tunables");
}

#[test]
fn the_spsa_build_searches_xiangqi_as_the_normal_one() {
    let lines = ["setoption name UCI_Variant value xiangqi"];
    let search = |bin: &PathBuf| nodes(&search_with_position(bin, &lines, "position startpos", 8));
    assert_eq!(search(&kientuong_bin()), search(&spsa_build_bin()));
}

#[test]
fn the_spsa_build_searches_as_the_normal_one_until_a_constant_moves() {
    let normal = nodes(&search_with(&kientuong_bin(), &[], 9));
    assert_eq!(normal, nodes(&search_with(&spsa_build_bin(), &[], 9)));
    // LMR constants are read into a table when a search starts.
    let moved = search_with(&spsa_build_bin(), &["setoption name LMR_BASE value 150"], 9);
    assert_ne!(normal, nodes(&moved), "LMR_BASE did not reach the search");
    let moved = search_with(&spsa_build_bin(), &["setoption name RFP_MARGIN value 40"], 9);
    assert_ne!(normal, nodes(&moved), "RFP_MARGIN did not reach the search");
}

#[test]
fn a_value_out_of_range_is_refused_and_changes_nothing() {
    let normal = nodes(&search_with(&spsa_build_bin(), &[], 8));
    let out = search_with(&spsa_build_bin(), &["setoption name RFP_MARGIN value 5000"], 8);
    assert!(
        out.iter().any(|l| l.starts_with("info string") && l.contains("RFP_MARGIN")),
        "{out:?}"
    );
    assert_eq!(normal, nodes(&out));
    let normal_build = search_with(&kientuong_bin(), &["setoption name RFP_MARGIN value 40"], 8);
    assert!(normal_build.iter().any(|l| l.starts_with("info string")), "{normal_build:?}");
}
