//! What can go wrong in an SPSA run, typed so that the command can say which input is at fault.
//! Every variant carries the whole human message (file, line, what was expected): the binary
//! prints it and exits 1, and no bad input reaches a panic.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpsaError {
    /// The command line (unknown flag, missing value, contradictory options).
    Cli(String),
    /// The params file: unreadable, or a line not in the OpenBench format.
    Params(String),
    /// The state file: unreadable, corrupt, or not from this run (other params, seed, game).
    State(String),
    /// The engine: cannot start, or lacks an option being tuned.
    Engine(String),
    /// Openings or other setup the match machinery refused.
    Setup(String),
}

impl fmt::Display for SpsaError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SpsaError::Cli(m) => write!(f, "spsa: {m}"),
            SpsaError::Params(m) => write!(f, "spsa params: {m}"),
            SpsaError::State(m) => write!(f, "spsa state: {m}"),
            SpsaError::Engine(m) => write!(f, "spsa engine: {m}"),
            SpsaError::Setup(m) => write!(f, "spsa: {m}"),
        }
    }
}

impl std::error::Error for SpsaError {}
