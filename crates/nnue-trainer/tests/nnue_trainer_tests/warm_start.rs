//! A warm start: a committed net read back into float weights is the same net again, a wider
//! copy of it evaluates exactly as it does, and training from it begins where it stands.

use crate::common;

use common::*;
use datagen::Filter;
use game_api::Game;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{Net, NnueEval, NnueGame};
use nnue_trainer::quantise::dequantise;
use nnue_trainer::{quantise, train, Files, Settings, TrainError};
use std::sync::Arc;

fn round_trip<G: NnueGame>(bytes: &[u8]) {
    let net = Net::from_bytes::<G>(bytes).expect("the embedded net loads");
    let float = dequantise(&net, net.hidden_size(), 1).expect("same width");
    assert_eq!(quantise::<G>(&float).expect("a loadable shape").to_bytes(), bytes, "{}", G::NAME);
}

#[test]
fn embedded_nets_survive_dequantising() {
    round_trip::<Chess>(nnue::games::chess::EMBEDDED);
    round_trip::<Xiangqi>(nnue::games::xiangqi::EMBEDDED);
}

/// The extra units of a widened net have zero output weights: every evaluation is the same.
#[test]
fn a_widened_net_evaluates_as_the_narrow_one() {
    let narrow = Net::from_bytes::<Xiangqi>(nnue::games::xiangqi::EMBEDDED).expect("loads");
    let float = dequantise(&narrow, 256, 5).expect("wider");
    assert_eq!(float.shape.hidden, 256);
    let wide = quantise::<Xiangqi>(&float).expect("256 loads");
    assert_eq!(wide.hidden_size(), 256);
    let mut a = NnueEval::<Xiangqi>::new(Arc::new(narrow));
    let mut b = NnueEval::<Xiangqi>::new(Arc::new(wide));
    let games = playouts::<Xiangqi>(6, 80, &XIANGQI_VALUES, 3);
    let mut seen = 0;
    for g in &games {
        datagen::replay::replay::<Xiangqi>(g, 0, &Filter::all(), |r| {
            let Ok(pos) = Xiangqi::from_fen(&r.fen) else { panic!("bad FEN {}", r.fen) };
            assert_eq!(a.evaluate(&pos), b.evaluate(&pos), "{}", r.fen);
            seen += 1;
        })
        .expect("replay");
    }
    assert!(seen > 100, "only {seen} positions compared");
}

#[test]
fn narrowing_and_mismatched_starts_are_refused() {
    let net = Net::from_bytes::<Chess>(nnue::games::chess::EMBEDDED).expect("loads");
    assert!(matches!(dequantise(&net, 64, 1), Err(TrainError::Settings(_))));
    let float = dequantise(&net, 256, 1).expect("wider");
    let dir = scratch_dir("warm-mismatch");
    let path = dir.join("d.ktgr");
    write_records::<Chess>(&path, &playouts::<Chess>(4, 40, &CHESS_VALUES, 2));
    let files = Files::<Chess>::new(vec![path], Filter::all(), float.shape.features);
    let s = Settings { hidden: 128, init: Some(float), ..small_settings(1) };
    assert!(matches!(train(&files, Chess::INPUTS, &s, |_| {}), Err(TrainError::Settings(_))));
    let _ = std::fs::remove_dir_all(dir);
}

/// Training from a net starts from its weights: at a zero step size the net comes back
/// unchanged, and its first epoch's loss is its own, far below a random start's.
#[test]
fn training_starts_from_the_given_net() {
    let net = Net::from_bytes::<Xiangqi>(nnue::games::xiangqi::EMBEDDED).expect("loads");
    let start = dequantise(&net, 128, 1).expect("same width");
    let dir = scratch_dir("warm-start");
    let path = dir.join("d.ktgr");
    write_records::<Xiangqi>(&path, &playouts::<Xiangqi>(20, 60, &XIANGQI_VALUES, 9));
    let files = Files::<Xiangqi>::new(vec![path], Filter::all(), start.shape.features);
    let still = Settings { lr: 0.0, init: Some(start.clone()), ..small_settings(1) };
    let kept = train(&files, Xiangqi::INPUTS, &still, |_| {}).expect("training");
    assert_eq!(
        quantise::<Xiangqi>(&kept).expect("loads").to_bytes(),
        nnue::games::xiangqi::EMBEDDED
    );

    let mut losses = Vec::new();
    for init in [Some(start), None] {
        let s = Settings { lr: 0.0, init, ..small_settings(1) };
        train(&files, Xiangqi::INPUTS, &s, |r| losses.push(r.validation_loss)).expect("training");
    }
    assert!(losses[0] < losses[1], "warm {} against random {}", losses[0], losses[1]);
    let _ = std::fs::remove_dir_all(dir);
}
