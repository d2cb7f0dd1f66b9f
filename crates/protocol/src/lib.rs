//! UCI and UCCI, as text: GUI lines in, [`Command`]s out; typed replies in, engine lines out.
//! No threads, no game logic; the one dependency is `game-api`, for [`GameKind`].
//!
//! Design:
//! - [`parse`] is total: any `&str` gives a `Command` or a [`ProtocolError`] naming the bad
//!   text, never a panic. Both dialects' command forms are accepted whatever the dialect
//!   (GUIs mix them: cchess sends `setoption name X value Y` to UCCI engines, VinXiangQi sends
//!   `go movetime` in UCCI mode). Control commands (`stop`, `ponderhit`, `isready`, `quit`)
//!   never fail and `go` never fails either, so a GUI always gets its answer.
//! - FENs and moves stay strings; the game crates read them. Moves are lower-cased. Which game
//!   is played is a [`GameKind`], shared by the engine and the match runner.
//! - Clock values come out in milliseconds. The unit they were written in is the dialect's
//!   rule ([`Dialect::clock_unit`]): UCI always ms; UCCI ms while `usemillisec` is on (its
//!   default here, since the engine announces it), seconds after `setoption usemillisec false`.
//!   [`parse_with_clock`] takes the unit in force.
//! - Output types ([`SearchInfo`], [`BestMove`], [`OptionDecl`], [`PopHash`]) write one line
//!   each for a [`Dialect`]; everything that differs between the dialects is listed in
//!   `dialect.rs`. [`SearchInfo::parse`] and [`BestMove::parse`] read such lines back (the match
//!   runner reads engines with them), in either dialect.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod command;
mod dialect;
mod engine_lines;
mod error;
mod output;
mod parse;

pub use command::{
    parse_bool, Command, GenFensParams, GoParams, PositionSpec, SetOption, SideClock,
};
pub use dialect::{ClockUnit, Dialect};
pub use error::ProtocolError;
/// Which game is played: the protocols name it (`UCI_Variant`), so it is re-exported here.
pub use game_api::GameKind;
pub use output::{
    text_line, BestMove, Bound, HashBound, Offer, OptionDecl, OptionKind, PopHash, Score,
    SearchInfo, Wdl, MAX_TEXT_CHARS, UCCI_MATE,
};
pub use parse::{parse, parse_with_clock, shorten};
