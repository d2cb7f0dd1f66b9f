//! Self-play and engine-vs-engine matches (`kientuong match`), cutechess-cli style.
//!
//! Engines are child processes over UCI or UCCI ([`engine`]), spoken with `protocol`'s `Dialect`
//! and read with its `SearchInfo::parse` and `BestMove::parse`: a reader thread per process feeds
//! a channel so every wait has a deadline, and every failure of an engine (time, illegal move,
//! crash, silence) is a lost game, never a stuck or aborted match. Our own rules layers, generic
//! over [`game_api::Game`], referee every game ([`game::referee`], plus the CXQ club limits in
//! [`game::cxq`]); the runner owns the clocks ([`game::clock`]). With `--tb`, chess games also
//! end as soon as Syzygy tables (the `syzygy` crate, opened in [`games`]) know their result
//! ([`game::adjudicate`]). Schedules come from gauntlets or Berger round robins ([`schedule`]);
//! results feed the trinomial/pentanomial statistics and the GSPRT ([`stats`]) and are written
//! as PGN ([`notation::pgn`]) that python-chess and cchess read back; a match can be stopped
//! and resumed ([`state`]). Only [`games`] names the concrete games.
//!
//! Modules by what they are: `engine` (the child processes), `game` (one game and its referee),
//! `notation` (SAN, PGN), `schedule` (encounters, game order, openings), `stats`, `state` (the
//! state file and resuming), and at the top the match itself: `cli` (flags) into `config`,
//! `games` (the entry point per game) and `runner` (the worker threads).

#![forbid(unsafe_code)]

pub mod cli;
pub mod config;
pub mod engine;
pub mod game;
pub mod games;
pub mod notation;
pub mod runner;
pub mod schedule;
pub mod state;
pub mod stats;

pub use cli::{parse_args, CliError, USAGE};
pub use config::MatchConfig;
pub use games::{run, run_from_args};
pub use runner::{MatchSummary, Silent, Sink, Stdout};

// The flat paths of the modules that tests outside this crate read notation and openings
// through (`tournament::san::parse_any`, `tournament::openings::parse_pgn`, …), kept so they
// need no change.
pub use notation::{board_view, san};
pub use schedule::openings;
