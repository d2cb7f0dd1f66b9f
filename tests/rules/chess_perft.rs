//! Every chess row of `tests/data/perft.tsv` through the generic `game_api::perft`. Rows above
//! five million nodes are run only with `--ignored`.

use game_api::{perft::perft, Game};
use kientuong_suite::perft_cases;
use movegen_chess::Chess;

const QUICK_LIMIT: u64 = 5_000_000;

fn run(cases: impl Iterator<Item = kientuong_suite::PerftCase>) -> usize {
    let mut ran = 0;
    for case in cases {
        let mut pos = Chess::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let nodes = perft(&mut pos, case.depth);
        assert_eq!(nodes, case.nodes, "{} depth {}", case.name, case.depth);
        assert_eq!(
            pos.fen(),
            Chess::from_fen(&case.fen).unwrap().fen(),
            "perft left the position changed"
        );
        ran += 1;
    }
    ran
}

#[test]
fn perft_suite_quick_rows() {
    let ran = run(perft_cases("chess").into_iter().filter(|c| c.nodes <= QUICK_LIMIT));
    assert!(ran >= 20, "expected the chess rows of perft.tsv, ran {ran}");
}

#[test]
#[ignore = "rows above five million nodes; run with --ignored"]
fn perft_suite_deep_rows() {
    run(perft_cases("chess").into_iter().filter(|c| c.nodes > QUICK_LIMIT));
}

/// Deeper well-known counts (beyond the shared table) that exercise promotions, castling and
/// en passant pins in volume.
#[test]
#[ignore = "tens of millions of nodes; run with --ignored"]
fn perft_deep_classics() {
    let cases = [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 6, 119_060_324u64),
        ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 5, 193_690_690),
        ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 7, 178_633_661),
        ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 5, 15_833_292),
        ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 5, 89_941_194),
    ];
    for (fen, depth, nodes) in cases {
        let mut pos = Chess::from_fen(fen).unwrap();
        assert_eq!(perft(&mut pos, depth), nodes, "{fen} depth {depth}");
    }
}
