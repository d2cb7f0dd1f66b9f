//! Seeded mutation fuzzing of Syzygy table files, as `SyzygyPath`, `match --tb` and
//! `datagen --tb` read them: one table of the 3-4-piece set at a time is truncated (anywhere,
//! or to a length the size check accepts), bit-flipped, filled with random bytes behind its
//! real magic, emptied, or replaced by a random file. Opening the folder either refuses it or
//! succeeds, and then every probe the engine and the tools make (WDL, WDL with the clock, DTZ,
//! the game result, the root ranking) answers or fails with an error: no panic, no hang.
//!
//! `KIENTUONG_FUZZ_CASES` sets the number of cases (default 600; the full run is
//! 10,000 of each kind, 60,000 in all).

use crate::syzygy_common;

use game_api::{Move, Tablebase};
use std::sync::Arc;
use syzygy::{ProbeSettings, Syzygy, Tables};
use syzygy_common::{legal_moves, random_positions, tables_dir, SplitMix64};

const KINDS: usize = 6;

fn cases() -> usize {
    std::env::var("KIENTUONG_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(600)
}

fn mutate(original: &[u8], kind: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let mut bytes = original.to_vec();
    match kind {
        0 => bytes.truncate(4 + rng.below(original.len() - 4)),
        // A length the loader's size check accepts (16 more than a multiple of 64).
        1 => bytes.truncate(16 + 64 * rng.below((original.len() - 16) / 64)),
        2 => {
            for _ in 0..1 + rng.below(8) {
                let at = 4 + rng.below(bytes.len() - 4);
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        3 => {
            for b in &mut bytes[4..] {
                *b = rng.below(256) as u8;
            }
        }
        4 => bytes.clear(),
        _ => bytes = (0..rng.below(1 << 14)).map(|_| rng.below(256) as u8).collect(),
    }
    bytes
}

#[test]
fn damaged_tables_are_refused_or_probe_without_panic() {
    let Some(good) = tables_dir() else { return };
    let mut names: Vec<String> = std::fs::read_dir(&good)
        .expect("list the test tables")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".rtbw") || n.ends_with(".rtbz"))
        .collect();
    names.sort();
    let scratch =
        std::env::temp_dir().join(format!("kientuong_syzygy_fuzz_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&scratch).expect("scratch folder");
    let mut rng = SplitMix64::new(0x5EED_F022);
    let samples = random_positions(&mut rng, 150);
    let (mut opened, mut refused, mut answered, mut failed) = (0usize, 0usize, 0usize, 0usize);
    for name in &names {
        std::fs::copy(good.join(name), scratch.join(name)).expect("copy a table");
    }
    for case in 0..cases() {
        let victim = &names[rng.below(names.len())];
        let original = std::fs::read(good.join(victim)).expect("read a test table");
        // A fresh file each time: the previous case's maps are gone, and a file is never
        // changed under a live map (the loader's one contract).
        let put = |bytes: &[u8]| {
            let to = scratch.join(victim);
            let _ = std::fs::remove_file(&to);
            std::fs::write(&to, bytes).expect("write a table");
        };
        put(&mutate(&original, case % KINDS, &mut rng));
        match Tables::open(scratch.to_str().expect("UTF-8 path")) {
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().is_empty());
            }
            Ok(tables) => {
                opened += 1;
                let (a, f) = probe_all(Arc::new(tables), &samples);
                answered += a;
                failed += f;
            }
        }
        put(&original);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    eprintln!(
        "{} cases: {opened} folders opened ({refused} refused); probes {answered} answered, \
         {failed} failed cleanly",
        cases()
    );
    assert!(failed > 0, "some damage must reach the probes (the fuzzer hit nothing)");
}

fn probe_all(tables: Arc<Tables>, samples: &[syzygy_common::Sample]) -> (usize, usize) {
    let (mut answered, mut failed) = (0, 0);
    let tb = Syzygy::new(Arc::clone(&tables), ProbeSettings::default());
    for (i, sample) in samples.iter().enumerate() {
        let pos = &sample.pos;
        let Some(sp) = syzygy::to_shakmaty(pos) else { continue };
        for ok in [
            tables.wdl_after_zeroing(&sp).is_ok(),
            tables.wdl(&sp).is_ok(),
            tables.dtz(&sp).is_ok(),
            syzygy::game_result(&tables, pos, 7).is_some(),
            tb.probe_wdl(pos, 1).is_some(),
        ] {
            if ok {
                answered += 1;
            } else {
                failed += 1;
            }
        }
        // A root ranking probes every move (DTZ): a tenth of the positions are enough.
        if i % 10 == 0 {
            let moves: Vec<Move> = legal_moves(pos).iter().copied().collect();
            std::hint::black_box(tb.rank_root(pos, &moves));
        }
    }
    (answered, failed)
}
