//! Shared by the trainer's tests: small datagen files from random playouts, labelled with
//! their material balance (a signal a net can learn from piece-square inputs alone).
#![allow(dead_code)]

use datagen::{Filter, GameRecord, Ply, PositionRecord, RecordWriter, ResultCode, Writer};
use game_api::{Color, GenKind, MoveList, SplitMix64};
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use nnue_trainer::{Settings, TrainingPosition};
use std::path::PathBuf;

pub const CHESS_VALUES: [i32; 6] = [100, 300, 300, 500, 900, 0];
pub const XIANGQI_VALUES: [i32; 7] = [100, 200, 200, 420, 450, 950, 0];

/// White's material minus Black's.
fn material<G: NnueGame>(pos: &G, values: &[i32]) -> i32 {
    (0..G::SQUARES)
        .filter_map(|sq| pos.piece_on(sq))
        .map(|p| if p < G::KINDS { values[p] } else { -values[p - G::KINDS] })
        .sum()
}

/// `games` random playouts of up to `plies` plies as game records: each ply's score is the
/// material from the side to move's view, the result follows the final material.
pub fn playouts<G: NnueGame>(
    games: u64,
    plies: usize,
    values: &[i32],
    seed: u64,
) -> Vec<GameRecord> {
    let mut rng = SplitMix64::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let Ok(mut pos) = G::from_fen(G::START_FEN) else { panic!("bad start FEN") };
        let start_fen = pos.fen();
        let mut record = GameRecord { start_fen, plies: Vec::new(), result: ResultCode::Draw };
        for _ in 0..plies {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            let m = list.as_slice()[rng.below(list.len())];
            let white = material(&pos, values).clamp(-3000, 3000);
            let score = if pos.side_to_move() == Color::White { white } else { -white };
            record.plies.push(Ply { mv: m.0, score: score as i16 });
            pos.make(m);
        }
        record.result = match material(&pos, values) {
            m if m > 150 => ResultCode::Win,
            m if m < -150 => ResultCode::Loss,
            _ => ResultCode::Draw,
        };
        out.push(record);
    }
    out
}

/// A fresh folder for one test's files.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nnue-trainer-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

/// Writes `games` as a game-record file.
pub fn write_records<G: NnueGame>(path: &PathBuf, games: &[GameRecord]) {
    let file = std::fs::File::create(path).expect("create records");
    let kind = G::KIND.expect("a game with a file byte");
    let mut w = RecordWriter::new(std::io::BufWriter::new(file), kind, "test").expect("header");
    for g in games {
        w.write_game(g).expect("write game");
    }
    w.finish().expect("trailer");
}

/// Writes the positions of `games` (all of them) as a position file.
pub fn write_positions<G: NnueGame>(path: &PathBuf, games: &[GameRecord]) {
    let file = std::fs::File::create(path).expect("create positions");
    let kind = G::KIND.expect("a game with a file byte");
    let mut w = Writer::new(std::io::BufWriter::new(file), kind).expect("header");
    for g in games {
        datagen::replay::replay::<G>(g, 0, &Filter::all(), |r: PositionRecord| {
            w.write(&r).expect("write")
        })
        .expect("replay");
    }
    use std::io::Write;
    w.into_inner().flush().expect("flush");
}

/// Settings for tiny runs.
pub fn small_settings(epochs: usize) -> Settings {
    Settings {
        features: FeatureSet::Plain,
        hidden: 128,
        buckets: 1,
        epochs,
        batch: 512,
        lr: 0.003,
        lr_drop: 0.3,
        schedule: nnue_trainer::train::Schedule::Step,
        weight_decay: 0.0,
        lambda: 0.3,
        seed: 7,
        shuffle_buffer: 1 << 20,
        validation_every: 10,
        validation_unit: nnue_trainer::shuffle::HoldoutUnit::Positions,
        validation_cap: 100_000,
        init: None,
    }
}

pub fn all_positions<G: NnueGame>(paths: &[PathBuf]) -> Vec<TrainingPosition> {
    all_positions_with::<G>(paths, FeatureSet::Plain)
}

pub fn all_positions_with<G: NnueGame>(
    paths: &[PathBuf],
    features: FeatureSet,
) -> Vec<TrainingPosition> {
    nnue_trainer::PositionReader::<G>::read_all(paths, &Filter::all(), features).expect("read data")
}
