//! The xiangqi evaluation: tapered (middlegame / endgame) material with piece-square values for
//! all seven pieces, crossed-pawn values, cannon-versus-horse by phase, the defensive worth of
//! advisors and elephants against the attacking force in front of them, king safety (open files,
//! empty-head and screened cannons, horses and pawns at the palace) and mobility of rook, horse
//! and cannon. Seen from the side to move.
//!
//! Design: all numbers in `weights.rs`; terms computed for one side in Red's frame (`terms.rs`)
//! and applied to both colours by mirroring ranks, so the evaluation is symmetric by
//! construction. The board is read through `board_view.rs`: a mailbox snapshot built from
//! `Xiangqi::piece_on` without allocating, the only view this crate has of the position.

#![forbid(unsafe_code)]

mod board_view;
mod terms;
pub mod weights;

use board_view::BoardView;
use game_api::{Color, Evaluator, Game};
use movegen_xiangqi::Xiangqi;
use weights::WEIGHTS;

#[derive(Clone, Default)]
pub struct XiangqiEval;

impl XiangqiEval {
    /// Red-relative score of a board snapshot.
    pub fn red_score(view: &BoardView) -> i32 {
        let (red, pr) = terms::side_terms(view, Color::White);
        let (black, pb) = terms::side_terms(view, Color::Black);
        let s = red - black;
        let total = WEIGHTS.phase_total;
        let phase = (pr + pb).min(total);
        (s.0 * phase + s.1 * (total - phase)) / total
    }
}

impl Evaluator<Xiangqi> for XiangqiEval {
    fn evaluate(&mut self, pos: &Xiangqi) -> i32 {
        let view = BoardView::of(pos);
        XiangqiEval::red_score(&view) * pos.side_to_move().sign() + WEIGHTS.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        XiangqiEval.evaluate(&Xiangqi::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_level() {
        assert_eq!(eval(Xiangqi::START_FEN), WEIGHTS.tempo);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        // Central cannon for Red, and the same for Black with colours and ranks swapped.
        let a = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1";
        let b = "rnbakabnr/9/1c2c4/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 1 1";
        assert_eq!(eval(a), eval(b));
    }

    #[test]
    fn material_and_crossed_pawns_count() {
        // Red has an extra rook.
        assert!(eval("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1") > 800);
        // A crossed pawn is worth more than one at home.
        let crossed = eval("3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1");
        let home = eval("3k5/9/9/9/9/9/4P4/9/9/4K4 w - - 0 1");
        assert!(crossed > home, "{crossed} vs {home}");
    }
}
