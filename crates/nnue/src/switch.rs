//! The evaluation the engine runs: NNUE with a net, or the hand-written one (`Use NNUE` off, or
//! no net). The default is the game's embedded net, because that is what the engine plays with:
//! everything built without a protocol session (bench, genfens, datagen, a bare
//! `search::Engine`) then measures and plays the engine users get. The hand-written evaluation
//! is asked for by name ([`EvalSwitch::hand_written`]). Either score is scaled by the game's
//! endgame knowledge (`endgame::scale_eval`): neither sees the fortresses it knows.

use crate::eval::NnueEval;
use crate::features::NnueGame;
use crate::net::Net;
use endgame::scale_eval;
use game_api::{Evaluator, Move};
use std::sync::Arc;

#[derive(Clone)]
pub struct EvalSwitch<G: NnueGame, H> {
    hand: H,
    nnue: Option<NnueEval<G>>,
}

impl<G: NnueGame, H: Default> Default for EvalSwitch<G, H> {
    /// The game's embedded net (the hand-written evaluation only if that net is broken).
    fn default() -> Self {
        EvalSwitch { hand: H::default(), nnue: G::embedded_net().map(NnueEval::new) }
    }
}

impl<G: NnueGame, H: Default> EvalSwitch<G, H> {
    /// Evaluates with the hand-written evaluation.
    pub fn hand_written() -> Self {
        EvalSwitch { hand: H::default(), nnue: None }
    }

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
        let raw = match &mut self.nnue {
            Some(nnue) => nnue.evaluate(pos),
            None => self.hand.evaluate(pos),
        };
        scale_eval(pos, raw)
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
