//! `kientuong params [--game G]`: the search's tunable constants in OpenBench's SPSA input
//! format, one per line (`name, int, value, min, max, c_end, r_end`), ready for
//! `kientuong spsa --params` or an OpenBench tune. The values are those game `G` (chess unless
//! given) plays with in this build; a build with the `tune` feature takes each as a UCI option
//! of the same name.

use crate::dispatch::{game_arg, GameKind};
use crate::stdout::say;
use clap::Args;

#[derive(Args)]
pub struct ParamsArgs {
    /// The game whose values are listed (they differ where xiangqi has its own).
    #[arg(long, value_parser = game_arg(), default_value = "chess")]
    game: GameKind,
}

pub fn run(args: &ParamsArgs) -> Result<(), String> {
    let column = search::params::column_of(args.game);
    for param in search::params::TUNABLES {
        say!("{}", param.spsa_line(column));
    }
    Ok(())
}
