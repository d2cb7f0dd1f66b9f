//! Chess move-generation speed: the generic perft (what `kientuong perft` runs) on the start
//! position and kiwipete, and bare legal generation on the bench positions.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use game_api::{perft::perft, Game, GenKind, MoveList};
use movegen_chess::{Chess, BENCH_FENS};

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("chess_perft");
    group.sample_size(10);
    for (name, fen, depth, nodes) in [
        ("startpos_d5", Chess::START_FEN, 5, 4_865_609u64),
        (
            "kiwipete_d4",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            4,
            4_085_603,
        ),
    ] {
        group.throughput(Throughput::Elements(nodes));
        let mut pos = Chess::from_fen(fen).expect("bench FEN");
        group.bench_function(name, |b| {
            b.iter(|| assert_eq!(perft(&mut pos, black_box(depth)), nodes))
        });
    }
    group.finish();
}

fn generation_bench(c: &mut Criterion) {
    let positions: Vec<Chess> =
        BENCH_FENS.iter().map(|f| Chess::from_fen(f).expect("bench FEN")).collect();
    c.bench_function("chess_generate_all_bench_fens", |b| {
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

criterion_group!(benches, perft_bench, generation_bench);
criterion_main!(benches);
