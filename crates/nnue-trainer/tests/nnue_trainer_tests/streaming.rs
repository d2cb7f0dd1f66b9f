//! Streaming from disk trains the same net as training in memory when the shuffle buffer holds
//! the whole data; a small buffer still learns, stays deterministic for a seed whatever the
//! thread count, and both data formats read the same positions.

use crate::common;

use common::*;
use datagen::Filter;
use movegen_chess::Chess;
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use nnue_trainer::{train, EpochReport, Files, FloatNet, InMemory, Settings, Source};

fn run<S: Source + Sync>(source: &S, s: &Settings, threads: usize) -> (FloatNet, Vec<EpochReport>) {
    let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().expect("pool");
    let mut reports = Vec::new();
    let net =
        pool.install(|| train(source, Chess::INPUTS, s, |r| reports.push(*r))).expect("training");
    (net, reports)
}

#[test]
fn streaming_equals_in_memory_and_learns() {
    let dir = scratch_dir("stream");
    let games = playouts::<Chess>(60, 70, &CHESS_VALUES, 1);
    let (a, b) = (dir.join("a.ktgr"), dir.join("b.ktgr"));
    write_records::<Chess>(&a, &games[..30]);
    write_records::<Chess>(&b, &games[30..]);
    let paths = vec![a, b];
    let files = Files::<Chess>::new(paths.clone(), Filter::all(), FeatureSet::Plain);
    let in_memory = all_positions::<Chess>(&paths);
    assert!(in_memory.len() > 3000, "{} positions", in_memory.len());

    let settings = small_settings(8);
    let (streamed, reports) = run(&files, &settings, 2);
    let (loaded, _) = run(&InMemory(&in_memory, FeatureSet::Plain), &settings, 2);
    assert!(streamed == loaded, "a buffer holding all the data must train the in-memory net");

    let first = reports[0].validation_loss;
    let last = reports[reports.len() - 1].validation_loss;
    assert!(last < 0.7 * first, "validation loss {first} -> {last}");
    let held = in_memory.len().div_ceil(10) as u64;
    assert_eq!(reports[0].positions, in_memory.len() as u64 - held);
    assert!(reports[0].positions_per_second_per_thread() > 0.0);

    // A buffer of a tenth of the data: other order, still learning, still one net per seed.
    let small = Settings { shuffle_buffer: 400, ..settings };
    let (bounded, reports) = run(&files, &small, 2);
    let (bounded_one_thread, _) = run(&files, &small, 1);
    assert!(bounded == bounded_one_thread, "the thread count changed the net");
    assert!(bounded != streamed);
    let last = reports[reports.len() - 1].validation_loss;
    assert!(last < 0.7 * reports[0].validation_loss, "small buffer: {first} -> {last}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn both_formats_read_the_same_positions() {
    let dir = scratch_dir("formats");
    let games = playouts::<Chess>(5, 40, &CHESS_VALUES, 2);
    let (records, positions) = (dir.join("g.ktgr"), dir.join("p.ktdg"));
    write_records::<Chess>(&records, &games);
    write_positions::<Chess>(&positions, &games);
    let from_records = all_positions::<Chess>(&[records]);
    assert_eq!(from_records.len(), games.iter().map(|g| g.plies.len()).sum::<usize>());
    // The same positions; only the game numbers may differ, as a position file does not mark
    // its games (neighbours with the same result count as one, validation_split.rs).
    let unnumbered = |v: Vec<nnue_trainer::TrainingPosition>| {
        v.into_iter().map(|p| nnue_trainer::TrainingPosition { game: 0, ..p }).collect::<Vec<_>>()
    };
    assert!(unnumbered(from_records) == unnumbered(all_positions::<Chess>(&[positions])));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn bad_input_is_an_error_not_a_panic() {
    let dir = scratch_dir("bad");
    let path = dir.join("x.ktgr");
    write_records::<Chess>(&path, &playouts::<Chess>(3, 20, &CHESS_VALUES, 3));
    let bytes = std::fs::read(&path).expect("read");
    std::fs::write(&path, &bytes[..bytes.len() - 5]).expect("truncate");
    let files = Files::<Chess>::new(vec![path.clone()], Filter::all(), FeatureSet::Plain);
    assert!(run_err(&files).contains("truncated"));
    let missing =
        Files::<Chess>::new(vec![dir.join("none.ktgr")], Filter::all(), FeatureSet::Plain);
    assert!(!run_err(&missing).is_empty());
    let other_game = dir.join("xq.ktgr");
    write_records::<movegen_xiangqi::Xiangqi>(
        &other_game,
        &playouts::<movegen_xiangqi::Xiangqi>(1, 10, &XIANGQI_VALUES, 4),
    );
    let wrong = Files::<Chess>::new(vec![other_game], Filter::all(), FeatureSet::Plain);
    assert!(run_err(&wrong).contains("another game"));
    let _ = std::fs::remove_dir_all(dir);
}

fn run_err<S: Source>(source: &S) -> String {
    match train(source, Chess::INPUTS, &small_settings(1), |_| {}) {
        Ok(_) => panic!("bad data trained"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn cosine_schedule_and_weight_decay() {
    use nnue_trainer::train::{epoch_lr, Schedule};
    let s = Settings { schedule: Schedule::Cosine, lr: 0.01, lr_drop: 0.1, ..small_settings(5) };
    let rates: Vec<f32> = (1..=5).map(|e| epoch_lr(&s, e)).collect();
    assert!((rates[0] - 0.01).abs() < 1e-7 && (rates[4] - 0.001).abs() < 1e-7, "{rates:?}");
    assert!((rates[2] - 0.0055).abs() < 1e-6, "the midpoint: {rates:?}");
    assert!(rates.windows(2).all(|w| w[1] < w[0]));
    let step = small_settings(10);
    assert_eq!(epoch_lr(&step, 7), step.lr);
    assert_eq!(epoch_lr(&step, 8), step.lr * step.lr_drop);

    // Decay pulls the weights towards zero; at 0 it is plain Adam, bit for bit.
    let dir = scratch_dir("decay");
    let path = dir.join("d.ktgr");
    write_records::<Chess>(&path, &playouts::<Chess>(40, 40, &CHESS_VALUES, 8));
    let positions = all_positions::<Chess>(&[path]);
    let source = InMemory(&positions, FeatureSet::Plain);
    let run = |decay: f32| {
        let s = Settings { weight_decay: decay, ..small_settings(2) };
        train(&source, Chess::INPUTS, &s, |_: &EpochReport| {}).unwrap()
    };
    let norm = |n: &FloatNet| n.ft.iter().map(|w| f64::from(w * w)).sum::<f64>();
    let (plain, again, decayed) = (run(0.0), run(0.0), run(5.0));
    assert!(plain.ft == again.ft && plain.out == again.out);
    assert!(norm(&decayed) < norm(&plain), "{} !< {}", norm(&decayed), norm(&plain));
    let _ = std::fs::remove_dir_all(dir);
}

/// The next nets' options together (whole games held out, a new file order each epoch, mirror
/// twins, cosine schedule, weight decay): still one net per seed, whatever the thread count.
#[test]
fn the_new_options_keep_one_net_per_seed_whatever_the_threads() {
    use nnue_trainer::shuffle::HoldoutUnit;
    use nnue_trainer::train::Schedule;
    let dir = scratch_dir("new-options");
    let paths: Vec<_> = (0..3)
        .map(|i| {
            let path = dir.join(format!("f{i}.ktgr"));
            write_records::<Chess>(&path, &playouts::<Chess>(15, 60, &CHESS_VALUES, 40 + i));
            path
        })
        .collect();
    let files = Files::<Chess>::new(paths, Filter::all(), FeatureSet::Plain)
        .with_mirror(true)
        .with_file_shuffle(true);
    let s = Settings {
        validation_unit: HoldoutUnit::Games,
        schedule: Schedule::Cosine,
        weight_decay: 0.01,
        shuffle_buffer: 500,
        ..small_settings(4)
    };
    let (one, reports) = run(&files, &s, 1);
    let (three, _) = run(&files, &s, 3);
    assert!(one == three, "the thread count changed the net");
    assert!(reports.iter().all(|r| r.validation_loss.is_finite() && r.positions > 0));
    let other = run(&files, &Settings { seed: 8, ..s.clone() }, 1).0;
    assert!(other != one, "the seed picks the net");
    let _ = std::fs::remove_dir_all(dir);
}
