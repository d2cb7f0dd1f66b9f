//! What a full-width node tells the steps it calls (`prune.rs`, `depth.rs`, `learn.rs`): where
//! it is and what its window makes of it, and what its move loop reads. Its own file so that the
//! steps and the node that calls them do not import each other.

use crate::history::PieceTo;

/// Where a full-width node is and what its window makes of it, for the steps it calls.
#[derive(Clone, Copy)]
pub(crate) struct Node {
    pub ply: usize,
    /// A principal-variation node: its window is open.
    pub pv: bool,
    /// Expected to fail high.
    pub cut: bool,
}

/// What the move loop's pruning, reductions and history updates read; fixed for the loop.
#[derive(Clone, Copy)]
pub(crate) struct MoveLoop {
    /// The node's depth once hindsight and internal iterative reduction have set it.
    pub depth: i32,
    /// The static evaluation refined by the TT (`NO_EVAL` in check).
    pub eval: i32,
    /// The evaluation rose since this side's previous move.
    pub improving: bool,
    /// The node is or once was on a principal variation.
    pub tt_pv: bool,
    /// Quiet moves after this many are pruned near the leaves.
    pub lmp_limit: i32,
    /// The continuation histories' context (`Worker::continuation_context`).
    pub prev: [Option<PieceTo>; 2],
}
