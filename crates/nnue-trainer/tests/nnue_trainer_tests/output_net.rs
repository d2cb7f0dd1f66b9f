//! A net the trainer writes is an ordinary `nnue` net file: it loads with `nnue::Net`, carries
//! the format's header and checksum, and evaluates like the float net it came from.

use crate::common;

use common::*;
use datagen::Filter;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::king_buckets::FeatureSet;
use nnue::{Net, NnueEval, NnueGame};
use nnue_trainer::{quantise, train, Files, FloatNet, Settings};
use std::sync::Arc;

fn check<G: NnueGame>(values: &[i32], hidden: usize, buckets: usize, features: FeatureSet) {
    let dir = scratch_dir(&format!("{}-{hidden}-{buckets}-{}", G::NAME, features.byte()));
    let games = playouts::<G>(20, 60, values, 11);
    let path = dir.join("d.ktgr");
    write_records::<G>(&path, &games);
    let files = Files::<G>::new(vec![path.clone()], Filter::all(), features);
    let settings = Settings { features, hidden, buckets, ..small_settings(4) };
    let net = train(&files, G::INPUTS, &settings, |_| {}).expect("training");
    let bytes = quantise::<G>(&net).expect("a shape inference has").to_bytes();
    let loaded = Net::from_bytes::<G>(&bytes).expect("the written net loads");
    assert_eq!(&bytes[0..4], b"KTNN");
    assert_eq!((loaded.hidden_size(), loaded.buckets()), (hidden, buckets));
    assert_eq!(loaded.features(), features);
    assert_eq!(loaded.to_bytes(), bytes);

    let mut eval = NnueEval::<G>::new(Arc::new(loaded));
    let mut acc = vec![0.0; 2 * net.shape.hidden];
    let positions = all_positions_with::<G>(&[path], features);
    let fens = fens_of::<G>(&games);
    assert_eq!(positions.len(), fens.len());
    let mut worst = 0f32;
    for (p, fen) in positions.iter().zip(&fens).step_by(7) {
        let Ok(pos) = G::from_fen(fen) else { panic!("bad FEN {fen}") };
        let float_cp = net.forward(p, &mut acc) * 400.0;
        let cp = eval.evaluate(&pos) as f32;
        worst = worst.max((cp - float_cp).abs() / (1.0 + 0.05 * float_cp.abs()));
    }
    // About 8 cp near zero at width 128 (1/255 steps on ~30 feature weights per value); the
    // rounding errors of more values add up like a random walk, so the bound grows with
    // sqrt(width). A wrong scale would be off by a multiple of the score.
    let bound = 12.0 * (hidden as f32 / 128.0).sqrt();
    assert!(worst < bound, "{} {hidden}: quantised and float differ by up to {worst}", G::NAME);
    let _ = std::fs::remove_dir_all(dir);
}

/// The FENs of every ply of `games`, in file order.
fn fens_of<G: NnueGame>(games: &[datagen::GameRecord]) -> Vec<String> {
    let mut fens = Vec::new();
    for g in games {
        datagen::replay::replay::<G>(g, 0, &Filter::all(), |r| fens.push(r.fen)).expect("replay");
    }
    fens
}

#[test]
fn written_nets_load_and_evaluate_like_the_float_net() {
    let plain = FeatureSet::Plain;
    check::<Chess>(&CHESS_VALUES, 128, 1, plain);
    check::<Xiangqi>(&XIANGQI_VALUES, 128, 1, plain);
    check::<Chess>(&CHESS_VALUES, 256, 1, plain);
    check::<Xiangqi>(&XIANGQI_VALUES, 512, 1, plain);
    check::<Chess>(&CHESS_VALUES, 128, 4, plain);
    check::<Xiangqi>(&XIANGQI_VALUES, 256, 3, plain);
    check::<Chess>(&CHESS_VALUES, 128, 1, FeatureSet::ChessKingBuckets);
    check::<Chess>(&CHESS_VALUES, 256, 2, FeatureSet::ChessKingBuckets);
}

#[test]
fn shapes_inference_cannot_load_are_refused() {
    let plain = FeatureSet::Plain;
    assert!(nnue_trainer::Shape::checked(plain, Chess::INPUTS, 128, 9).is_err(), "9 buckets");
    let shape = nnue_trainer::Shape::checked(plain, Chess::INPUTS, 96, 1).expect("trainable");
    assert!(quantise::<Chess>(&FloatNet::zeros(shape)).is_err());
    let wrong_game = nnue_trainer::Shape::checked(plain, Xiangqi::INPUTS, 128, 1).expect("shape");
    assert!(quantise::<Chess>(&FloatNet::zeros(wrong_game)).is_err());
    let kb = FeatureSet::ChessKingBuckets;
    let xiangqi_kb = nnue_trainer::Shape::checked(kb, Xiangqi::INPUTS, 128, 1).expect("shape");
    assert!(quantise::<Xiangqi>(&FloatNet::zeros(xiangqi_kb)).is_err(), "no xiangqi king buckets");
    // Data read for other inputs than the net's.
    let s = Settings { features: kb, ..small_settings(1) };
    assert!(matches!(
        train(&nnue_trainer::InMemory(&[], plain), Chess::INPUTS, &s, |_| {}),
        Err(nnue_trainer::TrainError::Settings(_))
    ));
    let s = Settings { batch: 0, ..small_settings(1) };
    assert!(train(&nnue_trainer::InMemory(&[], plain), Chess::INPUTS, &s, |_| {}).is_err());
    let s = small_settings(1);
    assert!(matches!(
        train(&nnue_trainer::InMemory(&[], plain), Chess::INPUTS, &s, |_| {}),
        Err(nnue_trainer::TrainError::NoPositions)
    ));
}
