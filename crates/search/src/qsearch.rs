//! Quiescence: below the full search's horizon, captures (and every evasion in check) until the
//! position is quiet, so that no leaf is scored in the middle of an exchange.

use crate::history::Histories;
use crate::node_common::{refined_by_tt, BestSoFar};
use crate::params::*;
use crate::picker::MovePicker;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, Move};

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Quiescence: captures (and every evasion when in check) until the position is quiet.
    pub fn qsearch(&mut self, sh: &Shared<'_>, alpha: i32, beta: i32, ply: usize) -> i32 {
        if let Some(v) = self.enter(sh, ply) {
            return v;
        }
        let pv_node = beta - alpha > 1;
        let in_check = self.pos.in_check();
        let tt = self.probe_tt(sh);
        if !pv_node {
            if let Some(v) = tt.cutoff(0, alpha, beta, ply) {
                return v;
            }
        }
        let tt_pv = pv_node || tt.was_pv();

        let mut best = BestSoFar::new(alpha, beta);
        let mut raw_eval = NO_EVAL;
        // The corrected static evaluation (not used in check).
        let mut stand_pat = NO_EVAL;
        if !in_check {
            (raw_eval, stand_pat) = self.static_eval(tt.hit, self.correction_keys(ply));
            // Standing pat: the side to move may decline every capture.
            let mut value = stand_pat;
            if Self::PROFILE.qsearch_tt_stand_pat {
                value = refined_by_tt(value, tt.hit, ply);
            }
            if value >= beta {
                // Standing pat above beta is a guess, not a search.
                if Self::PROFILE.qsearch_fail_high_softening {
                    value = (value + beta) / 2;
                }
                if tt.hit.is_none() {
                    let entry = TtEntry {
                        mv: Move::NONE,
                        value: to_tt(value, ply),
                        eval: raw_eval,
                        depth: 0,
                        bound: Bound::Lower,
                        pv: tt_pv,
                    };
                    sh.tt.store(tt.key, entry);
                }
                return value;
            }
            best.value = value;
            best.alpha = alpha.max(value);
        }

        // Quiescence computes no threats: its only quiet moves are evasions, ordered by the
        // table of moves that leave and enter unattacked squares.
        let mut picker = if in_check {
            MovePicker::new(tt.mv, [Move::NONE; 2], Move::NONE, [None; 2], 0)
        } else {
            MovePicker::new_quiescence(tt.mv)
        };
        let mut moves_searched = 0;
        while let Some(m) = picker.next(&self.pos, &self.hist) {
            self.prefetch_child(sh, m);
            if !in_check {
                // Delta pruning: even winning the victim for free would not reach alpha.
                // A promotion that captures nothing is never delta-pruned.
                let captured = self.pos.captured_kind(m);
                let victim = captured.map_or(0, G::kind_value);
                if captured.is_some()
                    && stand_pat + victim + QS_DELTA_MARGIN.get::<G>() <= best.alpha
                {
                    continue;
                }
                // The picker hands out only captures that do not lose material, except the TT
                // move, which comes before any exchange is evaluated.
                if m == tt.mv && !self.pos.see_ge(m, 0) {
                    continue;
                }
            }
            moves_searched += 1;
            self.make_move(sh, ply, m, Histories::<G>::piece_to(&self.pos, m), None);
            let v = -self.qsearch(sh, -beta, -best.alpha, ply + 1);
            let child_path_dependent = self.unmake_move();
            if self.stopped {
                return 0;
            }
            if self.take_move(&mut best, m, v, child_path_dependent, pv_node, ply) {
                break;
            }
        }

        if in_check && moves_searched == 0 {
            return self.no_moves_value(ply);
        }
        // As in the full search, a capture's margin over beta rarely survives a deeper look.
        if Self::PROFILE.qsearch_fail_high_softening
            && best.cutoff
            && !is_decisive(best.value)
            && !is_decisive(beta)
        {
            best.value = (3 * best.value + beta) / 4;
        }

        let entry = TtEntry {
            mv: best.mv,
            value: to_tt(best.value, ply),
            eval: raw_eval,
            depth: 0,
            bound: if best.cutoff { Bound::Lower } else { Bound::Upper },
            pv: tt_pv,
        };
        self.store_result(sh, tt.key, entry, best.path_dependent);
        self.last_path_dependent = best.path_dependent;
        best.value
    }
}
