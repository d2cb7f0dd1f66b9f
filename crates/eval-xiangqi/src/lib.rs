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
pub mod weight_list;
// One line per weight: `kientuong texel --write` rewrites weights.rs field by field, so rustfmt
// must not re-wrap it.
#[rustfmt::skip]
pub mod weights;

use board_view::BoardView;
use game_api::{Color, EvalTrace, Evaluator, Game, TermSum};
use movegen_xiangqi::Xiangqi;
use weights::WEIGHTS;

#[derive(Clone, Default)]
pub struct XiangqiEval;

impl XiangqiEval {
    /// Red-relative score of a board snapshot.
    pub fn red_score(view: &BoardView) -> i32 {
        let mut red = TermSum::default();
        let mut black = TermSum::default();
        let pr = terms::side_terms(view, Color::White, &mut red);
        let pb = terms::side_terms(view, Color::Black, &mut black);
        (red.0 - black.0).blend(pr + pb, WEIGHTS.phase_total)
    }

    /// The evaluation of `pos` as coefficients of the pair weights in `weight_list` order
    /// (Red's point of view); `trace.white_eval(&weight_list::values(&WEIGHTS), WEIGHTS.tempo)`
    /// times the side to move's sign is `evaluate(pos)`. For the tuner; allocates.
    pub fn trace(pos: &Xiangqi) -> EvalTrace {
        let view = BoardView::of(pos);
        let mut trace = EvalTrace::new(weight_list::COUNT);
        trace.side_sign = 1;
        let pr = terms::side_terms(&view, Color::White, &mut trace);
        trace.side_sign = -1;
        let pb = terms::side_terms(&view, Color::Black, &mut trace);
        trace.side_sign = 1;
        trace.phase = (pr + pb).min(WEIGHTS.phase_total);
        trace.phase_total = WEIGHTS.phase_total;
        trace.stm_sign = pos.side_to_move().sign();
        trace
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
