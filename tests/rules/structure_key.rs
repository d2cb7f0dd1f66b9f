//! `Game::structure_key`, the key of the search's correction history, over random playouts:
//! two positions get the same key exactly when their pawns stand on the same squares, read
//! independently from the FEN's placement field; moves of other pieces never change it.
//! The same for xiangqi's soldiers (whether a search uses the key is its profile's choice:
//! xiangqi's leaves the structure correction off, since it lost Elo there).

use game_api::{Game, GenKind, MoveList, SplitMix64};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use std::collections::HashMap;

/// The placement field with every piece but the skeleton's letters blanked out, expanded to
/// one character per square so that equal strings mean equal skeletons.
fn skeleton(fen: &str, letters: &str) -> String {
    let placement = fen.split_whitespace().next().unwrap_or_default();
    let mut out = String::new();
    for c in placement.chars() {
        match c.to_digit(10) {
            Some(n) => (0..n).for_each(|_| out.push('.')),
            None if letters.contains(c) => out.push(c),
            None if c == '/' => out.push('/'),
            None => out.push('.'),
        }
    }
    out
}

fn check_playouts<G: Game>(letters: &str, seed: u64, least_skeletons: usize) {
    let mut rng = SplitMix64::new(seed);
    // skeleton -> key and key -> skeleton: the map must be one-to-one.
    let mut key_of: HashMap<String, u64> = HashMap::new();
    let mut skeleton_of: HashMap<u64, String> = HashMap::new();
    let fens = G::BENCH_FENS;
    for game in 0..40 {
        let mut pos = if game % 4 == 0 {
            G::startpos()
        } else {
            G::from_fen(fens[game % fens.len()]).expect("bench FEN")
        };
        for _ in 0..120 {
            let s = skeleton(&pos.fen(), letters);
            let key = pos.structure_key().expect("a structure key");
            assert_eq!(*key_of.entry(s.clone()).or_insert(key), key, "one skeleton, two keys: {s}");
            assert_eq!(*skeleton_of.entry(key).or_insert(s.clone()), s, "one key, two skeletons");
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
    }
    // The playouts moved the skeleton often enough for the test to mean something.
    assert!(key_of.len() >= least_skeletons, "only {} skeletons seen", key_of.len());
}

#[test]
fn chess_structure_key_follows_the_pawns_only() {
    check_playouts::<Chess>("Pp", 1, 500);
}

#[test]
fn xiangqi_structure_key_follows_the_soldiers_only() {
    // Soldiers move less often than pawns: 399 skeletons in these playouts.
    check_playouts::<Xiangqi>("Pp", 2, 300);
}
