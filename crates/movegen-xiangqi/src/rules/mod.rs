//! The rules that end a game other than by a side having no move: repetition (perpetual check
//! and chase judgement, `repetition.rs` + `chase.rs`), the move-count limit and insufficient
//! material (`material.rs`).

pub mod chase;
pub mod material;
pub mod repetition;

use crate::movegen;
use crate::position::Xiangqi;
use game_api::{GenKind, MoveList, Reason, Verdict};

/// See `Game::verdict`. Cheap when nothing applies: a hash scan over the reversible plies, a
/// counter comparison and a few bitboard tests.
pub fn verdict(pos: &Xiangqi, ply_from_root: usize) -> Option<Verdict> {
    if let Some(v) = repetition::judge(pos, ply_from_root) {
        return Some(v);
    }
    if pos.clock >= pos.move_limit && !is_checkmate(pos) {
        return Some(Verdict::draw(Reason::MoveLimit));
    }
    if material::insufficient(&pos.board) {
        return Some(Verdict::draw(Reason::InsufficientMaterial));
    }
    None
}

/// Mate on the move that reaches the limit still wins: the limit yields to it.
fn is_checkmate(pos: &Xiangqi) -> bool {
    if !pos.in_check {
        return false;
    }
    let mut list = MoveList::new();
    movegen::generate(&pos.board, true, GenKind::All, &mut list);
    list.is_empty()
}
