//! Stopping and resuming a match: the state file (`--state`), written after every game, and the
//! resume (`--resume`) that checks it against the command line and continues it.

pub mod match_state;
pub mod resume;
