//! Parses cutechess-cli / fastchess style arguments (`--engine cmd=… name=… tc=10+0.1`,
//! `--each …`, `--games 2`, …) into a [`MatchConfig`]. Flags take one or two dashes; a flag's
//! values are the words up to the next flag. Every error names the offending word.

use crate::config::*;
use crate::game::clock::{parse_seconds, parse_tc};
use crate::stats::sprt::SprtConfig;
use std::fmt;
use std::path::PathBuf;
use std::time::Duration;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

fn err<T>(text: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(text.into()))
}

/// The usage text printed for `--help` and after an argument error.
pub const USAGE: &str = "\
kientuong match --game chess|xiangqi|fischerandom --engine cmd=PATH [name=N] [proto=uci|ucci] [option.NAME=V]...
                [tc=[MOVES/]TIME[+INC] | st=SECS | nodes=N | depth=D] [timemargin=MS] [hang=SECS]
                [arg=ARG]... [dir=DIR] [ranks=0|1] [uccitime=s|ms]
                --engine ... [--each (same keys, applied to every engine)]
                [--tournament gauntlet|round-robin] [--games N] [--rounds N] [--repeat]
                [--concurrency N] [--openings file=F format=epd|pgn order=random|sequential plies=N start=N book=large|classic]
                [--pgnout file=F] [--sprt elo0=E0 elo1=E1 alpha=A beta=B] [--rules asian|cxq]
                [--resign movecount=N score=CP [twosided=true]] [--draw movenumber=N movecount=N score=CP]
                [--movelimit PLIES] [--seed N] [--quiet] [--state FILE | --resume FILE] [--allow-replays]
                [--tb DIR[:DIR...] [--tb-pieces N]]   (chess: a game ends as soon as the Syzygy
                                tables in DIR know its result; N pieces at most, default the tables')
                [--chess960]   (Chess960: as --game fischerandom; openings are the 960 numbered
                                start positions shuffled by --seed unless --openings gives a file,
                                each played with both colours unless --repeat false)";

/// Splits the words into (flag, values) groups.
pub fn groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, CliError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for word in args {
        let is_flag = word.starts_with('-')
            && word.len() > 1
            && !word[1..].starts_with(|c: char| c.is_ascii_digit());
        if is_flag {
            out.push((word.trim_start_matches('-').to_owned(), Vec::new()));
        } else if let Some((_, values)) = out.last_mut() {
            values.push(word.clone());
        } else {
            return err(format!("'{word}' does not follow a flag"));
        }
    }
    Ok(out)
}

pub fn key_values(flag: &str, values: &[String]) -> Result<Vec<(String, String)>, CliError> {
    values
        .iter()
        .map(|v| match v.split_once('=') {
            Some((k, val)) => Ok((k.to_owned(), val.to_owned())),
            None => err(format!("--{flag}: '{v}' is not key=value")),
        })
        .collect()
}

pub fn one_value<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, CliError> {
    match values {
        [v] => Ok(v),
        _ => err(format!("--{flag} takes exactly one value")),
    }
}

/// The most games one match may schedule. The runner (and a resume's check of the stored games)
/// builds the whole schedule up front, so a mistyped `--rounds 4294967295`, or a damaged state
/// file's stored arguments, would otherwise take the machine's memory; the longest matches run
/// here are some 40,000 games.
pub const MAX_SCHEDULED_GAMES: u64 = 1_000_000;

/// Games in the schedule of `cfg`, saturating.
fn scheduled_games(cfg: &MatchConfig) -> u64 {
    let engines = cfg.engines.len() as u64;
    let encounters = match cfg.tournament {
        TournamentKind::Gauntlet => engines.saturating_sub(1),
        TournamentKind::RoundRobin => engines * engines.saturating_sub(1) / 2,
    };
    encounters.saturating_mul(u64::from(cfg.games)).saturating_mul(u64::from(cfg.rounds))
}

pub fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, CliError> {
    text.parse().or_else(|_| err(format!("{what}: '{text}' is not a valid number")))
}

fn boolean(what: &str, text: &str) -> Result<bool, CliError> {
    match text {
        "true" | "on" | "1" | "yes" => Ok(true),
        "false" | "off" | "0" | "no" => Ok(false),
        _ => err(format!("{what}: '{text}' is not true/false")),
    }
}

/// Applies one `key=value` of `--engine`/`--each` to an engine.
pub fn apply_engine_key(e: &mut EngineConfig, key: &str, value: &str) -> Result<(), CliError> {
    if let Some(name) = key.strip_prefix("option.") {
        if let Some(slot) = e.options.iter_mut().find(|(n, _)| n == name) {
            slot.1 = value.to_owned();
        } else {
            e.options.push((name.to_owned(), value.to_owned()));
        }
        return Ok(());
    }
    match key {
        "cmd" => e.cmd = value.to_owned(),
        "name" => e.name = value.to_owned(),
        "arg" => e.args.push(value.to_owned()),
        "dir" => e.dir = Some(PathBuf::from(value)),
        "proto" => {
            e.proto = match value {
                "uci" => Proto::Uci,
                "ucci" => Proto::Ucci,
                "auto" => Proto::Auto,
                _ => return err(format!("proto: '{value}' is not uci, ucci or auto")),
            }
        }
        "tc" => {
            let tc = parse_tc(value).map_err(|e| CliError(e.to_string()))?;
            e.limits.clock = tc.clock;
            e.limits.infinite = tc.infinite;
        }
        "st" => {
            e.limits.movetime = Some(
                parse_seconds(value)
                    .ok_or_else(|| CliError(format!("st: '{value}' is not seconds")))?,
            )
        }
        "nodes" => e.limits.nodes = Some(number("nodes", value)?),
        "depth" => e.limits.depth = Some(number("depth", value)?),
        "timemargin" => e.margin = Duration::from_millis(number("timemargin", value)?),
        "hang" => {
            e.hang_timeout = parse_seconds(value)
                .ok_or_else(|| CliError(format!("hang: '{value}' is not seconds")))?
        }
        "ranks" => {
            e.ranks = match value {
                "0" => RankBase::Zero,
                "1" => RankBase::One,
                "auto" => RankBase::Auto,
                _ => return err(format!("ranks: '{value}' is not 0, 1 or auto")),
            }
        }
        "uccitime" => {
            e.ucci_time = match value {
                "s" => UcciTimeUnit::Seconds,
                "ms" => UcciTimeUnit::Millis,
                "auto" => UcciTimeUnit::Auto,
                _ => return err(format!("uccitime: '{value}' is not s, ms or auto")),
            }
        }
        _ => return err(format!("unknown engine setting '{key}'")),
    }
    Ok(())
}

/// Parses the arguments that follow `kientuong match`.
pub fn parse_args(args: &[String]) -> Result<MatchConfig, CliError> {
    let mut game = None;
    let mut each: Vec<(String, String)> = Vec::new();
    let mut engine_keys: Vec<Vec<(String, String)>> = Vec::new();
    let mut repeat_given = false;
    let mut cfg = MatchConfig {
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
    let (mut tb_path, mut tb_pieces) = (None, None);
    for (flag, values) in groups(args)? {
        match flag.as_str() {
            "engine" => engine_keys.push(key_values(&flag, &values)?),
            "each" => each.extend(key_values(&flag, &values)?),
            "game" | "variant" => {
                game = Some(match one_value(&flag, &values)? {
                    "chess" | "standard" => GameKind::Chess,
                    "fischerandom" | "chess960" | "frc" | "dfrc" => {
                        cfg.chess960 = true;
                        GameKind::Chess
                    }
                    "xiangqi" => GameKind::Xiangqi,
                    other => return err(format!("--game: '{other}' is not chess or xiangqi")),
                })
            }
            "games" => cfg.games = number("--games", one_value(&flag, &values)?)?,
            "rounds" => cfg.rounds = number("--rounds", one_value(&flag, &values)?)?,
            "repeat" => {
                repeat_given = true;
                cfg.repeat = match values.as_slice() {
                    [] => true,
                    // cutechess takes a count (`-repeat 2`); a boolean is accepted too.
                    [v] => match v.parse::<u32>() {
                        Ok(count) => count >= 2,
                        Err(_) => boolean("--repeat", v)?,
                    },
                    _ => return err("--repeat takes at most one value"),
                }
            }
            "concurrency" => cfg.concurrency = number("--concurrency", one_value(&flag, &values)?)?,
            "chess960" => {
                cfg.chess960 = match values.as_slice() {
                    [] => true,
                    [v] => boolean("--chess960", v)?,
                    _ => return err("--chess960 takes at most one value"),
                }
            }
            "seed" | "srand" => cfg.seed = number("--seed", one_value(&flag, &values)?)?,
            "quiet" => cfg.quiet = true,
            "allow-replays" => cfg.allow_replays = true,
            "tb" => tb_path = Some(one_value(&flag, &values)?.to_owned()),
            "tb-pieces" | "tbpieces" => {
                tb_pieces = Some(number("--tb-pieces", one_value(&flag, &values)?)?)
            }
            "movelimit" => {
                cfg.move_limit = Some(number("--movelimit", one_value(&flag, &values)?)?)
            }
            "tournament" => {
                cfg.tournament = match one_value(&flag, &values)? {
                    "gauntlet" => TournamentKind::Gauntlet,
                    "round-robin" | "roundrobin" => TournamentKind::RoundRobin,
                    other => {
                        return err(format!(
                            "--tournament: '{other}' is not gauntlet or round-robin"
                        ))
                    }
                }
            }
            "rules" => {
                cfg.rules = match one_value(&flag, &values)? {
                    "asian" => RuleSet::Asian,
                    "cxq" => RuleSet::Cxq,
                    other => return err(format!("--rules: '{other}' is not asian or cxq")),
                }
            }
            "pgnout" => {
                let path = match values.as_slice() {
                    [v] if !v.contains('=') => v.clone(),
                    _ => key_values(&flag, &values)?
                        .into_iter()
                        .find(|(k, _)| k == "file")
                        .map(|(_, v)| v)
                        .ok_or_else(|| CliError("--pgnout needs file=PATH".into()))?,
                };
                cfg.pgnout = Some(PathBuf::from(path));
            }
            "openings" => {
                for (k, v) in key_values(&flag, &values)? {
                    let o = &mut cfg.openings;
                    match k.as_str() {
                        "file" => o.file = Some(PathBuf::from(v)),
                        "book" => {
                            o.book = match v.as_str() {
                                "large" => BuiltinBook::Large,
                                "classic" => BuiltinBook::Classic,
                                _ => {
                                    return err(format!(
                                        "--openings book: '{v}' is not large or classic"
                                    ))
                                }
                            }
                        }
                        "format" => {
                            o.format = match v.as_str() {
                                "epd" => OpeningFormat::Epd,
                                "pgn" => OpeningFormat::Pgn,
                                _ => {
                                    return err(format!(
                                        "--openings format: '{v}' is not epd or pgn"
                                    ))
                                }
                            }
                        }
                        "order" => {
                            o.order = match v.as_str() {
                                "random" => OpeningOrder::Random,
                                "sequential" => OpeningOrder::Sequential,
                                _ => {
                                    return err(format!(
                                        "--openings order: '{v}' is not random or sequential"
                                    ))
                                }
                            }
                        }
                        "plies" => o.plies = Some(number("--openings plies", &v)?),
                        "start" => o.start = number("--openings start", &v)?,
                        "policy" => {}
                        _ => return err(format!("--openings: unknown key '{k}'")),
                    }
                }
            }
            "sprt" => {
                let (mut elo0, mut elo1, mut alpha, mut beta) = (None, None, 0.05, 0.05);
                for (k, v) in key_values(&flag, &values)? {
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
                cfg.sprt = Some(SprtConfig { elo0, elo1, alpha, beta });
            }
            "resign" => {
                let mut rule = ResignRule { movecount: 3, score: 600, twosided: false };
                for (k, v) in key_values(&flag, &values)? {
                    match k.as_str() {
                        "movecount" => rule.movecount = number("--resign movecount", &v)?,
                        "score" => rule.score = number("--resign score", &v)?,
                        "twosided" => rule.twosided = boolean("--resign twosided", &v)?,
                        _ => return err(format!("--resign: unknown key '{k}'")),
                    }
                }
                cfg.resign = Some(rule);
            }
            "draw" => {
                let mut rule = DrawRule { movenumber: 40, movecount: 8, score: 10 };
                for (k, v) in key_values(&flag, &values)? {
                    match k.as_str() {
                        "movenumber" => rule.movenumber = number("--draw movenumber", &v)?,
                        "movecount" => rule.movecount = number("--draw movecount", &v)?,
                        "score" => rule.score = number("--draw score", &v)?,
                        _ => return err(format!("--draw: unknown key '{k}'")),
                    }
                }
                cfg.draw = Some(rule);
            }
            other => return err(format!("unknown flag '--{other}'")),
        }
    }
    cfg.game = game.ok_or_else(|| CliError("--game chess|xiangqi is required".into()))?;
    if engine_keys.len() < 2 {
        return err("a match needs at least two --engine");
    }
    for keys in &engine_keys {
        let mut e = EngineConfig::new("");
        for (k, v) in each.iter().chain(keys) {
            apply_engine_key(&mut e, k, v)?;
        }
        if e.cmd.is_empty() {
            return err("every --engine needs cmd=PATH");
        }
        if e.name.is_empty() {
            e.name = default_name(&e.cmd);
        }
        if cfg.chess960 && !e.options.iter().any(|(k, _)| k.eq_ignore_ascii_case("UCI_Chess960")) {
            e.options.push(("UCI_Chess960".into(), "true".into()));
        }
        if !e.limits.is_set() {
            return err(format!("engine '{}' has no tc=, st=, nodes= or depth=", e.name));
        }
        cfg.engines.push(e);
    }
    make_names_unique(&mut cfg.engines);
    if cfg.games == 0 || cfg.rounds == 0 || cfg.concurrency == 0 {
        return err("--games, --rounds and --concurrency must be at least 1");
    }
    let scheduled = scheduled_games(&cfg);
    if scheduled > MAX_SCHEDULED_GAMES {
        return err(format!(
            "--games {} and --rounds {} make {scheduled} games; a match schedules at most \
             {MAX_SCHEDULED_GAMES}",
            cfg.games, cfg.rounds
        ));
    }
    if cfg.sprt.is_some() && cfg.engines.len() != 2 {
        return err("--sprt needs exactly two engines");
    }
    if cfg.chess960 && cfg.game != GameKind::Chess {
        return err("--chess960 applies to chess only");
    }
    // A Chess960 start position favours one side: both colours play it unless told otherwise.
    cfg.repeat |= cfg.chess960 && !repeat_given;
    if cfg.rules == RuleSet::Cxq && cfg.game != GameKind::Xiangqi {
        return err("--rules cxq applies to xiangqi only");
    }
    match (tb_path, tb_pieces) {
        (None, Some(_)) => return err("--tb-pieces needs --tb DIR"),
        (Some(_), Some(n)) if n < 3 => {
            return err(format!("--tb-pieces: {n} is too few (the smallest tables have 3 pieces)"))
        }
        (Some(path), pieces) => cfg.tb = Some(TbConfig { path, pieces }),
        (None, None) => {}
    }
    if cfg.tb.is_some() && cfg.game != GameKind::Chess {
        return err("--tb: Syzygy tablebases are for chess only");
    }
    Ok(cfg)
}

pub fn default_name(cmd: &str) -> String {
    std::path::Path::new(cmd)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| cmd.to_owned())
}

/// Two engines with the same name would merge in the tables: number the repeats.
fn make_names_unique(engines: &mut [EngineConfig]) {
    for i in 1..engines.len() {
        let base = engines[i].name.clone();
        let mut k = 2;
        while engines[..i].iter().any(|e| e.name == engines[i].name) {
            engines[i].name = format!("{base}-{k}");
            k += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn parses_a_full_command_line() {
        let cfg = parse_args(&words(
            "--game xiangqi -engine cmd=/bin/a name=A proto=ucci option.Hash=64 tc=40/60+0.5 \
             --engine cmd=/bin/b st=0.5 option.Hash=32 --each option.Threads=1 timemargin=250 nodes=5000 \
             --games 2 --rounds 3 --repeat --concurrency 4 --openings file=o.epd format=epd order=random \
             --pgnout file=out.pgn --sprt elo0=0 elo1=5 alpha=0.05 beta=0.1 --tournament gauntlet \
             --rules cxq --resign movecount=3 score=500 --draw movenumber=30 movecount=6 score=8 --seed 7",
        ))
        .unwrap();
        assert_eq!(cfg.game, GameKind::Xiangqi);
        assert_eq!(cfg.engines.len(), 2);
        let (a, b) = (&cfg.engines[0], &cfg.engines[1]);
        assert_eq!((a.name.as_str(), a.proto), ("A", Proto::Ucci));
        assert_eq!(a.options, vec![("Threads".into(), "1".into()), ("Hash".into(), "64".into())]);
        assert_eq!(a.limits.clock.unwrap().moves_per_period, Some(40));
        assert_eq!(a.limits.nodes, Some(5000));
        assert_eq!(a.margin, Duration::from_millis(250));
        assert_eq!((b.name.as_str(), b.limits.movetime), ("b", Some(Duration::from_millis(500))));
        assert_eq!((cfg.games, cfg.rounds, cfg.repeat, cfg.concurrency), (2, 3, true, 4));
        assert_eq!(cfg.openings.order, OpeningOrder::Random);
        assert_eq!(cfg.pgnout, Some(PathBuf::from("out.pgn")));
        assert_eq!(cfg.sprt, Some(SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.1 }));
        assert_eq!(
            (cfg.tournament, cfg.rules, cfg.seed),
            (TournamentKind::Gauntlet, RuleSet::Cxq, 7)
        );
        assert_eq!(cfg.resign, Some(ResignRule { movecount: 3, score: 500, twosided: false }));
        assert_eq!(cfg.draw, Some(DrawRule { movenumber: 30, movecount: 6, score: 8 }));
    }

    #[test]
    fn errors_name_the_bad_word() {
        let base = "--game chess --engine cmd=x tc=1 --engine cmd=y tc=1";
        for (extra, needle) in [
            (" --games x", "'x'"),
            (" --bogus", "--bogus"),
            (" --engine cmd=z tc=1/", "1/"),
            (" --engine cmd=z", "no tc="),
            (" --rules cxq", "xiangqi only"),
            (" --sprt elo0=5 elo1=0", "elo0 < elo1"),
            (" --engine cmd=z tc=1 proto=xboard", "xboard"),
        ] {
            let e = parse_args(&words(&format!("{base}{extra}"))).unwrap_err();
            assert!(e.0.contains(needle), "{extra}: {e}");
        }
        assert!(
            parse_args(&words("--engine cmd=x tc=1 --engine cmd=y tc=1")).is_err(),
            "no --game"
        );
        assert!(parse_args(&words("--game chess --engine cmd=x tc=1")).is_err(), "one engine");
    }

    #[test]
    fn repeat_takes_a_count_or_a_boolean() {
        let base = "--game chess --engine cmd=x tc=1 --engine cmd=y tc=1 --repeat";
        for (value, expected) in
            [("", true), (" 2", true), (" 1", false), (" true", true), (" off", false)]
        {
            assert_eq!(
                parse_args(&words(&format!("{base}{value}"))).unwrap().repeat,
                expected,
                "{value:?}"
            );
        }
        assert!(parse_args(&words(&format!("{base} maybe"))).is_err());
    }

    #[test]
    fn tablebase_flags() {
        let base = "--game chess --engine cmd=x tc=1 --engine cmd=y tc=1";
        let path = "/tb/345:/tb/6";
        let cfg = parse_args(&words(&format!("{base} --tb {path} --tb-pieces 5"))).unwrap();
        assert_eq!(cfg.tb, Some(TbConfig { path: path.into(), pieces: Some(5) }));
        let cfg = parse_args(&words(&format!("{base} -tb {path}"))).unwrap();
        assert_eq!(cfg.tb, Some(TbConfig { path: path.into(), pieces: None }));
        assert_eq!(parse_args(&words(base)).unwrap().tb, None);
        let xiangqi = base.replace("chess", "xiangqi");
        for (args, needle) in [
            (format!("{xiangqi} --tb {path}"), "chess only"),
            (format!("{base} --tb-pieces 5"), "needs --tb"),
            (format!("{base} --tb {path} --tb-pieces 2"), "too few"),
            (format!("{base} --tb {path} --tb-pieces x"), "'x'"),
            (format!("{base} --tb"), "--tb takes exactly one value"),
            (format!("{base} --tb a b"), "--tb takes exactly one value"),
        ] {
            let e = parse_args(&words(&args)).unwrap_err();
            assert!(e.0.contains(needle), "{args}: {e}");
        }
    }

    #[test]
    fn duplicate_names_are_numbered() {
        let cfg = parse_args(&words(
            "--game chess --each cmd=sf tc=1 --engine --engine --engine name=sf",
        ))
        .unwrap();
        let names: Vec<_> = cfg.engines.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["sf", "sf-2", "sf-3"]);
    }
}
