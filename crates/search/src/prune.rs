//! The full search's pruning: before the move loop, the tests that may end a node without
//! searching its moves (reverse futility, null move, ProbCut); inside it, the shallow tests
//! that skip one move (or every quiet move left) unsearched.

use crate::history::{Histories, QuietKey};
use crate::node_common::TtProbe;
use crate::node_frame::{MoveLoop, Node};
use crate::params::*;
use crate::picker::MovePicker;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, Move};

/// What shallow pruning decides about a move.
pub(crate) enum Prune {
    Search,
    Skip,
    /// Skip this move and every quiet move after it (late-move pruning).
    SkipQuiets,
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// Reverse futility (static null move): a static evaluation so far above beta that no quiet
    /// move will bring it below. `Some(value)` ends the node.
    #[inline]
    pub(crate) fn reverse_futility(
        depth: i32,
        beta: i32,
        eval: i32,
        improving: bool,
    ) -> Option<i32> {
        let margin = RFP_MARGIN.get::<G>() * depth
            - if improving { RFP_IMPROVING_BONUS.get::<G>() } else { 0 };
        // Not when beta is a mated score: the node may have no move at all (a loss in xiangqi
        // even without check), which only the move loop finds out.
        let fails_high = depth <= RFP_MAX_DEPTH.get::<G>()
            && eval - margin >= beta
            && eval < TB_WIN_BOUND
            && beta > -TB_WIN_BOUND;
        if !fails_high {
            return None;
        }
        Some(if Self::PROFILE.reverse_futility_midpoint { (eval + beta) / 2 } else { eval })
    }

    /// Null move: passing the turn and still failing high in a reduced search says the node
    /// fails high. Not after another null move, not without pieces (zugzwang), and verified by
    /// a search without null moves when deep. `Some(value)` ends the node.
    pub(crate) fn null_move(
        &mut self,
        sh: &Shared<'_>,
        node: Node,
        beta: i32,
        depth: i32,
        eval: i32,
    ) -> Option<i32> {
        let ply = node.ply;
        let last_was_null = ply >= 1 && self.stack[ply - 1].piece_to.is_none();
        let worth_trying = depth >= NMP_MIN_DEPTH.get::<G>()
            && eval >= beta
            && !last_was_null
            && ply >= self.nmp_min_ply
            && beta.abs() < TB_WIN_BOUND
            && self.pos.has_non_pawn_material(self.pos.side_to_move());
        if !worth_trying {
            return None;
        }
        let r = NMP_BASE_REDUCTION.get::<G>()
            + depth / NMP_DEPTH_DIVISOR.get::<G>()
            + ((eval - beta) / NMP_EVAL_DIVISOR.get::<G>()).min(NMP_EVAL_MAX_REDUCTION.get::<G>());
        self.stack[ply].piece_to = None;
        self.stack[ply].quiet_key = None;
        self.eval.on_make_null(&self.pos);
        self.pos.make_null();
        let v = -self.search(sh, -beta, -beta + 1, depth - r, ply + 1, !node.cut);
        let null_path_dependent = self.last_path_dependent;
        self.pos.unmake_null();
        self.eval.on_unmake_null();
        if self.stopped {
            return Some(0);
        }
        if v < beta {
            return None;
        }
        let v = if v >= TB_WIN_BOUND { beta } else { v };
        if depth < NMP_VERIFY_DEPTH.get::<G>() || self.nmp_min_ply != 0 {
            self.last_path_dependent = null_path_dependent;
            return Some(v);
        }
        // Verify with null moves off for the next plies: catches zugzwang.
        self.nmp_min_ply = ply + (3 * (depth - r) / 4) as usize;
        let w = self.search(sh, beta - 1, beta, depth - r, ply, false);
        let verify_path_dependent = self.last_path_dependent;
        self.nmp_min_ply = 0;
        if self.stopped {
            return Some(0);
        }
        if w >= beta {
            self.last_path_dependent = null_path_dependent || verify_path_dependent;
            return Some(v);
        }
        None
    }

    /// ProbCut: a capture that beats `beta` by a margin in a shallow search will very likely
    /// beat `beta` in the full one, so the node is cut without it. Captures are tried only when
    /// they win enough material to reach that bound by exchange alone, and first against
    /// quiescence, so that most cost next to nothing. Not when the TT already says the
    /// shallow search would fail.
    pub(crate) fn probcut(
        &mut self,
        sh: &Shared<'_>,
        node: Node,
        beta: i32,
        depth: i32,
        static_eval: i32,
        tt: &TtProbe,
    ) -> Option<i32> {
        let ply = node.ply;
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
            self.prefetch_child(sh, m);
            if !self.pos.see_ge(m, probcut_beta - static_eval) {
                continue;
            }
            self.make_move(sh, ply, m, Histories::<G>::piece_to(&self.pos, m), None);
            let mut v = -self.qsearch(sh, -probcut_beta, -probcut_beta + 1, ply + 1);
            if v >= probcut_beta && shallow > 0 {
                v = -self.search(sh, -probcut_beta, -probcut_beta + 1, shallow, ply + 1, !node.cut);
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

    /// Shallow pruning of move `m` (`quiet`: its history key, `None` for a tactical move),
    /// asked only out of check and once a move has shown the node is not being mated.
    /// `quiets_seen` counts the quiet moves so far, this one included; `alpha` is the node's now.
    pub(crate) fn prune_move(
        &mut self,
        node: Node,
        moves: &MoveLoop,
        m: Move,
        quiet: Option<QuietKey>,
        quiets_seen: i32,
        alpha: i32,
    ) -> Prune {
        let (depth, eval) = (moves.depth, moves.eval);
        let Some(quiet_key) = quiet else {
            // Capture futility: the victim alone, with a margin, cannot lift the evaluation to
            // alpha. A capture that checks may do more than win material; one that promotes
            // counts only its victim (rare, and measured so).
            let futile = !node.pv
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
            if futile
                || depth <= SEE_PRUNE_MAX_DEPTH.get::<G>()
                    && !self.pos.see_ge(m, -SEE_CAPTURE_MARGIN.get::<G>() * depth)
            {
                return Prune::Skip;
            }
            return Prune::Search;
        };
        if !node.pv && depth <= LMP_MAX_DEPTH.get::<G>() && quiets_seen > moves.lmp_limit {
            return Prune::SkipQuiets;
        }
        // History pruning: near the leaves, a quiet move that has failed often lately is not
        // worth a search.
        if !node.pv
            && depth <= HISTORY_PRUNE_MAX_DEPTH.get::<G>()
            && self.hist.quiet_score(quiet_key, moves.prev)
                < -HISTORY_PRUNE_MARGIN.get::<G>() * depth
        {
            return Prune::Skip;
        }
        // Futility: even a generous margin leaves the evaluation at or below alpha.
        if depth <= FUTILITY_MAX_DEPTH.get::<G>()
            && alpha < MATE_BOUND
            && eval + FUTILITY_BASE.get::<G>() + FUTILITY_PER_DEPTH.get::<G>() * depth <= alpha
            && !self.pos.gives_check(m)
        {
            return Prune::Skip;
        }
        if depth <= SEE_PRUNE_MAX_DEPTH.get::<G>()
            && !self.pos.see_ge(m, -SEE_QUIET_MARGIN.get::<G>() * depth)
        {
            return Prune::Skip;
        }
        Prune::Search
    }
}
