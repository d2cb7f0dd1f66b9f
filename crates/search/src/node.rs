//! The interior of the tree: principal-variation search with its pruning, and quiescence.
//!
//! Every node first asks the rules (`Game::verdict`) for a ruling and turns it into a score.
//! Such scores depend on the path (a repetition exists only on this path), so each node also
//! reports, through `Worker::last_path_dependent`, whether its value rests on one; those values
//! are kept out of the TT (only the move is stored), so that no other path inherits them. A game
//! whose path rulings are all draws may accept that risk for a fuller TT
//! (`Profile::tt_stores_path_draws`, chess): its draws then count as path-independent, as in
//! most chess engines.

use crate::correction::CorrectionKeys;
use crate::history::{Histories, QuietKey};
use crate::params::*;
use crate::picker::MovePicker;
use crate::profile::Profile;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, GenKind, Move, MoveList, Outcome, Reason, Verdict};

/// Quiet moves remembered per node for the history malus.
const MAX_QUIETS_TRACKED: usize = 64;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// What this game's search does differently (a constant: a switch that is off compiles
    /// away).
    const PROFILE: Profile = Profile::of_game::<G>();

    /// Static evaluation of the current position, clamped out of the mate range.
    #[inline]
    pub fn evaluate(&mut self) -> i32 {
        clamp_eval(self.eval.evaluate(&self.pos))
    }

    /// `raw` damped by the move-count clock, then moved by the correction history for the
    /// current position (see `correction.rs`).
    #[inline]
    fn corrected_eval(&self, raw: i32, keys: CorrectionKeys) -> i32 {
        let damped = match self.pos.move_rule_clock() {
            Some((clock, limit)) => {
                damp_by_move_rule(raw, clock, limit, MOVE_RULE_SPAN_PERCENT.get::<G>())
            }
            None => raw,
        };
        if keys.is_empty() {
            return damped;
        }
        clamp_eval(self.correction.corrected(damped, self.pos.side_to_move(), keys, column::<G>()))
    }

    /// The correction history's keys at `ply`: the pawn skeleton (chess) and the move that led
    /// here.
    #[inline]
    fn correction_keys(&self, ply: usize) -> CorrectionKeys {
        CorrectionKeys {
            structure: self.pos.structure_key(),
            continuation: if Self::PROFILE.continuation_correction && ply >= 1 {
                self.stack[ply - 1].piece_to.map(|pt| pt as u64)
            } else {
                None
            },
        }
    }

    /// The score of a ruling at `ply`; sets `last_path_dependent`.
    fn verdict_value(&mut self, verdict: Verdict, ply: usize) -> i32 {
        let stm = self.pos.side_to_move();
        // A move-count draw does not stand against checkmate on the board.
        if matches!(verdict.reason, Reason::FiftyMove | Reason::SeventyFiveMove | Reason::MoveLimit)
            && self.pos.in_check()
        {
            let mut list = MoveList::new();
            self.pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                self.last_path_dependent = false;
                return verdict_score(self.pos.no_moves_verdict(), stm, ply);
            }
        }
        self.last_path_dependent = verdict.reason != Reason::InsufficientMaterial
            && !(Self::PROFILE.tt_stores_path_draws && verdict.outcome == Outcome::Draw);
        verdict_score(verdict, stm, ply)
    }

    #[inline]
    fn update_pv(&mut self, ply: usize, m: Move) {
        let child_len = self.pv_len[ply + 1].max(ply + 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let row = &mut head[ply];
        row[ply] = m;
        row[ply + 1..child_len].copy_from_slice(&tail[0][ply + 1..child_len]);
        self.pv_len[ply] = child_len;
    }

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
        self.pv_len[ply] = ply;
        self.last_path_dependent = false;
        // Once stopped, a search visits no more nodes, so a node limit is an exact cap: a
        // parent may still call a child (a re-search, a verification) before it looks.
        if self.stopped {
            return 0;
        }
        self.count_node(sh);
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        self.seldepth = self.seldepth.max(ply);

        if let Some(verdict) = self.pos.verdict(ply) {
            return self.verdict_value(verdict, ply);
        }
        if ply >= MAX_PLY - 1 {
            return if self.pos.in_check() { DRAW } else { self.evaluate() };
        }
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
        let key = self.pos.tt_key();
        let hit = sh.tt.probe(key);
        let mut tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if tt_move.is_some() && !self.pos.is_legal(tt_move) {
            tt_move = Move::NONE;
        }
        if let Some(h) = hit {
            let v = from_tt(h.value, ply);
            if !pv_node
                && excluded.is_none()
                && h.depth >= depth
                && bound_allows_cutoff(h.bound, v, alpha, beta)
            {
                // A quiet TT move that still beats beta is a cutoff this node would have found
                // again: its history learns it as if the node had been searched.
                if v >= beta && tt_move.is_some() && !self.pos.is_tactical(tt_move) {
                    let threats = self.pos.threatened_squares();
                    let pt = Histories::<G>::piece_to(&self.pos, tt_move);
                    let tt_key = Histories::<G>::quiet_key(pt, tt_move, threats);
                    let prev = self.continuation_context(ply);
                    self.hist.reward_tt_cutoff(tt_key, prev, depth);
                }
                return v;
            }
        }
        // A node that is or once was on a principal variation: reduced like one, and the mark
        // goes back into the TT with the result.
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);

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
        let raw_eval;
        // The corrected static evaluation, before a TT bound refines it.
        let mut static_eval = NO_EVAL;
        if in_check {
            raw_eval = NO_EVAL;
        } else {
            raw_eval = match hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.evaluate(),
            };
            static_eval = self.corrected_eval(raw_eval, correction_keys);
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

            if let Some(v) = self.probcut(sh, beta, depth, ply, cut_node, static_eval, hit) {
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
        let mut best = -INFINITE;
        let mut best_move = Move::NONE;
        let mut moves_searched = 0usize;
        let mut quiets_seen = 0i32;
        let mut quiets_tried = [QuietKey::default(); MAX_QUIETS_TRACKED];
        let mut quiets_len = 0;
        let mut node_path_dependent = false;
        let mut cutoff = false;

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
            if best > -MATE_BOUND && !in_check {
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
                        && alpha < MATE_BOUND
                        && eval + FUTILITY_BASE.get::<G>() + FUTILITY_PER_DEPTH.get::<G>() * depth
                            <= alpha
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
                    // evaluation to alpha. A capture that checks may do more than win material;
                    // one that promotes counts only its victim (rare, and measured so).
                    let futile = !pv_node
                        && Self::PROFILE.capture_futility
                        && depth <= CAPTURE_FUTILITY_MAX_DEPTH.get::<G>()
                        && alpha < MATE_BOUND
                        && self.pos.captured_kind(m).is_some_and(|victim| {
                            eval + CAPTURE_FUTILITY_BASE.get::<G>()
                                + CAPTURE_FUTILITY_PER_DEPTH.get::<G>() * depth
                                + G::kind_value(victim)
                                <= alpha
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
            self.stack[ply].piece_to = Some(pt);
            self.stack[ply].quiet_key = if tactical { None } else { Some(quiet_key) };
            self.eval.on_make(&self.pos, m);
            self.pos.make(m);
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
                v = -self.search(sh, -alpha - 1, -alpha, reduced_depth, ply + 1, true);
                self.stack[ply].reduction = 0;
                if v > alpha && r > 0 {
                    // How far the reduced search beat the best so far says how deep the full
                    // one needs to go: a large margin earns a ply more, a bare one a ply less.
                    let deeper = Self::PROFILE.lmr_deeper_shallower
                        && v > best + LMR_DEEPER_MARGIN.get::<G>() + 2 * new_depth;
                    let shallower = Self::PROFILE.lmr_deeper_shallower
                        && v < best + LMR_SHALLOWER_MARGIN.get::<G>();
                    let full_depth = new_depth + i32::from(deeper) - i32::from(shallower);
                    if full_depth > reduced_depth {
                        v = -self.search(sh, -alpha - 1, -alpha, full_depth, ply + 1, !cut_node);
                    }
                }
            } else if !pv_node || moves_searched > 1 {
                v = -self.search(sh, -alpha - 1, -alpha, new_depth, ply + 1, !cut_node);
            }
            if pv_node && (moves_searched == 1 || (v > alpha && v < beta)) {
                v = -self.search(sh, -beta, -alpha, new_depth, ply + 1, false);
            }
            let child_path_dependent = self.last_path_dependent;
            self.pos.unmake();
            self.eval.on_unmake();
            if self.stopped {
                return 0;
            }

            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        // A lower bound rests on this one move alone.
                        node_path_dependent = child_path_dependent;
                        self.stack[ply].cutoffs += 1;
                        cutoff = true;
                        break;
                    }
                    alpha = v;
                }
            }
            node_path_dependent |= child_path_dependent;
            if !tactical && quiets_len < MAX_QUIETS_TRACKED {
                quiets_tried[quiets_len] = quiet_key;
                quiets_len += 1;
            }
        }

        if moves_searched == 0 {
            if excluded.is_some() {
                // Only the excluded move (or moves pruned after it): no verdict on the node.
                self.last_path_dependent = false;
                return alpha;
            }
            // Nothing was pruned before a move was searched, so there is no legal move.
            self.last_path_dependent = false;
            return verdict_score(self.pos.no_moves_verdict(), stm, ply);
        }

        if cutoff && !self.pos.is_tactical(best_move) {
            let killers = &mut self.stack[ply].killers;
            if killers[0] != best_move {
                killers[1] = killers[0];
                killers[0] = best_move;
            }
            let best_pt = Histories::<G>::piece_to(&self.pos, best_move);
            let best_key = Histories::<G>::quiet_key(best_pt, best_move, threats);
            // A cutoff by a wide margin is surer, and its move is rewarded as if a ply deeper.
            let history_depth = depth + i32::from(best > beta + BIG_CUTOFF_MARGIN.get::<G>());
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
        if cutoff && !pv_node && !is_decisive(best) && !is_decisive(beta) {
            best = (best * depth + beta) / (depth + 1);
        }

        // A tablebase result bounds what a PV node's moves reached.
        best = best.max(tb_floor).min(tb_ceiling);

        if excluded.is_some() {
            // The node's TT entry and correction belong to the search over every move.
        } else if node_path_dependent {
            sh.tt.store(key, TtEntry::move_only(best_move, raw_eval, tt_pv));
        } else {
            let bound = if cutoff {
                Bound::Lower
            } else if pv_node && best_move.is_some() {
                Bound::Exact
            } else {
                Bound::Upper
            };
            sh.tt.store(
                key,
                TtEntry {
                    mv: best_move,
                    value: to_tt(best, ply),
                    eval: raw_eval,
                    depth,
                    bound,
                    pv: tt_pv,
                },
            );
            // Learn the static evaluation's error where the search says which way it lies: a
            // quiet outcome (a capture's gain is the evaluation's blind spot by design), a
            // lower bound above it, an upper bound below it, or an exact score.
            let quiet_best = best_move.is_none() || !self.pos.is_tactical(best_move);
            let informative = match bound {
                Bound::Lower => best > static_eval,
                Bound::Upper => best < static_eval,
                _ => true,
            };
            if !correction_keys.is_empty() && quiet_best && informative && !is_decisive(best) {
                self.correction.update(
                    stm,
                    correction_keys,
                    depth,
                    best,
                    static_eval,
                    column::<G>(),
                );
            }
        }
        self.last_path_dependent = node_path_dependent;
        best
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
        hit: Option<TtEntry>,
    ) -> Option<i32> {
        let probcut_beta = beta + PROBCUT_MARGIN.get::<G>();
        let shallow = depth - PROBCUT_REDUCTION.get::<G>();
        if depth < PROBCUT_MIN_DEPTH.get::<G>()
            || beta.abs() >= MATE_BOUND
            || hit.is_some_and(|h| h.depth >= shallow && from_tt(h.value, ply) < probcut_beta)
        {
            return None;
        }
        let tt_move = hit.map_or(Move::NONE, |h| h.mv);
        let tt_move =
            if tt_move.is_some() && self.pos.is_legal(tt_move) { tt_move } else { Move::NONE };
        let mut picker = MovePicker::new_quiescence(tt_move);
        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if !self.pos.see_ge(m, probcut_beta - static_eval) {
                continue;
            }
            self.stack[ply].piece_to = Some(Histories::<G>::piece_to(&self.pos, m));
            self.stack[ply].quiet_key = None;
            self.eval.on_make(&self.pos, m);
            self.pos.make(m);
            let mut v = -self.qsearch(sh, -probcut_beta, -probcut_beta + 1, ply + 1);
            if v >= probcut_beta && shallow > 0 {
                v = -self.search(sh, -probcut_beta, -probcut_beta + 1, shallow, ply + 1, !cut_node);
            }
            let path_dependent = self.last_path_dependent;
            self.pos.unmake();
            self.eval.on_unmake();
            if self.stopped {
                return Some(0);
            }
            if v >= probcut_beta {
                if !path_dependent {
                    let key = self.pos.tt_key();
                    let pv = hit.is_some_and(|h| h.pv);
                    let value = to_tt(v, ply);
                    let depth = shallow + 1;
                    sh.tt.store(
                        key,
                        TtEntry { mv: m, value, eval: NO_EVAL, depth, bound: Bound::Lower, pv },
                    );
                }
                self.last_path_dependent = path_dependent;
                return Some(v);
            }
        }
        None
    }

    /// Quiescence: captures (and every evasion when in check) until the position is quiet.
    pub fn qsearch(&mut self, sh: &Shared<'_>, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.pv_len[ply] = ply;
        self.last_path_dependent = false;
        // Once stopped, a search visits no more nodes, so a node limit is an exact cap: a
        // parent may still call a child (a re-search, a verification) before it looks.
        if self.stopped {
            return 0;
        }
        self.count_node(sh);
        if self.stopped {
            return 0;
        }
        let pv_node = beta - alpha > 1;
        self.seldepth = self.seldepth.max(ply);

        if let Some(verdict) = self.pos.verdict(ply) {
            return self.verdict_value(verdict, ply);
        }
        let in_check = self.pos.in_check();
        if ply >= MAX_PLY - 1 {
            return if in_check { DRAW } else { self.evaluate() };
        }

        let key = self.pos.tt_key();
        let hit = sh.tt.probe(key);
        let mut tt_move = hit.map_or(Move::NONE, |h| h.mv);
        if tt_move.is_some() && !self.pos.is_legal(tt_move) {
            tt_move = Move::NONE;
        }
        if let Some(h) = hit {
            let v = from_tt(h.value, ply);
            if !pv_node && bound_allows_cutoff(h.bound, v, alpha, beta) {
                return v;
            }
        }
        let tt_pv = pv_node || hit.is_some_and(|h| h.pv);

        let stm = self.pos.side_to_move();
        let raw_eval;
        let mut best;
        // The corrected static evaluation (not used in check).
        let mut stand_pat = NO_EVAL;
        if in_check {
            raw_eval = NO_EVAL;
            best = -INFINITE;
        } else {
            raw_eval = match hit {
                Some(h) if h.eval != NO_EVAL => h.eval,
                _ => self.evaluate(),
            };
            // Standing pat: the side to move may decline every capture.
            stand_pat = self.corrected_eval(raw_eval, self.correction_keys(ply));
            best = stand_pat;
            if Self::PROFILE.qsearch_tt_stand_pat {
                best = refined_by_tt(best, hit, ply);
            }
            if best >= beta {
                // Standing pat above beta is a guess, not a search.
                if Self::PROFILE.qsearch_fail_high_softening {
                    best = (best + beta) / 2;
                }
                if hit.is_none() {
                    let value = to_tt(best, ply);
                    sh.tt.store(
                        key,
                        TtEntry {
                            mv: Move::NONE,
                            value,
                            eval: raw_eval,
                            depth: 0,
                            bound: Bound::Lower,
                            pv: tt_pv,
                        },
                    );
                }
                return best;
            }
            alpha = alpha.max(best);
        }

        // Quiescence computes no threats: its only quiet moves are evasions, ordered by the
        // table of moves that leave and enter unattacked squares.
        let mut picker = if in_check {
            MovePicker::new(tt_move, [Move::NONE; 2], Move::NONE, [None; 2], 0)
        } else {
            MovePicker::new_quiescence(tt_move)
        };
        let mut best_move = Move::NONE;
        let mut moves_searched = 0;
        let mut node_path_dependent = false;
        let mut cutoff = false;
        while let Some(m) = picker.next(&self.pos, &self.hist) {
            if !in_check {
                // Delta pruning: even winning the victim for free would not reach alpha.
                // A promotion that captures nothing is never delta-pruned.
                let captured = self.pos.captured_kind(m);
                let victim = captured.map_or(0, G::kind_value);
                if captured.is_some() && stand_pat + victim + QS_DELTA_MARGIN.get::<G>() <= alpha {
                    continue;
                }
                // The picker hands out only captures that do not lose material, except the TT
                // move, which comes before any exchange is evaluated.
                if m == tt_move && !self.pos.see_ge(m, 0) {
                    continue;
                }
            }
            moves_searched += 1;
            self.stack[ply].piece_to = Some(Histories::<G>::piece_to(&self.pos, m));
            self.stack[ply].quiet_key = None;
            self.eval.on_make(&self.pos, m);
            self.pos.make(m);
            let v = -self.qsearch(sh, -beta, -alpha, ply + 1);
            let child_path_dependent = self.last_path_dependent;
            self.pos.unmake();
            self.eval.on_unmake();
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    best_move = m;
                    if pv_node {
                        self.update_pv(ply, m);
                    }
                    if v >= beta {
                        node_path_dependent = child_path_dependent;
                        cutoff = true;
                        break;
                    }
                    alpha = v;
                }
            }
            node_path_dependent |= child_path_dependent;
        }

        if in_check && moves_searched == 0 {
            self.last_path_dependent = false;
            return verdict_score(self.pos.no_moves_verdict(), stm, ply);
        }
        // As in the full search, a capture's margin over beta rarely survives a deeper look.
        if Self::PROFILE.qsearch_fail_high_softening
            && cutoff
            && !is_decisive(best)
            && !is_decisive(beta)
        {
            best = (3 * best + beta) / 4;
        }

        if node_path_dependent {
            sh.tt.store(key, TtEntry::move_only(best_move, raw_eval, tt_pv));
        } else {
            let bound = if cutoff { Bound::Lower } else { Bound::Upper };
            let value = to_tt(best, ply);
            sh.tt.store(
                key,
                TtEntry { mv: best_move, value, eval: raw_eval, depth: 0, bound, pv: tt_pv },
            );
        }
        self.last_path_dependent = node_path_dependent;
        best
    }
}

/// `eval` refined by a TT entry: a bound on the true score is a better guess than a static
/// evaluation (a lower bound above it, an upper bound below it, an exact value). Mate scores
/// are left alone.
#[inline]
fn refined_by_tt(eval: i32, hit: Option<TtEntry>, ply: usize) -> i32 {
    let Some(h) = hit else { return eval };
    let v = from_tt(h.value, ply);
    let better = match h.bound {
        Bound::Exact => true,
        Bound::Lower => v > eval,
        Bound::Upper => v < eval,
        Bound::None => false,
    };
    if better && !is_decisive(v) {
        v
    } else {
        eval
    }
}

#[inline]
fn bound_allows_cutoff(bound: Bound, v: i32, alpha: i32, beta: i32) -> bool {
    match bound {
        Bound::Exact => true,
        Bound::Lower => v >= beta,
        Bound::Upper => v <= alpha,
        Bound::None => false,
    }
}
