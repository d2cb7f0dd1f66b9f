//! The settings of one engine (`--engine` and `--each` keys) and its name.

use super::words::{err, number, CliError};
use crate::config::{EngineConfig, Proto, RankBase, UcciTimeUnit};
use crate::game::clock::{parse_seconds, parse_tc};
use std::path::PathBuf;
use std::time::Duration;

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

/// An engine's default name: its command's file name.
pub fn default_name(cmd: &str) -> String {
    std::path::Path::new(cmd)
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| cmd.to_owned())
}

/// Two engines with the same name would merge in the tables: number the repeats.
pub(super) fn make_names_unique(engines: &mut [EngineConfig]) {
    for i in 1..engines.len() {
        let base = engines[i].name.clone();
        let mut k = 2;
        while engines[..i].iter().any(|e| e.name == engines[i].name) {
            engines[i].name = format!("{base}-{k}");
            k += 1;
        }
    }
}
