//! Support for the end-to-end tests in `tests/` and the benches in `benches/`: the data tables
//! both games' tests share (`tests/data/perft.tsv`, the perft counts; `tests/data/perft960.tsv`,
//! Chess960 perft counts; `tests/data/rules_cases.tsv`,
//! positions with the verdict the rules must give) and the path of the `kientuong` binary. The
//! engine itself lives in `crates/` and `engine-bin/`.

#![forbid(unsafe_code)]

use std::path::PathBuf;

/// One row of `tests/data/perft.tsv`.
#[derive(Clone, Debug)]
pub struct PerftCase {
    pub game: String,
    pub name: String,
    pub fen: String,
    pub depth: u32,
    pub nodes: u64,
}

/// One row of `tests/data/rules_cases.tsv`.
#[derive(Clone, Debug)]
pub struct RulesCase {
    pub game: String,
    pub fen: String,
    /// Space-separated moves in the game's coordinate notation (may be empty).
    pub moves: String,
    /// `white_wins`, `red_wins`, `black_wins`, `draw` or `ongoing`.
    pub expected: String,
    pub rule: String,
    pub note: String,
}

pub fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests").join("data")
}

fn read_rows(file: &str) -> Vec<Vec<String>> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split('\t').map(str::to_owned).collect())
        .collect()
}

pub fn perft_cases(game: &str) -> Vec<PerftCase> {
    read_rows("perft.tsv")
        .into_iter()
        .filter(|r| r.len() >= 5 && r[0] == game)
        .map(|r| PerftCase {
            game: r[0].clone(),
            name: r[1].clone(),
            fen: r[2].clone(),
            depth: r[3].parse().expect("perft depth"),
            nodes: r[4].parse().expect("perft nodes"),
        })
        .collect()
}

/// The rows of `tests/data/perft960.tsv` (Chess960 and Double Fischer Random perft counts from
/// python-chess; `scripts/gen-perft960.py`): name, Shredder-FEN, depth, nodes.
pub fn perft960_cases() -> Vec<PerftCase> {
    read_rows("perft960.tsv")
        .into_iter()
        .filter(|r| r.len() >= 4)
        .map(|r| PerftCase {
            game: "chess960".to_owned(),
            name: r[0].clone(),
            fen: r[1].clone(),
            depth: r[2].parse().expect("perft depth"),
            nodes: r[3].parse().expect("perft nodes"),
        })
        .collect()
}

pub fn rules_cases(game: &str) -> Vec<RulesCase> {
    read_rows("rules_cases.tsv")
        .into_iter()
        .skip_while(|r| r.first().map(String::as_str) == Some("game"))
        .filter(|r| r.len() >= 7 && r[0] == game)
        .map(|r| RulesCase {
            game: r[0].clone(),
            fen: r[1].clone(),
            moves: r[2].clone(),
            expected: r[3].clone(),
            rule: r[4].clone(),
            note: r[6].clone(),
        })
        .collect()
}

/// The `kientuong` binary built by the same profile as the running test (`target/<profile>/`).
/// `scripts/test` (which `.ci/run` runs) builds it before running the tests.
pub fn kientuong_bin() -> PathBuf {
    let exe = std::env::current_exe().expect("test executable path");
    // target/<profile>/deps/<test>-hash  ->  target/<profile>/kientuong
    let profile_dir = exe.parent().and_then(|d| d.parent()).expect("target profile dir");
    let bin = profile_dir.join(format!("kientuong{}", std::env::consts::EXE_SUFFIX));
    // The folder is named after the profile, except `dev`'s, which is `debug`.
    let profile = match profile_dir.file_name().and_then(|n| n.to_str()) {
        Some("debug") | None => "dev",
        Some(name) => name,
    };
    assert!(
        bin.exists(),
        "{} not found: build it first with `cargo build --profile {profile} -p engine-bin`",
        bin.display()
    );
    bin
}

/// The PRNG for random playouts and fuzz input (one SplitMix64 for the whole workspace), so
/// that a failing run can be replayed from its seed.
pub use game_api::SplitMix64;
