//! The full-width interior of the tree: principal-variation search with its pruning,
//! extensions and reductions. The steps it shares with quiescence (`qsearch.rs`) are in
//! `node_common.rs`, which also says how the rules' path-dependent rulings are kept out of the
//! TT.

use crate::correction::CorrectionKeys;
use crate::history::{Histories, QuietKey};
use crate::node_common::{refined_by_tt, BestSoFar, TtProbe};
use crate::params::*;
use crate::picker::MovePicker;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, Move};

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
        let pv_node = beta - alpha > 1;
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
        if !pv_node && excluded.is_none() {
            if let Some(v) = tt.cutoff(depth, alpha, beta, ply) {
                if v >= beta {
                    self.reward_tt_cutoff(tt.mv, depth, ply);
                }
                return v;
            }
        }
        let (key, hit, tt_move) = (tt.key, tt.hit, tt.mv);
        // A node that is or once was on a principal variation: reduced like one, and the mark
        // goes back into the TT with the result.
        let tt_pv = pv_node || tt.was_pv();

        // Endgame tablebase: right after a capture or pawn move, few enough pieces, the tables
        // know the result. A proven result that settles the window ends the node; otherwise,
        // in a PV node, it bounds what the moves below can return.
        let mut tb_floor = -INFINITE;
        let mut tb_ceiling = INFINITE;
        if let Some(tb) = &self.tablebase {
            if excluded.is_none() && self.pos.move_rule_clock().is_some_and(|(clock, _)| clock == 0)
            {
                if let Some(wdl) = tb.probe_wdl(&self.pos, depth) {
                    self.tb_hits += 1;
                    let draw_band = i32::from(tb.fifty_move_rule());
                    let w = wdl.signed();
                    let (value, bound) = if w < -draw_band {
                        (-tb_win_in(ply + 1), Bound::Upper)
                    } else if w > draw_band {
                        (tb_win_in(ply + 1), Bound::Lower)
                    } else {
                        (DRAW + 2 * w * draw_band, Bound::Exact)
                    };
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
                        sh.tt.store(key, entry);
                        return value;
                    }
                    if pv_node {
                        if bound == Bound::Lower {
                            tb_floor = value;
                            alpha = alpha.max(value);
                        } else {
                            tb_ceiling = value;
                        }
                    }
                }
            }
        }

        let in_check = self.pos.in_check();
        let stm = self.pos.side_to_move();
        // The correction history's keys; none in check, where there is no static evaluation.
        let correction_keys =
            if in_check { CorrectionKeys::default() } else { self.correction_keys(ply) };
        let mut eval = NO_EVAL;
        let mut raw_eval = NO_EVAL;
        // The corrected static evaluation, before a TT bound refines it.
        let mut static_eval = NO_EVAL;
        if !in_check {
            (raw_eval, static_eval) = self.static_eval(hit, correction_keys);
            eval = refined_by_tt(static_eval, hit, ply);
        }
        self.stack[ply].eval = eval;
        // Hindsight on the reduction that led here, now that both evaluations are known.
        let prior_reduction = if ply >= 1 { self.stack[ply - 1].reduction } else { 0 };
        if prior_reduction > 0
            && excluded.is_none()
            && static_eval != NO_EVAL
            && self.stack[ply - 1].eval != NO_EVAL
        {
            let swing = static_eval + self.stack[ply - 1].eval;
            if prior_reduction >= HINDSIGHT_DEEPER_REDUCTION.get::<G>() && swing <= 0 {
                depth += 1;
            }
            if prior_reduction >= HINDSIGHT_SHALLOWER_REDUCTION.get::<G>()
                && depth >= 2
                && swing > HINDSIGHT_SHALLOWER_MARGIN.get::<G>()
            {
                depth -= 1;
            }
        }
        let improving = ply >= 2
            && eval != NO_EVAL
            && self.stack[ply - 2].eval != NO_EVAL
            && eval > self.stack[ply - 2].eval;

        if !pv_node && !in_check && excluded.is_none() {
            // Reverse futility: far enough above beta that a quiet move will not fall below it.
            let margin = RFP_MARGIN.get::<G>() * depth
                - if improving { RFP_IMPROVING_BONUS.get::<G>() } else { 0 };
            // Not when beta is a mated score: the node may have no move at all (a loss in
            // xiangqi even without check), which only the move loop finds out.
            if depth <= RFP_MAX_DEPTH.get::<G>()
                && eval - margin >= beta
                && eval < TB_WIN_BOUND
                && beta > -TB_WIN_BOUND
            {
                return if Self::PROFILE.reverse_futility_midpoint {
                    (eval + beta) / 2
                } else {
                    eval
                };
            }

            // Null move, not after another null move, not with only pawns (zugzwang).
            let last_was_null = ply >= 1 && self.stack[ply - 1].piece_to.is_none();
            if depth >= NMP_MIN_DEPTH.get::<G>()
                && eval >= beta
                && !last_was_null
                && ply >= self.nmp_min_ply
                && beta.abs() < TB_WIN_BOUND
                && self.pos.has_non_pawn_material(stm)
            {
                let r = NMP_BASE_REDUCTION.get::<G>()
                    + depth / NMP_DEPTH_DIVISOR.get::<G>()
                    + ((eval - beta) / NMP_EVAL_DIVISOR.get::<G>())
                        .min(NMP_EVAL_MAX_REDUCTION.get::<G>());
                self.stack[ply].piece_to = None;
                self.stack[ply].quiet_key = None;
                self.eval.on_make_null(&self.pos);
                self.pos.make_null();
                let v = -self.search(sh, -beta, -beta + 1, depth - r, ply + 1, !cut_node);
                let null_path_dependent = self.last_path_dependent;
                self.pos.unmake_null();
                self.eval.on_unmake_null();
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    let v = if v >= TB_WIN_BOUND { beta } else { v };
                    if depth < NMP_VERIFY_DEPTH.get::<G>() || self.nmp_min_ply != 0 {
                        self.last_path_dependent = null_path_dependent;
                        return v;
                    }
                    // Verify with null moves off for the next plies: catches zugzwang.
                    self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
                    let w = self.search(sh, beta - 1, beta, depth - r, ply, false);
                    let verify_path_dependent = self.last_path_dependent;
                    self.nmp_min_ply = 0;
                    if self.stopped {
                        return 0;
                    }
                    if w >= beta {
                        self.last_path_dependent = null_path_dependent || verify_path_dependent;
                        return v;
                    }
                }
            }

            if let Some(v) = self.probcut(sh, beta, depth, ply, cut_node, static_eval, &tt) {
                return v;
            }
        }

        // Internal iterative reduction: without a TT move this node is likely new; search it
        // shallower first and let the next iteration see it properly.
        if tt_move.is_none() && depth >= IIR_MIN_DEPTH.get::<G>() && (pv_node || cut_node) {
            depth -= 1;
        }

        // Singular extension: when the TT move's bound is deep and no other move comes near it
        // in a half-depth search, the TT move is the only one and gets a deeper look; when
        // another move also beats beta, the node is cut (multi-cut).
        let mut singular_extension = 0;
        if let Some(h) = hit {
            let tt_value = from_tt(h.value, ply);
            if excluded.is_none()
                && tt_move.is_some()
                && depth >= SE_MIN_DEPTH.get::<G>()
                && h.depth >= depth - SE_TT_DEPTH_MARGIN.get::<G>()
                && matches!(h.bound, Bound::Lower | Bound::Exact)
                && !is_decisive(tt_value)
                && (ply as i32) < 2 * self.root_depth
            {
                let singular_beta = tt_value - SE_BETA_MARGIN.get::<G>() * depth / 64;
                self.stack[ply].excluded = tt_move;
                let v = self.search(
                    sh,
                    singular_beta - 1,
                    singular_beta,
                    (depth - 1) / 2,
                    ply,
                    cut_node,
                );
                self.stack[ply].excluded = Move::NONE;
                if self.stopped {
                    return 0;
                }
                if v < singular_beta {
                    singular_extension = 1;
                    if !pv_node
                        && v < singular_beta - SE_DOUBLE_MARGIN.get::<G>()
                        && self.stack[ply].double_extensions < SE_MAX_DOUBLE.get::<G>()
                    {
                        singular_extension = 2;
                    }
                } else if singular_beta >= beta {
                    // `last_path_dependent` is the exclusion search's own.
                    return singular_beta;
                } else if tt_value >= beta || cut_node {
                    singular_extension = -1;
                }
            }
        }

        let prev = self.continuation_context(ply);
        let counter = self.hist.counter_move(prev[0]);
        // Once per node, after the pruning that may return first: every quiet move's history
        // is read and written in the threat table this node puts it in.
        let threats = self.pos.threatened_squares();
        let mut picker = MovePicker::new(tt_move, self.stack[ply].killers, counter, prev, threats);
        let lmp_limit = (LMP_BASE.get::<G>() + depth * depth) / if improving { 1 } else { 2 };
        let mut best = BestSoFar::new(alpha, beta);
        let mut moves_searched = 0usize;
        let mut quiets_seen = 0i32;
        let mut quiets_tried = [QuietKey::default(); MAX_QUIETS_TRACKED];
        let mut quiets_len = 0;

        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if m == excluded {
                continue;
            }
            let tactical = self.pos.is_tactical(m);
            let pt = Histories::<G>::piece_to(&self.pos, m);
            let quiet_key = Histories::<G>::quiet_key(pt, m, threats);
            if !tactical {
                quiets_seen += 1;
            }

            // Shallow pruning, only once a move has shown we are not being mated.
            if best.value > -MATE_BOUND && !in_check {
                if !tactical {
                    if !pv_node && depth <= LMP_MAX_DEPTH.get::<G>() && quiets_seen > lmp_limit {
                        picker.skip_quiets();
                        continue;
                    }
                    // History pruning: near the leaves, a quiet move that has failed often
                    // lately is not worth a search.
                    if !pv_node
                        && depth <= HISTORY_PRUNE_MAX_DEPTH.get::<G>()
                        && self.hist.quiet_score(quiet_key, prev)
                            < -HISTORY_PRUNE_MARGIN.get::<G>() * depth
                    {
                        continue;
                    }
                    if depth <= FUTILITY_MAX_DEPTH.get::<G>()
                        && best.alpha < MATE_BOUND
                        && eval + FUTILITY_BASE.get::<G>() + FUTILITY_PER_DEPTH.get::<G>() * depth
                            <= best.alpha
                        && !self.pos.gives_check(m)
                    {
                        continue;
                    }
                    if depth <= SEE_PRUNE_MAX_DEPTH.get::<G>()
                        && !self.pos.see_ge(m, -SEE_QUIET_MARGIN.get::<G>() * depth)
                    {
                        continue;
                    }
                } else {
                    // Capture futility: the victim alone, with a margin, cannot lift the
                    // evaluation to best.alpha. A capture that checks may do more than win material;
                    // one that promotes counts only its victim (rare, and measured so).
                    let futile = !pv_node
                        && Self::PROFILE.capture_futility
                        && depth <= CAPTURE_FUTILITY_MAX_DEPTH.get::<G>()
                        && best.alpha < MATE_BOUND
                        && self.pos.captured_kind(m).is_some_and(|victim| {
                            eval + CAPTURE_FUTILITY_BASE.get::<G>()
                                + CAPTURE_FUTILITY_PER_DEPTH.get::<G>() * depth
                                + G::kind_value(victim)
                                <= best.alpha
                        })
                        && !self.pos.gives_check(m);
                    if futile {
                        continue;
                    }
                    if depth <= SEE_PRUNE_MAX_DEPTH.get::<G>()
                        && !self.pos.see_ge(m, -SEE_CAPTURE_MARGIN.get::<G>() * depth)
                    {
                        continue;
                    }
                }
            }

            moves_searched += 1;
            self.make_move(ply, m, pt, if tactical { None } else { Some(quiet_key) });
            let gives_check = self.pos.in_check();
            let check_extension = i32::from(
                gives_check
                    && (ply as i32) < CHECK_EXTENSION_PLY_FACTOR.get::<G>() * self.root_depth,
            );
            let extension = if m == tt_move && singular_extension != 0 {
                singular_extension.max(check_extension)
            } else {
                check_extension
            };
            self.stack[ply + 1].double_extensions =
                self.stack[ply].double_extensions + i32::from(extension >= 2);
            let new_depth = depth - 1 + extension;

            let mut v = -INFINITE;
            if moves_searched > 1 && depth >= LMR_MIN_DEPTH.get::<G>() && (!tactical || !pv_node) {
                let mut r = self.lmr_reduction(depth, moves_searched);
                r += i32::from(!tt_pv) + i32::from(cut_node) + i32::from(!improving);
                r -= i32::from(gives_check) + i32::from(tactical);
                r += i32::from(self.stack[ply + 1].cutoffs > LMR_CUTOFF_COUNT.get::<G>() as u32);
                if !tactical {
                    r -= self.hist.quiet_score(quiet_key, prev) / LMR_HISTORY_DIVISOR.get::<G>();
                }
                let r = r.clamp(0, (new_depth - 1).max(0));
                let reduced_depth = new_depth - r;
                self.stack[ply].reduction = r;
                v = -self.search(sh, -best.alpha - 1, -best.alpha, reduced_depth, ply + 1, true);
                self.stack[ply].reduction = 0;
                if v > best.alpha && r > 0 {
                    // How far the reduced search beat the best so far says how deep the full
                    // one needs to go: a large margin earns a ply more, a bare one a ply less.
                    let deeper = Self::PROFILE.lmr_deeper_shallower
                        && v > best.value + LMR_DEEPER_MARGIN.get::<G>() + 2 * new_depth;
                    let shallower = Self::PROFILE.lmr_deeper_shallower
                        && v < best.value + LMR_SHALLOWER_MARGIN.get::<G>();
                    let full_depth = new_depth + i32::from(deeper) - i32::from(shallower);
                    if full_depth > reduced_depth {
                        v = -self.search(
                            sh,
                            -best.alpha - 1,
                            -best.alpha,
                            full_depth,
                            ply + 1,
                            !cut_node,
                        );
                    }
                }
            } else if !pv_node || moves_searched > 1 {
                v = -self.search(sh, -best.alpha - 1, -best.alpha, new_depth, ply + 1, !cut_node);
            }
            if pv_node && (moves_searched == 1 || (v > best.alpha && v < beta)) {
                v = -self.search(sh, -beta, -best.alpha, new_depth, ply + 1, false);
            }
            let child_path_dependent = self.unmake_move();
            if self.stopped {
                return 0;
            }
            if self.take_move(&mut best, m, v, child_path_dependent, pv_node, ply) {
                self.stack[ply].cutoffs += 1;
                break;
            }
            if !tactical && quiets_len < MAX_QUIETS_TRACKED {
                quiets_tried[quiets_len] = quiet_key;
                quiets_len += 1;
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

        let best_move = best.mv;
        if best.cutoff && !self.pos.is_tactical(best_move) {
            let killers = &mut self.stack[ply].killers;
            if killers[0] != best_move {
                killers[1] = killers[0];
                killers[0] = best_move;
            }
            let best_pt = Histories::<G>::piece_to(&self.pos, best_move);
            let best_key = Histories::<G>::quiet_key(best_pt, best_move, threats);
            // A cutoff by a wide margin is surer, and its move is rewarded as if a ply deeper.
            let history_depth = depth + i32::from(best.value > beta + BIG_CUTOFF_MARGIN.get::<G>());
            self.hist.update_quiets(
                best_key,
                &quiets_tried[..quiets_len],
                prev,
                history_depth,
                best_move,
            );
        }

        // Every move here stayed at or below alpha: the opponent's quiet move that led here
        // refuted all of them, which is a cutoff of its own for its history.
        let prior_percent = PRIOR_REFUTATION_PERCENT.get::<G>();
        if prior_percent > 0 && best_move.is_none() && excluded.is_none() && ply >= 1 {
            if let Some(prior) = self.stack[ply - 1].quiet_key {
                let prior_prev = self.continuation_context(ply - 1);
                self.hist.reward_refutation(prior, prior_prev, depth, prior_percent);
            }
        }

        // A fail high outside the PV is softened towards beta, more so when shallow: a move that
        // beat beta by a lot in a small search rarely keeps the whole margin.
        if best.cutoff && !pv_node && !is_decisive(best.value) && !is_decisive(beta) {
            best.value = (best.value * depth + beta) / (depth + 1);
        }

        // A tablebase result bounds what a PV node's moves reached.
        best.value = best.value.max(tb_floor).min(tb_ceiling);

        // The node's TT entry and correction belong to the search over every move, not to a
        // singular-extension search without one.
        if excluded.is_none() {
            let bound = if best.cutoff {
                Bound::Lower
            } else if pv_node && best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            let entry = TtEntry {
                mv: best_move,
                value: to_tt(best.value, ply),
                eval: raw_eval,
                depth,
                bound,
                pv: tt_pv,
            };
            self.store_result(sh, key, entry, best.path_dependent);
            if !best.path_dependent {
                self.learn_correction(correction_keys, &best, bound, depth, static_eval);
            }
        }
        self.last_path_dependent = best.path_dependent;
        best.value
    }

    /// Learns the static evaluation's error where the search says which way it lies: a quiet
    /// outcome (a capture's gain is the evaluation's blind spot by design), a lower bound above
    /// it, an upper bound below it, or an exact score.
    fn learn_correction(
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

    /// A node cut by its TT entry with a value at or above beta: a quiet TT move is a cutoff
    /// this node would have found again, and its history learns it as if the node had been
    /// searched.
    fn reward_tt_cutoff(&mut self, tt_move: Move, depth: i32, ply: usize) {
        if tt_move.is_none() || self.pos.is_tactical(tt_move) {
            return;
        }
        let threats = self.pos.threatened_squares();
        let pt = Histories::<G>::piece_to(&self.pos, tt_move);
        let key = Histories::<G>::quiet_key(pt, tt_move, threats);
        let prev = self.continuation_context(ply);
        self.hist.reward_tt_cutoff(key, prev, depth);
    }

    /// ProbCut: a capture that beats `beta` by a margin in a shallow search will very likely
    /// beat `beta` in the full one, so the node is cut without it. Captures are tried only when
    /// they win enough material to reach that bound by exchange alone, and first against
    /// quiescence, so that most cost next to nothing. Not when the TT already says the
    /// shallow search would fail.
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        sh: &Shared<'_>,
        beta: i32,
        depth: i32,
        ply: usize,
        cut_node: bool,
        static_eval: i32,
        tt: &TtProbe,
    ) -> Option<i32> {
        let probcut_beta = beta + PROBCUT_MARGIN.get::<G>();
        let shallow = depth - PROBCUT_REDUCTION.get::<G>();
        if depth < PROBCUT_MIN_DEPTH.get::<G>()
            || beta.abs() >= MATE_BOUND
            || tt.hit.is_some_and(|h| h.depth >= shallow && from_tt(h.value, ply) < probcut_beta)
        {
            return None;
        }
        let mut picker = MovePicker::new_quiescence(tt.mv);
        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if !self.pos.see_ge(m, probcut_beta - static_eval) {
                continue;
            }
            self.make_move(ply, m, Histories::<G>::piece_to(&self.pos, m), None);
            let mut v = -self.qsearch(sh, -probcut_beta, -probcut_beta + 1, ply + 1);
            if v >= probcut_beta && shallow > 0 {
                v = -self.search(sh, -probcut_beta, -probcut_beta + 1, shallow, ply + 1, !cut_node);
            }
            let path_dependent = self.unmake_move();
            if self.stopped {
                return Some(0);
            }
            if v >= probcut_beta {
                if !path_dependent {
                    let value = to_tt(v, ply);
                    let (depth, pv) = (shallow + 1, tt.was_pv());
                    sh.tt.store(
                        tt.key,
                        TtEntry { mv: m, value, eval: NO_EVAL, depth, bound: Bound::Lower, pv },
                    );
                }
                self.last_path_dependent = path_dependent;
                return Some(v);
            }
        }
        None
    }
}
