//! Move-path enumeration (perft), generic over any [`Game`]: the standard correctness check of a
//! move generator. Leaves are bulk-counted: at depth 1 the number of legal moves
//! ([`Game::count_legal`]) is the count, so the last ply is never made (nor, where the game
//! overrides `count_legal`, even written to a list).

use crate::{Game, GenKind, Move, MoveList};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    match depth {
        0 => return 1,
        1 => return pos.count_legal() as u64,
        _ => {}
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        nodes += perft(pos, depth - 1);
        pos.unmake();
    }
    nodes
}

/// Perft split by root move: `(move, leaf count)` in generation order.
pub fn divide<G: Game>(pos: &mut G, depth: u32) -> Vec<(Move, u64)> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut out = Vec::with_capacity(list.len());
    for &m in list.iter() {
        let count = if depth <= 1 {
            1
        } else {
            pos.make(m);
            let n = perft(pos, depth - 1);
            pos.unmake();
            n
        };
        out.push((m, count));
    }
    out
}
