//! Move-path enumeration (perft), generic over any [`Game`]: the standard correctness check of a
//! move generator. Leaves are bulk-counted: at depth 1 the number of legal moves
//! ([`Game::count_legal`]) is the count, so the last ply is never made (nor, where the game
//! overrides `count_legal`, even written to a list).

use crate::{Game, GenKind, Move, MoveList};

/// Number of leaf nodes `depth` plies below `pos`.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    // `|| false` is inlined and folded away: the same code as a perft without a stop check.
    perft_until(pos, depth, &|| false).unwrap_or(0)
}

/// [`perft`] that can be interrupted: `None` once `stop` returns true. `stop` is asked only at
/// nodes with at least [`STOP_CHECK_PLIES`] plies below them, so each check covers a thousand
/// or so leaves and costs nothing measurable, yet a stop lands within a fraction of a
/// millisecond (the protocol loop's `perft` and `stop`).
pub fn perft_until<G: Game, S: Fn() -> bool>(pos: &mut G, depth: u32, stop: &S) -> Option<u64> {
    match depth {
        0 => return Some(1),
        1 => return Some(pos.count_legal() as u64),
        _ => {}
    }
    if depth >= STOP_CHECK_PLIES && stop() {
        return None;
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let mut nodes = 0;
    for &m in list.iter() {
        pos.make(m);
        let below = perft_until(pos, depth - 1, stop);
        pos.unmake();
        nodes += below?;
    }
    Some(nodes)
}

/// How many plies must remain below a node for [`perft_until`] to ask its stop check there.
pub const STOP_CHECK_PLIES: u32 = 3;

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
