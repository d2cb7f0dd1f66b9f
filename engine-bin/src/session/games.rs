//! The two games the session can play, and what it needs to know about each beyond
//! `game_api::Game`. Everything else in the session is written once over [`Variant`]; the
//! [`ActiveGame`] enum is where a command meets the game that is being played.

use super::options::Settings;
use super::table::Table;
use crate::dispatch::GameKind;
use game_api::{Evaluator, Game};
use nnue::{EvalSwitch, Net, NnueGame};
use std::sync::Arc;

/// A game the session can play: its rules layer plus the evaluation the search uses for it.
pub trait Variant: Game {
    type Eval: Evaluator<Self>;
    /// Applies rule options that belong to a position (xiangqi's move-count limit).
    fn apply_rules(&mut self, _settings: &Settings) {}
    /// The evaluator the options ask for: the net when `Use NNUE` is on and one is loaded.
    fn evaluator(settings: &Settings) -> Self::Eval;
}

fn nnue_or_hand<G: NnueGame, H: Default>(use_nnue: bool, net: &Option<Arc<Net>>) -> EvalSwitch<G, H> {
    match net {
        Some(net) if use_nnue => EvalSwitch::nnue(Arc::clone(net)),
        _ => EvalSwitch::default(),
    }
}

impl Variant for movegen_chess::Chess {
    type Eval = EvalSwitch<Self, eval_chess::ChessEval>;
    fn evaluator(settings: &Settings) -> Self::Eval {
        nnue_or_hand(settings.use_nnue, &settings.nets.chess)
    }
}

impl Variant for movegen_xiangqi::Xiangqi {
    type Eval = EvalSwitch<Self, eval_xiangqi::XiangqiEval>;
    fn evaluator(settings: &Settings) -> Self::Eval {
        nnue_or_hand(settings.use_nnue, &settings.nets.xiangqi)
    }
    fn apply_rules(&mut self, settings: &Settings) {
        self.set_move_limit(settings.move_limit);
    }
}

/// The game being played, with its position and engine.
pub enum ActiveGame {
    // Boxed: the two tables differ in size, and the enum is moved when the game switches.
    Chess(Box<Table<movegen_chess::Chess>>),
    Xiangqi(Box<Table<movegen_xiangqi::Xiangqi>>),
}

/// Runs `$body` with `$t` bound to the active game's table, whichever game it is.
macro_rules! with_table {
    ($game:expr, $t:ident => $body:expr) => {
        match $game {
            $crate::session::games::ActiveGame::Chess($t) => $body,
            $crate::session::games::ActiveGame::Xiangqi($t) => $body,
        }
    };
}
pub(crate) use with_table;

impl ActiveGame {
    /// A fresh game of `kind` at its start position.
    pub fn new(kind: GameKind, settings: &Settings) -> Self {
        match kind {
            GameKind::Chess => ActiveGame::Chess(Box::new(Table::new(settings))),
            GameKind::Xiangqi => ActiveGame::Xiangqi(Box::new(Table::new(settings))),
        }
    }

    pub fn kind(&self) -> GameKind {
        match self {
            ActiveGame::Chess(_) => GameKind::Chess,
            ActiveGame::Xiangqi(_) => GameKind::Xiangqi,
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
