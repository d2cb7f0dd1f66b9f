//! Seeded mutation fuzzing of data manifests, as `kientuong data-check --manifest M --dir D`
//! reads them (`manifest::parse`, then `manifest::check` of every listed file under `D`):
//! truncated, bit-flipped, overwritten with random bytes, given huge or negative counts,
//! spliced (lines dropped, repeated, swapped, cut), replaced by random files, emptied, or
//! replaced by a folder. Every case checks or is refused with a typed error; none panics, hangs
//! or allocates beyond what the file's size justifies, and no listed path leaves `D`.
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

use crate::file_fuzz_common;

use datagen::manifest::{check, entry_for, parse, write};
use datagen::{GameRecord, Ply, RecordWriter, ResultCode};
use file_fuzz_common::{Encoding, Fuzzer};
use game_api::GameKind;
use std::path::Path;

fn data_file(dir: &Path, name: &str, plies: usize) {
    let mut w = RecordWriter::new(Vec::new(), GameKind::Chess, "manifest fuzz").expect("header");
    let g = GameRecord {
        start_fen: "8/8/8/8/8/8/8/K6k w - - 0 1".into(),
        plies: vec![Ply { mv: 0, score: 0 }; plies],
        result: ResultCode::Draw,
    };
    w.write_game(&g).expect("a game");
    std::fs::write(dir.join(name), w.finish().expect("trailer")).expect("write a data file");
}

#[test]
fn damaged_manifests_are_refused_or_checked() {
    let data = file_fuzz_common::scratch("manifest_data");
    std::fs::create_dir_all(data.join("sub")).expect("a sub-folder");
    for (name, plies) in [("a.ktgr", 1), ("sub/b.ktgr", 1), ("c.ktgr", 1)] {
        data_file(&data, name, plies);
    }
    let entries: Vec<_> = ["a.ktgr", "sub/b.ktgr", "c.ktgr"]
        .iter()
        .map(|p| entry_for(&data, p).expect("an entry"))
        .collect();
    let original = write(&entries);
    assert!(check(&entries, &data).is_empty());
    let run_check = |path: &Path| {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        let entries = parse(&text).map_err(|e| e.to_string())?;
        for e in &entries {
            assert!(!e.path.starts_with('/') && !e.path.split('/').any(|p| p == ".."), "{e}");
        }
        std::hint::black_box(check(&entries, &data));
        Ok(())
    };
    let fuzzer = Fuzzer {
        name: "manifest",
        seed: 0x3A41_F001,
        encoding: Encoding::Text,
        file_name: "data.manifest",
        names_file: false,
        reseal: None,
    };
    fuzzer.run(original.as_bytes(), run_check).assert_clean("manifest");
    let _ = std::fs::remove_dir_all(&data);
}
