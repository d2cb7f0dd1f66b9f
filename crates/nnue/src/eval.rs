//! The incremental NNUE evaluator: an accumulator stack that follows the search's make/unmake
//! hooks lazily. A move only records what it changed; `evaluate` brings the stack up to date
//! from the nearest computed ancestor (or refreshes from the board), so positions that are never
//! evaluated cost no accumulator work.

use crate::accumulator::Accumulator;
use crate::features::NnueGame;
use crate::net::Net;
use crate::output::{self, Simd};
use game_api::{DirtyPieces, Move};
use std::sync::Arc;

/// Plies the stack holds: past the search's deepest ply (128) with room to spare. Deeper plies
/// (never reached by the search) are evaluated by a full refresh.
const STACK_PLIES: usize = 160;

#[derive(Clone, Copy, Default)]
struct Entry {
    acc: Accumulator,
    /// What the move into this ply changed (unused at ply 0).
    dirty: DirtyPieces,
    /// Whether `acc` describes this ply's position.
    computed: bool,
}

#[derive(Clone)]
pub struct NnueEval<G: NnueGame> {
    net: Arc<Net>,
    simd: Simd,
    stack: Box<[Entry]>,
    /// Moves made since `new_root` (may exceed the stack).
    ply: usize,
    /// Key of the position the root entry was computed for: `evaluate` without hooks (a lone
    /// call on some position) notices a different position and refreshes.
    root_key: u64,
    scratch: Accumulator,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: NnueGame> NnueEval<G> {
    pub fn new(net: Arc<Net>) -> Self {
        Self::with_simd(net, Simd::detect())
    }

    /// With a chosen output implementation (tests compare the two).
    pub fn with_simd(net: Arc<Net>, simd: Simd) -> Self {
        NnueEval {
            net,
            simd,
            stack: vec![Entry::default(); STACK_PLIES].into_boxed_slice(),
            ply: 0,
            root_key: 0,
            scratch: Accumulator::default(),
            _game: std::marker::PhantomData,
        }
    }

    pub fn net(&self) -> &Arc<Net> {
        &self.net
    }

    pub fn new_root(&mut self, root: &G) {
        self.ply = 0;
        self.stack[0].acc.refresh(&self.net, root);
        self.stack[0].computed = true;
        self.root_key = root.hash();
    }

    #[inline]
    fn push(&mut self, dirty: DirtyPieces) {
        self.ply += 1;
        if let Some(entry) = self.stack.get_mut(self.ply) {
            entry.dirty = dirty;
            entry.computed = false;
        }
    }

    #[inline]
    pub fn on_make(&mut self, pos: &G, m: Move) {
        let dirty =
            if self.ply + 1 < self.stack.len() { pos.dirty_pieces(m) } else { DirtyPieces::NONE };
        self.push(dirty);
    }

    #[inline]
    pub fn on_make_null(&mut self) {
        self.push(DirtyPieces::NONE);
    }

    #[inline]
    pub fn on_unmake(&mut self) {
        debug_assert!(self.ply > 0, "unmake below the root");
        self.ply = self.ply.saturating_sub(1);
    }

    /// Brings the current ply's accumulator up to date; false when the ply is past the stack
    /// and the answer is in `scratch`.
    fn update(&mut self, pos: &G) -> bool {
        if self.ply >= self.stack.len() {
            self.scratch.refresh(&self.net, pos);
            return false;
        }
        if self.ply == 0 && (!self.stack[0].computed || self.root_key != pos.hash()) {
            self.new_root(pos);
        }
        // The nearest computed ancestor; ply 0 is computed unless the evaluator was never
        // given a root, in which case the current ply is refreshed from the board.
        match (0..=self.ply).rev().find(|&p| self.stack[p].computed) {
            Some(base) => {
                for p in base + 1..=self.ply {
                    let (done, rest) = self.stack.split_at_mut(p);
                    let entry = &mut rest[0];
                    entry.acc.update_from::<G>(&done[p - 1].acc, &self.net, &entry.dirty);
                    entry.computed = true;
                }
            }
            None => {
                let entry = &mut self.stack[self.ply];
                entry.acc.refresh(&self.net, pos);
                entry.computed = true;
            }
        }
        true
    }

    /// The current position's accumulator, brought up to date (tests compare it with a
    /// refresh).
    pub fn accumulator(&mut self, pos: &G) -> Accumulator {
        if self.update(pos) {
            self.stack[self.ply].acc
        } else {
            self.scratch
        }
    }

    /// Centipawns from the side to move's point of view.
    #[inline]
    pub fn evaluate(&mut self, pos: &G) -> i32 {
        let acc = if self.update(pos) { &self.stack[self.ply].acc } else { &self.scratch };
        let stm = pos.side_to_move().index();
        output::evaluate(self.simd, &self.net, &acc.values[stm], &acc.values[1 - stm])
    }
}
