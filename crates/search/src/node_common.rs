//! The steps every node takes, full-width (`node.rs`) or quiescence (`qsearch.rs`): entering
//! (counting the node, the rules' ruling, the stack's end), the TT probe, the static
//! evaluation and its correction, making and taking back a move with the evaluation told,
//! keeping the best result, and storing it.
//!
//! Every node first asks the rules (`Game::verdict`) for a ruling and turns it into a score.
//! Such scores depend on the path (a repetition exists only on this path), so each node also
//! reports, through `Worker::last_path_dependent`, whether its value rests on one; those values
//! are kept out of the TT (only the move is stored), so that no other path inherits them. A game
//! whose path rulings are all draws may accept that risk for a fuller TT
//! (`Profile::tt_stores_path_draws`, chess): its draws then count as path-independent, as in
//! most chess engines.

use crate::correction::CorrectionKeys;
use crate::history::{PieceTo, QuietKey};
use crate::params::*;
use crate::profile::Profile;
use crate::report::Bound;
use crate::score::*;
use crate::shared::Shared;
use crate::tt::TtEntry;
use crate::worker::{Worker, NO_EVAL};
use game_api::{Evaluator, Game, GenKind, Move, MoveList, Outcome, Reason, Verdict};

/// What the TT holds for a node.
#[derive(Clone, Copy)]
pub(crate) struct TtProbe {
    /// The node's key (`Game::tt_key`), under which its result is stored.
    pub key: u64,
    pub hit: Option<TtEntry>,
    /// The entry's move when it is legal here, else `Move::NONE`.
    pub mv: Move,
}

impl TtProbe {
    /// The entry's value when an entry at least `depth` deep settles the window on its own.
    #[inline]
    pub fn cutoff(&self, depth: i32, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
        let h = self.hit?;
        let v = from_tt(h.value, ply);
        (h.depth >= depth && bound_allows_cutoff(h.bound, v, alpha, beta)).then_some(v)
    }

    /// The position was once searched as a PV node.
    #[inline]
    pub fn was_pv(&self) -> bool {
        self.hit.is_some_and(|h| h.pv)
    }
}

/// A node's result over the moves searched so far, and the window they raised.
pub(crate) struct BestSoFar {
    pub alpha: i32,
    pub beta: i32,
    pub value: i32,
    pub mv: Move,
    /// The value rests on a path ruling somewhere below (only the move may be stored).
    pub path_dependent: bool,
    /// A move reached beta: the value is a lower bound.
    pub cutoff: bool,
}

impl BestSoFar {
    /// No move searched yet: nothing found, nothing resting on the path.
    #[inline]
    pub fn new(alpha: i32, beta: i32) -> Self {
        BestSoFar {
            alpha,
            beta,
            value: -INFINITE,
            mv: Move::NONE,
            path_dependent: false,
            cutoff: false,
        }
    }
}

impl<G: Game, E: Evaluator<G>> Worker<G, E> {
    /// What this game's search does differently (a constant: a switch that is off compiles
    /// away).
    pub(crate) const PROFILE: Profile = Profile::of_game::<G>();

    /// Static evaluation of the current position, clamped out of the mate range.
    #[inline]
    pub fn evaluate(&mut self) -> i32 {
        clamp_eval(self.eval.evaluate(&self.pos))
    }

    /// Enters a node at `ply`: an empty PV, nothing resting on the path yet, the node counted.
    /// `Some(value)` ends the node at once: the search has stopped (once stopped it visits no
    /// more nodes, so a node limit is an exact cap, though a parent may still call a child
    /// before it looks), the rules rule on the position, or the stack is full.
    #[inline]
    pub(crate) fn enter(&mut self, sh: &Shared<'_>, ply: usize) -> Option<i32> {
        self.pv_len[ply] = ply;
        self.last_path_dependent = false;
        if self.stopped {
            return Some(0);
        }
        self.count_node(sh);
        if self.stopped {
            return Some(0);
        }
        self.seldepth = self.seldepth.max(ply);
        if let Some(verdict) = self.pos.verdict(ply) {
            return Some(self.verdict_value(verdict, ply));
        }
        if ply >= MAX_PLY - 1 {
            return Some(if self.pos.in_check() { DRAW } else { self.evaluate() });
        }
        None
    }

    /// The TT's entry for the current position, its move validated (another position with the
    /// same key, or another thread's half-written entry, may have left any word there).
    #[inline]
    pub(crate) fn probe_tt(&self, sh: &Shared<'_>) -> TtProbe {
        let key = self.pos.tt_key();
        let hit = sh.tt.probe(key);
        let mv = match hit {
            Some(h) if h.mv.is_some() && self.pos.is_legal(h.mv) => h.mv,
            _ => Move::NONE,
        };
        TtProbe { key, hit, mv }
    }

    /// The static evaluation of a node not in check: the raw one (the TT entry's when it has
    /// one, which is what the TT keeps) and that one corrected (what the search prunes on).
    #[inline]
    pub(crate) fn static_eval(&mut self, hit: Option<TtEntry>, keys: CorrectionKeys) -> (i32, i32) {
        let raw = match hit {
            Some(h) if h.eval != NO_EVAL => h.eval,
            _ => self.evaluate(),
        };
        (raw, self.corrected_eval(raw, keys))
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

    /// The correction history's keys at `ply`: the pawn skeleton (chess), the move that led
    /// here (xiangqi) and the piece skeletons, each where the game's profile asks for it.
    #[inline]
    pub(crate) fn correction_keys(&self, ply: usize) -> CorrectionKeys {
        CorrectionKeys {
            structure: if Self::PROFILE.structure_correction {
                self.pos.structure_key()
            } else {
                None
            },
            continuation: if Self::PROFILE.continuation_correction && ply >= 1 {
                self.stack[ply - 1].piece_to.map(|pt| pt as u64)
            } else {
                None
            },
            pieces: if Self::PROFILE.piece_correction { self.pos.piece_keys() } else { None },
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

    /// The score of a node whose side to move has no legal move (mate or stalemate, as the
    /// game rules them); such a value holds on any path.
    #[inline]
    pub(crate) fn no_moves_value(&mut self, ply: usize) -> i32 {
        self.last_path_dependent = false;
        verdict_score(self.pos.no_moves_verdict(), self.pos.side_to_move(), ply)
    }

    /// Plays `m` from `ply`: the stack records its piece-to and, for a quiet move of the full
    /// search, its history key (what the child reads back), and the evaluation hears of the
    /// move before it is made.
    #[inline]
    pub(crate) fn make_move(
        &mut self,
        sh: &Shared<'_>,
        ply: usize,
        m: Move,
        piece_to: PieceTo,
        quiet_key: Option<QuietKey>,
    ) {
        self.stack[ply].piece_to = Some(piece_to);
        self.stack[ply].quiet_key = quiet_key;
        self.eval.on_make(&self.pos, m);
        self.pos.make(m);
        sh.tt.prefetch(self.pos.tt_key());
    }

    /// Asks the cache for the TT bucket of the child `m` leads to, as soon as the move is
    /// picked, where the game can tell the child's key without making the move: the pruning
    /// checks and the move's making then overlap the memory access the child's probe would
    /// wait on (xiangqi's probe had waited a fifth of its search time). `make_move` prefetches
    /// again with the real key.
    #[inline]
    pub(crate) fn prefetch_child(&self, sh: &Shared<'_>, m: Move) {
        if let Some(key) = self.pos.tt_key_after(m) {
            sh.tt.prefetch(key);
        }
    }

    /// Takes back the move `make_move` made; returns whether the child's value rests on the
    /// path.
    #[inline]
    pub(crate) fn unmake_move(&mut self) -> bool {
        let child_path_dependent = self.last_path_dependent;
        self.pos.unmake();
        self.eval.on_unmake();
        child_path_dependent
    }

    /// Takes move `m`'s value `v` into the node's result (and its PV in a PV node); true when
    /// it reaches beta, and the node searches no more moves.
    #[inline]
    pub(crate) fn take_move(
        &mut self,
        best: &mut BestSoFar,
        m: Move,
        v: i32,
        child_path_dependent: bool,
        pv_node: bool,
        ply: usize,
    ) -> bool {
        if v > best.value {
            best.value = v;
            if v > best.alpha {
                best.mv = m;
                if pv_node {
                    self.update_pv(ply, m);
                }
                if v >= best.beta {
                    // A lower bound rests on this one move alone.
                    best.path_dependent = child_path_dependent;
                    best.cutoff = true;
                    return true;
                }
                best.alpha = v;
            }
        }
        best.path_dependent |= child_path_dependent;
        false
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

    /// Stores a node's result under `key`: `entry` as it is, or only its move and static
    /// evaluation when its value rests on the path.
    #[inline]
    pub(crate) fn store_result(
        &self,
        sh: &Shared<'_>,
        key: u64,
        entry: TtEntry,
        path_dependent: bool,
    ) {
        if path_dependent {
            sh.tt.store(key, TtEntry::move_only(entry.mv, entry.eval, entry.pv));
        } else {
            sh.tt.store(key, entry);
        }
    }
}

/// `eval` refined by a TT entry: a bound on the true score is a better guess than a static
/// evaluation (a lower bound above it, an upper bound below it, an exact value). Mate scores
/// are left alone.
#[inline]
pub(crate) fn refined_by_tt(eval: i32, hit: Option<TtEntry>, ply: usize) -> i32 {
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
