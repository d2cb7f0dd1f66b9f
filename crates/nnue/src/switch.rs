//! The evaluation the engine runs: the hand-written one, or NNUE when a net is installed (the
//! `Use NNUE` option). The default is hand-written, so a build without a net set behaves, and
//! benches, exactly as before.

use crate::eval::NnueEval;
use crate::features::NnueGame;
use crate::net::Net;
use game_api::{Evaluator, Move};
use std::sync::Arc;

#[derive(Clone)]
pub struct EvalSwitch<G: NnueGame, H> {
    hand: H,
    nnue: Option<NnueEval<G>>,
}

impl<G: NnueGame, H: Default> Default for EvalSwitch<G, H> {
    fn default() -> Self {
        EvalSwitch { hand: H::default(), nnue: None }
    }
}

impl<G: NnueGame, H: Default> EvalSwitch<G, H> {
    /// Evaluates with `net`.
    pub fn nnue(net: Arc<Net>) -> Self {
        EvalSwitch { hand: H::default(), nnue: Some(NnueEval::new(net)) }
    }

    /// The net in use, if any.
    pub fn net(&self) -> Option<&Arc<Net>> {
        self.nnue.as_ref().map(NnueEval::net)
    }
}

impl<G: NnueGame, H: Evaluator<G>> Evaluator<G> for EvalSwitch<G, H> {
    #[inline]
    fn evaluate(&mut self, pos: &G) -> i32 {
        match &mut self.nnue {
            Some(nnue) => nnue.evaluate(pos),
            None => self.hand.evaluate(pos),
        }
    }

    #[inline]
    fn new_root(&mut self, root: &G) {
        match &mut self.nnue {
            Some(nnue) => nnue.new_root(root),
            None => self.hand.new_root(root),
        }
    }

    #[inline]
    fn on_make(&mut self, pos: &G, m: Move) {
        match &mut self.nnue {
            Some(nnue) => nnue.on_make(pos, m),
            None => self.hand.on_make(pos, m),
        }
    }

    #[inline]
    fn on_unmake(&mut self) {
        match &mut self.nnue {
            Some(nnue) => nnue.on_unmake(),
            None => self.hand.on_unmake(),
        }
    }

    #[inline]
    fn on_make_null(&mut self, pos: &G) {
        match &mut self.nnue {
            Some(nnue) => nnue.on_make_null(),
            None => self.hand.on_make_null(pos),
        }
    }

    #[inline]
    fn on_unmake_null(&mut self) {
        match &mut self.nnue {
            Some(nnue) => nnue.on_unmake(),
            None => self.hand.on_unmake_null(),
        }
    }
}
