//! The two games the session can play: what each needs beyond `game_api::Game`
//! ([`PlayableGame`]), and [`ActiveEngine`], the engine of the game being played. This is the
//! session's only `match` on the game: everything else is written once over [`PlayableGame`]
//! and reached through [`with_engine!`].

use super::facade::{PlayableGame, SessionEngine};
use super::options::Settings;
use game_api::GameKind;
use game_api::{Game, Tablebase};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::{EvalSwitch, Net, NnueGame};
use std::sync::Arc;

/// The net when `Use NNUE` is on and one is loaded, else the hand-written evaluation.
fn nnue_or_hand<G: NnueGame, H: Default>(
    use_nnue: bool,
    net: &Option<Arc<Net>>,
) -> EvalSwitch<G, H> {
    match net {
        Some(net) if use_nnue => EvalSwitch::nnue(Arc::clone(net)),
        _ => EvalSwitch::hand_written(),
    }
}

impl PlayableGame for Chess {
    type Eval = EvalSwitch<Self, eval_chess::ChessEval>;
    fn evaluator(settings: &Settings) -> Self::Eval {
        nnue_or_hand(settings.use_nnue, &settings.nets.chess)
    }
    fn tablebase(settings: &Settings) -> Option<Arc<dyn Tablebase<Self>>> {
        let tb = &settings.tablebases;
        let tables = Arc::clone(tb.tables.as_ref()?);
        Some(Arc::new(syzygy::Syzygy::new(tables, tb.probe)))
    }
    /// `UCI_Chess960` only changes how castling is written and read; the rules play every
    /// Chess960 position whatever it says.
    fn apply_rules(&mut self, settings: &Settings) {
        self.set_chess960(settings.chess960);
    }
}

impl PlayableGame for Xiangqi {
    type Eval = EvalSwitch<Self, eval_xiangqi::XiangqiEval>;
    fn evaluator(settings: &Settings) -> Self::Eval {
        nnue_or_hand(settings.use_nnue, &settings.nets.xiangqi)
    }
    fn apply_rules(&mut self, settings: &Settings) {
        self.set_move_limit(settings.move_limit);
    }
}

/// The engine of the game being played.
pub enum ActiveEngine {
    // Boxed: the two engines differ in size, and the enum is moved when the game switches.
    Chess(Box<SessionEngine<Chess>>),
    Xiangqi(Box<SessionEngine<Xiangqi>>),
}

/// Runs `$body` with `$e` bound to the active game's [`SessionEngine`], whichever game it is.
macro_rules! with_engine {
    ($active:expr, $e:ident => $body:expr) => {
        match $active {
            $crate::session::games::ActiveEngine::Chess($e) => $body,
            $crate::session::games::ActiveEngine::Xiangqi($e) => $body,
        }
    };
}
pub(crate) use with_engine;

impl ActiveEngine {
    /// A fresh engine of `kind` at its start position.
    pub fn new(kind: GameKind, settings: &Settings) -> Self {
        match kind {
            GameKind::Chess => ActiveEngine::Chess(Box::new(SessionEngine::new(settings))),
            GameKind::Xiangqi => ActiveEngine::Xiangqi(Box::new(SessionEngine::new(settings))),
        }
    }

    /// Which game it plays.
    pub fn kind(&self) -> GameKind {
        match self {
            ActiveEngine::Chess(_) => GameKind::Chess,
            ActiveEngine::Xiangqi(_) => GameKind::Xiangqi,
        }
    }
}

/// The game a FEN belongs to, told by its number of ranks (chess 8, xiangqi 10); `None` when
/// the board field has neither, and the current game's parser will say what is wrong.
pub fn game_of_fen(fen: &str) -> Option<GameKind> {
    let board = fen.split_whitespace().next()?;
    match board.split('/').count() {
        8 => Some(GameKind::Chess),
        10 => Some(GameKind::Xiangqi),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fen_rank_count_names_the_game() {
        assert_eq!(
            game_of_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            Some(GameKind::Chess)
        );
        assert_eq!(
            game_of_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
            Some(GameKind::Xiangqi)
        );
        assert_eq!(game_of_fen("8/8 w"), None);
        assert_eq!(game_of_fen(""), None);
    }
}
