//! From a game name to the game's types. Everything game-generic in the binary is written once
//! against `game_api::Game` and instantiated here for each game.

use clap::builder::{PossibleValuesParser, TypedValueParser};
use game_api::Game;

/// Which game: the protocol crate's type, shared with the session and the match runner.
pub use game_api::GameKind;

/// Reads `--game`: one of the games' names, listed in `--help` and in the error for any other
/// word (as clap's `ValueEnum` would, which cannot be derived on a foreign type).
pub fn game_arg() -> impl TypedValueParser<Value = GameKind> {
    PossibleValuesParser::new(GameKind::ALL.map(GameKind::name))
        .map(|name| GameKind::from_name(&name).unwrap_or(GameKind::Chess))
}

/// Sets up a position of `G` from an optional FEN (the start position when absent).
pub fn position_from<G: Game>(fen: Option<&str>) -> Result<G, String> {
    match fen {
        None => Ok(G::startpos()),
        Some(text) => G::from_fen(text.trim()).map_err(|e| format!("bad FEN '{text}': {e}")),
    }
}
