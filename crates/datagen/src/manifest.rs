//! Data manifests: the list of the data files a net was trained on, committed beside the net,
//! so a machine can tell which of them it holds. Data is regenerated, never committed, and lives
//! in a cache outside the work tree; datagen is deterministic by seed, so a file is fully named
//! by its recipe and checked by its hash. Text, one line per file:
//!
//! ```text
//! # comment
//! <path relative to the data folder> <games> <positions> <sha256 hex>
//! ```
//!
//! `positions` counts every stored position (every searched ply of a game record; every record
//! of a position file, whose `games` is 0 as it does not say). The counts are for people; the
//! check compares the hash.

use crate::data_file::{open, DataFile};
use crate::error::DataError;
use crate::sha256;
use std::fmt;
use std::fs::File;
use std::path::Path;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub path: String,
    pub games: u64,
    pub positions: u64,
    pub sha256: String,
}

impl fmt::Display for Entry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {} {}", self.path, self.games, self.positions, self.sha256)
    }
}

/// A manifest line that does not parse.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "manifest line {}: expected `path games positions sha256`", self.line)
    }
}

impl std::error::Error for ParseError {}

pub fn parse(text: &str) -> Result<Vec<Entry>, ParseError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = ParseError { line: i + 1 };
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [path, games, positions, sha] = fields[..] else {
            return Err(bad);
        };
        let hex = sha.len() == 64 && sha.bytes().all(|b| b.is_ascii_hexdigit());
        if !hex || path.split('/').any(|part| part == "..") || path.starts_with('/') {
            return Err(bad);
        }
        entries.push(Entry {
            path: path.to_string(),
            games: games.parse().map_err(|_| bad.clone())?,
            positions: positions.parse().map_err(|_| bad.clone())?,
            sha256: sha.to_ascii_lowercase(),
        });
    }
    Ok(entries)
}

/// The manifest text of `entries`.
pub fn write(entries: &[Entry]) -> String {
    let mut text = String::from("# kientuong data manifest: path games positions sha256\n");
    for e in entries {
        text.push_str(&format!("{e}\n"));
    }
    text
}

/// The entry of the data file `dir/path`: counts read through the file (which checks it whole:
/// a truncated or damaged file is refused) and its hash.
pub fn entry_for(dir: &Path, path: &str) -> Result<Entry, DataError> {
    let full = dir.join(path);
    let (mut games, mut positions) = (0, 0);
    match open(&full)? {
        DataFile::Positions(mut r) => {
            while r.next_record()?.is_some() {
                positions += 1;
            }
        }
        DataFile::Games(mut r) => {
            while let Some(g) = r.next_game()? {
                games += 1;
                positions += g.plies.len() as u64;
            }
        }
    }
    let sha256 = sha256::hex_of(File::open(&full)?)?;
    Ok(Entry { path: path.to_string(), games, positions, sha256 })
}

/// What is wrong with one listed file on this machine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    Missing(String),
    /// Present, with other bytes than the manifest's.
    Altered(String),
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing(p) => write!(f, "missing {p}"),
            Problem::Altered(p) => write!(f, "altered {p}"),
        }
    }
}

/// Checks every listed file under `dir` by its hash.
pub fn check(entries: &[Entry], dir: &Path) -> Vec<Problem> {
    let mut problems = Vec::new();
    for e in entries {
        let full = dir.join(&e.path);
        match File::open(&full) {
            Err(_) => problems.push(Problem::Missing(e.path.clone())),
            Ok(file) => match sha256::hex_of(file) {
                Ok(sha) if sha == e.sha256 => {}
                _ => problems.push(Problem::Altered(e.path.clone())),
            },
        }
    }
    problems
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::ResultCode;
    use crate::record_format::{GameRecord, Ply, RecordWriter};
    use game_api::GameKind;

    fn data_file(dir: &Path, name: &str, plies: usize) {
        let mut w = RecordWriter::new(Vec::new(), GameKind::Chess, "test").unwrap();
        let g = GameRecord {
            start_fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
            plies: vec![Ply { mv: 0, score: 0 }; plies],
            result: ResultCode::Draw,
        };
        w.write_game(&g).unwrap();
        std::fs::write(dir.join(name), w.finish().unwrap()).unwrap();
    }

    #[test]
    fn a_check_finds_missing_and_altered_files() {
        let dir = std::env::temp_dir().join(format!("kientuong-manifest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        data_file(&dir, "a.ktgr", 1);
        data_file(&dir, "sub/b.ktgr", 1);
        data_file(&dir, "c.ktgr", 1);
        let entries: Vec<Entry> = ["a.ktgr", "sub/b.ktgr", "c.ktgr"]
            .iter()
            .map(|p| entry_for(&dir, p).unwrap())
            .collect();
        assert_eq!((entries[0].games, entries[0].positions), (1, 1));
        let text = write(&entries);
        assert_eq!(parse(&text).unwrap(), entries);
        assert!(check(&entries, &dir).is_empty());

        std::fs::remove_file(dir.join("a.ktgr")).unwrap();
        data_file(&dir, "sub/b.ktgr", 2);
        assert_eq!(
            check(&entries, &dir),
            vec![Problem::Missing("a.ktgr".into()), Problem::Altered("sub/b.ktgr".into())]
        );
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_lines_are_refused() {
        let sha = "0".repeat(64);
        assert!(parse(&format!("a 1 2 {sha}\n# note\n\n")).is_ok());
        for bad in ["a 1 2", &format!("a x 2 {sha}"), "a 1 2 xyz", &format!("../a 1 2 {sha}")] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }
}
