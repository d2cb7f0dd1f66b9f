//! One running engine as the runner sees it: the handshake (UCI or UCCI, detected or forced),
//! options, `position` + `go` with the runner's clocks, and the reply (`bestmove`, last score).
//! What differs between the dialects on the runner's side (which to try, option and position
//! lines, `go` clocks) lives here and in `go_command.rs`; the dialect type, its handshake words
//! and the reading of `info`/`bestmove` lines are `protocol`'s.

use super::go_command::{go_command, GoClocks};
use super::notation;
use super::process::{EngineError, EngineProcess};
use crate::config::{EngineConfig, GameKind, Proto, RankBase, UcciTimeUnit};
use crate::game::clock::TimeControl;
use protocol::{BestMove, Dialect, Score, SearchInfo};
use std::time::{Duration, Instant};

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
        let wait = if probing {
            config.hang_timeout.min(Duration::from_secs(3))
        } else {
            config.hang_timeout
        };
        session.handshake(wait, probing)?;
        session.configure()?;
        session.sync()?;
        Ok(session)
    }

    fn handshake(&mut self, wait: Duration, probing: bool) -> Result<(), EngineError> {
        let (hello, ok) = (self.dialect.handshake(), self.dialect.handshake_ok());
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

    /// Whether the engine announced an option of this name (case ignored) in its handshake.
    pub fn has_option(&self, name: &str) -> bool {
        self.options.iter().any(|o| o == &name.to_ascii_lowercase())
    }

    /// Sends one option in the session's dialect (SPSA changes tuned values between games).
    pub fn set_option(&mut self, name: &str, value: &str) -> Result<(), EngineError> {
        let line = match self.dialect {
            Dialect::Uci => format!("setoption name {name} value {value}"),
            // UCCI's `setoption x y` has no way to carry a name with spaces: the engine would
            // read its first word as the name (and ignore it, as UCCI asks for unknown names).
            // The UCI form can, and xiangqi GUIs such as cchess send it to UCCI engines.
            Dialect::Ucci if name.contains(char::is_whitespace) => {
                format!("setoption name {name} value {value}")
            }
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
            if let Some(reply) = BestMove::parse(line.trim()) {
                break reply.best?;
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
            Dialect::Ucci => {
                (Some(pos.reset_fen), &pos.moves[pos.reset_index.min(pos.moves.len())..])
            }
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
    pub fn go(
        &mut self,
        pos: &PositionText<'_>,
        clocks: &GoClocks<'_>,
    ) -> Result<Reply, GoFailure> {
        let limits: &TimeControl = &self.config.limits;
        let wait = limits
            .move_deadline(clocks.own, self.config.margin)
            .map(|d| d + Duration::from_millis(1))
            .unwrap_or(self.config.hang_timeout);
        let position = self.position_line(pos);
        let go = go_command(self.dialect, &self.config.limits, clocks, self.ucci_millis);
        let start = Instant::now();
        let fail =
            |error: EngineError, start: Instant| GoFailure { error, elapsed: start.elapsed() };
        self.process.send(&position).map_err(|e| fail(e, start))?;
        self.process.send(&go).map_err(|e| fail(e, start))?;
        let deadline = start + wait;
        let mut score = None;
        let mut depth = None;
        loop {
            let line = self.process.recv(deadline).map_err(|e| fail(e, start))?;
            let line = line.trim();
            if let Some(info) = SearchInfo::parse(line) {
                score = info.score.or(score);
                depth = info.depth.or(depth);
            } else if let Some(reply) = BestMove::parse(line) {
                let elapsed = start.elapsed();
                let raw = reply.best.clone().unwrap_or_else(|| line.to_owned());
                let best = reply.best.map(|m| self.our_move(&m));
                return Ok(Reply { best, raw, score, depth, elapsed });
            }
        }
    }

    /// Says goodbye and makes sure the process is gone.
    pub fn quit(self) {
        self.process.shutdown("quit", Duration::from_millis(500));
    }
}
