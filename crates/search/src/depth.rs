//! How deep the full search looks: a node's depth judged in hindsight of the reduction that
//! led to it, the singular extension of its TT move, each move's extension, its late-move
//! reduction, and the depth of the re-search after a reduced move beats alpha.

use crate::history::QuietKey;
use crate::node_common::TtProbe;
use crate::node_frame::{MoveLoop, Node};
use crate::params::*;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, Move};
use std::ops::ControlFlow;

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// The node's depth in hindsight of the reduction that led here, now that both sides'
    /// static evaluations are known: a deep reduction where the opponent's evaluation did not
    /// worsen earns a ply back, one where both sides find the position quiet loses a ply.
    #[inline]
    pub(crate) fn depth_in_hindsight(&self, depth: i32, ply: usize, static_eval: i32) -> i32 {
        let prior_reduction = if ply >= 1 { self.stack[ply - 1].reduction } else { 0 };
        if prior_reduction <= 0 || static_eval == NO_EVAL || self.stack[ply - 1].eval == NO_EVAL {
            return depth;
        }
        let mut depth = depth;
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
        depth
    }

    /// Singular extension: when the TT move's bound is deep and no other move comes near it in
    /// a half-depth search, the TT move is the only one and gets a deeper look; when another
    /// move also beats beta, the node is cut (multi-cut). `Continue(plies)`: the TT move's
    /// extension (−1 shortens it); `Break(value)` ends the node.
    pub(crate) fn singular_extension(
        &mut self,
        sh: &Shared<'_>,
        node: Node,
        tt: &TtProbe,
        beta: i32,
        depth: i32,
    ) -> ControlFlow<i32, i32> {
        let ply = node.ply;
        let Some(h) = tt.hit else { return ControlFlow::Continue(0) };
        let tt_value = from_tt(h.value, ply);
        let worth_testing = tt.mv.is_some()
            && depth >= SE_MIN_DEPTH.get::<G>()
            && h.depth >= depth - SE_TT_DEPTH_MARGIN.get::<G>()
            && matches!(h.bound, Bound::Lower | Bound::Exact)
            && !is_decisive(tt_value)
            && (ply as i32) < 2 * self.root_depth;
        if !worth_testing {
            return ControlFlow::Continue(0);
        }
        let singular_beta = tt_value - SE_BETA_MARGIN.get::<G>() * depth / 64;
        self.stack[ply].excluded = tt.mv;
        let v = self.search(sh, singular_beta - 1, singular_beta, (depth - 1) / 2, ply, node.cut);
        self.stack[ply].excluded = Move::NONE;
        if self.stopped {
            return ControlFlow::Break(0);
        }
        if v < singular_beta {
            let double = !node.pv
                && v < singular_beta - SE_DOUBLE_MARGIN.get::<G>()
                && self.stack[ply].double_extensions < SE_MAX_DOUBLE.get::<G>();
            ControlFlow::Continue(if double { 2 } else { 1 })
        } else if singular_beta >= beta {
            // `last_path_dependent` is the exclusion search's own.
            ControlFlow::Break(singular_beta)
        } else if tt_value >= beta || node.cut {
            ControlFlow::Continue(-1)
        } else {
            ControlFlow::Continue(0)
        }
    }

    /// The plies a move made from `ply` is searched deeper: a check (until the path is twice
    /// the root depth) or `singular`, the TT move's singular extension (0 for any other move),
    /// whichever is more, a negative singular value aside. Counts double extensions on the path.
    #[inline]
    pub(crate) fn move_extension(&mut self, ply: usize, gives_check: bool, singular: i32) -> i32 {
        let check_extension = i32::from(
            gives_check && (ply as i32) < CHECK_EXTENSION_PLY_FACTOR.get::<G>() * self.root_depth,
        );
        let extension = if singular != 0 { singular.max(check_extension) } else { check_extension };
        self.stack[ply + 1].double_extensions =
            self.stack[ply].double_extensions + i32::from(extension >= 2);
        extension
    }

    /// The late-move reduction of the `moves_searched`-th move (`quiet`: its history key,
    /// `None` for a tactical move), already made, to be searched `new_depth` deep at full depth.
    #[inline]
    pub(crate) fn reduction(
        &self,
        node: Node,
        moves: &MoveLoop,
        moves_searched: usize,
        new_depth: i32,
        gives_check: bool,
        quiet: Option<QuietKey>,
    ) -> i32 {
        let mut r = self.lmr_reduction(moves.depth, moves_searched);
        r += i32::from(!moves.tt_pv) + i32::from(node.cut) + i32::from(!moves.improving);
        r -= i32::from(gives_check) + i32::from(quiet.is_none());
        r += i32::from(self.stack[node.ply + 1].cutoffs > LMR_CUTOFF_COUNT.get::<G>() as u32);
        if let Some(key) = quiet {
            r -= self.hist.quiet_score(key, moves.prev) / LMR_HISTORY_DIVISOR.get::<G>();
        }
        r.clamp(0, (new_depth - 1).max(0))
    }

    /// The depth of the full-depth re-search after a reduced move scored `v` above alpha, the
    /// best so far being `best`: how far it beat that says how deep to go, a large margin a ply
    /// more, a bare one a ply less (where the game's profile says so).
    #[inline]
    pub(crate) fn research_depth(v: i32, best: i32, new_depth: i32) -> i32 {
        let deeper = Self::PROFILE.lmr_deeper_shallower
            && v > best + LMR_DEEPER_MARGIN.get::<G>() + 2 * new_depth;
        let shallower =
            Self::PROFILE.lmr_deeper_shallower && v < best + LMR_SHALLOWER_MARGIN.get::<G>();
        new_depth + i32::from(deeper) - i32::from(shallower)
    }
}
