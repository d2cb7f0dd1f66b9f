//! One search thread: its own copy of the position, evaluator, histories and stack, kept
//! between searches. This file holds the per-thread state, iterative deepening with aspiration
//! windows and the root move loop; `node.rs` holds the interior search, `qsearch.rs`
//! quiescence, and `node_common.rs` the steps the two share.

use crate::correction::CorrectionHistory;
use crate::history::{Histories, PieceTo, QuietKey};
use crate::params::*;
use crate::report::{Bound, Info, Reporter};
use crate::score::{Score, INFINITE, MATE, MATE_BOUND};
use crate::shared::Shared;
use crate::time::TimeManager;
use game_api::{Evaluator, Game, Move, Tablebase};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Arc;
use std::time::Instant;

/// Static eval slot value meaning "not computed" (in check).
pub const NO_EVAL: i32 = i16::MIN as i32;

/// Per-ply scratch data.
#[derive(Clone, Copy)]
pub struct Frame {
    pub eval: i32,
    pub killers: [Move; 2],
    /// Piece-to of the move played from this ply; `None` for a null move.
    pub piece_to: Option<PieceTo>,
    /// The main-history key of that move when it is quiet and played inside the tree
    /// (`None` for a capture, a null move, a root or quiescence move): a child that fails low
    /// rewards it.
    pub quiet_key: Option<QuietKey>,
    /// The move a singular-extension search at this ply leaves out (`Move::NONE` otherwise).
    pub excluded: Move,
    /// Double extensions on the path to this ply, capped so that they cannot feed each other.
    pub double_extensions: i32,
    /// The LMR reduction of the move being searched from this ply (0 outside a reduced
    /// search): the child judges it in hindsight.
    pub reduction: i32,
    /// Beta cutoffs at this ply since the grandparent node began: many mean the parent's
    /// moves keep being refuted (read by LMR).
    pub cutoffs: u32,
}

impl Default for Frame {
    fn default() -> Self {
        Frame {
            eval: NO_EVAL,
            killers: [Move::NONE; 2],
            piece_to: None,
            quiet_key: None,
            excluded: Move::NONE,
            double_extensions: 0,
            reduction: 0,
            cutoffs: 0,
        }
    }
}

#[derive(Clone, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// Score from the current iteration, `-INFINITE` if it was only shown to be worse.
    pub score: i32,
    pub prev_score: i32,
    pub bound: Bound,
    pub seldepth: usize,
    pub pv: Vec<Move>,
    /// Nodes searched under this move since the search began (this thread's): the time
    /// manager stops sooner when the best move takes most of the effort.
    pub nodes: u64,
    /// What an endgame tablebase says this move leads to, when the root is in the tables:
    /// reported instead of the search's score unless the search found a mate.
    pub tb_score: Option<i32>,
}

/// What every `info` line printed at one moment shares: the counts of all threads and the
/// microseconds since the search began.
pub(crate) struct InfoCounts {
    pub nodes: u64,
    pub tb_hits: u64,
    pub hashfull: u32,
    pub micros: u128,
}

impl RootMove {
    /// The score to show: the tablebase's where it knows and the search found no mate.
    pub fn shown_score(&self) -> i32 {
        match self.tb_score {
            Some(tb) if self.score.abs() < MATE_BOUND => tb,
            _ => self.score,
        }
    }

    /// Prints this move's line, line `multipv` of an iteration of `depth` searched from `root`.
    pub(crate) fn report<G: Game, R: Reporter + ?Sized>(
        &self,
        reporter: &R,
        root: &G,
        depth: i32,
        multipv: usize,
        counts: &InfoCounts,
    ) {
        let pv_text = pv_text(root, &self.pv);
        // Speed from a microsecond clock: with milliseconds, a search of 1 ms or less showed
        // nps a thousand times its node count.
        let nps = u128::from(counts.nodes) * 1_000_000 / counts.micros.max(1);
        reporter.info(&Info {
            depth: depth as u32,
            // The deepest ply reached is never less than the nominal depth (check extensions
            // aside, a cutoff can end every line early).
            seldepth: self.seldepth.max(depth.max(1) as usize) as u32,
            multipv,
            score: Score::from_value(self.shown_score()),
            bound: self.bound,
            nodes: counts.nodes,
            nps: u64::try_from(nps).unwrap_or(u64::MAX),
            hashfull: counts.hashfull,
            tb_hits: counts.tb_hits,
            time_ms: u64::try_from(counts.micros / 1000).unwrap_or(u64::MAX),
            pv: &self.pv[..pv_text.len()],
            pv_text: &pv_text,
        });
    }
}

impl RootMove {
    pub fn new(mv: Move) -> Self {
        RootMove {
            mv,
            score: -INFINITE,
            prev_score: -INFINITE,
            bound: Bound::Upper,
            seldepth: 0,
            pv: vec![mv],
            nodes: 0,
            tb_score: None,
        }
    }
}

/// What only the main thread keeps: the clock and the data the time manager looks at.
pub struct MainControl {
    pub time: TimeManager,
    /// Time of `go`, for `info time` (the time manager restarts on `ponderhit`).
    pub started: Instant,
    pub pondering: bool,
    pub best_changes: u64,
    /// With a node limit: how many nodes this thread may still count before stopping.
    pub node_budget: Option<u64>,
}

pub struct Worker<G: Game, E: Evaluator<G>> {
    pub id: usize,
    pub pos: G,
    pub eval: E,
    pub hist: Histories<G>,
    pub correction: CorrectionHistory,
    pub stack: Box<[Frame]>,
    pub pv: Box<[[Move; MAX_PLY + 1]]>,
    pub pv_len: [usize; MAX_PLY + 1],
    pub lmr: Box<[[u8; 64]; 64]>,
    pub nodes: u64,
    pub seldepth: usize,
    pub root_depth: i32,
    pub stopped: bool,
    /// Whether the value the last node returned depends on the path to it (a repetition or a
    /// move-count ruling below it). Such values are not stored in the TT.
    pub last_path_dependent: bool,
    /// Null moves are not tried below this ply while verifying a null-move cutoff.
    pub nmp_min_ply: usize,
    pub root_moves: Vec<RootMove>,
    pub completed_depth: i32,
    pub main: Option<MainControl>,
    /// The endgame tablebase probed inside the tree; `None` without tables, and when the root
    /// was already ranked by distance to zeroing (the ranking then keeps the result).
    pub tablebase: Option<Arc<dyn Tablebase<G>>>,
    /// Tablebase probes that answered, this search.
    pub tb_hits: u64,
    /// The mate score and first move of the last iteration reported as a proven mate: deeper
    /// iterations that only repeat it are not printed (they take microseconds each and would
    /// flood a GUI's engine pane up to the depth limit).
    pub reported_mate: Option<(i32, Move)>,
}

/// Late-move reductions in plies by `[depth][move number]` (see `LMR_BASE`).
pub fn lmr_table<G: Game>() -> Box<[[u8; 64]; 64]> {
    let base = f64::from(LMR_BASE.get::<G>()) / 100.0;
    let divisor = f64::from(LMR_DIVISOR.get::<G>()) / 100.0;
    let mut lmr = Box::new([[0u8; 64]; 64]);
    for (d, row) in lmr.iter_mut().enumerate().skip(1) {
        for (m, r) in row.iter_mut().enumerate().skip(1) {
            let v = base + (d as f64).ln() * (m as f64).ln() / divisor;
            *r = v.clamp(0.0, 63.0) as u8;
        }
    }
    lmr
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    pub fn new(id: usize) -> Self {
        Worker {
            id,
            pos: G::startpos(),
            eval: E::default(),
            hist: Histories::new(),
            correction: CorrectionHistory::default(),
            stack: vec![Frame::default(); MAX_PLY + 4].into_boxed_slice(),
            pv: vec![[Move::NONE; MAX_PLY + 1]; MAX_PLY + 1].into_boxed_slice(),
            pv_len: [0; MAX_PLY + 1],
            lmr: lmr_table::<G>(),
            nodes: 0,
            seldepth: 0,
            root_depth: 0,
            stopped: false,
            last_path_dependent: false,
            nmp_min_ply: 0,
            root_moves: Vec::new(),
            completed_depth: 0,
            main: None,
            tablebase: None,
            tb_hits: 0,
            reported_mate: None,
        }
    }

    /// Forgets everything learned (`ucinewgame`).
    pub fn clear(&mut self) {
        self.hist.clear();
        self.correction.clear();
        self.stack.fill(Frame::default());
    }

    /// Sets up for a new search from `root`.
    pub fn prepare(&mut self, root: &G, root_moves: &[RootMove], main: Option<MainControl>) {
        self.pos = root.clone();
        self.pos.reserve(MAX_PLY + 8);
        self.eval.new_root(&self.pos);
        self.root_moves.clear();
        self.root_moves.extend_from_slice(root_moves);
        // A tuner may have moved the LMR constants since this worker was made.
        #[cfg(feature = "tune")]
        {
            self.lmr = lmr_table::<G>();
        }
        self.nodes = 0;
        self.tb_hits = 0;
        self.seldepth = 0;
        self.stopped = false;
        self.last_path_dependent = false;
        self.nmp_min_ply = 0;
        self.completed_depth = 0;
        self.main = main;
        self.reported_mate = None;
        for frame in self.stack.iter_mut() {
            frame.eval = NO_EVAL;
            frame.piece_to = None;
            frame.quiet_key = None;
        }
    }

    #[inline]
    pub fn lmr_reduction(&self, depth: i32, move_number: usize) -> i32 {
        i32::from(self.lmr[(depth as usize).min(63)][move_number.min(63)])
    }

    /// The piece-to of the moves played one and two plies before `ply`: the context the
    /// continuation histories read for a move made at `ply`.
    #[inline]
    pub fn continuation_context(&self, ply: usize) -> [Option<PieceTo>; 2] {
        [
            if ply >= 1 { self.stack[ply - 1].piece_to } else { None },
            if ply >= 2 { self.stack[ply - 2].piece_to } else { None },
        ]
    }

    /// Counts a node and, every poll interval, publishes the count and looks at the flags (and,
    /// on the main thread, at the clock and the node limit).
    #[inline]
    pub fn count_node(&mut self, sh: &Shared<'_>) {
        self.nodes += 1;
        if let Some(main) = &self.main {
            if main.node_budget.is_some_and(|b| self.nodes >= b) && self.completed_depth > 0 {
                self.stopped = true;
            }
        }
        if self.nodes.is_multiple_of(POLL_INTERVAL) {
            self.poll(sh);
        }
    }

    fn poll(&mut self, sh: &Shared<'_>) {
        sh.nodes[self.id].0.store(self.nodes, Relaxed);
        sh.tb_hits[self.id].0.store(self.tb_hits, Relaxed);
        if sh.should_stop() {
            self.stopped = true;
            return;
        }
        let Some(main) = &mut self.main else {
            // A helper honours the node limit too: where the main thread gets little CPU (an
            // oversubscribed machine, valgrind's serialised threads) the helpers would otherwise
            // search on far past it. The main thread still plays on to its first depth.
            let over_nodes = sh.limits.nodes.is_some_and(|limit| sh.total_nodes() >= limit);
            if over_nodes || sh.helper_sees_time_up() {
                self.stopped = true;
            }
            return;
        };
        // Depth 1 always completes (it costs microseconds): a move and a score to report.
        if self.completed_depth == 0 {
            return;
        }
        if main.pondering && sh.signals.ponderhit.load(Relaxed) {
            main.pondering = false;
            main.time.restart(Instant::now());
            sh.deadline.set(main.time.hard_deadline());
        }
        if !main.pondering && (main.time.hard_limit_reached() || sh.deadline.time_up.load(Relaxed))
        {
            self.stopped = true;
        }
        if let Some(limit) = sh.limits.nodes {
            let others = sh.total_nodes() - self.nodes;
            main.node_budget = Some(limit.saturating_sub(others));
            if self.nodes + others >= limit {
                self.stopped = true;
            }
        }
    }

    /// Iterative deepening until a limit, the stop flag, or (helpers) the main thread's abort.
    pub fn iterate<R: Reporter + ?Sized>(&mut self, sh: &Shared<'_>, reporter: &R) {
        let multipv = sh.limits.multipv.max(1).min(self.root_moves.len());
        // Odd helper threads run one ply ahead, so the threads do not all search the same tree.
        let offset = i32::from(self.id % 2 == 1);
        for depth in 1..=sh.max_depth {
            let depth = (depth + offset).min(sh.max_depth);
            self.root_depth = depth;
            for pv_idx in 0..multipv {
                self.seldepth = 0;
                self.aspiration(sh, reporter, depth, pv_idx);
                if self.stopped {
                    break;
                }
                self.root_moves[..=pv_idx].sort_by_key(|rm| std::cmp::Reverse(rm.score));
                let last_line = pv_idx + 1 == multipv;
                if self.main.is_some()
                    && (last_line || self.elapsed_ms() > CURRMOVE_REPORT_AFTER_MS)
                    && !(last_line
                        && multipv == 1
                        && self.repeats_reported_mate(depth, sh.max_depth))
                {
                    self.report(sh, reporter, depth, multipv.min(pv_idx + 1));
                }
            }
            if self.stopped {
                break;
            }
            self.completed_depth = depth;
            let score_drop = self.root_moves[0].prev_score - self.root_moves[0].score;
            for rm in &mut self.root_moves {
                rm.prev_score = rm.score;
            }
            if self.main.is_some() && self.iteration_ends_search(sh, depth, score_drop) {
                break;
            }
        }
        sh.nodes[self.id].0.store(self.nodes, Relaxed);
        sh.tb_hits[self.id].0.store(self.tb_hits, Relaxed);
    }

    /// Whether this iteration only repeats a proven mate already reported (same score, same
    /// move); the last iteration of a depth-limited search is always reported.
    fn repeats_reported_mate(&mut self, depth: i32, max_depth: i32) -> bool {
        let best = &self.root_moves[0];
        if best.bound != Bound::Exact || best.score.abs() < MATE_BOUND {
            self.reported_mate = None;
            return false;
        }
        let now = (best.score, best.mv);
        let repeat = self.reported_mate == Some(now) && depth < max_depth;
        self.reported_mate = Some(now);
        repeat
    }

    /// The main thread's decision after a finished iteration.
    fn iteration_ends_search(&mut self, sh: &Shared<'_>, depth: i32, score_drop: i32) -> bool {
        let limits = sh.limits;
        let best = self.root_moves[0].score;
        if let Some(moves) = limits.mate {
            // Mate in n moves is mate within 2n - 1 plies.
            let plies = i32::try_from(moves).unwrap_or(i32::MAX).saturating_mul(2) - 1;
            if best >= MATE_BOUND && MATE - best <= plies {
                return true;
            }
        }
        if depth >= sh.max_depth {
            return true;
        }
        let one_reply = self.root_moves.len() == 1;
        let Some(main) = &mut self.main else { return false };
        if main.pondering || !main.time.is_timed() {
            return false;
        }
        // A proven mate under a clock is played at once: searching on cannot change the result,
        // only spend the player's time. "Proven" means exact and found with depth to spare, so
        // that reductions on the way cannot have hidden a defence.
        let proven = self.root_moves[0].bound == Bound::Exact
            && best.abs() >= MATE_BOUND
            && depth >= 2 * (MATE - best.abs()) + MATE_PROOF_MARGIN;
        if proven {
            return true;
        }
        let instability = main.best_changes;
        main.best_changes /= 2;
        let best_share = self.root_moves[0].nodes.saturating_mul(1000) / self.nodes.max(1);
        one_reply || !main.time.should_start_iteration(instability, score_drop, best_share)
    }

    fn aspiration<R: Reporter + ?Sized>(
        &mut self,
        sh: &Shared<'_>,
        reporter: &R,
        depth: i32,
        pv_idx: usize,
    ) {
        let prev = self.root_moves[pv_idx].prev_score;
        let mut delta = ASPIRATION_DELTA.get::<G>();
        let (mut alpha, mut beta) =
            if depth >= ASPIRATION_MIN_DEPTH.get::<G>() && prev.abs() < MATE_BOUND {
                ((prev - delta).max(-INFINITE), (prev + delta).min(INFINITE))
            } else {
                (-INFINITE, INFINITE)
            };
        // After a fail high the re-search goes one ply shallower per fail high in a row: the
        // score is already known to be good, and a shallower search finds its new bound
        // sooner. A fail low restores the full depth, and so does a mate bound: a shallower
        // search might not see the mate and settle on a material score in the wider window.
        let mut reduction = 0;
        loop {
            let v = self.root_search(sh, alpha, beta, (depth - reduction).max(1), pv_idx);
            self.root_moves[pv_idx..].sort_by_key(|rm| std::cmp::Reverse(rm.score));
            if self.stopped {
                return;
            }
            if v <= alpha {
                beta = (alpha + beta) / 2;
                alpha = (v - delta).max(-INFINITE);
                reduction = 0;
            } else if v >= beta {
                beta = (v + delta).min(INFINITE);
                reduction = if v >= MATE_BOUND { 0 } else { reduction + 1 };
            } else {
                return;
            }
            if self.main.is_some() && self.elapsed_ms() > CURRMOVE_REPORT_AFTER_MS {
                self.report(sh, reporter, depth, pv_idx + 1);
            }
            delta += delta / 2;
        }
    }

    /// The root move loop for line `pv_idx` (earlier lines' moves are excluded).
    fn root_search(
        &mut self,
        sh: &Shared<'_>,
        mut alpha: i32,
        beta: i32,
        depth: i32,
        pv_idx: usize,
    ) -> i32 {
        self.count_node(sh);
        self.stack[1].cutoffs = 0;
        self.stack[2].cutoffs = 0;
        let mut best = -INFINITE;
        for i in pv_idx..self.root_moves.len() {
            let m = self.root_moves[i].mv;
            let tactical = self.pos.is_tactical(m);
            self.stack[0].piece_to = Some(Histories::<G>::piece_to(&self.pos, m));
            self.stack[0].quiet_key = None;
            self.stack[1].double_extensions = 0;
            let nodes_before = self.nodes;
            self.eval.on_make(&self.pos, m);
            self.pos.make(m);
            let gives_check = self.pos.in_check();
            let new_depth = depth - 1 + i32::from(gives_check);
            let mut v;
            if i == pv_idx {
                v = -self.search(sh, -beta, -alpha, new_depth, 1, false);
            } else {
                let late = i - pv_idx;
                let r = if depth >= LMR_MIN_DEPTH.get::<G>()
                    && late >= 3
                    && !tactical
                    && !gives_check
                {
                    (self.lmr_reduction(depth, late) - 1).clamp(0, (new_depth - 1).max(0))
                } else {
                    0
                };
                v = -self.search(sh, -alpha - 1, -alpha, new_depth - r, 1, true);
                if v > alpha && r > 0 {
                    v = -self.search(sh, -alpha - 1, -alpha, new_depth, 1, false);
                }
                if v > alpha && v < beta {
                    v = -self.search(sh, -beta, -alpha, new_depth, 1, false);
                }
            }
            self.pos.unmake();
            self.eval.on_unmake();
            self.root_moves[i].nodes += self.nodes - nodes_before;
            if self.stopped {
                break;
            }
            if i == pv_idx || v > alpha {
                if i != pv_idx && pv_idx == 0 {
                    if let Some(main) = &mut self.main {
                        main.best_changes += 1;
                    }
                }
                let child_len = self.pv_len[1].max(1);
                let rm = &mut self.root_moves[i];
                rm.score = v;
                rm.seldepth = self.seldepth;
                rm.bound = if v <= alpha {
                    Bound::Upper
                } else if v >= beta {
                    Bound::Lower
                } else {
                    Bound::Exact
                };
                rm.pv.clear();
                rm.pv.push(m);
                rm.pv.extend_from_slice(&self.pv[1][1..child_len]);
            } else {
                self.root_moves[i].score = -INFINITE;
            }
            best = best.max(v);
            if v > alpha {
                alpha = v;
                if v >= beta {
                    break;
                }
            }
        }
        best
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.main.as_ref().map_or(0, |m| m.started.elapsed().as_millis() as u64)
    }

    /// Sends `lines` info lines (MultiPV order) for the current iteration.
    fn report<R: Reporter + ?Sized>(
        &mut self,
        sh: &Shared<'_>,
        reporter: &R,
        depth: i32,
        lines: usize,
    ) {
        sh.nodes[self.id].0.store(self.nodes, Relaxed);
        sh.tb_hits[self.id].0.store(self.tb_hits, Relaxed);
        let counts = InfoCounts {
            nodes: sh.total_nodes(),
            tb_hits: sh.total_tb_hits(),
            hashfull: sh.tt.hashfull(),
            micros: self.main.as_ref().map_or(0, |m| m.started.elapsed().as_micros()),
        };
        for (i, rm) in self.root_moves.iter().take(lines).enumerate() {
            if rm.score != -INFINITE {
                rm.report(reporter, &self.pos, depth, i + 1, &counts);
            }
        }
    }
}

/// Writes a PV in the game's notation, stopping at the first move that is not legal in the
/// position it would be played in (a PV assembled from the TT can be stale).
pub fn pv_text<G: Game>(root: &G, pv: &[Move]) -> Vec<String> {
    let mut pos = root.clone();
    let mut out = Vec::with_capacity(pv.len());
    for &m in pv {
        if !pos.is_legal(m) {
            break;
        }
        out.push(pos.write_move(m));
        pos.make(m);
    }
    out
}
