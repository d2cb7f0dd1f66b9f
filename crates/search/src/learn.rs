//! What a full-width node teaches the tables that order and evaluate later nodes: the killers
//! and histories of the quiet move that cut it (or that its TT entry says would have), the
//! history of the opponent's move that every move here failed against, and the static
//! evaluation's correction.

use crate::correction::CorrectionKeys;
use crate::history::{Histories, QuietKey};
use crate::node_common::BestSoFar;
use crate::node_frame::MoveLoop;
use crate::params::*;
use crate::report::Bound;
use crate::score::*;
use crate::worker::Worker;
use game_api::{Evaluator, Game, Move, SquareSet};

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// A node cut by its TT entry with a value at or above beta: a quiet TT move is a cutoff
    /// this node would have found again, and its history learns it as if the node had been
    /// searched.
    pub(crate) fn reward_tt_cutoff(&mut self, tt_move: Move, depth: i32, ply: usize) {
        if tt_move.is_none() || self.pos.is_tactical(tt_move) {
            return;
        }
        let threats = self.pos.threatened_squares();
        let pt = Histories::<G>::piece_to(&self.pos, tt_move);
        let key = Histories::<G>::quiet_key(pt, tt_move, threats);
        let prev = self.continuation_context(ply);
        self.hist.reward_tt_cutoff(key, prev, depth);
    }

    /// The quiet move `best.mv` cut the node at `ply`: it becomes a killer, and its histories
    /// gain what those of the quiet moves `tried` before it lose.
    pub(crate) fn reward_quiet_cutoff(
        &mut self,
        best: &BestSoFar,
        tried: &[QuietKey],
        moves: &MoveLoop,
        threats: SquareSet,
        ply: usize,
    ) {
        let m = best.mv;
        let killers = &mut self.stack[ply].killers;
        if killers[0] != m {
            killers[1] = killers[0];
            killers[0] = m;
        }
        let key = Histories::<G>::quiet_key(Histories::<G>::piece_to(&self.pos, m), m, threats);
        // A cutoff by a wide margin is surer, and its move is rewarded as if a ply deeper.
        let wide = best.value > best.beta + BIG_CUTOFF_MARGIN.get::<G>();
        self.hist.update_quiets(key, tried, moves.prev, moves.depth + i32::from(wide), m);
    }

    /// Every move at `ply` stayed at or below alpha: the opponent's quiet move that led here
    /// refuted all of them, which is a cutoff of its own for its history.
    pub(crate) fn reward_prior_refutation(&mut self, depth: i32, ply: usize) {
        let percent = PRIOR_REFUTATION_PERCENT.get::<G>();
        if percent <= 0 || ply == 0 {
            return;
        }
        if let Some(prior) = self.stack[ply - 1].quiet_key {
            let prior_prev = self.continuation_context(ply - 1);
            self.hist.reward_refutation(prior, prior_prev, depth, percent);
        }
    }

    /// Learns the static evaluation's error where the search says which way it lies: a quiet
    /// outcome (a capture's gain is the evaluation's blind spot by design), a lower bound above
    /// it, an upper bound below it, or an exact score.
    pub(crate) fn learn_correction(
        &mut self,
        keys: CorrectionKeys,
        best: &BestSoFar,
        bound: Bound,
        depth: i32,
        static_eval: i32,
    ) {
        let quiet_best = best.mv.is_none() || !self.pos.is_tactical(best.mv);
        let informative = match bound {
            Bound::Lower => best.value > static_eval,
            Bound::Upper => best.value < static_eval,
            _ => true,
        };
        if !keys.is_empty() && quiet_best && informative && !is_decisive(best.value) {
            let stm = self.pos.side_to_move();
            self.correction.update(stm, keys, depth, best.value, static_eval, column::<G>());
        }
    }
}
