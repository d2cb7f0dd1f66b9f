//! Stopping and resuming a match: `--state FILE` keeps a [`MatchState`] up to date after every
//! game, `--resume FILE` continues the match it describes. These flags are taken off the command
//! line here, before [`parse_args`] sees the rest, because they say how to run a match rather
//! than which match it is; the rest is stored in the state and must define the same match when
//! given again (or may be left out: the stored arguments are used).
//!
//! Everything is checked before anything is touched: a damaged state, one for another match, or
//! a PGN that no longer holds the games the state counts, is refused and both files stay as they
//! were; a PGN that is missing altogether (a state carried to another machine) is started anew
//! with the games still to play. `--stop-after-games K` (for tests, not in the usage text) stops
//! the run after K finished games exactly as a kill would leave it.

use crate::cli::{parse_args, CliError};
use crate::config::{EngineConfig, MatchConfig};
use crate::schedule::jobs::schedule;
use crate::state::match_state::{Finish, FinishedGame, MatchState};
use crate::stats::tally::Tally;
use std::path::{Path, PathBuf};

/// Where the state goes and what an earlier run left.
pub struct Journal {
    pub path: PathBuf,
    pub state: MatchState,
    /// Whether `state` came from a file (a resume) rather than a fresh start.
    pub resumed: bool,
}

/// How this run persists and stops, besides the match itself.
#[derive(Default)]
pub struct Resume {
    pub journal: Option<Journal>,
    /// Stop (as if killed) after this many games finished in this run.
    pub stop_after: Option<usize>,
}

/// Takes `--state`, `--resume` and `--stop-after-games` off the arguments.
fn split_flags(args: &[String]) -> Result<(Resume, Option<Target>, Vec<String>), CliError> {
    let (mut state, mut resume, mut stop_after) = (None, None, None);
    let mut rest = Vec::new();
    let mut words = args.iter();
    while let Some(word) = words.next() {
        let name = word.trim_start_matches('-');
        if !word.starts_with('-') || !matches!(name, "state" | "resume" | "stop-after-games") {
            rest.push(word.clone());
            continue;
        }
        let value = match words.next() {
            Some(v) if !v.starts_with('-') => v.clone(),
            _ => return Err(CliError(format!("--{name} takes one value"))),
        };
        match name {
            "state" => state = Some(PathBuf::from(value)),
            "resume" => resume = Some(PathBuf::from(value)),
            _ => {
                stop_after = Some(value.parse().map_err(|_| {
                    CliError(format!("--stop-after-games: '{value}' is not a valid number"))
                })?)
            }
        }
    }
    let run = Resume { journal: None, stop_after };
    match (state, resume) {
        (Some(_), Some(_)) => Err(CliError(
            "--resume goes on writing the file it reads: give --state or --resume".into(),
        )),
        (Some(s), None) => Ok((run, Some(Target::Fresh(s)), rest)),
        (None, Some(r)) => Ok((run, Some(Target::Resume(r)), rest)),
        (None, None) => Ok((run, None, rest)),
    }
}

/// The state file a run writes: a new one, or one it continues.
#[derive(Debug, PartialEq, Eq)]
enum Target {
    Fresh(PathBuf),
    Resume(PathBuf),
}

/// Reads the command line of `kientuong match`: the match's settings and how this run persists.
pub fn prepare(args: &[String]) -> Result<(MatchConfig, Resume), String> {
    let (mut run, target, rest) = split_flags(args).map_err(|CliError(e)| e)?;
    let path = match target {
        None => return Ok((parse_args(&rest).map_err(|CliError(e)| e)?, run)),
        Some(Target::Fresh(path)) => {
            if path.exists() {
                return Err(format!(
                    "{} already exists: continue that match with --resume {0}, or remove the file",
                    path.display()
                ));
            }
            let cfg = parse_args(&rest).map_err(|CliError(e)| e)?;
            let state = MatchState { args: rest, ..MatchState::default() };
            run.journal = Some(Journal { path, state, resumed: false });
            return Ok((cfg, run));
        }
        Some(Target::Resume(path)) => path,
    };
    let state = MatchState::load(&path).map_err(|e| e.to_string())?;
    let stored = parse_args(&state.args).map_err(|CliError(e)| {
        format!(
            "{}: its stored arguments no longer parse ({e}); nothing was changed",
            path.display()
        )
    })?;
    // A whole command line (it names the game or the engines) must define the same match; a few
    // flags alone (`--concurrency 4`, `--quiet`) are laid over the stored arguments.
    let whole = rest.iter().any(|w| {
        w.starts_with('-') && matches!(w.trim_start_matches('-'), "game" | "variant" | "engine")
    });
    let given = if whole {
        parse_args(&rest).map_err(|CliError(e)| e)?
    } else {
        let args: Vec<String> = state.args.iter().chain(&rest).cloned().collect();
        parse_args(&args).map_err(|CliError(e)| e)?
    };
    let diffs = differences(&stored, &given);
    if !diffs.is_empty() {
        return Err(format!(
            "{} belongs to a different match ({}); nothing was changed. Give the same \
             settings, or only --resume {0} to use the stored ones",
            path.display(),
            diffs.join("; ")
        ));
    }
    // Concurrency and quietness may change between runs; they do not change the results.
    let cfg = given;
    check_games(&cfg, &state.games)
        .map_err(|e| format!("{}: {e}; nothing was changed", path.display()))?;
    run.journal = Some(Journal { path, state, resumed: true });
    Ok((cfg, run))
}

/// Each finished game must be one of this match's scheduled games, with the same engines.
fn check_games(cfg: &MatchConfig, games: &[FinishedGame]) -> Result<(), String> {
    let jobs = schedule(cfg, 1);
    for g in games {
        let fits = g.number >= 1
            && jobs
                .get(g.number - 1)
                .is_some_and(|j| (j.white, j.black, j.pair) == (g.white, g.black, g.pair));
        if !fits {
            return Err(format!("game {} is not a game of this match's schedule", g.number));
        }
    }
    Ok(())
}

/// What differs between the match a state was made for and the one the command line asks for,
/// one phrase per difference (empty when they are the same match).
pub fn differences(stored: &MatchConfig, given: &MatchConfig) -> Vec<String> {
    let mut out = Vec::new();
    let mut differ = |what: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{what}: stored {a}, given {b}"));
        }
    };
    differ("game", stored.game.name().into(), given.game.name().into());
    let names = |c: &MatchConfig| c.engines.iter().map(|e| e.name.clone()).collect::<Vec<_>>();
    differ("engines", names(stored).join(", "), names(given).join(", "));
    if out.is_empty() {
        for (a, b) in stored.engines.iter().zip(&given.engines) {
            engine_differences(a, b, &mut out);
        }
    }
    let mut differ = |what: &str, a: String, b: String| {
        if a != b {
            out.push(format!("{what}: stored {a}, given {b}"));
        }
    };
    differ("seed", stored.seed.to_string(), given.seed.to_string());
    differ("tournament", format!("{:?}", stored.tournament), format!("{:?}", given.tournament));
    differ("games", stored.games.to_string(), given.games.to_string());
    differ("rounds", stored.rounds.to_string(), given.rounds.to_string());
    differ("repeat", stored.repeat.to_string(), given.repeat.to_string());
    differ("openings", format!("{:?}", stored.openings), format!("{:?}", given.openings));
    differ("pgnout", format!("{:?}", stored.pgnout), format!("{:?}", given.pgnout));
    differ("sprt", format!("{:?}", stored.sprt), format!("{:?}", given.sprt));
    differ("rules", format!("{:?}", stored.rules), format!("{:?}", given.rules));
    differ("resign", format!("{:?}", stored.resign), format!("{:?}", given.resign));
    differ("draw", format!("{:?}", stored.draw), format!("{:?}", given.draw));
    differ("movelimit", format!("{:?}", stored.move_limit), format!("{:?}", given.move_limit));
    differ("tb", format!("{:?}", stored.tb), format!("{:?}", given.tb));
    out
}

fn engine_differences(a: &EngineConfig, b: &EngineConfig, out: &mut Vec<String>) {
    let mut differ = |what: &str, x: String, y: String| {
        if x != y {
            out.push(format!("{} {what}: stored {x}, given {y}", a.name));
        }
    };
    differ("cmd", a.cmd.clone(), b.cmd.clone());
    differ("args", format!("{:?}", a.args), format!("{:?}", b.args));
    differ("dir", format!("{:?}", a.dir), format!("{:?}", b.dir));
    differ("proto", format!("{:?}", a.proto), format!("{:?}", b.proto));
    differ("options", format!("{:?}", a.options), format!("{:?}", b.options));
    differ("tc/limits", format!("{:?}", a.limits), format!("{:?}", b.limits));
    differ("timemargin", format!("{:?}", a.margin), format!("{:?}", b.margin));
    differ("hang", format!("{:?}", a.hang_timeout), format!("{:?}", b.hang_timeout));
    differ("ranks", format!("{:?}", a.ranks), format!("{:?}", b.ranks));
    differ("uccitime", format!("{:?}", a.ucci_time), format!("{:?}", b.ucci_time));
}

impl Journal {
    /// The totals of the games an earlier run finished, added in the order they finished.
    pub fn replay(&self, tally: &mut Tally) {
        for g in &self.state.games {
            tally.add(g.white, g.black, g.pair, g.outcome);
        }
    }

    /// Numbers of the games already finished.
    pub fn done(&self) -> std::collections::HashSet<usize> {
        self.state.games.iter().map(|g| g.number).collect()
    }

    /// Opens the PGN for appending. On a resume it must still hold every byte the state counts;
    /// whatever follows (a game written just before a kill, not yet in the state) is cut off,
    /// since that game is played again. A fresh run counts what the file held before it.
    ///
    /// A PGN that is not there at all is the usual case of a state carried to another machine
    /// (its games stayed on the first one): the resume starts a new PGN under the same name with
    /// the games still to play, says so on stderr, and the state counts the new file from then
    /// on. A PGN that is there but shorter than the state counts was changed, and is refused.
    pub fn open_pgn(&mut self, path: &Path) -> Result<std::fs::File, String> {
        let name = path.display();
        let counted = self.state.pgn_bytes.unwrap_or(0);
        if self.resumed && counted > 0 && !path.exists() {
            eprintln!(
                "{name} is missing: the {} games the state {} counts were written to a PGN that \
                 is not here; a new {name} receives the games still to play",
                self.state.games.len(),
                self.path.display()
            );
            self.state.pgn_bytes = Some(0);
        }
        if self.resumed {
            let expected = self.state.pgn_bytes.unwrap_or(0);
            let have = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
            if have < expected {
                return Err(format!(
                    "{name} holds {have} bytes but the state {} counts {expected} of finished \
                     games: the PGN was changed or replaced; nothing was changed",
                    self.path.display()
                ));
            }
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .map_err(|e| format!("{name}: {e}"))?;
        if self.resumed {
            let expected = self.state.pgn_bytes.unwrap_or(0);
            file.set_len(expected).map_err(|e| format!("{name}: {e}"))?;
        } else {
            let len = file.metadata().map_err(|e| format!("{name}: {e}"))?.len();
            self.state.pgn_bytes = Some(len);
        }
        Ok(file)
    }

    /// Records a finished game (after its PGN was written) and saves the state.
    pub fn record(
        &mut self,
        game: FinishedGame,
        pgn_bytes: Option<u64>,
        notes: Vec<String>,
    ) -> Result<(), String> {
        self.state.games.push(game);
        if pgn_bytes.is_some() {
            self.state.pgn_bytes = pgn_bytes;
        }
        self.state.notes = notes;
        self.save()
    }

    pub fn finish(&mut self, how: Finish) -> Result<(), String> {
        self.state.finished = Some(how);
        self.save()
    }

    pub fn save(&self) -> Result<(), String> {
        self.state.save(&self.path).map_err(|e| format!("writing the match state: {e}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    const BASE: &str = "--game chess --engine cmd=a name=A --engine cmd=b name=B --each nodes=300 \
                        --games 2 --rounds 3 --repeat --seed 5";

    #[test]
    fn the_same_match_has_no_differences_and_others_are_named() {
        let a = parse_args(&words(BASE)).unwrap();
        let more = parse_args(&words(&format!("{BASE} --concurrency 4 --quiet"))).unwrap();
        assert!(differences(&a, &more).is_empty());
        for (extra, needle) in [
            (" --seed 6", "seed: stored 5, given 6"),
            (" --engine cmd=c", "engines: stored A, B, given A, B, c"),
            (" --each nodes=400", "A tc/limits"),
            (" --sprt elo0=0 elo1=5", "sprt"),
            (" --rounds 4", "rounds"),
            (" --tb /tb", "tb: stored None, given Some"),
        ] {
            let b = parse_args(&words(&format!("{BASE}{extra}"))).unwrap();
            let diffs = differences(&a, &b).join("; ");
            assert!(diffs.contains(needle), "{extra}: {diffs}");
        }
        let xq = parse_args(&words(&BASE.replace("chess", "xiangqi"))).unwrap();
        assert!(differences(&a, &xq).join(";").contains("game: stored chess, given xiangqi"));
    }

    #[test]
    fn flags_are_taken_off_the_command_line() {
        let (run, target, rest) =
            split_flags(&words(&format!("{BASE} --state s.txt --stop-after-games 3"))).unwrap();
        assert_eq!((target, run.stop_after), (Some(Target::Fresh("s.txt".into())), Some(3)));
        let (_, target, rest2) = split_flags(&words("-resume s.txt")).unwrap();
        assert_eq!((target, rest2.len()), (Some(Target::Resume("s.txt".into())), 0));
        assert_eq!(rest, words(BASE));
        assert!(split_flags(&words("--state")).is_err());
        assert!(split_flags(&words("--state a --resume b")).is_err());
        assert!(split_flags(&words("--stop-after-games x")).is_err());
    }

    #[test]
    fn finished_games_must_fit_the_schedule() {
        let cfg = parse_args(&words(BASE)).unwrap();
        let game = |number, white, black, pair| FinishedGame {
            number,
            white,
            black,
            pair,
            outcome: game_api::Outcome::Draw,
        };
        assert!(check_games(&cfg, &[game(1, 0, 1, 0), game(2, 1, 0, 0)]).is_ok());
        assert!(check_games(&cfg, &[game(2, 0, 1, 0)]).is_err(), "colours swapped");
        assert!(check_games(&cfg, &[game(7, 0, 1, 3)]).is_err(), "past the schedule");
        assert!(check_games(&cfg, &[game(0, 0, 1, 0)]).is_err());
    }
}
