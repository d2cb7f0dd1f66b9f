//! One function per flag of `kientuong match`, as fastchess reads its command line, and the
//! table that finds a flag's function by any of its names. A function reads only its own words;
//! what depends on several flags (the engines, which need `--each`; the game's own limits) is
//! checked once the whole line is read (`checks.rs`).

use super::words::{boolean, err, key_values, number, one_value, CliError};
use crate::config::*;
use crate::stats::sprt::SprtConfig;
use std::path::PathBuf;

/// The command line as read, before the checks that need all of it.
pub(super) struct ReadFlags {
    /// Every setting that one flag decides alone, at its default until the flag is read.
    pub cfg: MatchConfig,
    pub game: Option<GameKind>,
    /// Each `--engine`'s own keys, in order; `--each` applies under them.
    pub engines: Vec<Vec<(String, String)>>,
    pub each: Vec<(String, String)>,
    /// Whether `--repeat` was given (a Chess960 match repeats unless it was).
    pub repeat_given: bool,
    pub tb_path: Option<String>,
    pub tb_pieces: Option<u32>,
}

impl ReadFlags {
    pub fn new() -> ReadFlags {
        let cfg = MatchConfig {
            game: GameKind::Chess,
            engines: Vec::new(),
            tournament: TournamentKind::RoundRobin,
            games: 1,
            rounds: 1,
            repeat: false,
            concurrency: 1,
            openings: OpeningConfig::default(),
            pgnout: None,
            sprt: None,
            rules: RuleSet::Asian,
            resign: None,
            draw: None,
            seed: 0x6b69_656e_7475_6f6e,
            quiet: false,
            move_limit: None,
            chess960: false,
            allow_replays: false,
            tb: None,
        };
        ReadFlags {
            cfg,
            game: None,
            engines: Vec::new(),
            each: Vec::new(),
            repeat_given: false,
            tb_path: None,
            tb_pieces: None,
        }
    }
}

/// Reads one flag's values into `read`; `flag` is the name as written (for the messages).
type FlagReader = fn(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError>;

/// Every flag under each of its names (cutechess-cli's and fastchess's spellings).
const FLAGS: &[(&[&str], FlagReader)] = &[
    (&["engine"], engine),
    (&["each"], each),
    (&["game", "variant"], game),
    (&["games"], games),
    (&["rounds"], rounds),
    (&["repeat"], repeat),
    (&["concurrency"], concurrency),
    (&["chess960"], chess960),
    (&["seed", "srand"], seed),
    (&["quiet"], quiet),
    (&["allow-replays"], allow_replays),
    (&["tb"], tb),
    (&["tb-pieces", "tbpieces"], tb_pieces),
    (&["movelimit"], movelimit),
    (&["tournament"], tournament),
    (&["rules"], rules),
    (&["pgnout"], pgnout),
    (&["openings"], openings),
    (&["sprt"], sprt),
    (&["resign"], resign),
    (&["draw"], draw),
];

/// Reads one flag (its name without dashes) and its values.
pub(super) fn read_flag(
    read: &mut ReadFlags,
    flag: &str,
    values: &[String],
) -> Result<(), CliError> {
    match FLAGS.iter().find(|(names, _)| names.contains(&flag)) {
        Some((_, reader)) => reader(read, flag, values),
        None => err(format!("unknown flag '--{flag}'")),
    }
}

fn engine(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.engines.push(key_values(flag, values)?);
    Ok(())
}

fn each(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.each.extend(key_values(flag, values)?);
    Ok(())
}

fn game(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.game = Some(match one_value(flag, values)? {
        "chess" | "standard" => GameKind::Chess,
        "fischerandom" | "chess960" | "frc" | "dfrc" => {
            read.cfg.chess960 = true;
            GameKind::Chess
        }
        "xiangqi" => GameKind::Xiangqi,
        other => return err(format!("--game: '{other}' is not chess or xiangqi")),
    });
    Ok(())
}

fn games(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.games = number("--games", one_value(flag, values)?)?;
    Ok(())
}

fn rounds(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.rounds = number("--rounds", one_value(flag, values)?)?;
    Ok(())
}

fn repeat(read: &mut ReadFlags, _flag: &str, values: &[String]) -> Result<(), CliError> {
    read.repeat_given = true;
    read.cfg.repeat = match values {
        [] => true,
        // cutechess takes a count (`-repeat 2`); a boolean is accepted too.
        [v] => match v.parse::<u32>() {
            Ok(count) => count >= 2,
            Err(_) => boolean("--repeat", v)?,
        },
        _ => return err("--repeat takes at most one value"),
    };
    Ok(())
}

fn concurrency(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.concurrency = number("--concurrency", one_value(flag, values)?)?;
    Ok(())
}

fn chess960(read: &mut ReadFlags, _flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.chess960 = match values {
        [] => true,
        [v] => boolean("--chess960", v)?,
        _ => return err("--chess960 takes at most one value"),
    };
    Ok(())
}

fn seed(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.seed = number("--seed", one_value(flag, values)?)?;
    Ok(())
}

/// A switch: any values after it are ignored, as before.
fn quiet(read: &mut ReadFlags, _flag: &str, _values: &[String]) -> Result<(), CliError> {
    read.cfg.quiet = true;
    Ok(())
}

fn allow_replays(read: &mut ReadFlags, _flag: &str, _values: &[String]) -> Result<(), CliError> {
    read.cfg.allow_replays = true;
    Ok(())
}

fn tb(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.tb_path = Some(one_value(flag, values)?.to_owned());
    Ok(())
}

fn tb_pieces(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.tb_pieces = Some(number("--tb-pieces", one_value(flag, values)?)?);
    Ok(())
}

fn movelimit(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.move_limit = Some(number("--movelimit", one_value(flag, values)?)?);
    Ok(())
}

fn tournament(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.tournament = match one_value(flag, values)? {
        "gauntlet" => TournamentKind::Gauntlet,
        "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
        other => return err(format!("--tournament: '{other}' is not gauntlet or round-robin")),
    };
    Ok(())
}

fn rules(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    read.cfg.rules = match one_value(flag, values)? {
        "asian" => RuleSet::Asian,
        "cxq" => RuleSet::Cxq,
        other => return err(format!("--rules: '{other}' is not asian or cxq")),
    };
    Ok(())
}

/// `--pgnout FILE` or cutechess's `--pgnout file=FILE [other keys]`.
fn pgnout(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    let path = match values {
        [v] if !v.contains('=') => v.clone(),
        _ => key_values(flag, values)?
            .into_iter()
            .find(|(k, _)| k == "file")
            .map(|(_, v)| v)
            .ok_or_else(|| CliError("--pgnout needs file=PATH".into()))?,
    };
    read.cfg.pgnout = Some(PathBuf::from(path));
    Ok(())
}

fn openings(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    for (k, v) in key_values(flag, values)? {
        opening_key(&mut read.cfg.openings, &k, &v)?;
    }
    Ok(())
}

fn opening_key(o: &mut OpeningConfig, k: &str, v: &str) -> Result<(), CliError> {
    match k {
        "file" => o.file = Some(PathBuf::from(v)),
        "book" => {
            o.book = match v {
                "large" => BuiltinBook::Large,
                "classic" => BuiltinBook::Classic,
                _ => return err(format!("--openings book: '{v}' is not large or classic")),
            }
        }
        "format" => {
            o.format = match v {
                "epd" => OpeningFormat::Epd,
                "pgn" => OpeningFormat::Pgn,
                _ => return err(format!("--openings format: '{v}' is not epd or pgn")),
            }
        }
        "order" => {
            o.order = match v {
                "random" => OpeningOrder::Random,
                "sequential" => OpeningOrder::Sequential,
                _ => return err(format!("--openings order: '{v}' is not random or sequential")),
            }
        }
        "plies" => o.plies = Some(number("--openings plies", v)?),
        "start" => o.start = number("--openings start", v)?,
        // cutechess's `policy=`: accepted so that its command lines run as they are; which games
        // share an opening is the schedule's to decide (`schedule/jobs.rs`).
        "policy" => {}
        _ => return err(format!("--openings: unknown key '{k}'")),
    }
    Ok(())
}

fn sprt(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
    for (k, v) in key_values(flag, values)? {
        match k.as_str() {
            "elo0" => elo0 = Some(number("--sprt elo0", &v)?),
            "elo1" => elo1 = Some(number("--sprt elo1", &v)?),
            "alpha" => alpha = number("--sprt alpha", &v)?,
            "beta" => beta = number("--sprt beta", &v)?,
            "model" if v == "logistic" => {}
            _ => return err(format!("--sprt: unknown key '{k}={v}'")),
        }
    }
    let (Some(elo0), Some(elo1)) = (elo0, elo1) else {
        return err("--sprt needs elo0= and elo1=");
    };
    if !(alpha > 0.0 && alpha < 0.5 && beta > 0.0 && beta < 0.5) || elo1 <= elo0 {
        return err("--sprt needs elo0 < elo1 and 0 < alpha, beta < 0.5");
    }
    read.cfg.sprt = Some(SprtConfig { elo0, elo1, alpha, beta });
    Ok(())
}

fn resign(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    let mut rule = ResignRule { movecount: 3, score: 600, twosided: false };
    for (k, v) in key_values(flag, values)? {
        match k.as_str() {
            "movecount" => rule.movecount = number("--resign movecount", &v)?,
            "score" => rule.score = number("--resign score", &v)?,
            "twosided" => rule.twosided = boolean("--resign twosided", &v)?,
            _ => return err(format!("--resign: unknown key '{k}'")),
        }
    }
    read.cfg.resign = Some(rule);
    Ok(())
}

fn draw(read: &mut ReadFlags, flag: &str, values: &[String]) -> Result<(), CliError> {
    let mut rule = DrawRule { movenumber: 40, movecount: 8, score: 10 };
    for (k, v) in key_values(flag, values)? {
        match k.as_str() {
            "movenumber" => rule.movenumber = number("--draw movenumber", &v)?,
            "movecount" => rule.movecount = number("--draw movecount", &v)?,
            "score" => rule.score = number("--draw score", &v)?,
            _ => return err(format!("--draw: unknown key '{k}'")),
        }
    }
    read.cfg.draw = Some(rule);
    Ok(())
}
