//! `Game::count_legal` for chess (popcounts, no move list) against the length of the generated
//! legal move list, on random-playout positions and on every node of a shallow tree under each
//! chess position of `tests/data/perft.tsv`. Perft leaves are bulk-counted with `count_legal`,
//! so a disagreement here is a wrong perft count somewhere.

use crate::chess_common;

use chess_common::{random_playout_positions, SplitMix64};
use game_api::{Game, GenKind, MoveList};
use kientuong_suite::perft_cases;
use movegen_chess::Chess;

fn generated_len(pos: &Chess) -> usize {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.len()
}

fn assert_count_matches(pos: &Chess) {
    assert_eq!(pos.count_legal(), generated_len(pos), "count_legal in {}", pos.fen());
}

/// Checks every node of the tree `depth` plies deep under `pos`; returns how many it checked.
fn check_tree(pos: &mut Chess, depth: u32) -> usize {
    assert_count_matches(pos);
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut checked = 1;
    for &m in list.iter() {
        pos.make(m);
        checked += check_tree(pos, depth - 1);
        pos.unmake();
    }
    checked
}

#[test]
fn count_matches_generation_on_random_playouts() {
    let mut rng = SplitMix64::new(31);
    let positions = random_playout_positions(&mut rng, 20_000);
    let mut in_check = 0;
    let mut no_moves = 0;
    for pos in &positions {
        assert_count_matches(pos);
        in_check += usize::from(pos.in_check());
        no_moves += usize::from(pos.count_legal() == 0);
    }
    // The sample must reach the evasion code, not only quiet middlegames.
    assert!(in_check > 500, "only {in_check} positions in check");
    assert!(no_moves > 0, "no mate or stalemate met");
}

#[test]
fn count_matches_generation_under_every_perft_position() {
    let cases = perft_cases("chess");
    assert!(cases.len() >= 20, "expected the chess rows of perft.tsv, got {}", cases.len());
    let mut checked = 0;
    for case in &cases {
        let mut pos = Chess::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        checked += check_tree(&mut pos, 2);
    }
    assert!(checked > 10_000, "checked only {checked} nodes");
}

/// Positions built to hit each special case of the counter: promotions (pushes and captures,
/// pinned pawns), en passant that exposes the king, castling through attacked squares, double
/// check, and a pinned piece that may only move along its pin.
#[test]
fn count_matches_generation_on_special_cases() {
    let fens = [
        "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
        "8/8/8/KPp4r/8/8/8/7k w - c6 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "r3k2r/8/8/8/8/5b2/8/R3K2R w KQkq - 0 1",
        "4k3/8/8/8/8/8/3n4/R3K2r w Q - 0 1",
        "4k3/8/8/1b6/8/8/4r3/4K3 w - - 0 1",
        "4k3/4r3/8/8/8/8/4R3/4K3 w - - 0 1",
        "4k3/8/8/8/b7/8/2P5/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/1q6/K7 w - - 0 1",
        "1q2k3/2P5/8/8/8/8/8/1K6 w - - 0 1",
    ];
    for fen in fens {
        let mut pos = Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        check_tree(&mut pos, 3);
    }
}
