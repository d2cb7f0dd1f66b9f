//! Seeded mutation fuzzing of training data files, as `datagen-convert`, `data-check --write`,
//! the tuner and the trainers read them: game records ("KTGR") and position files ("KTDG") of
//! both games, truncated, bit-flipped, overwritten with random bytes, given huge, zero or
//! negative header and length fields, spliced (records repeated, dropped, cut), replaced by
//! random files, emptied, or replaced by a folder; half the damaged records files get their
//! checksum recomputed so that the damage reaches the games behind it. Each file is read three
//! ways: every position replayed (`read_positions`), the manifest entry (`manifest::entry_for`)
//! and, for position files, the conversion to records. Every case reads or is refused with a
//! typed error; none panics, hangs or allocates beyond what the file's size justifies. (The
//! library's errors do not carry the path; the binary adds it, `tests/fuzz/file_errors_cli.rs`.)
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

use crate::file_fuzz_common;

use datagen::convert::convert;
use datagen::data_file::{open, read_positions, DataFile};
use datagen::manifest::entry_for;
use datagen::record_format::stored_cp;
use datagen::{DataError, Filter, GameRecord, Ply, RecordWriter, ResultCode, Writer};
use file_fuzz_common::{Encoding, Fuzzer};
use game_api::{Game, GameKind, GenKind, MoveList, SplitMix64};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use std::path::Path;

/// Random legal playouts as game records (the scores are only numbers to carry).
fn playouts<G: Game>(games: usize, plies: usize, seed: u64) -> Vec<GameRecord> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for g in 0..games {
        let mut pos = G::startpos();
        let mut record = GameRecord {
            start_fen: pos.fen(),
            plies: Vec::new(),
            result: [ResultCode::Loss, ResultCode::Draw, ResultCode::Win][g % 3],
        };
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[rng.below(list.len())];
            record.plies.push(Ply { mv: m.0, score: stored_cp(rng.below(600) as i32 - 300) });
            pos.make(m);
        }
        out.push(record);
    }
    out
}

fn records_file<G: Game>(kind: GameKind, seed: u64) -> Vec<u8> {
    let mut w = RecordWriter::new(Vec::new(), kind, "fuzz sample").expect("header");
    for g in playouts::<G>(3, 24, seed) {
        w.write_game(&g).expect("a game");
    }
    w.finish().expect("trailer")
}

/// The same games' positions as an old position file.
fn positions_file<G: Game>(kind: GameKind, seed: u64) -> Vec<u8> {
    let mut w = Writer::new(Vec::new(), kind).expect("header");
    for (i, g) in playouts::<G>(2, 12, seed).iter().enumerate() {
        datagen::replay::replay::<G>(g, i as u64, &Filter::all(), |r| {
            w.write(&r).expect("a record");
        })
        .expect("a legal playout");
    }
    w.into_inner()
}

/// FNV-1a 64 of everything before the records file's last 8 bytes, written there.
fn reseal_records(bytes: &mut [u8]) {
    if bytes.len() < 8 {
        return;
    }
    let n = bytes.len() - 8;
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in &bytes[..n] {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    bytes[n..].copy_from_slice(&h.to_le_bytes());
}

fn text(e: DataError) -> String {
    e.to_string()
}

/// Every way the tools read a data file of game `G`.
fn read_every_way<G: Game>(path: &Path) -> Result<(), String> {
    let mut positions = 0u64;
    read_positions::<G>(path, &Filter::all(), |_| positions += 1).map_err(text)?;
    read_positions::<G>(path, &Filter::default(), |_| {}).map_err(text)?;
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    entry_for(dir, name).map_err(text)?;
    if let DataFile::Positions(mut reader) = open(path).map_err(text)? {
        let mut out =
            RecordWriter::new(Vec::new(), reader.game, "convert").map_err(|e| e.to_string())?;
        convert::<G, _, _>(&mut reader, &mut out).map_err(text)?;
        out.finish().map_err(|e| e.to_string())?;
    }
    std::hint::black_box(positions);
    Ok(())
}

fn fuzz<G: Game>(name: &str, seed: u64, original: &[u8], records: bool) {
    let dir = file_fuzz_common::scratch(&format!("{name}_good"));
    std::fs::write(dir.join("good.data"), original).expect("write the sample");
    assert_eq!(read_every_way::<G>(&dir.join("good.data")), Ok(()), "{name}: the sample must read");
    let _ = std::fs::remove_dir_all(&dir);
    let fuzzer = Fuzzer {
        name,
        seed,
        encoding: Encoding::Binary { header: 16 },
        file_name: "damaged.data",
        names_file: false,
        reseal: records.then_some(reseal_records as fn(&mut [u8])),
    };
    fuzzer.run(original, read_every_way::<G>).assert_clean(name);
}

#[test]
fn damaged_chess_game_records_are_refused_or_read() {
    fuzz::<Chess>("chess_records", 0xDA7A_0001, &records_file::<Chess>(GameKind::Chess, 1), true);
}

#[test]
fn damaged_xiangqi_game_records_are_refused_or_read() {
    let bytes = records_file::<Xiangqi>(GameKind::Xiangqi, 2);
    fuzz::<Xiangqi>("xiangqi_records", 0xDA7A_0002, &bytes, true);
}

#[test]
fn damaged_chess_position_files_are_refused_or_read() {
    let bytes = positions_file::<Chess>(GameKind::Chess, 3);
    fuzz::<Chess>("chess_positions", 0xDA7A_0003, &bytes, false);
}

#[test]
fn damaged_xiangqi_position_files_are_refused_or_read() {
    let bytes = positions_file::<Xiangqi>(GameKind::Xiangqi, 4);
    fuzz::<Xiangqi>("xiangqi_positions", 0xDA7A_0004, &bytes, false);
}
