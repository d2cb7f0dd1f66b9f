//! Self-play training data for the Texel tuner and the NNUE trainer, for either game.
//!
//! Games are played in-process with the one search (`search::Engine`, one thread per game,
//! a fixed node budget per move) from randomised openings: a few random legal plies from the
//! start position, kept only if a search scores the result as roughly level. The rules layers
//! end the games (`Game::game_verdict`); a game both sides' searches agree is decided (the same
//! side ahead by `adjudicate_cp` or a mate score for several plies in a row) is adjudicated to
//! that side. Positions a static evaluation cannot judge are not written: in check, best move
//! a capture or promotion, mate scores.
//!
//! Games run in parallel over a rayon pool. Game `i` draws its opening from an RNG seeded by
//! `(seed, i)` and starts with a cleared engine, so the output depends only on the arguments,
//! never on the thread count or scheduling. The file format is in [`format`].
//!
//! This crate must not depend on the match runner (`tournament`): that one plays processes.

#![forbid(unsafe_code)]

pub mod format;
mod rng;
mod run;
mod selfplay;

pub use format::{GameId, Reader, Record, ResultCode, Writer, FORMAT_VERSION, MAGIC};
pub use run::{run, Config, Summary};
pub use selfplay::{play_game, GameSettings};
