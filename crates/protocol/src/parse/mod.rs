//! GUI line → [`Command`]. Total over every `&str`: the line is split on whitespace only (so
//! `\r\n`, tabs and runs of spaces are all fine) and never sliced by byte offset, so no input
//! can panic it. Command words and keywords are matched without regard to ASCII case.
//!
//! Control commands (`stop`, `ponderhit`, `isready`, `quit`, the handshakes) ignore trailing
//! words rather than fail: failing them could leave a GUI waiting on a search forever.

mod genfens;
mod go;
mod numbers;
mod position;
mod setoption;

use crate::{ClockUnit, Command, Dialect, ProtocolError};

/// Parses one GUI line under `dialect`, with that dialect's default clock unit (milliseconds;
/// see [`Dialect::clock_unit`]).
pub fn parse(line: &str, dialect: Dialect) -> Result<Command, ProtocolError> {
    parse_with_clock(line, dialect, dialect.clock_unit(true))
}

/// Parses one GUI line, reading clock values (`time`, `wtime`, `movetime`, …) in `clock` and
/// returning them in milliseconds. A UCCI session passes `Seconds` after
/// `setoption usemillisec false`.
pub fn parse_with_clock(
    line: &str,
    dialect: Dialect,
    clock: ClockUnit,
) -> Result<Command, ProtocolError> {
    // Both dialects accept every command form (GUIs mix them); the dialect is kept in the
    // signature so that a future dialect-only form has a place to go.
    let _ = dialect;
    let line = line.trim_start_matches('\u{feff}');
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&head, rest)) = words.split_first() else {
        return Err(ProtocolError::EmptyLine);
    };
    let is = |name: &str| head.eq_ignore_ascii_case(name);
    if is("uci") {
        Ok(Command::Uci)
    } else if is("ucci") {
        Ok(Command::Ucci)
    } else if is("isready") {
        Ok(Command::IsReady)
    } else if is("ucinewgame") {
        Ok(Command::NewGame)
    } else if is("debug") {
        parse_debug(rest)
    } else if is("setoption") {
        setoption::parse(rest).map(Command::SetOption)
    } else if is("position") {
        position::parse("position", rest).map(Command::Position)
    } else if is("fen") || is("startpos") {
        // The Cyclone dialect drops the `position` keyword.
        position::parse("position", &words).map(Command::Position)
    } else if is("banmoves") {
        Ok(Command::BanMoves(rest.iter().map(|m| m.to_ascii_lowercase()).collect()))
    } else if is("go") {
        go::parse(rest, clock)
    } else if is("perft") {
        parse_perft("perft", rest.first().copied())
    } else if is("stop") {
        Ok(Command::Stop)
    } else if is("ponderhit") {
        Ok(Command::PonderHit { draw: rest.iter().any(|w| w.eq_ignore_ascii_case("draw")) })
    } else if is("probe") {
        if rest.is_empty() {
            Ok(Command::Probe(None))
        } else {
            position::parse("probe", rest).map(|spec| Command::Probe(Some(spec)))
        }
    } else if is("quit") {
        Ok(Command::Quit)
    } else if is("d") {
        Ok(Command::Display)
    } else if is("eval") {
        Ok(Command::Eval)
    } else if is("genfens") {
        genfens::parse(rest).map(Command::GenFens)
    } else {
        Err(ProtocolError::UnknownCommand(shorten(&words.join(" "))))
    }
}

fn parse_debug(rest: &[&str]) -> Result<Command, ProtocolError> {
    match rest.first() {
        None => Ok(Command::Debug(true)),
        Some(word) => crate::parse_bool(word)
            .map(Command::Debug)
            .ok_or_else(|| ProtocolError::BadValue("debug", "on|off", shorten(word))),
    }
}

pub(crate) fn parse_perft(
    command: &'static str,
    word: Option<&str>,
) -> Result<Command, ProtocolError> {
    let word = word.ok_or(ProtocolError::Missing(command, "perft depth"))?;
    numbers::small_count(word)
        .map(Command::Perft)
        .ok_or_else(|| ProtocolError::BadValue(command, "perft", shorten(word)))
}

/// Error texts echo GUI input; a megabyte of garbage should not come back as one line. The
/// session uses it too when it quotes GUI text (a FEN, a move).
pub fn shorten(text: &str) -> String {
    const LIMIT: usize = 120;
    if text.chars().count() <= LIMIT {
        text.to_owned()
    } else {
        let mut short: String = text.chars().take(LIMIT).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PositionSpec, SetOption};

    fn uci(line: &str) -> Result<Command, ProtocolError> {
        parse(line, Dialect::Uci)
    }

    #[test]
    fn handshakes_and_simple_commands() {
        assert_eq!(uci("uci"), Ok(Command::Uci));
        assert_eq!(uci("ucci\r\n"), Ok(Command::Ucci));
        assert_eq!(uci("  isready  "), Ok(Command::IsReady));
        assert_eq!(uci("ISREADY"), Ok(Command::IsReady));
        assert_eq!(uci("ucinewgame"), Ok(Command::NewGame));
        assert_eq!(uci("stop"), Ok(Command::Stop));
        assert_eq!(uci("stop now please"), Ok(Command::Stop));
        assert_eq!(uci("quit"), Ok(Command::Quit));
        assert_eq!(uci("d"), Ok(Command::Display));
        assert_eq!(uci("eval"), Ok(Command::Eval));
        assert_eq!(uci("\u{feff}uci"), Ok(Command::Uci));
    }

    #[test]
    fn debug_switch() {
        assert_eq!(uci("debug on"), Ok(Command::Debug(true)));
        assert_eq!(uci("debug off"), Ok(Command::Debug(false)));
        assert_eq!(uci("debug"), Ok(Command::Debug(true)));
        assert!(matches!(uci("debug sideways"), Err(ProtocolError::BadValue(..))));
    }

    #[test]
    fn ponderhit_with_and_without_draw() {
        assert_eq!(uci("ponderhit"), Ok(Command::PonderHit { draw: false }));
        assert_eq!(uci("ponderhit draw"), Ok(Command::PonderHit { draw: true }));
        assert_eq!(uci("ponderhit  DRAW\r"), Ok(Command::PonderHit { draw: true }));
    }

    #[test]
    fn perft_bare_and_under_go() {
        assert_eq!(uci("perft 4"), Ok(Command::Perft(4)));
        assert_eq!(uci("go perft 3"), Ok(Command::Perft(3)));
        assert_eq!(uci("perft"), Err(ProtocolError::Missing("perft", "perft depth")));
        assert!(matches!(uci("perft x"), Err(ProtocolError::BadValue(..))));
    }

    #[test]
    fn banmoves_lower_cased_and_may_be_empty() {
        assert_eq!(
            parse("banmoves H2E2 h0g2", Dialect::Ucci),
            Ok(Command::BanMoves(vec!["h2e2".into(), "h0g2".into()]))
        );
        assert_eq!(parse("banmoves", Dialect::Ucci), Ok(Command::BanMoves(vec![])));
    }

    #[test]
    fn probe_with_or_without_position() {
        assert_eq!(parse("probe", Dialect::Ucci), Ok(Command::Probe(None)));
        assert_eq!(
            parse("probe startpos moves h2e2", Dialect::Ucci),
            Ok(Command::Probe(Some(PositionSpec {
                fen: None,
                moves: vec!["h2e2".into()],
                ..PositionSpec::default()
            })))
        );
    }

    #[test]
    fn cyclone_bare_position_forms() {
        let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r";
        let normal = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
        assert_eq!(
            uci(&format!("fen {fen} moves h2e2")),
            Ok(Command::Position(PositionSpec {
                fen: Some(normal.into()),
                moves: vec!["h2e2".into()],
                ..PositionSpec::default()
            }))
        );
        assert_eq!(
            uci("startpos moves h2e2"),
            Ok(Command::Position(PositionSpec {
                fen: None,
                moves: vec!["h2e2".into()],
                ..PositionSpec::default()
            }))
        );
    }

    #[test]
    fn setoption_is_routed() {
        assert_eq!(
            uci("setoption name Hash value 64"),
            Ok(Command::SetOption(SetOption { name: "Hash".into(), value: Some("64".into()) }))
        );
    }

    #[test]
    #[allow(clippy::panic)] // a wrong command kind is a failed test
    fn unknown_and_empty() {
        assert_eq!(uci("   \r\n"), Err(ProtocolError::EmptyLine));
        assert!(uci("").err().is_some_and(|e| e.is_silent()));
        assert_eq!(uci("xyzzy  plugh"), Err(ProtocolError::UnknownCommand("xyzzy plugh".into())));
        let long = "z".repeat(10_000);
        match uci(&long) {
            Err(ProtocolError::UnknownCommand(text)) => assert!(text.chars().count() <= 121),
            other => panic!("unexpected {other:?}"),
        }
    }
}
