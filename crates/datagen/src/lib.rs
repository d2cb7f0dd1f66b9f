//! Self-play training data for the Texel tuner and the NNUE trainer, for either game.
//!
//! Games are played in-process with the one search (`search::Engine`, one thread per game,
//! a fixed node budget per move) from randomised openings: a few random legal plies from the
//! start position, kept only if a search scores the result as roughly level. The rules layers
//! end the games (`Game::game_verdict`); a game both sides' searches agree is decided (the same
//! side ahead by `adjudicate_cp` or a mate score for several plies in a row) is adjudicated to
//! that side, and, where the draw rule is on, one that stays level long enough is drawn. A
//! caller may pass a tablebase ([`Tablebase`], a closure: the binary makes one of chess Syzygy
//! tables for `--tb`), and a game then ends at the first position it knows, with its result.
//!
//! Two file formats: game records ([`record_format`], the default: a start FEN and 4 bytes a
//! ply, every searched position kept, filtered when read by [`replay`]) and the older position
//! files ([`format`]: a FEN per position, filtered when written: no position in check, with a
//! capture or promotion as best move, or with a mate score). [`data_file`] reads either;
//! [`convert`] turns position files into records; [`manifest`] lists a data set's files with
//! their SHA-256 so a machine can tell what it holds.
//!
//! Games run in parallel over a rayon pool. Game `i` draws its opening from an RNG seeded by
//! `(seed, i)` and starts with a cleared engine, so the output depends only on the arguments,
//! never on the thread count or scheduling.
//!
//! This crate must not depend on the match runner (`tournament`): that one plays processes.

#![forbid(unsafe_code)]

pub mod book;
pub mod convert;
pub mod data_file;
pub mod error;
pub mod format;
pub mod manifest;
pub mod record_format;
pub mod replay;
mod rng;
mod run;
mod selfplay;
pub mod sha256;

pub use data_file::{read_positions, FileStats};
pub use error::DataError;
pub use format::{PositionRecord, Reader, ResultCode, Writer, FORMAT_VERSION, MAGIC};
pub use record_format::{GameRecord, Ply, RecordReader, RecordWriter};
pub use replay::Filter;
pub use run::{run, run_with, Config, GameSink, Summary};
pub use selfplay::{play_game, play_game_with, DrawRule, GameSettings, PlayedGame, Tablebase};
