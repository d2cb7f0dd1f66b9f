//! From a game name to the game's types. Everything game-generic in the binary is written once
//! against `game_api::Game` and instantiated here for each game.

use clap::ValueEnum;
use game_api::Game;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum GameKind {
    Chess,
    Xiangqi,
}

/// Sets up a position of `G` from an optional FEN (the start position when absent).
pub fn position_from<G: Game>(fen: Option<&str>) -> Result<G, String> {
    match fen {
        None => Ok(G::startpos()),
        Some(text) => G::from_fen(text.trim()).map_err(|e| format!("bad FEN '{text}': {e}")),
    }
}
