//! The incrementally updated accumulator equals a full refresh, at every evaluated node of
//! random search-like trees (make, unmake, null moves, evaluations skipped so that several plies
//! are caught up at once) in both games, over positions where every move kind occurs.

use crate::common;

use common::{random_layers, random_layers_with, random_net, random_net_of, SplitMix64};
use game_api::{Game, GenKind, MoveList};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::accumulator::refreshed;
use nnue::king_buckets::{king_squares, views, FeatureSet};
use nnue::{Net, NnueEval, NnueGame};
use std::sync::Arc;

#[derive(Default, Debug)]
struct Coverage {
    checked: usize,
    captures: usize,
    castles: usize,
    promotions: usize,
    nulls: usize,
    bucketed: usize,
    /// King moves that changed a perspective's king bucket or mirroring.
    view_changes: usize,
}

/// Walks a random tree below `pos`: two random moves per node, sometimes a null move.
fn walk<G: NnueGame>(
    pos: &mut G,
    eval: &mut NnueEval<G>,
    net: &Net,
    depth: usize,
    rng: &mut SplitMix64,
    cov: &mut Coverage,
) {
    if rng.below(3) != 0 {
        assert_eq!(eval.accumulator(pos), refreshed(net, pos), "{}", pos.fen());
        cov.checked += 1;
        if net.buckets() > 1 || net.features() != FeatureSet::Plain {
            // The piece count (and so the bucket) followed the moves too: a lone `evaluate`
            // on a fresh evaluator refreshes from the board.
            let mut fresh = NnueEval::<G>::new(Arc::new(net.clone()));
            assert_eq!(eval.evaluate(pos), fresh.evaluate(pos), "{}", pos.fen());
            cov.bucketed += 1;
        }
    }
    if depth == 0 {
        return;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    if list.is_empty() {
        return;
    }
    for _ in 0..2 {
        let m = list.as_slice()[rng.below(list.len())];
        let dirty = pos.dirty_pieces(m);
        cov.captures += usize::from(dirty.removed().len() > dirty.added().len());
        cov.castles += usize::from(dirty.added().len() == 2);
        cov.promotions += usize::from(
            dirty.added().iter().all(|a| dirty.removed().iter().all(|r| r.piece != a.piece)),
        );
        let before = views::<G>(net.features(), king_squares(pos));
        eval.on_make(pos, m);
        pos.make(m);
        cov.view_changes += usize::from(before != views::<G>(net.features(), king_squares(pos)));
        walk(pos, eval, net, depth - 1, rng, cov);
        pos.unmake();
        eval.on_unmake();
    }
    if !pos.in_check() && rng.below(4) == 0 {
        cov.nulls += 1;
        eval.on_make_null();
        pos.make_null();
        walk(pos, eval, net, depth - 1, rng, cov);
        pos.unmake_null();
        eval.on_unmake();
    }
}

/// Random playouts from `fen`, with a tree walk at every position on the way.
fn check<G: NnueGame>(fen: &str, seed: u64, cov: &mut Coverage) {
    check_net::<G>(Arc::new(random_net::<G>(seed)), fen, seed, cov);
}

fn check_net<G: NnueGame>(net: Arc<Net>, fen: &str, seed: u64, cov: &mut Coverage) {
    let mut rng = SplitMix64::new(seed);
    let Ok(mut pos) = G::from_fen(fen) else { panic!("bad test FEN {fen}") };
    let mut eval = NnueEval::<G>::new(Arc::clone(&net));
    for _ in 0..40 {
        eval.new_root(&pos);
        walk(&mut pos, &mut eval, &net, 5, &mut rng, cov);
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        if list.is_empty() {
            break;
        }
        pos.make(list.as_slice()[rng.below(list.len())]);
    }
}

#[test]
fn chess_incremental_equals_refresh() {
    let mut cov = Coverage::default();
    let fens = [
        Chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
    ];
    for (i, fen) in fens.iter().enumerate() {
        check::<Chess>(fen, 11 + i as u64, &mut cov);
    }
    assert!(
        cov.checked > 1000
            && cov.captures > 100
            && cov.castles > 0
            && cov.promotions > 0
            && cov.nulls > 0,
        "{cov:?}"
    );
}

#[test]
fn xiangqi_incremental_equals_refresh() {
    let mut cov = Coverage::default();
    let fens = [
        Xiangqi::START_FEN,
        // Midgame with every piece kind able to capture.
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P3P2/P3P3P/1CN3NC1/9/R1BAKAB1R w - - 0 1",
    ];
    for (i, fen) in fens.iter().enumerate() {
        check::<Xiangqi>(fen, 21 + i as u64, &mut cov);
    }
    assert!(cov.checked > 1000 && cov.captures > 100 && cov.nulls > 0, "{cov:?}");
}

/// A lone `evaluate` on a position the hooks never described refreshes instead of reusing the
/// root's accumulator.
#[test]
fn evaluate_without_hooks_follows_the_position() {
    let net = Arc::new(random_net::<Chess>(5));
    let mut eval = NnueEval::<Chess>::new(Arc::clone(&net));
    let start = Chess::startpos();
    let Ok(other) =
        Chess::from_fen("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    else {
        panic!("bad FEN")
    };
    let a = eval.evaluate(&start);
    let b = eval.evaluate(&other);
    assert_eq!(a, NnueEval::<Chess>::new(Arc::clone(&net)).evaluate(&start));
    assert_eq!(b, NnueEval::<Chess>::new(net).evaluate(&other));
    assert_ne!(a, b, "two different positions gave the same score: the root was reused");
}

/// Every other width inference has: the same walk, fewer playouts each.
#[test]
fn wider_nets_incremental_equals_refresh() {
    let mut cov = Coverage::default();
    for (i, net) in [
        random_net_of::<Chess, 256>(31),
        random_net_of::<Chess, 384>(32),
        random_net_of::<Chess, 512>(33),
    ]
    .into_iter()
    .enumerate()
    {
        let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
        check_net::<Chess>(Arc::new(net), fen, 40 + i as u64, &mut cov);
    }
    check_net::<Xiangqi>(
        Arc::new(random_net_of::<Xiangqi, 512>(34)),
        Xiangqi::START_FEN,
        44,
        &mut cov,
    );
    assert!(cov.checked > 1000 && cov.captures > 100 && cov.castles > 0, "{cov:?}");
}

/// Nets with output buckets: the evaluation at every checked node equals a fresh one, so the
/// piece count that picks the bucket is kept right through captures and promotions.
#[test]
fn bucketed_nets_evaluate_as_refreshed() {
    let mut cov = Coverage::default();
    let chess = Net::from_layers(Chess::TAG, random_layers::<Chess, 128>(51, 4));
    let fen = "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1";
    check_net::<Chess>(Arc::new(chess), fen, 52, &mut cov);
    let xiangqi = Net::from_layers(Xiangqi::TAG, random_layers::<Xiangqi, 256>(53, 8));
    check_net::<Xiangqi>(Arc::new(xiangqi), Xiangqi::START_FEN, 54, &mut cov);
    assert!(cov.bucketed > 1000 && cov.captures > 100 && cov.promotions > 0, "{cov:?}");
}

/// Chess king buckets: king moves that change a bucket or the mirroring force a refresh of the
/// stack, every other move updates in the king's view; both equal a refresh everywhere.
#[test]
fn king_bucket_nets_incremental_equals_refresh() {
    let mut cov = Coverage::default();
    let fens = [
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2k5/8/3K4/8/8/4P3/8 w - - 0 1",
        "r3k2r/1P4P1/8/2pP4/8/8/1p4p1/R3K2R w KQkq c6 0 1",
    ];
    for (i, fen) in fens.iter().enumerate() {
        let seed = 60 + i as u64;
        let layers = random_layers_with::<Chess, 128>(seed, 1 + i, FeatureSet::ChessKingBuckets);
        check_net::<Chess>(Arc::new(Net::from_layers(Chess::TAG, layers)), fen, seed, &mut cov);
    }
    let wide = random_layers_with::<Chess, 256>(63, 2, FeatureSet::ChessKingBuckets);
    check_net::<Chess>(
        Arc::new(Net::from_layers(Chess::TAG, wide)),
        Chess::START_FEN,
        63,
        &mut cov,
    );
    assert!(
        cov.bucketed > 1000 && cov.view_changes > 100 && cov.castles > 0 && cov.promotions > 0,
        "{cov:?}"
    );
}
