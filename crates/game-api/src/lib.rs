//! The contract between each game's rules layer and the one generic search.
//!
//! A game crate (`movegen-chess`, `movegen-xiangqi`) implements [`Game`]; an evaluation crate
//! implements [`Evaluator`] for it; the search is written once against these two traits and
//! monomorphized per game, so nothing here dispatches dynamically on a hot path.
//!
//! Design choices that both games had to fit:
//! - A move is a 16-bit word ([`Move`]) whose layout belongs to the game; the search only stores,
//!   compares and hands it back. That makes TT entries, killers and move lists game-agnostic.
//! - Move generation is *fully legal*, so the search never makes a move just to test it. The one
//!   validator, [`Game::is_legal`], accepts any 16-bit word (a TT or killer move from another
//!   position) and says whether it is a legal move here.
//! - The position owns its undo stack: `make`/`unmake` need no caller-side state, and the rules
//!   (repetition, xiangqi perpetual check/chase) can read the whole history.
//! - [`Game::verdict`] is the single source of truth for the rules that end a game other than by
//!   having no legal move; the search, `position … moves`, the match referee and tests all use it.
//!
//! Also here, because every crate that needs it already depends on this one: [`SplitMix64`], the
//! workspace's one seeded PRNG for tests, tools and the match runner (the search uses none), and
//! [`GameKind`], the one type that says which game is played (protocols, command lines, net files).
//! [`Tablebase`] is how an endgame tablebase of one game (Syzygy, `crates/syzygy`) reaches the
//! search, which still never names a game.

#![warn(missing_docs)]

mod color;
mod dirty;
mod error;
mod game;
mod kind;
mod moves;
pub mod perft;
mod rng;
mod tablebase;
mod tapered;
mod verdict;

pub use color::Color;
pub use dirty::{DirtyPieces, PieceBoard, PieceSquare, MAX_DIRTY};
pub use error::{FenError, MoveError};
pub use game::{Evaluator, Game, GenKind, PieceKeys, SquareSet};
pub use kind::GameKind;
pub use moves::{Move, MoveList, MoveSink, MAX_MOVES};
pub use rng::SplitMix64;
pub use tablebase::{Tablebase, TbRootMove, TbRootRanking, TbValue, Wdl};
pub use tapered::{weight_count, weight_offset, EvalTrace, Pairs, TermSink, TermSum, S};
pub use verdict::{Outcome, Reason, Verdict};
