//! What a GUI can ask for, once the dialect's syntax has been peeled off. FENs and moves stay
//! text: only the game crates know how to read them.

/// One parsed GUI line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `uci`: answer the UCI handshake (and speak UCI from now on).
    Uci,
    /// `ucci`: answer the UCCI handshake (and speak UCCI from now on).
    Ucci,
    /// `isready`: answer `readyok`, also mid-search.
    IsReady,
    /// `ucinewgame`.
    NewGame,
    /// `debug on|off` (a bare `debug` means on).
    Debug(bool),
    /// `setoption …` in either dialect's syntax.
    SetOption(SetOption),
    /// `position …`, or the bare Cyclone forms `fen …` / `startpos …`.
    Position(PositionSpec),
    /// UCCI `banmoves m…`: root moves the next searches must not play (until the next `position`).
    BanMoves(Vec<String>),
    /// `go …`: search with these limits.
    Go(GoParams),
    /// `go perft N` or `perft N`: count move paths instead of searching.
    Perft(u32),
    /// `stop`: end the search now and answer with the best move so far.
    Stop,
    /// `ponderhit [draw]`: the expected move was played; `draw` means the opponent offers a draw.
    PonderHit {
        /// Whether the opponent offers a draw with the move.
        draw: bool,
    },
    /// UCCI `probe [fen …|startpos …]`: report the hash entry of that position (of the current
    /// one when no position is given).
    Probe(Option<PositionSpec>),
    /// `quit`: end the session (UCCI answers `bye`).
    Quit,
    /// `d`: print the board.
    Display,
    /// `eval`: print the static evaluation.
    Eval,
    /// `genfens N seed S book <None|file>`: print N opening FENs (OpenBench's data generation).
    GenFens(GenFensParams),
}

/// `genfens N seed S book <None|path> [extra…]`, as OpenBench's client sends it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenFensParams {
    /// How many openings to print.
    pub count: u32,
    /// Seed of the generator; the same seed gives the same openings (0 when absent).
    pub seed: u64,
    /// The EPD book to start from; `None` for `book None` (or no `book`): the start position.
    pub book: Option<String>,
    /// Words after the known ones (OpenBench's free-form `extra`), kept to be reported.
    pub extra: Vec<String>,
}

/// `setoption`, from either `setoption name X value Y` or UCCI's `setoption x y`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetOption {
    /// As the GUI wrote it; option names are compared without regard to case.
    pub name: String,
    /// Absent for buttons (`setoption name Clear Hash`, `setoption newgame`).
    pub value: Option<String>,
}

impl SetOption {
    /// Whether this sets the option called `name` (ASCII case ignored, as UCI GUIs differ).
    pub fn is(&self, name: &str) -> bool {
        self.name.eq_ignore_ascii_case(name)
    }

    /// The value read as a check box: `true/false`, `on/off`, `yes/no`, `1/0`. A missing value
    /// means true (UCCI lets `setoption ponder` switch a check on).
    pub fn bool_value(&self) -> Option<bool> {
        match self.value.as_deref() {
            None => Some(true),
            Some(text) => parse_bool(text),
        }
    }

    /// The value read as a whole number (spin), saturating at the bounds of `i64`.
    pub fn int_value(&self) -> Option<i64> {
        let text = self.value.as_deref()?.trim();
        let (negative, digits) = match text.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.strip_prefix('+').unwrap_or(text)),
        };
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let magnitude = digits
            .bytes()
            .fold(0i64, |acc, b| acc.saturating_mul(10).saturating_add(i64::from(b - b'0')));
        Some(if negative { -magnitude } else { magnitude })
    }
}

/// A check-box value as GUIs write it.
pub fn parse_bool(text: &str) -> Option<bool> {
    let text = text.trim();
    for yes in ["true", "on", "yes", "1"] {
        if text.eq_ignore_ascii_case(yes) {
            return Some(true);
        }
    }
    for no in ["false", "off", "no", "0"] {
        if text.eq_ignore_ascii_case(no) {
            return Some(false);
        }
    }
    None
}

/// A position as the GUI names it: a FEN (or the start position) and the moves played since.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PositionSpec {
    /// `None` for `startpos`. Fields joined by single spaces, otherwise as the GUI wrote them.
    pub fen: Option<String>,
    /// Move tokens in order, lower-cased (UCCI GUIs may send `H2E2`; no notation of either game
    /// needs upper case).
    pub moves: Vec<String>,
    /// Words before `moves` that fit no FEN field (a client's own surplus fields): ignored, and
    /// the session says so with a warning.
    pub ignored: Vec<String>,
}

/// Everything `go` can carry, in both dialects. Times are milliseconds, already converted from
/// the dialect's clock unit; negative values read as 0.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GoParams {
    // UCI clocks, by colour (Red is White).
    /// UCI `wtime`: White's (Red's) remaining time.
    pub wtime: Option<u64>,
    /// UCI `btime`: Black's remaining time.
    pub btime: Option<u64>,
    /// UCI `winc`: White's (Red's) increment per move.
    pub winc: Option<u64>,
    /// UCI `binc`: Black's increment per move.
    pub binc: Option<u64>,
    /// Moves to the next time control, for the side to move (both dialects).
    pub movestogo: Option<u32>,
    // UCCI clocks, relative to the side to move.
    /// UCCI `time`: the side to move's remaining time.
    pub time: Option<u64>,
    /// UCCI `increment`: the side to move's increment per move.
    pub increment: Option<u64>,
    /// UCCI `opptime`: the opponent's remaining time.
    pub opptime: Option<u64>,
    /// UCCI `oppincrement`: the opponent's increment per move.
    pub oppincrement: Option<u64>,
    /// UCCI `oppmovestogo`: the opponent's moves to the next time control.
    pub oppmovestogo: Option<u32>,
    // Fixed limits.
    /// `movetime`: search exactly this long.
    pub movetime: Option<u64>,
    /// `depth`: search to this depth (plies).
    pub depth: Option<u32>,
    /// `nodes`: stop after about this many nodes.
    pub nodes: Option<u64>,
    /// `mate N`: look for a mate in N moves.
    pub mate: Option<u32>,
    /// `infinite` or UCCI `depth infinite`.
    pub infinite: bool,
    /// `ponder`: think on the opponent's time; the clock starts at `ponderhit`.
    pub ponder: bool,
    /// UCCI `draw`: the opponent offers a draw.
    pub draw: bool,
    /// UCI `searchmoves`: restrict the root to these moves (lower-cased).
    pub searchmoves: Vec<String>,
    /// Words that were skipped: unknown keywords and keywords with a missing or bad value. The
    /// search still runs (a GUI must always get its `bestmove`); the session may report these.
    pub ignored: Vec<String>,
}

/// One side's clock, whichever dialect described it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideClock {
    /// Time left on the clock.
    pub remaining_ms: u64,
    /// Time added after each move.
    pub increment_ms: u64,
    /// Moves to the next time control, if the clock has one.
    pub movestogo: Option<u32>,
}

impl GoParams {
    /// The clock of the side to move. UCCI's relative `time` takes precedence over UCI's
    /// `wtime`/`btime`; `white_to_move` is true for White and for Red.
    pub fn own_clock(&self, white_to_move: bool) -> Option<SideClock> {
        let (time, inc) =
            if white_to_move { (self.wtime, self.winc) } else { (self.btime, self.binc) };
        match self.time {
            Some(remaining_ms) => Some(SideClock {
                remaining_ms,
                increment_ms: self.increment.unwrap_or(0),
                movestogo: self.movestogo,
            }),
            None => time.map(|remaining_ms| SideClock {
                remaining_ms,
                increment_ms: inc.unwrap_or(0),
                movestogo: self.movestogo,
            }),
        }
    }

    /// The opponent's clock, when the GUI sent it.
    pub fn opponent_clock(&self, white_to_move: bool) -> Option<SideClock> {
        let (time, inc) =
            if white_to_move { (self.btime, self.binc) } else { (self.wtime, self.winc) };
        match self.opptime {
            Some(remaining_ms) => Some(SideClock {
                remaining_ms,
                increment_ms: self.oppincrement.unwrap_or(0),
                movestogo: self.oppmovestogo,
            }),
            None => time.map(|remaining_ms| SideClock {
                remaining_ms,
                increment_ms: inc.unwrap_or(0),
                movestogo: self.movestogo,
            }),
        }
    }

    /// Whether the search runs until `stop`: `infinite`, or no limit at all (a bare `go`, or
    /// one with only unknown words, is infinite: the spec says never to stay silent, and a
    /// GUI that sends it will send `stop`). A ponder search with a clock is *not* infinite: it
    /// becomes a timed search at `ponderhit`.
    pub fn is_infinite(&self) -> bool {
        self.infinite
            || (self.depth.is_none()
                && self.nodes.is_none()
                && self.mate.is_none()
                && self.movetime.is_none()
                && self.time.is_none()
                && self.wtime.is_none()
                && self.btime.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_values_in_the_wild() {
        for t in ["true", "TRUE", "on", "yes", "1"] {
            assert_eq!(parse_bool(t), Some(true), "{t}");
        }
        for f in ["false", "Off", "no", "0"] {
            assert_eq!(parse_bool(f), Some(false), "{f}");
        }
        assert_eq!(parse_bool("maybe"), None);
    }

    #[test]
    fn spin_values_saturate_and_refuse_junk() {
        let set = |v: &str| SetOption { name: "Hash".into(), value: Some(v.into()) };
        assert_eq!(set("64").int_value(), Some(64));
        assert_eq!(set("-3").int_value(), Some(-3));
        assert_eq!(set("+7").int_value(), Some(7));
        assert_eq!(set("99999999999999999999999").int_value(), Some(i64::MAX));
        assert_eq!(set("12ab").int_value(), None);
        assert_eq!(set("-").int_value(), None);
        assert_eq!(SetOption { name: "x".into(), value: None }.int_value(), None);
    }

    #[test]
    fn ucci_relative_clock_wins_over_uci_clock() {
        let go = GoParams {
            wtime: Some(1000),
            btime: Some(2000),
            winc: Some(10),
            binc: Some(20),
            ..GoParams::default()
        };
        assert_eq!(go.own_clock(true).map(|c| c.remaining_ms), Some(1000));
        assert_eq!(go.own_clock(false).map(|c| c.increment_ms), Some(20));
        assert_eq!(go.opponent_clock(true).map(|c| c.remaining_ms), Some(2000));
        let ucci = GoParams { time: Some(5000), opptime: Some(7000), ..go };
        assert_eq!(ucci.own_clock(false).map(|c| c.remaining_ms), Some(5000));
        assert_eq!(ucci.own_clock(false).map(|c| c.increment_ms), Some(0));
        assert_eq!(ucci.opponent_clock(false).map(|c| c.remaining_ms), Some(7000));
    }

    #[test]
    fn infinite_when_nothing_limits_the_search() {
        assert!(GoParams::default().is_infinite());
        assert!(GoParams { ponder: true, ..GoParams::default() }.is_infinite());
        assert!(!GoParams { depth: Some(3), ..GoParams::default() }.is_infinite());
        assert!(!GoParams { ponder: true, time: Some(9), ..GoParams::default() }.is_infinite());
        assert!(GoParams { infinite: true, depth: Some(3), ..GoParams::default() }.is_infinite());
    }
}
