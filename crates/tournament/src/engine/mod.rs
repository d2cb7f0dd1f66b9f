//! Engines as child processes: the process and its line channel, the protocol session on top,
//! move-notation conversion and how scores are shown. The protocol types and the
//! parser of engine lines are `protocol`'s.

pub mod go_command;
pub mod notation;
pub mod process;
pub mod score;
pub mod session;

pub use go_command::GoClocks;
pub use process::EngineError;
pub use session::{EngineSession, GoFailure, PositionText, Reply};
