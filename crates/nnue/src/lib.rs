//! NNUE evaluation for chess and xiangqi behind `game_api::Evaluator`.
//!
//! The net is (2×N) → 1: a feature transformer turns the piece-square inputs seen from each
//! side's perspective into two accumulators of N int16 values (N one of
//! [`arch::HIDDEN_SIZES`], [`HIDDEN`] for the embedded nets); the side to move's
//! accumulator and the opponent's are concatenated, squared-clipped (SCReLU) and summed against
//! one int16 output weight each. The accumulators are updated incrementally along the search's
//! make/unmake hooks ([`NnueEval`]) and refreshed from the board when needed.
//!
//! - [`arch`]: the fixed architecture and quantisation constants shared with the trainer;
//! - [`format`]: the net file format and its typed load errors; [`layers`]: a net's weights,
//!   typed by their width, so that each width is compiled as its own copy of the hot loops;
//! - [`features`]: the per-perspective input mapping; each game's part in [`games`];
//!   [`king_buckets`]: chess's optional inputs per king bucket, mirrored with the king,
//!   [`refresh_table`]: where a king that changed its bucket starts its accumulator again, and
//!   [`feature_set`]: the tag in a net file that says which of the two a net reads;
//! - [`accumulator`], [`output`]: the two halves of inference (output has the AVX2 path);
//!   [`rows`]: the row additions the accumulator and the refresh table are made of;
//! - [`eval`]: the incremental evaluator; [`switch`]: hand-written or NNUE, chosen at run time.
//!
//! `unsafe` is allowed only at the AVX2 functions in `output.rs`, each with its `// SAFETY:`
//! argument; everywhere else the workspace's `unsafe_code = "deny"` applies.

pub mod accumulator;
pub mod arch;
pub mod eval;
pub mod feature_set;
pub mod features;
pub mod format;
pub mod games;
pub mod king_buckets;
pub mod layers;
pub mod net;
pub mod output;
pub mod refresh_table;
pub mod rows;
pub mod switch;

pub use arch::HIDDEN;
pub use eval::NnueEval;
pub use features::NnueGame;
pub use format::LoadError;
pub use layers::Layers;
pub use net::{Hidden, Net};
pub use switch::EvalSwitch;
