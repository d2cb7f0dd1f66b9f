//! What a match command line must satisfy as a whole, once every flag is read: the game and at
//! least two engines given, each engine complete (`--each` under its own keys) and named apart,
//! a schedule of bounded size, and the flags that apply to one game or one pairing only.

use super::engine_keys::{apply_engine_key, default_name, make_names_unique};
use super::flags::ReadFlags;
use super::words::{err, CliError};
use crate::config::*;

/// The most games one match may schedule. The runner (and a resume's check of the stored games)
/// builds the whole schedule up front, so a mistyped `--rounds 4294967295`, or a damaged state
/// file's stored arguments, would otherwise take the machine's memory; the longest matches run
/// here are some 40,000 games.
pub const MAX_SCHEDULED_GAMES: u64 = 1_000_000;

/// The checked configuration of what was read. The checks run in a fixed order, so a command
/// line with several faults is always refused for the same one.
pub(super) fn finish(read: ReadFlags) -> Result<MatchConfig, CliError> {
    let ReadFlags { mut cfg, game, engines, each, repeat_given, tb_path, tb_pieces } = read;
    cfg.game = game.ok_or_else(|| CliError("--game chess|xiangqi is required".into()))?;
    cfg.engines = build_engines(&engines, &each, cfg.chess960)?;
    check_schedule(&cfg)?;
    if cfg.chess960 && cfg.game != GameKind::Chess {
        return err("--chess960 applies to chess only");
    }
    // A Chess960 start position favours one side: both colours play it unless told otherwise.
    cfg.repeat |= cfg.chess960 && !repeat_given;
    if cfg.rules == RuleSet::Cxq && cfg.game != GameKind::Xiangqi {
        return err("--rules cxq applies to xiangqi only");
    }
    cfg.tb = tablebase(tb_path, tb_pieces)?;
    if cfg.tb.is_some() && cfg.game != GameKind::Chess {
        return err("--tb: Syzygy tablebases are for chess only");
    }
    Ok(cfg)
}

/// Each `--engine` with the `--each` keys applied first, so that its own keys win.
fn build_engines(
    engines: &[Vec<(String, String)>],
    each: &[(String, String)],
    chess960: bool,
) -> Result<Vec<EngineConfig>, CliError> {
    if engines.len() < 2 {
        return err("a match needs at least two --engine");
    }
    let mut built = Vec::with_capacity(engines.len());
    for keys in engines {
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
        if chess960 && !e.options.iter().any(|(k, _)| k.eq_ignore_ascii_case("UCI_Chess960")) {
            e.options.push(("UCI_Chess960".into(), "true".into()));
        }
        if !e.limits.is_set() {
            return err(format!("engine '{}' has no tc=, st=, nodes= or depth=", e.name));
        }
        built.push(e);
    }
    make_names_unique(&mut built);
    Ok(built)
}

/// Counts of at least one, a schedule of at most [`MAX_SCHEDULED_GAMES`], and an SPRT only
/// between two engines.
fn check_schedule(cfg: &MatchConfig) -> Result<(), CliError> {
    if cfg.games == 0 || cfg.rounds == 0 || cfg.concurrency == 0 {
        return err("--games, --rounds and --concurrency must be at least 1");
    }
    let scheduled = scheduled_games(cfg);
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
    Ok(())
}

/// Games in the schedule of `cfg`, saturating.
fn scheduled_games(cfg: &MatchConfig) -> u64 {
    let engines = cfg.engines.len() as u64;
    let encounters = match cfg.tournament {
        TournamentKind::Gauntlet => engines.saturating_sub(1),
        TournamentKind::RoundRobin => engines * engines.saturating_sub(1) / 2,
    };
    encounters.saturating_mul(u64::from(cfg.games)).saturating_mul(u64::from(cfg.rounds))
}

/// `--tb DIR [--tb-pieces N]`: the tables to adjudicate by, if any.
fn tablebase(path: Option<String>, pieces: Option<u32>) -> Result<Option<TbConfig>, CliError> {
    match (path, pieces) {
        (None, Some(_)) => err("--tb-pieces needs --tb DIR"),
        (Some(_), Some(n)) if n < 3 => {
            err(format!("--tb-pieces: {n} is too few (the smallest tables have 3 pieces)"))
        }
        (Some(path), pieces) => Ok(Some(TbConfig { path, pieces })),
        (None, None) => Ok(None),
    }
}
