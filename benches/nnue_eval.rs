//! NNUE evaluation speed: the output layer (scalar against AVX2), and evaluating every node of a
//! make/unmake walk over the bench positions with the net against the hand-written evaluation.

use criterion::{black_box, criterion_group, criterion_main, Criterion};
use game_api::{Evaluator, Game, GenKind, MoveList};
use movegen_chess::{Chess, BENCH_FENS};
use nnue::output::{evaluate, Simd};
use nnue::{EvalSwitch, HIDDEN};
use std::sync::Arc;

fn output_bench(c: &mut Criterion) {
    let net = nnue::games::chess::embedded().expect("embedded net");
    let nnue::Hidden::H128(layers) = &net.hidden else { panic!("the embedded net is 128 wide") };
    let us: [i16; HIDDEN] = std::array::from_fn(|i| (i as i16 * 37) % 300 - 20);
    let them: [i16; HIDDEN] = std::array::from_fn(|i| (i as i16 * 53) % 280 - 10);
    let mut group = c.benchmark_group("nnue_output");
    group.bench_function("scalar", |b| {
        b.iter(|| evaluate(Simd::Scalar, layers, 0, black_box(&us), black_box(&them)))
    });
    if Simd::detect() == Simd::Avx2 {
        group.bench_function("avx2", |b| {
            b.iter(|| evaluate(Simd::Avx2, layers, 0, black_box(&us), black_box(&them)))
        });
    }
    group.finish();
}

/// Evaluates every position two plies below each bench position, through the hooks.
fn walk<E: Evaluator<Chess>>(eval: &mut E, roots: &[Chess]) -> i64 {
    let mut sum = 0i64;
    for root in roots {
        let mut pos = root.clone();
        eval.new_root(&pos);
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        for &m in list.as_slice() {
            eval.on_make(&pos, m);
            pos.make(m);
            sum += i64::from(eval.evaluate(&pos));
            let mut replies = MoveList::new();
            pos.generate(GenKind::All, &mut replies);
            for &r in replies.as_slice() {
                eval.on_make(&pos, r);
                pos.make(r);
                sum += i64::from(eval.evaluate(&pos));
                pos.unmake();
                eval.on_unmake();
            }
            pos.unmake();
            eval.on_unmake();
        }
    }
    sum
}

fn walk_bench(c: &mut Criterion) {
    let roots: Vec<Chess> =
        BENCH_FENS.iter().map(|f| Chess::from_fen(f).expect("bench FEN")).collect();
    let net = Arc::new(nnue::games::chess::embedded().expect("embedded net"));
    let mut group = c.benchmark_group("chess_eval_walk_d2");
    group.sample_size(10);
    let mut hand = eval_chess::ChessEval::default();
    group.bench_function("hand_written", |b| b.iter(|| walk(&mut hand, &roots)));
    let mut nnue = EvalSwitch::<Chess, eval_chess::ChessEval>::nnue(net);
    group.bench_function("nnue", |b| b.iter(|| walk(&mut nnue, &roots)));
    group.finish();
}

criterion_group!(benches, output_bench, walk_bench);
criterion_main!(benches);
