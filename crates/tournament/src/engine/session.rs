//! One running engine as the runner sees it: the handshake (UCI or UCCI, detected or forced),
//! options, `position` + `go` with the runner's clocks, and the reply (`bestmove`, last score).
//! Dialect differences live here and nowhere else.

use super::info::{parse_info, Score};
use super::notation;
use super::process::{EngineError, EngineProcess};
use crate::clock::{Clock, Limits};
use crate::config::{EngineConfig, GameKind, Proto, RankBase, UcciTimeUnit};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Uci,
    Ucci,
}

/// The position to search, in our notation. UCI gets the whole game from `start_fen`;
/// UCCI gets the position after the last capture and the moves since (as its spec asks).
pub struct PositionText<'a> {
    /// `None`: the game's start position.
    pub start_fen: Option<&'a str>,
    pub moves: &'a [String],
    pub reset_fen: &'a str,
    /// Index into `moves` of the first move after `reset_fen`.
    pub reset_index: usize,
}

/// Both clocks of a `go`, from the mover's point of view.
pub struct GoClocks<'a> {
    pub own: &'a Clock,
    pub opponent: &'a Clock,
    /// Whether the mover is White/Red (UCI's `wtime`/`btime` are absolute).
    pub mover_is_white: bool,
}

/// An engine's answer to `go`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// The move in our notation; `None` for `bestmove (none)` / `nobestmove`.
    pub best: Option<String>,
    /// The text as the engine sent it (for reports of illegal moves).
    pub raw: String,
    pub score: Option<Score>,
    pub depth: Option<u32>,
    pub elapsed: Duration,
}

/// A failed `go`: what went wrong and how long the runner waited.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GoFailure {
    pub error: EngineError,
    pub elapsed: Duration,
}

pub struct EngineSession {
    process: EngineProcess,
    pub dialect: Dialect,
    pub id_name: String,
    config: EngineConfig,
    game: GameKind,
    ranks_one_based: bool,
    ucci_millis: bool,
    options: Vec<String>,
}

impl EngineSession {
    /// Starts the engine and completes the handshake; with `Proto::Auto` a xiangqi engine is
    /// tried over UCCI first and restarted over UCI if it does not answer `ucciok`.
    pub fn start(config: &EngineConfig, game: GameKind) -> Result<EngineSession, EngineError> {
        let order: &[Dialect] = match (config.proto, game) {
            (Proto::Uci, _) | (Proto::Auto, GameKind::Chess) => &[Dialect::Uci],
            (Proto::Ucci, _) => &[Dialect::Ucci],
            (Proto::Auto, GameKind::Xiangqi) => &[Dialect::Ucci, Dialect::Uci],
        };
        let mut last = EngineError::Protocol("no protocol to try".into());
        for (i, &dialect) in order.iter().enumerate() {
            let probing = i + 1 < order.len();
            match Self::start_with(config, game, dialect, probing) {
                Ok(session) => return Ok(session),
                Err(e @ EngineError::Spawn(_)) => return Err(e),
                Err(e) => last = e,
            }
        }
        Err(last)
    }

    fn start_with(
        config: &EngineConfig,
        game: GameKind,
        dialect: Dialect,
        probing: bool,
    ) -> Result<EngineSession, EngineError> {
        let process = EngineProcess::spawn(&config.cmd, &config.args, config.dir.as_deref())?;
        let mut session = EngineSession {
            process,
            dialect,
            id_name: String::new(),
            config: config.clone(),
            game,
            ranks_one_based: false,
            ucci_millis: false,
            options: Vec::new(),
        };
        // A probe gives up quickly: an engine that ignores `ucci` would otherwise cost the
        // whole hang timeout before the UCI attempt.
        let wait = if probing { config.hang_timeout.min(Duration::from_secs(3)) } else { config.hang_timeout };
        session.handshake(wait, probing)?;
        session.configure()?;
        session.sync()?;
        Ok(session)
    }

    fn handshake(&mut self, wait: Duration, probing: bool) -> Result<(), EngineError> {
        let (hello, ok) = match self.dialect {
            Dialect::Uci => ("uci", "uciok"),
            Dialect::Ucci => ("ucci", "ucciok"),
        };
        self.process.send(hello)?;
        let deadline = Instant::now() + wait;
        loop {
            let line = self.process.recv(deadline)?;
            let line = line.trim();
            if line == ok {
                return Ok(());
            }
            if probing && line.to_ascii_lowercase().contains("unknown command") {
                return Err(EngineError::Protocol(format!("does not speak {hello}")));
            }
            if let Some(name) = line.strip_prefix("id name ") {
                self.id_name = name.trim().to_owned();
            } else if let Some(rest) = line.strip_prefix("option ") {
                let rest = rest.strip_prefix("name ").unwrap_or(rest);
                let name = rest.split(" type ").next().unwrap_or("").trim();
                self.options.push(name.to_ascii_lowercase());
            }
        }
    }

    fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == &name.to_ascii_lowercase())
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let line = match self.dialect {
            Dialect::Uci => format!("setoption name {name} value {value}"),
            Dialect::Ucci => format!("setoption {name} {value}"),
        };
        self.process.send(&line)
    }

    fn configure(&mut self) -> Result<(), EngineError> {
        match self.dialect {
            Dialect::Uci => {
                let variant = self.has_option("UCI_Variant");
                if self.game == GameKind::Xiangqi && variant {
                    self.set_option("UCI_Variant", "xiangqi")?;
                }
                self.ranks_one_based = self.game == GameKind::Xiangqi
                    && match self.config.ranks {
                        RankBase::One => true,
                        RankBase::Zero => false,
                        // Engines disagree (Fairy-Stockfish 1–10, Pikafish and ours 0–9): ask.
                        RankBase::Auto => self.probe_one_based_ranks().unwrap_or(variant),
                    };
            }
            Dialect::Ucci => {
                let announced = self.has_option("usemillisec");
                if announced {
                    self.set_option("usemillisec", "true")?;
                }
                self.ucci_millis = match self.config.ucci_time {
                    UcciTimeUnit::Millis => true,
                    UcciTimeUnit::Seconds => false,
                    // Fairy-Stockfish reads UCCI clocks as milliseconds without saying so.
                    UcciTimeUnit::Auto => announced || self.id_name.starts_with("Fairy-Stockfish"),
                };
            }
        }
        let options = self.config.options.clone();
        for (name, value) in &options {
            self.set_option(name, value)?;
        }
        Ok(())
    }

    /// Which rank numbering a UCI xiangqi engine uses, from its first move in the start
    /// position: the from-square of any legal first move tells them apart (0–9: Red stands on
    /// ranks 0, 2 (cannons b, h) and 3 (pawns a c e g i); 1–10: ranks 1, 3 (cannons), 4).
    /// `None` if the engine does not answer a depth-1 search sensibly.
    fn probe_one_based_ranks(&mut self) -> Option<bool> {
        self.process.send("position startpos").ok()?;
        self.process.send("go depth 1").ok()?;
        let deadline = Instant::now() + self.config.hang_timeout;
        let token = loop {
            let line = self.process.recv(deadline).ok()?;
            if let Some(rest) = line.trim().strip_prefix("bestmove") {
                break rest.split_whitespace().next()?.to_owned();
            }
        };
        let file = token.chars().next()?;
        let digits: String = token.chars().skip(1).take_while(char::is_ascii_digit).collect();
        match (digits.parse::<u32>().ok()?, file) {
            (0 | 2, _) => Some(false),
            (1 | 4, _) => Some(true),
            (3, 'b' | 'h') => Some(true),
            (3, _) => Some(false),
            _ => None,
        }
    }

    /// `isready` → `readyok`, skipping anything else the engine prints meanwhile.
    pub fn sync(&mut self) -> Result<(), EngineError> {
        self.process.send("isready")?;
        let deadline = Instant::now() + self.config.hang_timeout;
        loop {
            if self.process.recv(deadline)?.trim() == "readyok" {
                return Ok(());
            }
        }
    }

    pub fn new_game(&mut self) -> Result<(), EngineError> {
        match self.dialect {
            Dialect::Uci => self.process.send("ucinewgame")?,
            Dialect::Ucci => {
                if self.has_option("newgame") {
                    self.process.send("setoption newgame")?;
                }
            }
        }
        self.sync()
    }

    fn engine_move(&self, ours: &str) -> String {
        if self.ranks_one_based {
            notation::to_one_based(ours).unwrap_or_else(|| ours.to_owned())
        } else {
            ours.to_owned()
        }
    }

    fn our_move(&self, theirs: &str) -> String {
        if self.ranks_one_based {
            notation::from_one_based(theirs).unwrap_or_else(|| theirs.to_owned())
        } else {
            theirs.to_owned()
        }
    }

    fn position_line(&self, pos: &PositionText<'_>) -> String {
        let (fen, moves) = match self.dialect {
            Dialect::Uci => (pos.start_fen, pos.moves),
            Dialect::Ucci => (Some(pos.reset_fen), &pos.moves[pos.reset_index.min(pos.moves.len())..]),
        };
        let mut line = match fen {
            Some(fen) => format!("position fen {fen}"),
            None => "position startpos".to_owned(),
        };
        if !moves.is_empty() {
            line.push_str(" moves");
            for m in moves {
                line.push(' ');
                line.push_str(&self.engine_move(m));
            }
        }
        line
    }

    /// Sends the position and `go`, and waits for the best move. The wait ends at the time
    /// forfeit deadline when a clock bounds the move, else after the hang timeout.
    pub fn go(&mut self, pos: &PositionText<'_>, clocks: &GoClocks<'_>) -> Result<Reply, GoFailure> {
        let limits: &Limits = &self.config.limits;
        let wait = limits
            .move_deadline(clocks.own, self.config.margin)
            .map(|d| d + Duration::from_millis(1))
            .unwrap_or(self.config.hang_timeout);
        let position = self.position_line(pos);
        let go = go_command(self.dialect, &self.config.limits, clocks, self.ucci_millis);
        let start = Instant::now();
        let fail = |error: EngineError, start: Instant| GoFailure { error, elapsed: start.elapsed() };
        self.process.send(&position).map_err(|e| fail(e, start))?;
        self.process.send(&go).map_err(|e| fail(e, start))?;
        let deadline = start + wait;
        let mut score = None;
        let mut depth = None;
        loop {
            let line = self.process.recv(deadline).map_err(|e| fail(e, start))?;
            let line = line.trim();
            if line.starts_with("info") {
                let (s, d) = parse_info(line);
                score = s.or(score);
                depth = d.or(depth);
            } else if line == "nobestmove" {
                return Ok(Reply { best: None, raw: line.to_owned(), score, depth, elapsed: start.elapsed() });
            } else if let Some(rest) = line.strip_prefix("bestmove") {
                let elapsed = start.elapsed();
                let token = rest.split_whitespace().next().unwrap_or("(none)");
                let best = match token {
                    "(none)" | "0000" | "none" => None,
                    t => Some(self.our_move(t)),
                };
                return Ok(Reply { best, raw: token.to_owned(), score, depth, elapsed });
            }
        }
    }

    /// Says goodbye and makes sure the process is gone.
    pub fn quit(self) {
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}

/// The `go` line for a dialect: UCI clocks in ms as wtime/btime; UCCI clocks relative to the
/// mover, in seconds or (for `usemillisec` engines) milliseconds.
pub fn go_command(dialect: Dialect, limits: &Limits, clocks: &GoClocks<'_>, ucci_millis: bool) -> String {
    let mut line = String::from("go");
    match dialect {
        Dialect::Uci => {
            if limits.clock.is_some() {
                let (w, b) = if clocks.mover_is_white {
                    (clocks.own, clocks.opponent)
                } else {
                    (clocks.opponent, clocks.own)
                };
                line.push_str(&format!(
                    " wtime {} btime {} winc {} binc {}",
                    w.remaining.as_millis().max(1),
                    b.remaining.as_millis().max(1),
                    w.increment().as_millis(),
                    b.increment().as_millis()
                ));
                if let Some(m) = clocks.own.moves_to_go {
                    line.push_str(&format!(" movestogo {m}"));
                }
            }
            if let Some(t) = limits.movetime {
                line.push_str(&format!(" movetime {}", t.as_millis().max(1)));
            }
        }
        Dialect::Ucci => {
            let unit = |d: Duration| -> u128 {
                if ucci_millis {
                    d.as_millis().max(1)
                } else {
                    u128::from(d.as_secs().max(1))
                }
            };
            if limits.clock.is_some() {
                line.push_str(&format!(" time {}", unit(clocks.own.remaining)));
                match clocks.own.moves_to_go {
                    Some(m) => line.push_str(&format!(" movestogo {m}")),
                    None => line.push_str(&format!(" increment {}", unit_or_zero(clocks.own.increment(), ucci_millis))),
                }
                line.push_str(&format!(" opptime {}", unit(clocks.opponent.remaining)));
                match clocks.opponent.moves_to_go {
                    Some(m) => line.push_str(&format!(" oppmovestogo {m}")),
                    None => line.push_str(&format!(
                        " oppincrement {}",
                        unit_or_zero(clocks.opponent.increment(), ucci_millis)
                    )),
                }
            } else if let Some(t) = limits.movetime {
                line.push_str(&format!(" time {} movestogo 1", unit(t)));
            }
        }
    }
    if let Some(n) = limits.nodes {
        line.push_str(&format!(" nodes {n}"));
    }
    if let Some(d) = limits.depth {
        line.push_str(&format!(" depth {d}"));
    }
    if line == "go" {
        line.push_str(" infinite");
    }
    line
}

fn unit_or_zero(d: Duration, millis: bool) -> u128 {
    if millis {
        d.as_millis()
    } else {
        u128::from(d.as_secs())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::parse_tc;

    fn line(dialect: Dialect, tc: &str, white_moves: bool, millis: bool, extra: impl Fn(&mut Limits)) -> String {
        let mut limits = parse_tc(tc).unwrap();
        extra(&mut limits);
        let mut mine = Clock::new(&limits);
        let theirs = Clock::new(&limits);
        mine.charge(Duration::from_millis(1500), &limits, Duration::ZERO);
        let clocks = GoClocks { own: &mine, opponent: &theirs, mover_is_white: white_moves };
        go_command(dialect, &limits, &clocks, millis)
    }

    #[test]
    fn uci_clocks_are_absolute_milliseconds() {
        assert_eq!(line(Dialect::Uci, "10+0.1", true, false, |_| {}), "go wtime 8600 btime 10000 winc 100 binc 100");
        assert_eq!(line(Dialect::Uci, "10+0.1", false, false, |_| {}), "go wtime 10000 btime 8600 winc 100 binc 100");
        assert_eq!(
            line(Dialect::Uci, "40/10", true, false, |l| l.nodes = Some(500)),
            "go wtime 8500 btime 10000 winc 0 binc 0 movestogo 39 nodes 500"
        );
        let st = line(Dialect::Uci, "inf", true, false, |l| {
            l.infinite = false;
            l.movetime = Some(Duration::from_millis(250));
            l.depth = Some(7);
        });
        assert_eq!(st, "go movetime 250 depth 7");
    }

    #[test]
    fn each_side_gets_its_own_increment() {
        let (mine, theirs) = (parse_tc("10+0.1").unwrap(), parse_tc("5+0.5").unwrap());
        let (own, opponent) = (Clock::new(&mine), Clock::new(&theirs));
        let clocks = GoClocks { own: &own, opponent: &opponent, mover_is_white: false };
        assert_eq!(go_command(Dialect::Uci, &mine, &clocks, false), "go wtime 5000 btime 10000 winc 500 binc 100");
        assert_eq!(
            go_command(Dialect::Ucci, &mine, &clocks, true),
            "go time 10000 increment 100 opptime 5000 oppincrement 500"
        );
    }

    #[test]
    fn ucci_clocks_are_relative_in_seconds_or_milliseconds() {
        assert_eq!(
            line(Dialect::Ucci, "60+2", false, false, |_| {}),
            "go time 60 increment 2 opptime 60 oppincrement 2",
            "60.5 s left after the increment: whole seconds, rounded down"
        );
        assert_eq!(
            line(Dialect::Ucci, "60+2", true, true, |_| {}),
            "go time 60500 increment 2000 opptime 60000 oppincrement 2000"
        );
        assert_eq!(line(Dialect::Ucci, "40/60", true, true, |_| {}), "go time 58500 movestogo 39 opptime 60000 oppmovestogo 40");
    }
}
