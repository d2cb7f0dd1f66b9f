//! Parses the arguments of `kientuong spsa` with the match command's word rules and engine keys
//! (`--engine cmd=… nodes=… option.Hash=16`, `--each …`), so an engine is described the same
//! way in both commands. Only what a fresh run needs is required here; `mod.rs` decides what a
//! resumed run takes from its state file instead.

use super::error::SpsaError;
use std::path::PathBuf;
use tournament::cli::{
    apply_engine_key, default_name, groups, key_values, number, one_value, CliError,
};
use tournament::config::{EngineConfig, GameKind};

pub const USAGE: &str = "\
kientuong spsa --engine cmd=PATH [name=N] [proto=uci|ucci] [option.NAME=V]... [nodes=N | tc=... | st=S | depth=D]
               [--each (same keys)] --game chess|xiangqi --params FILE --pairs N
               [--concurrency N] [--seed S] [--state FILE] [--resume FILE] [--stop-after N] [--quiet]

Tunes the parameters of FILE (OpenBench SPSA format, one per line:
`name, int|float, value, min, max, c_end, r_end`) by playing the engine against itself,
θ+c·δ against θ−c·δ, one game pair per iteration from the built-in openings in seeded order.
The values reach the engine as `setoption name NAME value V`. --state FILE is rewritten after
every pair; --resume FILE continues it to exactly the θ an unbroken run reaches (same pairs,
seed and params; --stop-after N ends this run early). At the end the tuned values are printed in
the params format.";

#[derive(Clone, Debug, PartialEq)]
pub struct SpsaArgs {
    pub game: Option<GameKind>,
    pub engine: EngineConfig,
    pub params: Option<PathBuf>,
    pub pairs: Option<u32>,
    pub concurrency: usize,
    pub seed: Option<u64>,
    pub state: Option<PathBuf>,
    pub resume: Option<PathBuf>,
    pub stop_after: Option<u32>,
    pub quiet: bool,
}

fn cli(e: CliError) -> SpsaError {
    SpsaError::Cli(e.0)
}

pub fn parse(args: &[String]) -> Result<SpsaArgs, SpsaError> {
    let mut engines: Vec<Vec<(String, String)>> = Vec::new();
    let mut each: Vec<(String, String)> = Vec::new();
    let mut out = SpsaArgs {
        game: None,
        engine: EngineConfig::new(""),
        params: None,
        pairs: None,
        concurrency: 1,
        seed: None,
        state: None,
        resume: None,
        stop_after: None,
        quiet: false,
    };
    for (flag, values) in groups(args).map_err(cli)? {
        let one = || one_value(&flag, &values).map_err(cli);
        match flag.as_str() {
            "engine" => engines.push(key_values(&flag, &values).map_err(cli)?),
            "each" => each.extend(key_values(&flag, &values).map_err(cli)?),
            "game" | "variant" => {
                let name = one()?;
                out.game = Some(GameKind::from_name(name).ok_or_else(|| {
                    SpsaError::Cli(format!("--game: '{name}' is not chess or xiangqi"))
                })?);
            }
            "params" => out.params = Some(PathBuf::from(one()?)),
            "pairs" => out.pairs = Some(number("--pairs", one()?).map_err(cli)?),
            "concurrency" => out.concurrency = number("--concurrency", one()?).map_err(cli)?,
            "seed" | "srand" => out.seed = Some(number("--seed", one()?).map_err(cli)?),
            "state" => out.state = Some(PathBuf::from(one()?)),
            "resume" => out.resume = Some(PathBuf::from(one()?)),
            "stop-after" => out.stop_after = Some(number("--stop-after", one()?).map_err(cli)?),
            "quiet" => out.quiet = true,
            other => return Err(SpsaError::Cli(format!("unknown flag '--{other}'"))),
        }
    }
    let [keys] = engines.as_slice() else {
        return Err(SpsaError::Cli(format!(
            "give exactly one --engine (both sides of every pair run it), not {}",
            engines.len()
        )));
    };
    for (k, v) in each.iter().chain(keys) {
        apply_engine_key(&mut out.engine, k, v).map_err(cli)?;
    }
    if out.engine.cmd.is_empty() {
        return Err(SpsaError::Cli("--engine needs cmd=PATH".into()));
    }
    if out.engine.name.is_empty() {
        out.engine.name = default_name(&out.engine.cmd);
    }
    if !out.engine.limits.is_set() {
        return Err(SpsaError::Cli("the engine has no tc=, st=, nodes= or depth=".into()));
    }
    if out.concurrency == 0 || out.pairs == Some(0) || out.stop_after == Some(0) {
        return Err(SpsaError::Cli(
            "--concurrency, --pairs and --stop-after must be at least 1".into(),
        ));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn parses_the_flags() {
        let a = parse(&words(
            "--engine cmd=/bin/k option.Hash=16 --each nodes=500 --game xiangqi --params p.txt \
             --pairs 300 --concurrency 2 --seed 5 --state s.txt --stop-after 10",
        ))
        .unwrap();
        assert_eq!(
            (a.game, a.pairs, a.concurrency, a.seed),
            (Some(GameKind::Xiangqi), Some(300), 2, Some(5))
        );
        assert_eq!(a.engine.limits.nodes, Some(500));
        assert_eq!(a.engine.options, vec![("Hash".to_owned(), "16".to_owned())]);
        assert_eq!((a.engine.name.as_str(), a.stop_after), ("k", Some(10)));
        assert_eq!(a.state, Some(PathBuf::from("s.txt")));
    }

    #[test]
    fn refuses_bad_command_lines() {
        for (line, needle) in [
            ("--game chess --params p --pairs 3", "exactly one --engine"),
            ("--engine cmd=a nodes=1 --engine cmd=b nodes=1", "not 2"),
            ("--engine cmd=a", "no tc="),
            ("--engine cmd=a nodes=1 --pairs x", "'x'"),
            ("--engine cmd=a nodes=1 --pairs 0", "at least 1"),
            ("--engine cmd=a nodes=1 --bogus", "--bogus"),
            ("--engine cmd=a nodes=1 --game go", "'go'"),
        ] {
            let e = parse(&words(line)).unwrap_err().to_string();
            assert!(e.contains(needle), "{line}: {e}");
        }
    }
}
