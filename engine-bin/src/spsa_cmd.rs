//! `kientuong spsa …`: local SPSA tuning of an engine's UCI options, with a state file that lets
//! a later run resume to the same values. The flags and the work are the `spsa` crate's; this
//! only hands them over and turns an error into exit code 1.

use crate::stdout::say;
use clap::Args;

#[derive(Args)]
#[command(after_help = spsa::USAGE)]
pub struct SpsaArgs {
    /// --engine cmd=… nodes=…, --game, --params FILE, --pairs N, --state FILE, --resume FILE, …
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub fn run(args: &SpsaArgs) -> Result<(), String> {
    if args.args.is_empty() || args.args.iter().any(|a| a == "--help" || a == "-help") {
        say!("{}", spsa::USAGE);
        return Ok(());
    }
    spsa::run_from_args(&args.args, &mut tournament::Stdout).map(|_| ()).map_err(|e| e.to_string())
}
