//! The state file of a match (`--state FILE`, `--resume FILE`): what a stopped match needs to go
//! on where it stopped and end as it would have unbroken.
//!
//! It keeps the command line that defines the match (so a resume can check, or take, the same
//! settings), how many bytes of the PGN belong to finished games (a game written to the PGN but
//! not yet to the state is cut off and played again), and every finished game in finishing order
//! with its engines, pair and result. The totals, the pentanomial pairs (half-finished ones too)
//! and the SPRT's LLR are rebuilt by adding those results in the same order, so they cannot drift
//! from the games. The text is line-based with a version header, readable and diffable; a file
//! is replaced whole (temporary file, then rename), never half-written.

use game_api::{Color, Outcome};
use std::fmt;
use std::io::Write;
use std::path::{Path, PathBuf};

const HEADER: &str = "kientuong-match-state 1";
const TRAILER: &str = "end";

/// One finished game, as the totals need it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// 1-based number in schedule order.
    pub number: usize,
    pub white: usize,
    pub black: usize,
    pub pair: usize,
    pub outcome: Outcome,
}

/// Why the match stopped for good, once it has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finish {
    /// Every scheduled game was played.
    Schedule,
    /// The SPRT reached a bound.
    Sprt,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchState {
    /// The `kientuong match` arguments that define the match (without `--state`/`--resume`).
    pub args: Vec<String>,
    /// Bytes of the PGN file that hold finished games (and whatever it held before the match);
    /// `None` when the match writes no PGN.
    pub pgn_bytes: Option<u64>,
    /// Finished games in finishing order.
    pub games: Vec<FinishedGame>,
    pub finished: Option<Finish>,
    /// Lines for a human reader (totals so far); written as `#` comments, ignored when read.
    pub notes: Vec<String>,
}

#[derive(Debug)]
pub enum StateError {
    Io {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Not a state file, or one that was damaged: the line number (1-based) and why.
    Corrupt {
        path: PathBuf,
        line: usize,
        why: String,
    },
}

impl fmt::Display for StateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StateError::Io { path, error } => write!(f, "{}: {error}", path.display()),
            StateError::Corrupt { path, line, why } => write!(
                f,
                "{} is not a usable match state file (line {line}: {why}); nothing was changed",
                path.display()
            ),
        }
    }
}

impl std::error::Error for StateError {}

fn result_text(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win(Color::White) => "1-0",
        Outcome::Win(Color::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    }
}

fn parse_result(text: &str) -> Option<Outcome> {
    match text {
        "1-0" => Some(Outcome::Win(Color::White)),
        "0-1" => Some(Outcome::Win(Color::Black)),
        "1/2-1/2" => Some(Outcome::Draw),
        _ => None,
    }
}

/// Arguments may hold spaces (`option.Use NNUE=false`), so each takes a line; backslashes and
/// line breaks are escaped.
fn escape(arg: &str) -> String {
    arg.replace('\\', "\\\\").replace('\n', "\\n").replace('\r', "\\r")
}

fn unescape(text: &str) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next()? {
            '\\' => out.push('\\'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            _ => return None,
        }
    }
    Some(out)
}

impl MatchState {
    pub fn to_text(&self) -> String {
        let mut out = format!("{HEADER}\n# Continue with: kientuong match --resume THIS_FILE\n");
        for note in &self.notes {
            out.push_str(&format!("# {}\n", note.replace('\n', " ")));
        }
        for arg in &self.args {
            out.push_str(&format!("arg {}\n", escape(arg)));
        }
        match self.pgn_bytes {
            Some(n) => out.push_str(&format!("pgn-bytes {n}\n")),
            None => out.push_str("pgn-bytes none\n"),
        }
        for g in &self.games {
            out.push_str(&format!(
                "game {} {} {} {} {}\n",
                g.number,
                g.white,
                g.black,
                g.pair,
                result_text(g.outcome)
            ));
        }
        match self.finished {
            Some(Finish::Schedule) => out.push_str("finished schedule\n"),
            Some(Finish::Sprt) => out.push_str("finished sprt\n"),
            None => {}
        }
        out.push_str(TRAILER);
        out.push('\n');
        out
    }

    /// Reads the text of a state file; `path` only names the file in errors.
    pub fn parse(text: &str, path: &Path) -> Result<MatchState, StateError> {
        let corrupt =
            |line: usize, why: String| StateError::Corrupt { path: path.to_owned(), line, why };
        let mut lines = text.lines().enumerate().map(|(i, l)| (i + 1, l));
        match lines.next() {
            Some((_, HEADER)) => {}
            Some((_, other)) if other.starts_with("kientuong-match-state ") => {
                return Err(corrupt(1, format!("unsupported version '{other}'")))
            }
            _ => return Err(corrupt(1, format!("the first line is not '{HEADER}'"))),
        }
        let mut state = MatchState::default();
        let mut pgn_seen = false;
        let mut ended = false;
        for (n, line) in lines {
            if ended {
                if line.trim().is_empty() {
                    continue;
                }
                return Err(corrupt(n, format!("text after '{TRAILER}'")));
            }
            if line.starts_with('#') {
                continue;
            }
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            match key {
                "arg" => {
                    state.args.push(unescape(rest).ok_or_else(|| corrupt(n, "bad escape".into()))?)
                }
                "pgn-bytes" => {
                    state.pgn_bytes = match rest {
                        "none" => None,
                        _ => Some(
                            rest.parse()
                                .map_err(|_| corrupt(n, format!("'{rest}' is not a byte count")))?,
                        ),
                    };
                    pgn_seen = true;
                }
                "game" => {
                    let fields: Vec<&str> = rest.split(' ').collect();
                    let [number, white, black, pair, result] = fields.as_slice() else {
                        return Err(corrupt(n, "a game line needs 5 fields".into()));
                    };
                    let num = |t: &str| {
                        t.parse::<usize>().map_err(|_| corrupt(n, format!("'{t}' is not a number")))
                    };
                    let outcome = parse_result(result)
                        .ok_or_else(|| corrupt(n, format!("'{result}' is not a result")))?;
                    state.games.push(FinishedGame {
                        number: num(number)?,
                        white: num(white)?,
                        black: num(black)?,
                        pair: num(pair)?,
                        outcome,
                    });
                }
                "finished" => {
                    state.finished = Some(match rest {
                        "schedule" => Finish::Schedule,
                        "sprt" => Finish::Sprt,
                        _ => return Err(corrupt(n, format!("unknown finish '{rest}'"))),
                    })
                }
                TRAILER if rest.is_empty() => ended = true,
                _ => return Err(corrupt(n, format!("unknown line '{line}'"))),
            }
        }
        if !ended {
            return Err(corrupt(text.lines().count(), format!("no '{TRAILER}' line (cut short?)")));
        }
        if !pgn_seen {
            return Err(corrupt(text.lines().count(), "no pgn-bytes line".into()));
        }
        if state.args.is_empty() {
            return Err(corrupt(text.lines().count(), "no arguments".into()));
        }
        let mut numbers: Vec<usize> = state.games.iter().map(|g| g.number).collect();
        numbers.sort_unstable();
        if let Some(w) = numbers.windows(2).find(|w| w[0] == w[1]) {
            return Err(corrupt(0, format!("game {} is listed twice", w[0])));
        }
        Ok(state)
    }

    pub fn load(path: &Path) -> Result<MatchState, StateError> {
        let bytes =
            std::fs::read(path).map_err(|error| StateError::Io { path: path.to_owned(), error })?;
        let text = String::from_utf8(bytes).map_err(|_| StateError::Corrupt {
            path: path.to_owned(),
            line: 0,
            why: "not UTF-8 text".into(),
        })?;
        MatchState::parse(&text, path)
    }

    /// Writes the state to a temporary file next to `path` and renames it over `path`, so a
    /// kill at any moment leaves either the old state or the new one.
    pub fn save(&self, path: &Path) -> Result<(), StateError> {
        let io = |error| StateError::Io { path: path.to_owned(), error };
        let mut tmp_name = path.file_name().map(|n| n.to_os_string()).unwrap_or_default();
        tmp_name.push(".tmp");
        let tmp = path.with_file_name(tmp_name);
        let mut file = std::fs::File::create(&tmp).map_err(io)?;
        file.write_all(self.to_text().as_bytes()).map_err(io)?;
        file.sync_all().map_err(io)?;
        drop(file);
        std::fs::rename(&tmp, path).map_err(io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> MatchState {
        MatchState {
            args: vec![
                "--game".into(),
                "chess".into(),
                "option.Use NNUE=false".into(),
                "dir=C:\\engines\\x".into(),
                "odd\nline".into(),
            ],
            pgn_bytes: Some(12_345),
            games: vec![
                FinishedGame { number: 2, white: 1, black: 0, pair: 0, outcome: Outcome::Draw },
                FinishedGame {
                    number: 1,
                    white: 0,
                    black: 1,
                    pair: 0,
                    outcome: Outcome::Win(Color::White),
                },
                FinishedGame {
                    number: 3,
                    white: 0,
                    black: 1,
                    pair: 1,
                    outcome: Outcome::Win(Color::Black),
                },
            ],
            finished: Some(Finish::Sprt),
            notes: vec!["A vs B: 1-1-1".into()],
        }
    }

    #[test]
    fn round_trips() {
        let path = Path::new("x.state");
        for state in [
            sample(),
            MatchState { pgn_bytes: None, finished: None, games: vec![], ..sample() },
            MatchState { finished: Some(Finish::Schedule), ..sample() },
        ] {
            let text = state.to_text();
            let back = MatchState::parse(&text, path).unwrap();
            assert_eq!(back, MatchState { notes: vec![], ..state }, "{text}");
        }
    }

    #[test]
    fn damage_is_reported_with_the_line() {
        let path = Path::new("x.state");
        let good = sample().to_text();
        let cut = &good[..good.len() - 5];
        let bad_result = good.replace("1/2-1/2", "1/2");
        let twice = good.replace("game 3 ", "game 2 ");
        for (text, needle) in [
            ("", "first line"),
            ("kientuong-match-state 9\nend\n", "unsupported version"),
            (cut, "cut short"),
            (bad_result.as_str(), "'1/2' is not a result"),
            (twice.as_str(), "listed twice"),
            ("kientuong-match-state 1\narg x\nend\n", "no pgn-bytes"),
            ("kientuong-match-state 1\npgn-bytes 1\nend\n", "no arguments"),
            ("kientuong-match-state 1\nwhat\nend\n", "unknown line"),
        ] {
            let e = MatchState::parse(text, path).unwrap_err().to_string();
            assert!(e.contains(needle), "{text:?}: {e}");
            assert!(e.contains("x.state"), "{e}");
        }
    }

    #[test]
    fn save_replaces_the_file_whole() {
        let dir = std::env::temp_dir().join(format!("kientuong-state-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("m.state");
        sample().save(&path).unwrap();
        let second = MatchState { games: vec![], ..sample() };
        second.save(&path).unwrap();
        assert_eq!(MatchState::load(&path).unwrap(), MatchState { notes: vec![], ..second });
        assert!(!dir.join("m.state.tmp").exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
