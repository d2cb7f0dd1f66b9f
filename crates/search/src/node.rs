//! The full-width interior of the tree: principal-variation search. This file is the order of a
//! node's steps; the steps are elsewhere: those it shares with quiescence (`qsearch.rs`) in
//! `node_common.rs`, which also says how the rules' path-dependent rulings are kept out of the
//! TT; pruning in `prune.rs`; extensions and reductions in `depth.rs`; what the node teaches the
//! move-ordering and correction tables in `learn.rs`.

use crate::correction::CorrectionKeys;
use crate::history::{Histories, QuietKey};
use crate::node_common::{refined_by_tt, BestSoFar};
use crate::node_frame::{MoveLoop, Node};
use crate::params::*;
use crate::picker::MovePicker;
use crate::prune::Prune;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, Move};
use std::ops::ControlFlow;

/// Quiet moves remembered per node for the history malus.
const MAX_QUIETS_TRACKED: usize = 64;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Alpha-beta with PVS below the root. `cut_node`: expected to fail high.
    pub fn search(
        &mut self,
        sh: &Shared<'_>,
        mut alpha: i32,
        mut beta: i32,
        mut depth: i32,
        ply: usize,
        cut_node: bool,
    ) -> i32 {
        if depth <= 0 {
            return self.qsearch(sh, alpha, beta, ply);
        }
        if let Some(v) = self.enter(sh, ply) {
            return v;
        }
        let node = Node { ply, pv: beta - alpha > 1, cut: cut_node };
        // The grandchildren's cutoffs count from here (see `Frame::cutoffs`).
        self.stack[ply + 2].cutoffs = 0;

        // Mate distance pruning: no result here can beat a mate already found nearer the root.
        alpha = alpha.max(mated_in(ply));
        beta = beta.min(mate_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }

        // A singular-extension search of this node without one move: the TT speaks for the
        // whole node, so it neither cuts nor is written here.
        let excluded = self.stack[ply].excluded;
        let tt = self.probe_tt(sh);
        if !node.pv && excluded.is_none() {
            if let Some(v) = tt.cutoff(depth, alpha, beta, ply) {
                if v >= beta {
                    self.reward_tt_cutoff(tt.mv, depth, ply);
                }
                return v;
            }
        }
        // A node that is or once was on a principal variation: reduced like one, and the mark
        // goes back into the TT with the result.
        let tt_pv = node.pv || tt.was_pv();

        // Endgame tablebase: a proven result that settles the window ends the node; otherwise,
        // in a PV node, it bounds what the moves below can return.
        let mut tb_floor = -INFINITE;
        let mut tb_ceiling = INFINITE;
        if let Some((value, bound)) = self.tablebase_bound(excluded, depth, ply) {
            let settles = match bound {
                Bound::Lower => value >= beta,
                Bound::Upper => value <= alpha,
                _ => true,
            };
            if settles {
                let entry = TtEntry {
                    mv: Move::NONE,
                    value: to_tt(value, ply),
                    eval: NO_EVAL,
                    depth: (depth + 6).min(MAX_PLY as i32 - 1),
                    bound,
                    pv: tt_pv,
                };
                sh.tt.store(tt.key, entry);
                return value;
            }
            if node.pv {
                if bound == Bound::Lower {
                    tb_floor = value;
                    alpha = alpha.max(value);
                } else {
                    tb_ceiling = value;
                }
            }
        }

        let in_check = self.pos.in_check();
        // The correction history's keys; none in check, where there is no static evaluation.
        let correction_keys =
            if in_check { CorrectionKeys::default() } else { self.correction_keys(ply) };
        let mut eval = NO_EVAL;
        let mut raw_eval = NO_EVAL;
        // The corrected static evaluation, before a TT bound refines it.
        let mut static_eval = NO_EVAL;
        if !in_check {
            (raw_eval, static_eval) = self.static_eval(tt.hit, correction_keys);
            eval = refined_by_tt(static_eval, tt.hit, ply);
        }
        self.stack[ply].eval = eval;
        if excluded.is_none() {
            depth = self.depth_in_hindsight(depth, ply, static_eval);
        }
        let improving = ply >= 2
            && eval != NO_EVAL
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;

        if !node.pv && !in_check && excluded.is_none() {
            if let Some(v) = Self::reverse_futility(depth, beta, eval, improving) {
                return v;
            }
            if let Some(v) = self.null_move(sh, node, beta, depth, eval) {
                return v;
            }
            if let Some(v) = self.probcut(sh, node, beta, depth, static_eval, &tt) {
                return v;
            }
        }

        // Internal iterative reduction: without a TT move this node is likely new; search it
        // shallower first and let the next iteration see it properly.
        if tt.mv.is_none() && depth >= IIR_MIN_DEPTH.get::<G>() && (node.pv || node.cut) {
            depth -= 1;
        }

        let singular_extension = if excluded.is_none() {
            match self.singular_extension(sh, node, &tt, beta, depth) {
                ControlFlow::Break(v) => return v,
                ControlFlow::Continue(plies) => plies,
            }
        } else {
            0
        };

        let prev = self.continuation_context(ply);
        let counter = self.hist.counter_move(prev[0]);
        // Once per node, after the pruning that may return first: every quiet move's history
        // is read and written in the threat table this node puts it in.
        let threats = self.pos.threatened_squares();
        let mut picker = MovePicker::new(tt.mv, self.stack[ply].killers, counter, prev, threats);
        let moves = MoveLoop {
            depth,
            eval,
            improving,
            tt_pv,
            lmp_limit: (LMP_BASE.get::<G>() + depth * depth) / if improving { 1 } else { 2 },
            prev,
        };
        let mut best = BestSoFar::new(alpha, beta);
        let mut moves_searched = 0usize;
        let mut quiets_seen = 0i32;
        let mut quiets_tried = [QuietKey::default(); MAX_QUIETS_TRACKED];
        let mut quiets_len = 0;

        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if m == excluded {
                continue;
            }
            self.prefetch_child(sh, m);
            let pt = Histories::<G>::piece_to(&self.pos, m);
            // The move's quiet-history key; none for a tactical move.
            let quiet = if self.pos.is_tactical(m) {
                None
            } else {
                quiets_seen += 1;
                Some(Histories::<G>::quiet_key(pt, m, threats))
            };

            // Shallow pruning, only once a move has shown we are not being mated.
            if best.value > -MATE_BOUND && !in_check {
                match self.prune_move(node, &moves, m, quiet, quiets_seen, best.alpha) {
                    Prune::Search => {}
                    Prune::Skip => continue,
                    Prune::SkipQuiets => {
                        picker.skip_quiets();
                        continue;
                    }
                }
            }

            moves_searched += 1;
            self.make_move(sh, ply, m, pt, quiet);
            let gives_check = self.pos.in_check();
            let singular = if m == tt.mv { singular_extension } else { 0 };
            let new_depth = depth - 1 + self.move_extension(ply, gives_check, singular);

            // Late moves first at a reduced depth with a null window, again at full depth if
            // they beat alpha; in a PV node, the first move and any that lands inside the
            // window with the whole window.
            let mut v = -INFINITE;
            let (null_alpha, null_beta) = (-best.alpha - 1, -best.alpha);
            if moves_searched > 1
                && depth >= LMR_MIN_DEPTH.get::<G>()
                && (quiet.is_some() || !node.pv)
            {
                let r = self.reduction(node, &moves, moves_searched, new_depth, gives_check, quiet);
                let reduced_depth = new_depth - r;
                self.stack[ply].reduction = r;
                v = -self.search(sh, null_alpha, null_beta, reduced_depth, ply + 1, true);
                self.stack[ply].reduction = 0;
                if v > best.alpha && r > 0 {
                    let full_depth = Self::research_depth(v, best.value, new_depth);
                    if full_depth > reduced_depth {
                        v = -self.search(sh, null_alpha, null_beta, full_depth, ply + 1, !cut_node);
                    }
                }
            } else if !node.pv || moves_searched > 1 {
                v = -self.search(sh, null_alpha, null_beta, new_depth, ply + 1, !cut_node);
            }
            if node.pv && (moves_searched == 1 || (v > best.alpha && v < beta)) {
                v = -self.search(sh, -beta, -best.alpha, new_depth, ply + 1, false);
            }
            let child_path_dependent = self.unmake_move();
            if self.stopped {
                return 0;
            }
            if self.take_move(&mut best, m, v, child_path_dependent, node.pv, ply) {
                self.stack[ply].cutoffs += 1;
                break;
            }
            if let Some(key) = quiet {
                if quiets_len < MAX_QUIETS_TRACKED {
                    quiets_tried[quiets_len] = key;
                    quiets_len += 1;
                }
            }
        }

        if moves_searched == 0 {
            if excluded.is_some() {
                // Only the excluded move (or moves pruned after it): no verdict on the node.
                self.last_path_dependent = false;
                return best.alpha;
            }
            // Nothing was pruned before a move was searched, so there is no legal move.
            return self.no_moves_value(ply);
        }

        if best.cutoff && !self.pos.is_tactical(best.mv) {
            self.reward_quiet_cutoff(&best, &quiets_tried[..quiets_len], &moves, threats, ply);
        }
        if best.mv.is_none() && excluded.is_none() {
            self.reward_prior_refutation(depth, ply);
        }

        // A fail high outside the PV is softened towards beta, more so when shallow: a move that
        // beat beta by a lot in a small search rarely keeps the whole margin.
        if best.cutoff && !node.pv && !is_decisive(best.value) && !is_decisive(beta) {
            best.value = (best.value * depth + beta) / (depth + 1);
        }

        // A tablebase result bounds what a PV node's moves reached.
        best.value = best.value.max(tb_floor).min(tb_ceiling);

        // The node's TT entry and correction belong to the search over every move, not to a
        // singular-extension search without one.
        if excluded.is_none() {
            let bound = if best.cutoff {
                Bound::Lower
            } else if node.pv && best.mv.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let entry = TtEntry {
                mv: best.mv,
                value: to_tt(best.value, ply),
                eval: raw_eval,
                depth,
                bound,
                pv: tt_pv,
            };
            self.store_result(sh, tt.key, entry, best.path_dependent);
            if !best.path_dependent {
                self.learn_correction(correction_keys, &best, bound, depth, static_eval);
            }
        }
        self.last_path_dependent = best.path_dependent;
        best.value
    }

    /// What the endgame tablebase knows of this node, as a value and the bound it is: probed
    /// right after a capture or pawn move (the move-count clock at zero), when the tables hold
    /// the position, and not in a singular-extension search (which is about moves, not the
    /// position).
    fn tablebase_bound(&mut self, excluded: Move, depth: i32, ply: usize) -> Option<(i32, Bound)> {
        let tb = self.tablebase.as_ref()?;
        let after_capture_or_pawn_move =
            self.pos.move_rule_clock().is_some_and(|(clock, _)| clock == 0);
        if excluded.is_some() || !after_capture_or_pawn_move {
            return None;
        }
        let wdl = tb.probe_wdl(&self.pos, depth)?;
        let draw_band = i32::from(tb.fifty_move_rule());
        self.tb_hits += 1;
        let w = wdl.signed();
        Some(if w < -draw_band {
            (-tb_win_in(ply + 1), Bound::Upper)
        } else if w > draw_band {
            (tb_win_in(ply + 1), Bound::Lower)
        } else {
            (DRAW + 2 * w * draw_band, Bound::Exact)
        })
    }
}
