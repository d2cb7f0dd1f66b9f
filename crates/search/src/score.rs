//! Score arithmetic: the mate range, distance-to-mate adjustments for the TT, and the typed
//! [`Score`] handed to reporters.

use crate::params::MAX_PLY;
use game_api::{Color, Outcome, Verdict};

/// Larger than any score; the initial alpha-beta window.
pub const INFINITE: i32 = 32_001;
/// The score of giving mate right now (at ply 0). Mate at ply `p` is `MATE - p`.
pub const MATE: i32 = 32_000;
/// Scores at or beyond this magnitude are mates; evaluations are clamped inside it.
pub const MATE_BOUND: i32 = MATE - MAX_PLY as i32;
/// Draw score (repetitions, move-count rules, stalemate in chess).
pub const DRAW: i32 = 0;
/// A win that an endgame tablebase proves, at ply 0: below every mate, above every evaluation.
/// A win proven at ply `p` is `TB_WIN - p`, so the TB range ends at `TB_WIN_BOUND`.
pub const TB_WIN: i32 = MATE_BOUND - 1;
/// Scores at or beyond this magnitude are decisive: a mate or a tablebase result.
pub const TB_WIN_BOUND: i32 = TB_WIN - MAX_PLY as i32;

#[inline]
pub const fn mate_in(ply: usize) -> i32 {
    MATE - ply as i32
}

#[inline]
pub const fn mated_in(ply: usize) -> i32 {
    -MATE + ply as i32
}

/// A tablebase win at `ply` (the side to move there wins).
#[inline]
pub const fn tb_win_in(ply: usize) -> i32 {
    TB_WIN - ply as i32
}

/// A mate or a tablebase result: not a score to average, soften or learn from.
#[inline]
pub const fn is_decisive(v: i32) -> bool {
    v >= TB_WIN_BOUND || v <= -TB_WIN_BOUND
}

/// The score, for the side to move at `ply`, of a ruling by the game's rules.
#[inline]
pub fn verdict_score(verdict: Verdict, side_to_move: Color, ply: usize) -> i32 {
    match verdict.outcome {
        Outcome::Draw => DRAW,
        Outcome::Win(winner) if winner == side_to_move => mate_in(ply),
        Outcome::Win(_) => mated_in(ply),
    }
}

/// Mate and tablebase scores are stored in the TT relative to the node (distance from it), not
/// to the root.
#[inline]
pub fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= TB_WIN_BOUND {
        v + ply as i32
    } else if v <= -TB_WIN_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[inline]
pub fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= TB_WIN_BOUND {
        v - ply as i32
    } else if v <= -TB_WIN_BOUND {
        v + ply as i32
    } else {
        v
    }
}

/// Keeps an evaluation out of the mate and tablebase range.
#[inline]
pub fn clamp_eval(v: i32) -> i32 {
    v.clamp(-TB_WIN_BOUND + 1, TB_WIN_BOUND - 1)
}

/// A score as a protocol prints it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns from the side to move's point of view.
    Cp(i32),
    /// Mate in this many plies: positive when the side to move mates, negative when it is mated
    /// (`Mate(0)`: mated now).
    Mate(i32),
}

impl Score {
    /// From an internal search value.
    pub fn from_value(v: i32) -> Score {
        if v >= MATE_BOUND {
            Score::Mate(MATE - v)
        } else if v <= -MATE_BOUND {
            Score::Mate(-(MATE + v))
        } else {
            Score::Cp(v)
        }
    }

    /// Full moves to mate, as UCI's `score mate N` wants (negative when being mated).
    pub fn mate_moves(plies: i32) -> i32 {
        if plies > 0 {
            (plies + 1) / 2
        } else {
            -((-plies + 1) / 2)
        }
    }
}

/// A static evaluation damped by the move-count clock: scaled by `(span − clock) / span`, with
/// the span `span_percent` % of the rule's `limit`. A lead the rule is about to turn into a draw
/// is worth less than the same lead with the clock fresh, so the search prefers the capture or
/// pawn move that resets it; a small edge also shrinks towards the draw the rule will give.
#[inline]
pub fn damp_by_move_rule(eval: i32, clock: u32, limit: u32, span_percent: i32) -> i32 {
    let span = (i64::from(limit) * i64::from(span_percent) / 100).max(1);
    let left = (span - i64::from(clock)).clamp(0, span);
    // |eval| < MATE_BOUND and left <= span, so the product fits and the result stays in range.
    (i64::from(eval) * left / span) as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_round_trip_through_the_tt() {
        for ply in 0..MAX_PLY {
            for v in [mate_in(ply + 3), mated_in(ply + 2), 57, -300, 0] {
                assert_eq!(from_tt(to_tt(v, ply), ply), v);
            }
        }
        // A mate found 2 plies below a node 5 plies deep is "mate in 2" at that node.
        assert_eq!(to_tt(mate_in(7), 5), mate_in(2));
        // Tablebase wins travel the same way and stay below every mate. A node probes the
        // tables only at plies below `MAX_PLY - 1`, so a TB win is at most `MAX_PLY - 1` deep.
        for ply in 0..MAX_PLY - 3 {
            for v in [tb_win_in(ply + 3), -tb_win_in(ply + 2)] {
                assert_eq!(from_tt(to_tt(v, ply), ply), v);
                assert!(is_decisive(v) && v.abs() < MATE_BOUND);
            }
        }
        assert_eq!(Score::from_value(tb_win_in(4)), Score::Cp(tb_win_in(4)));
    }

    #[test]
    fn scores_convert_to_plies_and_moves() {
        assert_eq!(Score::from_value(mate_in(3)), Score::Mate(3));
        assert_eq!(Score::from_value(mated_in(4)), Score::Mate(-4));
        assert_eq!(Score::from_value(mated_in(0)), Score::Mate(0));
        assert_eq!(Score::from_value(123), Score::Cp(123));
        assert_eq!(Score::mate_moves(1), 1);
        assert_eq!(Score::mate_moves(3), 2);
        assert_eq!(Score::mate_moves(-2), -1);
        assert_eq!(Score::mate_moves(-4), -2);
    }

    #[test]
    fn move_rule_damping_scales_with_the_clock_left() {
        // Span 200 % of a 100-ply rule: 200 plies, so half the eval is left at the limit.
        assert_eq!(damp_by_move_rule(300, 0, 100, 200), 300);
        assert_eq!(damp_by_move_rule(300, 50, 100, 200), 225);
        assert_eq!(damp_by_move_rule(-300, 100, 100, 200), -150);
        // A clock past the span (a FEN's clock, a 100 % span) leaves nothing, never a flip.
        assert_eq!(damp_by_move_rule(300, 130, 120, 100), 0);
        assert_eq!(damp_by_move_rule(TB_WIN_BOUND - 1, 0, 120, 1000), TB_WIN_BOUND - 1);
    }
}
