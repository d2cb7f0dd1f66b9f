//! Subcommands that were removed: the name still parses, whatever follows it, so that a script
//! written for it stops with where to find it instead of clap's "unrecognized subcommand" (or,
//! worse, the words being run as protocol lines).

use clap::Args;
use std::ffi::OsString;

/// The last commit whose `kientuong` has `train-net`, the first, all-in-memory NNUE trainer
/// (`crates/tuner/src/net_train` there). `scripts/train-net.sh` builds it for `TRAINER=train-net`
/// and names the same commit.
pub const TRAIN_NET_LAST_COMMIT: &str = "1948f9d";

#[derive(Args)]
pub struct RetiredArgs {
    /// Whatever the old command took; ignored.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true, hide = true)]
    _args: Vec<OsString>,
}

pub fn train_net() -> Result<(), String> {
    Err(format!(
        "train-net was retired; the last commit that has it is {TRAIN_NET_LAST_COMMIT}. Train \
         with `kientuong train-nnue`, or run a recipe that needs the old trainer through \
         `TRAINER=train-net scripts/train-net.sh GAME`, which builds {TRAIN_NET_LAST_COMMIT} \
         and runs its train-net"
    ))
}
