//! The evaluator hooks: the search reports every make/unmake and null move, paired, so that an
//! incremental evaluation (an NNUE accumulator) always describes the position it is asked about.

use crate::toy;

use game_api::{Evaluator, Game, Move};
use search::{Engine, Limits, Signals, Silent};
use std::sync::atomic::{AtomicU64, Ordering};
use toy::graph::{Graph, Walk, WalkEval};

static EVALS: AtomicU64 = AtomicU64::new(0);
static NULLS: AtomicU64 = AtomicU64::new(0);

/// Replays the hooks on its own copy of the position and checks, at every evaluation, that the
/// copy is the position the search evaluates.
#[derive(Clone, Default)]
struct MirrorEval {
    mirror: Option<Walk>,
}

impl MirrorEval {
    fn mirror(&mut self) -> &mut Walk {
        self.mirror.as_mut().expect("a hook before new_root")
    }
}

impl Evaluator<Walk> for MirrorEval {
    fn evaluate(&mut self, pos: &Walk) -> i32 {
        EVALS.fetch_add(1, Ordering::Relaxed);
        let mirror = self.mirror();
        assert_eq!(mirror.hash(), pos.hash(), "the hooks lost track of the position");
        assert_eq!(mirror.history_len(), pos.history_len(), "the hooks lost track of the ply");
        WalkEval.evaluate(pos)
    }
    fn new_root(&mut self, root: &Walk) {
        self.mirror = Some(root.clone());
    }
    fn on_make(&mut self, pos: &Walk, m: Move) {
        assert_eq!(self.mirror().hash(), pos.hash(), "on_make on another position");
        self.mirror().make(m);
    }
    fn on_unmake(&mut self) {
        self.mirror().unmake();
    }
    fn on_make_null(&mut self, pos: &Walk) {
        NULLS.fetch_add(1, Ordering::Relaxed);
        assert_eq!(self.mirror().hash(), pos.hash(), "on_make_null on another position");
        self.mirror().make_null();
    }
    fn on_unmake_null(&mut self) {
        self.mirror().unmake_null();
    }
}

#[test]
fn hooks_describe_every_evaluated_position() {
    for threads in [1, 2] {
        let mut engine: Engine<Walk, MirrorEval> = Engine::new(4, threads);
        for seed in 0..40u64 {
            let pos = Walk::new(Graph::random(seed, 64), (seed % 64) as usize);
            engine.search(&pos, &Limits::nodes(20_000), &Silent, &Signals::default());
        }
        assert_eq!(
            engine.static_eval(&Walk::new(Graph::random(7, 64), 3)),
            WalkEval.evaluate(&Walk::new(Graph::random(7, 64), 3))
        );
    }
    let evals = EVALS.load(Ordering::Relaxed);
    assert!(evals > 1_000, "the searches evaluated {evals} positions");
    assert!(NULLS.load(Ordering::Relaxed) > 0, "null moves were exercised");
}
