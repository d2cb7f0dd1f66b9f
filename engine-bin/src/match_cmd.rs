//! `kientuong match …`: cutechess-cli / fastchess style flags, parsed and run by the tournament
//! crate (see its `cli` module and the README for the flags).

use crate::stdout::say;
use clap::Args;

#[derive(Args)]
#[command(after_help = tournament::USAGE)]
pub struct MatchArgs {
    /// cutechess-cli style arguments: --engine cmd=… name=… tc=…, --each …, --games N, …
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub fn run(args: &MatchArgs) -> Result<(), String> {
    if args.args.is_empty() || args.args.iter().any(|a| a == "--help" || a == "-help") {
        say!("{}", tournament::USAGE);
        return Ok(());
    }
    tournament::run_from_args(&args.args, &mut tournament::Stdout).map(|_| ())
}
