//! Self-play and engine-vs-engine matches (`kientuong match`), cutechess-cli style.
//!
//! Engines are child processes over UCI or UCCI ([`engine`]), spoken with `protocol`'s `Dialect`
//! and read with its `SearchInfo::parse` and `BestMove::parse`: a reader thread per process feeds
//! a channel so every wait has a deadline, and every failure of an engine (time, illegal move,
//! crash, silence) is a lost game, never a stuck or aborted match. Our own rules layers, generic
//! over [`game_api::Game`], referee every game ([`referee`], plus the CXQ club limits in
//! [`cxq`]); the runner owns the clocks ([`clock`]). With `--tb`, chess games also end as soon as
//! Syzygy tables (the `syzygy` crate, opened in [`games`]) know their result ([`adjudicate`]). Schedules come from gauntlets or Berger
//! round robins ([`berger`], [`schedule`]); results feed the trinomial/pentanomial statistics and
//! the GSPRT ([`stats`], [`sprt`]) and are written as PGN ([`pgn`]) that python-chess and cchess
//! read back. Only [`games`] names the concrete games.

#![forbid(unsafe_code)]

pub mod adjudicate;
pub mod berger;
pub mod board_view;
pub mod cli;
pub mod clock;
pub mod config;
pub mod cxq;
pub mod engine;
pub mod games;
pub mod openings;
pub mod output;
pub mod pgn;
pub mod play;
pub mod record;
pub mod referee;
pub mod resume;
pub mod runner;
pub mod san;
pub mod schedule;
pub mod sprt;
pub mod state;
pub mod stats;
pub mod tally;

pub use cli::{parse_args, CliError, USAGE};
pub use config::MatchConfig;
pub use games::{run, run_from_args};
pub use runner::{MatchSummary, Silent, Sink, Stdout};
