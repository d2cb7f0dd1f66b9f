//! What differs between UCI and UCCI, in one place.
//!
//! | aspect            | UCI                               | UCCI                                     |
//! |-------------------|-----------------------------------|------------------------------------------|
//! | handshake         | `uci` → `id…` `option…` `uciok`   | `ucci` → `id…` `option…` `ucciok`        |
//! | option syntax     | `option name X type …`            | `option x type …` (no `name`)            |
//! | setoption syntax  | `setoption name X value Y`        | `setoption x y` (both forms are parsed)  |
//! | clock unit        | milliseconds                      | milliseconds while `usemillisec` is on   |
//! |                   |                                   | (announced, default true), else seconds  |
//! | score             | `score cp N` / `score mate M`     | bare `score N`, mate = ±(10000 − plies)  |
//! | nothing to play   | `bestmove (none)`                 | `nobestmove`                             |
//! | `quit`            | no reply                          | `bye`                                    |
//! | user text         | `info string …`                   | `info message …`                         |

/// The protocol a session speaks, chosen by the first handshake it receives.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dialect {
    /// The Universal Chess Interface (chess, and xiangqi over `UCI_Variant` or Pikafish-style).
    Uci,
    /// The Universal Chinese Chess Protocol (xiangqi).
    Ucci,
}

/// The unit a GUI's clock values (`wtime`, `time`, `movetime`, …) are written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockUnit {
    /// Milliseconds.
    Millis,
    /// Whole seconds.
    Seconds,
}

impl Dialect {
    /// The handshake command that selects this dialect.
    pub const fn handshake(self) -> &'static str {
        match self {
            Dialect::Uci => "uci",
            Dialect::Ucci => "ucci",
        }
    }

    /// The line that ends the handshake reply.
    pub const fn handshake_ok(self) -> &'static str {
        match self {
            Dialect::Uci => "uciok",
            Dialect::Ucci => "ucciok",
        }
    }

    /// The reply to `quit`, if the dialect has one.
    pub const fn quit_reply(self) -> Option<&'static str> {
        match self {
            Dialect::Uci => None,
            Dialect::Ucci => Some("bye"),
        }
    }

    /// The line that ends a search which found nothing to play (mated, stalemated, every move
    /// banned, `go depth 0` in UCCI).
    pub const fn no_move_line(self) -> &'static str {
        match self {
            Dialect::Uci => "bestmove (none)",
            Dialect::Ucci => "nobestmove",
        }
    }

    /// The `info` keyword for free text shown to the user.
    pub const fn text_keyword(self) -> &'static str {
        match self {
            Dialect::Uci => "string",
            Dialect::Ucci => "message",
        }
    }

    /// The clock unit in force. UCI clocks are always milliseconds. UCCI clocks are seconds
    /// unless `usemillisec` is on; an engine that announces `usemillisec` (as this one does,
    /// default true, as the spec recommends) starts in milliseconds, and only
    /// `setoption usemillisec false` turns seconds on.
    pub const fn clock_unit(self, usemillisec: bool) -> ClockUnit {
        match (self, usemillisec) {
            (Dialect::Ucci, false) => ClockUnit::Seconds,
            _ => ClockUnit::Millis,
        }
    }
}

impl ClockUnit {
    /// Milliseconds in one unit.
    pub const fn millis_per_unit(self) -> u64 {
        match self {
            ClockUnit::Millis => 1,
            ClockUnit::Seconds => 1000,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clocks_are_millis_except_ucci_without_usemillisec() {
        assert_eq!(Dialect::Uci.clock_unit(false), ClockUnit::Millis);
        assert_eq!(Dialect::Uci.clock_unit(true), ClockUnit::Millis);
        assert_eq!(Dialect::Ucci.clock_unit(true), ClockUnit::Millis);
        assert_eq!(Dialect::Ucci.clock_unit(false), ClockUnit::Seconds);
    }

    #[test]
    fn replies_differ_per_dialect() {
        assert_eq!(Dialect::Uci.handshake_ok(), "uciok");
        assert_eq!(Dialect::Ucci.handshake_ok(), "ucciok");
        assert_eq!(Dialect::Uci.no_move_line(), "bestmove (none)");
        assert_eq!(Dialect::Ucci.no_move_line(), "nobestmove");
        assert_eq!(Dialect::Uci.quit_reply(), None);
        assert_eq!(Dialect::Ucci.quit_reply(), Some("bye"));
    }
}
