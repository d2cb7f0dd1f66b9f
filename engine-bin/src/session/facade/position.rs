//! From a `position` command to a position of the game.

use super::PlayableGame;
use crate::session::options::Settings;
use protocol::{shorten, PositionSpec};

/// History entries reserved up front for a `position … moves` list (longer games grow).
const MAX_RESERVED_PLIES: usize = 1024;

/// Sets up the position a `position` command names. `Err` for a FEN the game refuses; an
/// illegal move gives the position before it plus a warning.
pub fn build<G: PlayableGame>(
    spec: &PositionSpec,
    settings: &Settings,
) -> Result<(G, Option<String>), String> {
    let mut pos = match &spec.fen {
        None => G::startpos(),
        Some(fen) => G::from_fen(fen).map_err(|e| format!("bad FEN '{}': {e}", shorten(fen)))?,
    };
    pos.apply_rules(settings);
    // Words a client added after the FEN (a league tool's own ` - - 0 1`): play on, but say so.
    let surplus = (!spec.ignored.is_empty())
        .then(|| format!("position: ignored '{}' after the FEN", shorten(&spec.ignored.join(" "))));
    // Reserve for a real game's length, not for the token count: a 16 MB line of garbage
    // "moves" would otherwise reserve millions of history entries before the first is refused.
    pos.reserve(spec.moves.len().min(MAX_RESERVED_PLIES));
    for (index, token) in spec.moves.iter().enumerate() {
        match pos.parse_move(token) {
            Ok(m) => pos.make(m),
            Err(e) => {
                let ignored = spec.moves.len() - index;
                let bad_move = format!(
                    "position: move {}: {e}; it and the {} move(s) after it are ignored",
                    index + 1,
                    ignored - 1
                );
                let warning = match surplus {
                    Some(s) => format!("{s}; {bad_move}"),
                    None => bad_move,
                };
                return Ok((pos, Some(warning)));
            }
        }
    }
    Ok((pos, surplus))
}
