//! Seeded mutation fuzzing of training data as the NNUE trainers read it (`train-nnue`,
//! `train-net`: `PositionReader`, which turns each position into feature lists): game records
//! and position files of both games, truncated, bit-flipped, overwritten with random bytes,
//! given huge, zero or negative header and length fields, spliced, replaced by random files,
//! emptied, or replaced by a folder. Every position a damaged file still yields is turned into
//! features (plain and, for chess, king-bucket inputs, with mirror augmentation): every case
//! reads or is refused with an error that names the file; none panics, hangs or allocates
//! beyond what the file's size justifies.
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

use crate::common;
use crate::file_fuzz_common;

use common::{playouts, write_positions, write_records, CHESS_VALUES, XIANGQI_VALUES};
use datagen::Filter;
use file_fuzz_common::{Encoding, Fuzzer};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use nnue_trainer::reader::PositionReader;
use std::path::Path;

/// Reads every position of the file with each input set the game has.
fn read<G: NnueGame>(path: &Path, feature_sets: &[FeatureSet]) -> Result<(), String> {
    for &features in feature_sets {
        for filter in [Filter::default(), Filter::all()] {
            let reader =
                PositionReader::<G>::new(&[path.to_owned()], &filter, features).with_mirror(true);
            for p in reader {
                std::hint::black_box(p.map_err(|e| e.to_string())?);
            }
        }
    }
    Ok(())
}

fn fuzz<G: NnueGame>(name: &str, seed: u64, values: &[i32], feature_sets: &'static [FeatureSet]) {
    let dir = common::scratch_dir(&format!("{name}-sample"));
    let games = playouts::<G>(3, 20, values, seed);
    for (records, file) in [(true, "sample.ktgr"), (false, "sample.ktdg")] {
        let path = dir.join(file);
        if records {
            write_records::<G>(&path, &games);
        } else {
            write_positions::<G>(&path, &games[..2]);
        }
        let original = std::fs::read(&path).expect("read the sample");
        assert_eq!(read::<G>(&path, feature_sets), Ok(()), "{name}: the sample must read");
        let what = format!("{name}_{}", if records { "records" } else { "positions" });
        let fuzzer = Fuzzer {
            name: &what,
            seed: seed ^ u64::from(records),
            encoding: Encoding::Binary { header: 16 },
            file_name: "train.data",
            names_file: true,
            reseal: None,
        };
        fuzzer.run(&original, |p| read::<G>(p, feature_sets)).assert_clean(&what);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn damaged_chess_training_data_is_refused_by_name_or_read() {
    const SETS: &[FeatureSet] = &[FeatureSet::Plain, FeatureSet::ChessKingBuckets];
    fuzz::<Chess>("trainer_chess", 0x7EAD_0001, &CHESS_VALUES, SETS);
}

#[test]
fn damaged_xiangqi_training_data_is_refused_by_name_or_read() {
    fuzz::<Xiangqi>("trainer_xiangqi", 0x7EAD_0002, &XIANGQI_VALUES, &[FeatureSet::Plain]);
}
