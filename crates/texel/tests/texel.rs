//! The tuner on a small fixed sample: its gradient is the loss's, Adam lowers the loss, K is
//! fitted, and the write-back reproduces `weights.rs` for the committed values.

use datagen::{PositionRecord, ResultCode};
use game_api::{Game, GenKind, MoveList, S};
use movegen_xiangqi::Xiangqi;
use texel::optimise::{adam, fit_k, AdamSettings};
use texel::write_back::write_weights;
use texel::{Dataset, GameModel, Model, Params};

/// A fixed sample: positions along deterministic pseudo-random xiangqi games, labelled by the
/// material balance the committed weights see (so that there is signal to fit) with a few
/// results flipped (so that it cannot be fitted exactly).
fn sample() -> (GameModel, Dataset) {
    let game = GameModel::by_name("xiangqi").unwrap();
    let mut state = 0x5eed_u64;
    let mut rnd = |n: usize| {
        state = state.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    let mut records = Vec::new();
    for _ in 0..40 {
        let mut pos = Xiangqi::startpos();
        for ply in 0..80 {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() || pos.verdict(0).is_some() {
                break;
            }
            pos.make(list[rnd(list.len())]);
            if ply % 4 == 3 {
                let fen = pos.fen();
                let white = (game.trace)(&fen).unwrap().white_eval(&game.values, game.tempo);
                let mut result = if white > 100 {
                    ResultCode::Win
                } else if white < -100 {
                    ResultCode::Loss
                } else {
                    ResultCode::Draw
                };
                if rnd(5) == 0 {
                    result = ResultCode::Draw;
                }
                let stm = pos.side_to_move().index() as u8;
                records.push(PositionRecord { fen, score: (white / 2) as i16, result, stm });
            }
        }
    }
    let data = Dataset::from_records(&game, &records);
    assert!(data.positions.len() > 300, "{}", data.positions.len());
    assert_eq!(data.skipped, 0);
    (game, data)
}

#[test]
fn gradient_matches_finite_differences() {
    let (game, data) = sample();
    let model = Model { k: 1.1, lambda: 0.7 };
    let params = Params::from_weights(&game.values, game.tempo);
    let (loss, grad) = model.loss_and_gradient(&params, &data);
    assert!((loss - model.loss(&params, &data)).abs() < 1e-12);
    let mut checked = 0;
    for (i, &analytic) in grad.iter().enumerate() {
        let h = 0.01;
        let mut up = params.clone();
        up.0[i] += h;
        let mut down = params.clone();
        down.0[i] -= h;
        let numeric = (model.loss(&up, &data) - model.loss(&down, &data)) / (2.0 * h);
        let tolerance = 1e-6 + 1e-3 * numeric.abs().max(analytic.abs());
        assert!(
            (numeric - analytic).abs() <= tolerance,
            "param {i}: numeric {numeric:e} vs analytic {analytic:e}"
        );
        checked += usize::from(analytic != 0.0);
    }
    assert!(checked > 20, "most weights occur in the sample ({checked})");
}

#[test]
fn loss_and_gradient_do_not_depend_on_the_thread_count() {
    let (game, data) = sample();
    let model = Model { k: 0.9, lambda: 0.5 };
    let params = Params::from_weights(&game.values, game.tempo);
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| (model.loss(&params, &data), model.loss_and_gradient(&params, &data)))
    };
    let one = with(1);
    assert_eq!(one, with(3), "bit for bit");
}

#[test]
fn adam_lowers_the_loss() {
    let (game, data) = sample();
    let start = Params::from_weights(&game.values, game.tempo);
    let k = fit_k(&start, &data, 1.0, 0.05, 5.0);
    assert!(k > 0.05 && k < 5.0, "K = {k}");
    let model = Model { k, lambda: 1.0 };
    let before = model.loss(&start, &data);
    // K is a minimum along its own axis.
    assert!(before <= Model { k: k * 1.2, lambda: 1.0 }.loss(&start, &data));
    assert!(before <= Model { k: k / 1.2, lambda: 1.0 }.loss(&start, &data));
    let settings = AdamSettings { steps: 150, learning_rate: 2.0, ..AdamSettings::default() };
    let mut losses = Vec::new();
    let frozen = vec![false; start.0.len()];
    let tuned = adam(&model, &data, start.clone(), &frozen, &settings, 50, |_, l| losses.push(l));
    let after = model.loss(&tuned, &data);
    assert!(after < before * 0.95, "loss {before} -> {after}");
    assert_eq!(losses.len(), 4);
    // A frozen parameter does not move.
    let mut frozen = vec![false; start.0.len()];
    frozen[0] = true;
    let tuned = adam(&model, &data, start.clone(), &frozen, &settings, 0, |_, _| {});
    assert_eq!(tuned.0[0], start.0[0]);
}

#[test]
fn a_split_keeps_every_position_and_its_terms() {
    let (_, mut data) = sample();
    let whole: Vec<Vec<(u16, i16)>> =
        data.positions.iter().map(|p| data.terms_of(p).to_vec()).collect();
    let at = data.positions.len() * 3 / 4;
    let tail = data.split_off(at);
    assert_eq!(data.positions.len() + tail.positions.len(), whole.len());
    for (i, p) in data.positions.iter().enumerate() {
        assert_eq!(data.terms_of(p), whole[i].as_slice());
    }
    for (i, p) in tail.positions.iter().enumerate() {
        assert_eq!(tail.terms_of(p), whole[at + i].as_slice());
    }
}

#[test]
fn write_back_reproduces_the_committed_weights() {
    for name in ["chess", "xiangqi"] {
        let game = GameModel::by_name(name).unwrap();
        let path = format!("{}/../../{}", env!("CARGO_MANIFEST_DIR"), game.weights_path);
        let source = std::fs::read_to_string(&path).unwrap();
        let same = write_weights(&source, game.fields, &game.values, game.tempo).unwrap();
        assert_eq!(same, source, "{name}: writing the current values changes nothing");

        let (values, tempo) = Params::from_weights(&game.values, game.tempo).to_weights();
        assert_eq!(
            (values.as_slice(), tempo),
            (game.values.as_slice(), game.tempo),
            "{name}: params round trip"
        );

        let mut changed = game.values.clone();
        changed[0] = S(-77, 1234);
        let last = changed.len() - 1;
        changed[last] = S(4321, -5);
        let text = write_weights(&source, game.fields, &changed, 99).unwrap();
        assert!(
            text.contains("S(-77, 1234)")
                && text.contains("S(4321, -5)")
                && text.contains("tempo: 99,")
        );
        assert_eq!(text.lines().count(), source.lines().count());
        assert!(
            write_weights(&source, game.fields, &changed[1..], 99).is_err(),
            "wrong count refused"
        );
    }
}
