//! `kientuong match …` with cutechess-cli style flags (the tournament issue fills this in).

use clap::Args;

#[derive(Args)]
pub struct MatchArgs {
    /// cutechess-cli style arguments, parsed by the tournament crate.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

pub fn run(args: &MatchArgs) -> Result<(), String> {
    let _ = &args.args;
    Err("match is not available yet: the tournament runner is not built".to_owned())
}
