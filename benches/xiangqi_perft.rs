//! Xiangqi move-generation speed: the generic perft (what `kientuong perft` runs) on the start
//! position and a middlegame, bare legal generation on the bench positions, and the per-node
//! rules check (`verdict`) the search pays at every node.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use game_api::{perft::perft, Game, GenKind, MoveList};
use movegen_xiangqi::Xiangqi;

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("xiangqi_perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("startpos_d4", Xiangqi::START_FEN, 4, 3_290_240u64),
        (
            "lit2_midgame_d4",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            4,
            1_339_047,
        ),
    ] {
        group.throughput(Throughput::Elements(nodes));
        let mut pos = Xiangqi::from_fen(fen).expect("bench FEN");
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(&mut pos, black_box(depth)), nodes))
        });
    }
    group.finish();
}

fn generation_bench(c: &mut Criterion) {
    let positions: Vec<Xiangqi> =
        Xiangqi::BENCH_FENS.iter().map(|f| Xiangqi::from_fen(f).expect("bench FEN")).collect();
    c.bench_function("xiangqi_generate_all_bench_fens", |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in &positions {
                let mut list = MoveList::new();
                pos.generate(GenKind::All, &mut list);
                total += list.len();
            }
            black_box(total)
        })
    });
}

fn verdict_bench(c: &mut Criterion) {
    // A position 40 plies into a game without captures: the scan back is as long as it gets
    // in practice.
    let mut pos = Xiangqi::startpos();
    for token in "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 b0c2 a9b9 a0b0 c6c5".split_whitespace() {
        let m = pos.parse_move(token).expect("bench move");
        pos.make(m);
    }
    c.bench_function("xiangqi_verdict_no_repetition", |b| {
        b.iter(|| black_box(pos.verdict(black_box(6))))
    });
}

criterion_group!(benches, perft_bench, generation_bench, verdict_bench);
criterion_main!(benches);
