//! Protocol lines from the command line, as Stockfish-style engines take them and as OpenBench's
//! client relies on (`./engine "setoption name EvalFile value net" "genfens 8 seed 1 book None"
//! "quit"`): when the first argument is neither a subcommand nor a flag, every argument is one
//! protocol line, run in order, and the engine exits after the last.

use clap::CommandFactory;
use std::ffi::OsString;

/// The protocol lines in `args` (the program name excluded), or `None` when clap should parse
/// them: no arguments (the interactive loop), a flag (`--help`, `--version`), or a subcommand.
pub fn protocol_lines<C: CommandFactory>(args: &[OsString]) -> Option<Vec<String>> {
    let first = args.first()?.to_string_lossy();
    if first.starts_with('-') || is_subcommand::<C>(&first) {
        return None;
    }
    // Arguments that are not UTF-8 cannot be valid commands; the lossy text still lets the
    // session say which line it could not read.
    Some(args.iter().map(|a| a.to_string_lossy().into_owned()).collect())
}

fn is_subcommand<C: CommandFactory>(word: &str) -> bool {
    let cli = C::command();
    word == "help"
        || cli
            .get_subcommands()
            .any(|sub| sub.get_name() == word || sub.get_all_aliases().any(|alias| alias == word))
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::{Parser, Subcommand};

    #[derive(Parser)]
    struct Cli {
        #[command(subcommand)]
        command: Option<Sub>,
    }

    #[derive(Subcommand)]
    enum Sub {
        Bench,
        #[command(alias = "p")]
        Perft,
    }

    fn lines(args: &[&str]) -> Option<Vec<String>> {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        protocol_lines::<Cli>(&args)
    }

    #[test]
    fn subcommands_flags_and_no_arguments_go_to_clap() {
        assert_eq!(lines(&[]), None);
        assert_eq!(lines(&["bench"]), None);
        assert_eq!(lines(&["bench", "--depth", "3"]), None);
        assert_eq!(lines(&["p"]), None);
        assert_eq!(lines(&["help"]), None);
        assert_eq!(lines(&["--version"]), None);
        assert_eq!(lines(&["-h"]), None);
    }

    #[test]
    fn anything_else_is_one_line_per_argument() {
        assert_eq!(
            lines(&["genfens 2 seed 1 book None", "quit"]),
            Some(vec!["genfens 2 seed 1 book None".into(), "quit".into()])
        );
        // A subcommand's name inside a longer line is a protocol line, not the subcommand.
        assert_eq!(lines(&["bench 16"]), Some(vec!["bench 16".into()]));
        assert_eq!(lines(&["uci", "bench"]), Some(vec!["uci".into(), "bench".into()]));
    }
}
