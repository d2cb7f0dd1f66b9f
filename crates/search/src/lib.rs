//! One search for every game: iterative deepening with aspiration windows, principal-variation
//! search, quiescence, a staged move picker, a lockless shared transposition table, Lazy SMP and
//! a time manager. Written once against `game_api::{Game, Evaluator}` and monomorphized per
//! game. The algorithm never asks which game it plays; one module does, `profile.rs`, which maps
//! `Game::KIND` to the game's [`profile::Profile`] (its column of tunable constants and the ideas
//! measured game by game), a constant per monomorphized copy.
//!
//! Public shape (what the protocol layer uses):
//! - [`Engine::new`]`(hash_mb, threads)`, [`Engine::set_hash_mb`], [`Engine::set_threads`],
//!   [`Engine::clear`] (`ucinewgame`), [`Engine::probe`] (`pophash`), [`Engine::static_eval`].
//! - [`Engine::search`]`(&root, &Limits, &impl Reporter, &Signals) -> SearchResult`. The
//!   caller keeps an `Arc<Signals>`; its input thread sets `stop` / `ponderhit` mid-search.
//!   Infinite and ponder searches return only once released (`stop`, or `ponderhit`).
//! - Scores reach the outside as [`Score::Cp`] or [`Score::Mate`] (signed plies); the protocol
//!   prints UCI moves or UCCI's `±(10000 - plies)` from it.
//!
//! The rules enter through `Game::verdict(ply)` at every node: a draw scores 0, the side that
//! breaks a repetition rule is mated at that ply. Such values depend on the path, and nodes whose
//! value rests on one store only their move in the TT (`node_common.rs`). Every tunable constant
//! lives in `params.rs`. Threads: each worker owns a position clone, stack and histories that
//! persist between searches; helpers run in `std::thread::scope` for one `go`; only the main
//! thread reads the clock and reports; the best move is a depth- and score-weighted vote.

// `unsafe` only in `tt_memory` (lazily zeroed, fallible TT allocation; measured there).
#![deny(unsafe_code)]

mod correction;
mod depth;
mod engine;
mod history;
mod learn;
mod limits;
mod node;
mod node_common;
mod node_frame;
pub mod params;
mod picker;
pub mod profile;
mod prune;
mod qsearch;
mod report;
mod score;
mod shared;
mod time;
mod tt;
mod tt_memory;
mod worker;

pub use engine::{Engine, SearchResult, TtInfo, TtReader};
pub use limits::Limits;
pub use report::{Bound, Info, Reporter, Silent};
pub use score::{Score, MATE, MATE_BOUND};
pub use shared::Signals;
pub use worker::pv_text;
