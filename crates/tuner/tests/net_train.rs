//! The NNUE trainer: it learns a signal, is deterministic for a seed whatever the thread count,
//! and its quantised net evaluates like the float net it came from.

use datagen::{Record, ResultCode};
use game_api::{Color, Game, GenKind, MoveList, SplitMix64};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{NnueEval, NnueGame};
use std::sync::Arc;
use tuner::net_train::float_net::FloatNet;
use tuner::net_train::samples::Samples;
use tuner::net_train::train::{train, EpochReport, Settings};

/// Positions from random playouts, labelled with their material balance (a signal a net can
/// learn from piece-square inputs alone).
fn labelled_positions<G: NnueGame>(fen: &str, games: u64, values: &[i32]) -> Vec<Record> {
    let mut records = Vec::new();
    let mut rng = SplitMix64::new(1);
    for _ in 0..games {
        let Ok(mut pos) = G::from_fen(fen) else { panic!("bad FEN") };
        for _ in 0..80 {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list.as_slice()[rng.below(list.len())]);
            let material: i32 = (0..G::SQUARES)
                .filter_map(|sq| pos.piece_on(sq))
                .map(|p| if p < G::KINDS { values[p] } else { -values[p - G::KINDS] })
                .sum();
            let result = match material {
                m if m > 150 => ResultCode::Win,
                m if m < -150 => ResultCode::Loss,
                _ => ResultCode::Draw,
            };
            records.push(Record {
                fen: pos.fen(),
                score: material.clamp(-3000, 3000) as i16,
                result,
                stm: u8::from(pos.side_to_move() == Color::Black),
            });
        }
    }
    records
}

fn samples<G: NnueGame>(records: &[Record]) -> Samples {
    let mut s = Samples::default();
    for r in records {
        s.push::<G>(r);
    }
    s
}

fn settings(epochs: usize) -> Settings {
    Settings { epochs, batch: 1024, lr: 0.003, lr_drop: 0.3, lambda: 0.3, validation: 0.1, seed: 7 }
}

fn run<G: NnueGame>(data: &Samples, epochs: usize, threads: usize) -> (FloatNet, Vec<EpochReport>) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("thread pool");
    let mut reports = Vec::new();
    let net = pool.install(|| train(data, G::INPUTS, &settings(epochs), |r| reports.push(r)));
    (net, reports)
}

#[test]
fn chess_training_learns_and_is_deterministic() {
    let data = samples::<Chess>(&labelled_positions::<Chess>(
        Chess::START_FEN,
        60,
        &[100, 300, 300, 500, 900, 0],
    ));
    assert!(data.len() > 3000);
    let (net, reports) = run::<Chess>(&data, 12, 2);
    let first = reports[0].validation_loss;
    let last = reports[reports.len() - 1].validation_loss;
    assert!(last < 0.7 * first, "validation loss {first} -> {last}");

    let (same, _) = run::<Chess>(&data, 12, 1);
    assert_eq!(net.quantise::<Chess>(), same.quantise::<Chess>(), "thread count changed the net");
    let (other_seed, _) = {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(1).build().expect("pool");
        let s = Settings { seed: 8, ..settings(2) };
        (pool.install(|| train(&data, Chess::INPUTS, &s, |_| {})), ())
    };
    assert_ne!(net.quantise::<Chess>(), other_seed.quantise::<Chess>());
}

/// The quantised net's centipawns follow the float net's output × 400 within rounding (about
/// 8 cp near zero was measured: 1/255 steps on ~30 feature weights per accumulator; a wrong
/// scale would be off by a multiple of the score).
#[test]
fn quantised_net_evaluates_like_the_float_net() {
    fn check<G: NnueGame>(fen: &str, values: &[i32]) {
        let records = labelled_positions::<G>(fen, 20, values);
        let data = samples::<G>(&records);
        let (net, _) = run::<G>(&data, 6, 1);
        let mut eval = NnueEval::<G>::new(Arc::new(net.quantise::<G>()));
        let mut worst = 0f32;
        for (i, r) in records.iter().enumerate().step_by(7) {
            let Ok(pos) = G::from_fen(&r.fen) else { panic!("bad FEN") };
            let (us, them) = data.features_of(i);
            let float_cp = net.forward(us, them) * 400.0;
            let cp = eval.evaluate(&pos) as f32;
            worst = worst.max((cp - float_cp).abs() / (1.0 + 0.05 * float_cp.abs()));
        }
        assert!(worst < 12.0, "{}: quantised and float evals differ by up to {worst}", G::NAME);
    }
    check::<Chess>(Chess::START_FEN, &[100, 300, 300, 500, 900, 0]);
    check::<Xiangqi>(Xiangqi::START_FEN, &[100, 200, 200, 420, 450, 950, 0]);
}
