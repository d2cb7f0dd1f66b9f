//! Parses cutechess-cli / fastchess style arguments (`--engine cmd=… name=… tc=10+0.1`,
//! `--each …`, `--games 2`, …) into a [`MatchConfig`]. Flags take one or two dashes; a flag's
//! values are the words up to the next flag. Every error names the offending word.
//!
//! As fastchess does, each flag is read by its own function (`flags.rs`, a table from the flag's
//! names to it); what needs the whole line is checked afterwards (`checks.rs`). `words.rs` reads
//! the words themselves and `engine_keys.rs` an engine's `key=value` settings; `kientuong spsa`
//! shares those two.

mod checks;
mod engine_keys;
mod flags;
mod words;

pub use checks::MAX_SCHEDULED_GAMES;
pub use engine_keys::{apply_engine_key, default_name};
pub use words::{groups, key_values, number, one_value, CliError};

use crate::config::MatchConfig;

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

/// Parses the arguments that follow `kientuong match`.
pub fn parse_args(args: &[String]) -> Result<MatchConfig, CliError> {
    let mut read = flags::ReadFlags::new();
    for (flag, values) in groups(args)? {
        flags::read_flag(&mut read, &flag, &values)?;
    }
    checks::finish(read)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::*;
    use crate::stats::sprt::SprtConfig;
    use std::path::PathBuf;
    use std::time::Duration;

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
