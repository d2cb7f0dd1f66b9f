//! Engines as child processes: the process and its line channel, the protocol session on top,
//! move-notation conversion and `info` parsing.

pub mod go_command;
pub mod info;
pub mod notation;
pub mod process;
pub mod session;

pub use info::Score;
pub use process::EngineError;
pub use session::{Dialect, EngineSession, GoClocks, GoFailure, PositionText, Reply};
