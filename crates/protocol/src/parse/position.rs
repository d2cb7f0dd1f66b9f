//! `{startpos | fen <FEN>} [moves m…]`, after `position` or `probe` (or bare, Cyclone style).
//!
//! Liberal in what it accepts, because real clients are sloppy and a refused `position` costs
//! a game: a UCCI league tool appends its own ` - - 0 1` to a full FEN, GUIs leave out the
//! counters or the castling and en-passant fields, write the side in upper case or as `r`
//! (red), or send `moves` with nothing after it. The FEN is rebuilt from the fields that make
//! sense, in order — placement, side, castling, en passant, half-move clock, move number — with
//! the usual default for each field that is missing; words left over before `moves` are reported in
//! [`PositionSpec::ignored`] (the session warns about them) instead of failing the command.
//! Whether the placement itself is valid is for the game crate to say.

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
    let (fen, ignored) = if first.eq_ignore_ascii_case("startpos") {
        (None, setup.iter().map(|w| shorten(w)).collect())
    } else if first.eq_ignore_ascii_case("fen") {
        if setup.is_empty() {
            return Err(ProtocolError::Missing(command, "FEN"));
        }
        let (fen, ignored) = fen_fields(setup);
        (Some(fen), ignored)
    } else {
        return Err(ProtocolError::Unexpected(command, shorten(first)));
    };
    Ok(PositionSpec { fen, moves: moves.iter().map(|m| m.to_ascii_lowercase()).collect(), ignored })
}

/// One FEN field after the placement: whether a word can be it, and its value when absent.
struct Field {
    fits: fn(&str) -> bool,
    default: &'static str,
}

const AFTER_PLACEMENT: [Field; 4] = [
    // Castling: `-`, KQkq, or Shredder/X-FEN file letters.
    Field {
        fits: |w| {
            w == "-"
                || w.chars().all(|c| matches!(c, 'K' | 'Q' | 'k' | 'q' | 'A'..='H' | 'a'..='h'))
        },
        default: "-",
    },
    // En passant: `-` or a square.
    Field {
        fits: |w| {
            let b = w.as_bytes();
            w == "-" || (b.len() == 2 && b[0].is_ascii_lowercase() && b[1].is_ascii_digit())
        },
        default: "-",
    },
    Field { fits: is_number, default: "0" },
    Field { fits: is_number, default: "1" },
];

fn is_number(w: &str) -> bool {
    !w.is_empty() && w.len() <= 9 && w.bytes().all(|b| b.is_ascii_digit())
}

/// The FEN rebuilt from `words` (placement first), and the words that fit no field.
fn fen_fields(words: &[&str]) -> (String, Vec<String>) {
    let mut fen = String::from(words[0]);
    let mut rest = words[1..].iter().peekable();
    // The side to move: `w`, `b` or `r` (red moves first, like white), any case. Anything else
    // is passed on for the game crate to reject; a missing side is the game crate's error too.
    let Some(side) = rest.next() else {
        return (fen, Vec::new());
    };
    fen.push(' ');
    match side.to_ascii_lowercase().as_str() {
        "w" | "r" => fen.push('w'),
        "b" => fen.push('b'),
        _ => fen.push_str(side),
    }
    for field in &AFTER_PLACEMENT {
        fen.push(' ');
        match rest.next_if(|w| (field.fits)(w)) {
            Some(w) => fen.push_str(w),
            None => fen.push_str(field.default),
        }
    }
    (fen, rest.map(|w| shorten(w)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(line: &str) -> Result<PositionSpec, ProtocolError> {
        parse("position", &line.split_whitespace().collect::<Vec<_>>())
    }

    fn spec(fen: Option<&str>, moves: &[&str]) -> Result<PositionSpec, ProtocolError> {
        with_ignored(fen, moves, &[])
    }

    fn with_ignored(
        fen: Option<&str>,
        moves: &[&str],
        ignored: &[&str],
    ) -> Result<PositionSpec, ProtocolError> {
        Ok(PositionSpec {
            fen: fen.map(Into::into),
            moves: moves.iter().map(|m| (*m).to_owned()).collect(),
            ignored: ignored.iter().map(|m| (*m).to_owned()).collect(),
        })
    }

    #[test]
    fn startpos_forms() {
        assert_eq!(pos("startpos"), spec(None, &[]));
        assert_eq!(pos("startpos moves"), spec(None, &[]));
        assert_eq!(pos("startpos moves e2e4 e7e5"), spec(None, &["e2e4", "e7e5"]));
        assert_eq!(pos("startpos   moves  E2E4\r"), spec(None, &["e2e4"]));
        assert_eq!(pos("STARTPOS MOVES e7e8Q"), spec(None, &["e7e8q"]));
    }

    #[test]
    fn fen_forms() {
        let chess = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
        assert_eq!(pos(&format!("fen {chess}")), spec(Some(chess), &[]));
        assert_eq!(pos(&format!("fen  {chess}  moves e7e5")), spec(Some(chess), &["e7e5"]));
        let xq = "rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2";
        assert_eq!(pos(&format!("fen {xq} moves d9e8")), spec(Some(xq), &["d9e8"]));
    }

    #[test]
    fn missing_fields_get_their_defaults() {
        // Two-field FEN from cchess.
        assert_eq!(
            pos("fen 4k4/9/9/9/9/9/9/9/9/4K4 w"),
            spec(Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), &[])
        );
        // Counters without the castling and en-passant fields, red as `r`, upper case side.
        assert_eq!(
            pos("fen 4k4/9/9/9/9/9/9/9/9/4K4 r 3 20"),
            spec(Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 3 20"), &[])
        );
        assert_eq!(
            pos("fen 8/8/8/4k3/8/8/8/4K3 B moves"),
            spec(Some("8/8/8/4k3/8/8/8/4K3 b - - 0 1"), &[])
        );
        // Only the move counter missing.
        assert_eq!(
            pos("fen 8/8/8/4k3/8/8/8/4K2R w K - 7"),
            spec(Some("8/8/8/4k3/8/8/8/4K2R w K - 7 1"), &[])
        );
    }

    #[test]
    fn surplus_words_are_ignored_not_fatal() {
        // A line as the UCCI league tool sends it: its own ` - - 0 1` after a full FEN.
        let fen = "rnbakab1r/9/1c1c2n2/p1p1p3p/6p2/2P6/P3P1P1P/1C2B1NC1/9/RNBAKA1R1 b - - 0 4";
        assert_eq!(
            pos(&format!("fen {fen} - - 0 1")),
            with_ignored(Some(fen), &[], &["-", "-", "0", "1"])
        );
        assert_eq!(
            pos(&format!("fen {fen} - - 0 1 moves h9g7")),
            with_ignored(Some(fen), &["h9g7"], &["-", "-", "0", "1"])
        );
        // A short FEN followed by a client's fields: each field is taken once, in order.
        assert_eq!(
            pos("fen 4k4/9/9/9/9/9/9/9/9/4K4 w 0 1 - - 0 1"),
            with_ignored(Some("4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1"), &[], &["-", "-", "0", "1"])
        );
        assert_eq!(pos("startpos junk moves e2e4"), with_ignored(None, &["e2e4"], &["junk"]));
    }

    #[test]
    fn a_bad_side_is_left_for_the_game_to_reject() {
        assert_eq!(
            pos("fen 8/8/8/4k3/8/8/8/4K3 x"),
            spec(Some("8/8/8/4k3/8/8/8/4K3 x - - 0 1"), &[])
        );
        assert_eq!(pos("fen 8/8/8/4k3/8/8/8/4K3"), spec(Some("8/8/8/4k3/8/8/8/4K3"), &[]));
    }

    #[test]
    fn malformed() {
        assert_eq!(pos(""), Err(ProtocolError::Missing("position", "'startpos' or 'fen'")));
        assert_eq!(pos("fen"), Err(ProtocolError::Missing("position", "FEN")));
        assert_eq!(pos("fen moves e2e4"), Err(ProtocolError::Missing("position", "FEN")));
        assert_eq!(pos("moves e2e4"), Err(ProtocolError::Unexpected("position", "moves".into())));
    }
}
