//! Draw by insufficient material, including the "computer rule" for a lone cannon.
//!
//! A side *could force mate* if it has a rook, a horse or a pawn (each can mate a bare king
//! with the help of its own king), two cannons (one screens the other), or one cannon together
//! with an advisor or elephant of its own to serve as the screen. A lone cannon cannot: its
//! only screens would be the defender's pieces, which the defender keeps off the cannon's
//! lines — the well-known draw of cannon against advisor(s). Advisors and elephants never
//! cross the river and cannot attack at all. The game is drawn when neither side could force
//! mate. This is stricter than human (AXF) rules, which have no automatic material draw, and
//! matches the engine convention that declares such endings drawn at once.

use crate::board::Board;
use crate::types::Kind;
use game_api::Color;

/// Whether `side` has material that could ever force mate.
pub fn can_force_mate(b: &Board, side: Color) -> bool {
    if (b.of(side, Kind::Rook) | b.of(side, Kind::Horse) | b.of(side, Kind::Pawn)).any() {
        return true;
    }
    let cannons = b.of(side, Kind::Cannon);
    if cannons.is_empty() {
        return false;
    }
    cannons.more_than_one() || (b.of(side, Kind::Advisor) | b.of(side, Kind::Elephant)).any()
}

pub fn insufficient(b: &Board) -> bool {
    !can_force_mate(b, Color::White) && !can_force_mate(b, Color::Black)
}
