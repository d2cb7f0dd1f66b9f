//! The incremental NNUE evaluator: an accumulator stack that follows the search's make/unmake
//! hooks lazily. A move only records what it changed; `evaluate` brings the stack up to date
//! from the nearest computed ancestor (or refreshes from the board), so positions that are never
//! evaluated cost no accumulator work.
//!
//! The stack is typed by the net's hidden width (`Stack<G, H>`); [`NnueEval`] holds the one of
//! its net's width, chosen when it is made, and each hook is one `match` on it (always the same
//! arm, so the branch predicts perfectly) into code compiled for that width.

use crate::accumulator::Accumulator;
use crate::arch::output_bucket;
use crate::feature_set::FeatureSet;
use crate::features::NnueGame;
use crate::layers::Layers;
use crate::net::{Hidden, Net};
use crate::output::{self, Simd};
use crate::refresh_table::RefreshTable;
use game_api::{DirtyPieces, Move};
use std::sync::Arc;

/// Plies the stack holds: past the search's deepest ply (128) with room to spare. Deeper plies
/// (never reached by the search) are evaluated by a full refresh.
const STACK_PLIES: usize = 160;

#[derive(Clone, Copy, Default)]
struct Entry<const H: usize> {
    acc: Accumulator<H>,
    /// What the move into this ply changed (unused at ply 0).
    dirty: DirtyPieces,
    /// Whether `acc` describes this ply's position.
    computed: bool,
}

/// The evaluator for a net of width `H`.
#[derive(Clone)]
struct Stack<G: NnueGame, const H: usize> {
    layers: Arc<Layers<H>>,
    simd: Simd,
    stack: Box<[Entry<H>]>,
    /// Moves made since `new_root` (may exceed the stack).
    ply: usize,
    /// Key of the position the root entry was computed for: `evaluate` without hooks (a lone
    /// call on some position) notices a different position and refreshes.
    root_key: u64,
    /// Boxed, so that the stacks of every width are the same size (it is used only past the
    /// stack's last ply, which the search never reaches).
    scratch: Box<Accumulator<H>>,
    /// King-bucket nets only: where a perspective whose king changed its view starts again.
    table: Option<RefreshTable<H>>,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: NnueGame, const H: usize> Stack<G, H> {
    fn new(layers: Arc<Layers<H>>, simd: Simd) -> Self {
        let table = (layers.features != FeatureSet::Plain).then(|| RefreshTable::new::<G>(&layers));
        Stack {
            table,
            layers,
            simd,
            stack: vec![Entry::default(); STACK_PLIES].into_boxed_slice(),
            ply: 0,
            root_key: 0,
            scratch: Box::default(),
            _game: std::marker::PhantomData,
        }
    }

    fn new_root(&mut self, root: &G) {
        self.ply = 0;
        self.stack[0].acc.refresh(&self.layers, root);
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
    fn on_make(&mut self, pos: &G, m: Move) {
        let dirty =
            if self.ply + 1 < self.stack.len() { pos.dirty_pieces(m) } else { DirtyPieces::NONE };
        self.push(dirty);
    }

    #[inline]
    fn on_make_null(&mut self) {
        self.push(DirtyPieces::NONE);
    }

    #[inline]
    fn on_unmake(&mut self) {
        debug_assert!(self.ply > 0, "unmake below the root");
        self.ply = self.ply.saturating_sub(1);
    }

    /// Brings the current ply's accumulator up to date; false when the ply is past the stack
    /// and the answer is in `scratch`.
    fn update(&mut self, pos: &G) -> bool {
        if self.ply >= self.stack.len() {
            self.scratch.refresh(&self.layers, pos);
            return false;
        }
        if self.ply == 0 && (!self.stack[0].computed || self.root_key != pos.hash()) {
            self.new_root(pos);
        }
        // The nearest computed ancestor; ply 0 is computed unless the evaluator was never
        // given a root, in which case the current ply is refreshed from the board.
        match (0..=self.ply).rev().find(|&p| self.stack[p].computed) {
            Some(base) => {
                let mut stale = [false; 2];
                for p in base + 1..=self.ply {
                    let (done, rest) = self.stack.split_at_mut(p);
                    let entry = &mut rest[0];
                    stale = entry.acc.update_from::<G>(
                        &done[p - 1].acc,
                        &self.layers,
                        &entry.dirty,
                        stale,
                    );
                    entry.computed = stale == [false; 2];
                }
                if stale != [false; 2] {
                    // A king changed its view on the way, and only this ply's board is at
                    // hand: the perspectives it left stale start again here from the table;
                    // the plies in between stay uncomputed.
                    let current = &mut self.stack[self.ply];
                    match self.table.as_mut() {
                        Some(table) => current.acc.refresh_stale(&self.layers, pos, table, stale),
                        None => current.acc.refresh(&self.layers, pos),
                    }
                    current.computed = true;
                }
            }
            None => {
                let entry = &mut self.stack[self.ply];
                entry.acc.refresh(&self.layers, pos);
                entry.computed = true;
            }
        }
        true
    }

    /// The current position's accumulator, brought up to date.
    fn accumulator(&mut self, pos: &G) -> &Accumulator<H> {
        if self.update(pos) {
            &self.stack[self.ply].acc
        } else {
            &self.scratch
        }
    }

    #[inline]
    fn evaluate(&mut self, pos: &G) -> i32 {
        let acc = if self.update(pos) { &self.stack[self.ply].acc } else { &self.scratch };
        let stm = pos.side_to_move().index();
        let buckets = self.layers.out.len();
        let bucket = if buckets > 1 { output_bucket(usize::from(acc.pieces), buckets) } else { 0 };
        output::evaluate(self.simd, &self.layers, bucket, &acc.values[stm], &acc.values[1 - stm])
    }
}

/// The stack of the net's width.
#[derive(Clone)]
enum Width<G: NnueGame> {
    H128(Stack<G, 128>),
    H256(Stack<G, 256>),
    H384(Stack<G, 384>),
    H512(Stack<G, 512>),
}

/// Runs `$body` with `$s` bound to the stack, whatever its width.
macro_rules! with_stack {
    ($width:expr, $s:ident => $body:expr) => {
        match $width {
            Width::H128($s) => $body,
            Width::H256($s) => $body,
            Width::H384($s) => $body,
            Width::H512($s) => $body,
        }
    };
}

#[derive(Clone)]
pub struct NnueEval<G: NnueGame> {
    net: Arc<Net>,
    width: Width<G>,
}

impl<G: NnueGame> NnueEval<G> {
    pub fn new(net: Arc<Net>) -> Self {
        Self::with_simd(net, Simd::detect())
    }

    /// With a chosen output implementation (tests compare the two).
    pub fn with_simd(net: Arc<Net>, simd: Simd) -> Self {
        let width = match &net.hidden {
            Hidden::H128(l) => Width::H128(Stack::new(Arc::clone(l), simd)),
            Hidden::H256(l) => Width::H256(Stack::new(Arc::clone(l), simd)),
            Hidden::H384(l) => Width::H384(Stack::new(Arc::clone(l), simd)),
            Hidden::H512(l) => Width::H512(Stack::new(Arc::clone(l), simd)),
        };
        NnueEval { net, width }
    }

    pub fn net(&self) -> &Arc<Net> {
        &self.net
    }

    pub fn new_root(&mut self, root: &G) {
        with_stack!(&mut self.width, s => s.new_root(root))
    }

    #[inline]
    pub fn on_make(&mut self, pos: &G, m: Move) {
        with_stack!(&mut self.width, s => s.on_make(pos, m))
    }

    #[inline]
    pub fn on_make_null(&mut self) {
        with_stack!(&mut self.width, s => s.on_make_null())
    }

    #[inline]
    pub fn on_unmake(&mut self) {
        with_stack!(&mut self.width, s => s.on_unmake())
    }

    /// The current position's accumulator values, brought up to date (tests compare them with
    /// a refresh; allocates).
    pub fn accumulator(&mut self, pos: &G) -> [Vec<i16>; 2] {
        with_stack!(&mut self.width, s => s.accumulator(pos).values.map(|v| v.to_vec()))
    }

    /// Centipawns from the side to move's point of view.
    #[inline]
    pub fn evaluate(&mut self, pos: &G) -> i32 {
        with_stack!(&mut self.width, s => s.evaluate(pos))
    }
}
