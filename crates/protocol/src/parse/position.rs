//! `{startpos | fen <FEN>} [moves m…]`, after `position` or `probe` (or bare, Cyclone style).
//! The FEN is whatever stands between `fen` and `moves`, its fields rejoined with single
//! spaces; fields may be missing (2-field xiangqi FENs are common), the game crate decides.

use super::shorten;
use crate::{PositionSpec, ProtocolError};

pub fn parse(command: &'static str, words: &[&str]) -> Result<PositionSpec, ProtocolError> {
    let Some((&first, rest)) = words.split_first() else {
        return Err(ProtocolError::Missing(command, "'startpos' or 'fen'"));
    };
    let moves_at = rest.iter().position(|w| w.eq_ignore_ascii_case("moves"));
    let (setup, moves) = match moves_at {
        Some(i) => (&rest[..i], &rest[i + 1..]),
        None => (rest, &rest[rest.len()..]),
    };
    let fen = if first.eq_ignore_ascii_case("startpos") {
        if let Some(extra) = setup.first() {
            return Err(ProtocolError::Unexpected(command, shorten(extra)));
        }
        None
    } else if first.eq_ignore_ascii_case("fen") {
        if setup.is_empty() {
            return Err(ProtocolError::Missing(command, "FEN"));
        }
        Some(setup.join(" "))
    } else {
        return Err(ProtocolError::Unexpected(command, shorten(first)));
    };
    Ok(PositionSpec {
        fen,
        moves: moves.iter().map(|m| m.to_ascii_lowercase()).collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: &str) -> Result<PositionSpec, ProtocolError> {
        parse("position", &line.split_whitespace().collect::<Vec<_>>())
    }

    fn spec(fen: Option<&str>, moves: &[&str]) -> Result<PositionSpec, ProtocolError> {
        Ok(PositionSpec {
            fen: fen.map(Into::into),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        })
    }

    #[test]
    fn startpos_forms() {
        assert_eq!(pos("startpos"), spec(None, &[]));
        assert_eq!(pos("startpos moves"), spec(None, &[]));
        assert_eq!(
            pos("startpos moves e2e4 e7e5"),
            spec(None, &["e2e4", "e7e5"])
        );
        assert_eq!(pos("startpos   moves  E2E4\r"), spec(None, &["e2e4"]));
        assert_eq!(pos("STARTPOS MOVES e7e8Q"), spec(None, &["e7e8q"]));
    }

    #[test]
    fn fen_forms() {
        let chess = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(pos(&format!("fen {chess}")), spec(Some(chess), &[]));
        assert_eq!(
            pos(&format!("fen  {chess}  moves e7e5")),
            spec(Some(chess), &["e7e5"])
        );
        let xq = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2";
        assert_eq!(
            pos(&format!("fen {xq} moves d9e8")),
            spec(Some(xq), &["d9e8"])
        );
        // Two-field FEN from cchess: the game crate fills in the rest.
        assert_eq!(
            pos("fen 4k4/9/9/9/9/9/9/9/9/4K4 w"),
            spec(Some("4k4/9/9/9/9/9/9/9/9/4K4 w"), &[])
        );
    }

    #[test]
    fn malformed() {
        assert_eq!(
            pos(""),
            Err(ProtocolError::Missing("position", "'startpos' or 'fen'"))
        );
        assert_eq!(pos("fen"), Err(ProtocolError::Missing("position", "FEN")));
        assert_eq!(
            pos("fen moves e2e4"),
            Err(ProtocolError::Missing("position", "FEN"))
        );
        assert_eq!(
            pos("moves e2e4"),
            Err(ProtocolError::Unexpected("position", "moves".into()))
        );
        assert_eq!(
            pos("startpos junk moves e2e4"),
            Err(ProtocolError::Unexpected("position", "junk".into()))
        );
    }
}
