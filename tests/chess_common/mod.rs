//! Shared by the chess test files: random playouts (with the suite's PRNG).
#![allow(dead_code)]

use game_api::{Game, GenKind, MoveList};
use movegen_chess::{Chess, BENCH_FENS};

/// The suite's splitmix64, under the name the chess tests use.
pub use game_api::SplitMix64;

/// Start positions for playouts: the bench set plus positions rich in castling, en passant and
/// promotions.
pub fn seed_fens() -> Vec<&'static str> {
    let mut fens = BENCH_FENS.to_vec();
    fens.extend([
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "8/8/8/2k5/3pP3/8/8/4K2R b K e3 0 1",
        "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
        "8/PPPk4/8/8/8/8/4Kppp/8 w - - 0 1",
        "8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1",
    ]);
    fens
}

/// Positions met along random games from the seed FENs (each game up to 300 plies), `count`
/// in all. Each returned position carries its game history.
pub fn random_playout_positions(rng: &mut SplitMix64, count: usize) -> Vec<Chess> {
    let fens = seed_fens();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = Chess::from_fen(fens[rng.below(fens.len())]).expect("seed FEN");
        for _ in 0..300 {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() || out.len() >= count {
                break;
            }
            let m = list[rng.below(list.len())];
            pos.make(m);
            out.push(pos.clone());
        }
    }
    out
}
