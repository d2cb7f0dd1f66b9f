//! `SyzygyPath` and the other `Syzygy*` options through the real binary, as a GUI sets them:
//! a bad path (no such folder, not a folder, an empty folder, damaged tables, damaged tables
//! among good ones) is answered by one `info string` that names the problem, and the engine
//! still answers `isready` and plays a legal move; a good path is counted in an `info string`
//! and used: `tbhits` on the info lines, tablebase scores, moves that keep the win.
//! The cases with real tables need the test set (`syzygy_common::tables_dir`).

use crate::protocol_driver;
use crate::syzygy_common;

use game_api::{Game, Wdl};
use movegen_chess::Chess;
use protocol_driver::{assert_legal, Engine, PATIENCE};
use std::path::{Path, PathBuf};
use syzygy::{to_shakmaty, Tables};
use syzygy_common::{path_text, tables_dir};

/// KQvK, White to move: a win the tables know and a search of depth 5 does not mate.
const KQK: &str = "8/8/8/3k4/8/8/8/QK6 w - - 0 1";
/// KQvKR, White to move, won (python-chess: WDL 2, DTZ 3).
const KQKR: &str = "8/8/8/3k4/8/8/6r1/QK6 w - - 0 1";
/// Five men, the black rook hangs: captures lead into the 4-man tables.
const FIVE: &str = "8/8/8/4k3/8/8/Q2r4/1KR5 w - - 0 1";

/// A scratch folder under the system's temporary folder, removed when dropped.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("kientuong_syzygy_{}_{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create a scratch folder");
        Scratch(dir)
    }

    fn path(&self) -> &str {
        path_text(&self.0)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Copies `name` from the test tables into `to`, cut to `len` bytes, or with its first byte
/// flipped when `len` is `None`.
fn damaged_copy(tables: &Path, name: &str, to: &Path, len: Option<usize>) {
    let mut bytes = std::fs::read(tables.join(name)).expect("read a test table");
    match len {
        Some(len) => bytes.truncate(len),
        None => bytes[0] ^= 0xff,
    }
    std::fs::write(to.join(name), bytes).expect("write a damaged table");
}

/// A started UCI engine.
fn uci_engine() -> Engine {
    let mut e = Engine::start();
    e.handshake_uci();
    e
}

/// Sets `SyzygyPath` and returns the `info string` lines answered before `readyok`.
fn set_path(e: &mut Engine, path: &str) -> Vec<String> {
    e.send(&format!("setoption name SyzygyPath value {path}"));
    e.send("isready");
    e.read_until(PATIENCE, |l| l == "readyok")
        .into_iter()
        .filter(|l| l.starts_with("info string"))
        .collect()
}

/// Asserts one `info string` about `SyzygyPath` that contains every piece of `words`.
fn assert_one_note(notes: &[String], words: &[&str]) {
    assert_eq!(notes.len(), 1, "expected one info string, got {notes:?}");
    let note = &notes[0];
    assert!(note.contains("SyzygyPath"), "{note}");
    for w in words {
        assert!(note.contains(w), "'{note}' does not say '{w}'");
    }
}

/// One search: `go depth N` from `fen`; the info lines with a score, and the bestmove, which
/// must be legal.
fn search(e: &mut Engine, fen: &str, depth: u32) -> (Vec<String>, String) {
    e.send(&format!("position fen {fen}"));
    e.send(&format!("go depth {depth}"));
    let lines = e.read_until(PATIENCE, protocol_driver::is_search_end);
    let end = lines.last().cloned().expect("a bestmove line");
    let best = assert_legal::<Chess>(Some(fen), &[], &end);
    let infos =
        lines.into_iter().filter(|l| l.starts_with("info ") && l.contains(" score ")).collect();
    (infos, best)
}

/// The word after `key` in an info line.
fn field<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let words: Vec<&str> = line.split_whitespace().collect();
    words.iter().position(|w| *w == key).and_then(|i| words.get(i + 1).copied())
}

/// The score of an info line as (kind, value): ("cp", 31) or ("mate", 4).
fn score(line: &str) -> (String, i32) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let at = words.iter().position(|w| *w == "score").expect("a score");
    (words[at + 1].to_owned(), words[at + 2].parse().expect("a score value"))
}

/// Whether the last line shows a win: a tablebase win (cp of 20000 or more) or a mate.
fn shows_win(line: &str) -> bool {
    match score(line) {
        (kind, v) if kind == "cp" => v >= 20_000,
        (kind, v) if kind == "mate" => v > 0,
        _ => false,
    }
}

#[test]
fn bad_paths_are_named_and_the_engine_plays_on() {
    let scratch = Scratch::new("bad_paths");
    let missing = scratch.0.join("no_such_folder");
    let file = scratch.0.join("a_file.rtbw");
    std::fs::write(&file, b"not a folder").expect("write a file");
    let empty = scratch.0.join("empty");
    std::fs::create_dir_all(&empty).expect("create a folder");
    let cases: [(&Path, &[&str]); 3] = [
        (&missing, &["no such folder", "playing without tablebases"]),
        (&file, &["not a folder", "playing without tablebases"]),
        (&empty, &["no Syzygy table files", "playing without tablebases"]),
    ];
    for (path, words) in cases {
        let mut e = uci_engine();
        let path = path_text(path);
        let notes = set_path(&mut e, path);
        assert_one_note(&notes, words);
        assert!(notes[0].contains(path), "{notes:?} does not name {path}");
        e.sync();
        let (infos, _) = search(&mut e, KQK, 5);
        let last = infos.last().expect("info lines");
        assert!(!shows_win(last) || score(last).0 == "mate", "no tables, yet: {last}");
        assert_eq!(field(last, "tbhits"), Some("0"), "{last}");
    }
}

#[test]
fn damaged_tables_are_refused_by_name() {
    let Some(tables) = tables_dir() else { return };
    let cut = Scratch::new("cut");
    // 136 bytes: not 16 more than a multiple of 64, which no table's length fails to be.
    damaged_copy(&tables, "KQvK.rtbw", &cut.0, Some(136));
    let flipped = Scratch::new("flipped");
    damaged_copy(&tables, "KQvK.rtbw", &flipped.0, None);
    let cases: [(&str, &[&str]); 2] = [
        (cut.path(), &["no usable Syzygy table", "KQvK.rtbw: unexpected file size"]),
        (flipped.path(), &["no usable Syzygy table", "KQvK.rtbw", "wrong magic bytes"]),
    ];
    for (path, words) in cases {
        let mut e = uci_engine();
        assert_one_note(&set_path(&mut e, path), words);
        e.sync();
        let (infos, _) = search(&mut e, KQK, 5);
        let last = infos.last().expect("info lines");
        assert!(!shows_win(last) || score(last).0 == "mate", "damaged tables, yet: {last}");
    }

    // Every good table plus two damaged ones: the good ones are used, the others named.
    let mixed = Scratch::new("mixed");
    let (mut wdl, mut dtz) = (0, 0);
    for entry in std::fs::read_dir(&tables).expect("list the test tables") {
        let path = entry.expect("a folder entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a file name").to_owned();
        match path.extension().and_then(|x| x.to_str()) {
            Some("rtbw") => wdl += 1,
            Some("rtbz") => dtz += 1,
            _ => continue,
        }
        if name != "KRvK.rtbw" && name != "KRvK.rtbz" {
            std::fs::copy(&path, mixed.0.join(&name)).expect("copy a table");
        }
    }
    damaged_copy(&tables, "KRvK.rtbw", &mixed.0, None);
    damaged_copy(&tables, "KRvK.rtbz", &mixed.0, Some(1000));
    let mut e = uci_engine();
    let summary =
        format!("SyzygyPath: {} tables ({} WDL, {} DTZ)", wdl + dtz - 2, wdl - 1, dtz - 1);
    assert_one_note(
        &set_path(&mut e, mixed.path()),
        &[
            &summary,
            "refused: KRvK.rtbw: not a Syzygy table (wrong magic bytes)",
            "KRvK.rtbz: unexpected file size",
        ],
    );
    e.sync();
    let (infos, _) = search(&mut e, KQK, 5);
    let last = infos.last().expect("info lines");
    assert!(shows_win(last), "KQvK with its tables, yet: {last}");
    // KRvK is out of the tables now; the search plays it on its own.
    let (infos, _) = search(&mut e, "8/8/8/3k4/8/8/8/RK6 w - - 0 1", 5);
    assert!(field(infos.last().expect("info lines"), "tbhits").is_some());
}

/// What the load-time checks cannot see: a table cut to a length that a table may have, or
/// garbage behind the right magic bytes, is listed as loaded (Stockfish checks no more when it
/// maps a file); its probes then fail, and a failed probe is no answer: the engine plays on
/// without a tablebase score.
#[test]
fn a_table_damaged_past_its_header_is_harmless() {
    let Some(tables) = tables_dir() else { return };
    let cut = Scratch::new("cut_aligned");
    damaged_copy(&tables, "KQvK.rtbw", &cut.0, Some(80));
    let garbage = Scratch::new("garbage");
    for name in ["KQvK.rtbw", "KQvK.rtbz"] {
        let mut bytes = std::fs::read(tables.join(name)).expect("read a test table");
        let mut rng = syzygy_common::SplitMix64::new(0x5EED_5E31);
        for b in &mut bytes[4..] {
            *b = rng.next_u64() as u8;
        }
        std::fs::write(garbage.0.join(name), bytes).expect("write a damaged table");
    }
    for path in [cut.path(), garbage.path()] {
        let mut e = uci_engine();
        let notes = set_path(&mut e, path);
        assert_eq!(notes.len(), 1, "{notes:?}");
        for _ in 0..2 {
            e.sync();
            let (infos, _) = search(&mut e, KQK, 5);
            let last = infos.last().expect("info lines");
            assert!(!shows_win(last) || score(last).0 == "mate", "damaged tables, yet: {last}");
        }
    }
}

#[test]
fn good_tables_are_counted_and_used() {
    let Some(dir) = tables_dir() else { return };
    let tables = Tables::open(path_text(&dir)).expect("the test tables open");
    let mut e = uci_engine();
    let note = format!("info string SyzygyPath: {}", tables.summary());
    assert_eq!(set_path(&mut e, path_text(&dir)), vec![note.clone()]);
    if std::env::var_os("KIENTUONG_SYZYGY").is_none() {
        // The set scripts/test fetches.
        assert_eq!(note, "info string SyzygyPath: 70 tables (35 WDL, 35 DTZ) up to 4 pieces");
    }

    // A 4-man win: every line counts the root's probes in tbhits (one per legal move), the
    // score is a win, the move keeps it.
    let (infos, best) = search(&mut e, KQKR, 8);
    let root_moves = syzygy_common::legal_moves(&Chess::from_fen(KQKR).expect("test FEN")).len();
    for line in &infos {
        let hits: usize = field(line, "tbhits").and_then(|h| h.parse().ok()).expect("tbhits");
        assert!(hits >= root_moves, "{root_moves} root moves probed, yet: {line}");
    }
    let last = infos.last().expect("info lines");
    assert!(shows_win(last), "{last}");
    let mut child = Chess::from_fen(KQKR).expect("test FEN");
    child.make(child.parse_move(&best).expect("legal"));
    if child.count_legal() > 0 {
        let sp = to_shakmaty(&child).expect("in the tables");
        assert_eq!(tables.wdl(&sp).expect("probe"), Some(Wdl::Loss), "after {best}");
    }

    // Five men: the root is beyond the tables, the captures below it are not.
    let (infos, _) = search(&mut e, FIVE, 6);
    let last = infos.last().expect("info lines");
    let hits: u64 = field(last, "tbhits").and_then(|h| h.parse().ok()).expect("tbhits");
    assert!(hits > 0, "no tablebase hits below a hanging rook: {last}");
    assert!(shows_win(last), "{last}");

    // SyzygyProbeLimit 0: no probes at all.
    e.send("setoption name SyzygyProbeLimit value 0");
    e.sync();
    let (infos, _) = search(&mut e, FIVE, 6);
    assert_eq!(field(infos.last().expect("info lines"), "tbhits"), Some("0"));
    e.send("setoption name SyzygyProbeLimit value 7");

    // Unloading, and a bad path after a good one: both leave the engine without tables.
    assert_eq!(set_path(&mut e, "<empty>"), vec!["info string SyzygyPath: tables unloaded"]);
    assert_eq!(set_path(&mut e, path_text(&dir)), vec![note]);
    let notes = set_path(&mut e, "/no/such/syzygy/folder");
    assert_one_note(&notes, &["no such folder", "playing without tablebases"]);
    let (infos, _) = search(&mut e, KQKR, 5);
    assert_eq!(field(infos.last().expect("info lines"), "tbhits"), Some("0"));
}
