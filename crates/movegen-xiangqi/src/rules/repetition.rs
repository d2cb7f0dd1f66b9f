//! Repetition detection and judgement.
//!
//! Detection is a scan back over the reversible plies (no capture, no null move) comparing
//! zobrist keys two plies at a time: no allocation, nothing computed but the scan. Only when a
//! repetition counts is the cycle classified: each side's moves are checks (read from the
//! per-ply `in_check` flags the undo stack already holds) or chases (computed by `chase.rs`
//! on a stack copy of the board).
//!
//! Policy (docs/RULES.md): a side that checked with every move of the cycle loses; if both did, a
//! draw. Otherwise a side that chased the same piece with every move loses; if both did, a
//! draw. Anything else is a draw by repetition. A side whose moves mix checks and chases does
//! not violate, but the other side's perpetual chase is still judged on its own.

use super::chase;
use crate::position::Xiangqi;
use game_api::{Color, Reason, Verdict};

/// The verdict if the current position repeats often enough to be judged, else `None`.
pub fn judge(pos: &Xiangqi, ply_from_root: usize) -> Option<Verdict> {
    let n = pos.history.len();
    let window = (pos.clock.min(pos.since_null) as usize).min(n);
    if window < 4 {
        return None;
    }
    let key = pos.board.key;
    let root = n - ply_from_root.min(n);
    let oldest = n - window;
    let mut seen_before_root = false;
    let mut i = n - 4;
    loop {
        if pos.history[i].key == key {
            // Second occurrence inside the search, or third anywhere.
            if (ply_from_root > 0 && i >= root) || seen_before_root {
                return Some(judge_cycle(pos, i));
            }
            seen_before_root = true;
        }
        if i < oldest + 2 {
            return None;
        }
        i -= 2;
    }
}

/// Judges the cycle of moves `start..history.len()` (the position at `start` equals the
/// current one).
pub fn judge_cycle(pos: &Xiangqi, start: usize) -> Verdict {
    let n = pos.history.len();
    let mut checked_always = [true, true];
    for i in start..n {
        let mover = mover_at(pos, i);
        if !pos.in_check_at(i + 1) {
            checked_always[mover.index()] = false;
        }
    }
    if let Some(v) = decide(checked_always, Reason::PerpetualCheck) {
        return v;
    }
    let chased = chase::perpetual_chasers(pos, start);
    decide(chased, Reason::PerpetualChase).unwrap_or(Verdict::draw(Reason::Repetition))
}

/// Turns "which sides violated" into a verdict: one violator loses, both is a draw.
fn decide(violated: [bool; 2], reason: Reason) -> Option<Verdict> {
    match violated {
        [true, true] => Some(Verdict::draw(Reason::Repetition)),
        [true, false] => Some(Verdict::win(Color::Black, reason)),
        [false, true] => Some(Verdict::win(Color::White, reason)),
        [false, false] => None,
    }
}

/// The side that made move `i` of the history.
pub fn mover_at(pos: &Xiangqi, i: usize) -> Color {
    let n = pos.history.len();
    if (n - i).is_multiple_of(2) {
        pos.board.side
    } else {
        !pos.board.side
    }
}
