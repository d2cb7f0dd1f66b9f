//! Texel tuning of every pair weight (and the tempo) of a game's `weights.rs`.
//!
//! Each position of a datagen file becomes its evaluation's coefficient trace (`EvalTrace`):
//! the evaluation is linear in the pair weights, so the model is a dot product and its
//! gradient exact. The loss is the mean squared error between `sigmoid(K * eval)` and a target
//! that blends the game result with the sigmoid of the datagen search score (`lambda` = 1 is
//! pure Texel). `K` is fitted first, to the results, with the committed weights, then Adam moves
//! all weights on the full batch, in parallel over positions (rayon). The result is written back
//! into `weights.rs` as Rust source, which stays the one source of truth.

#![forbid(unsafe_code)]

pub mod dataset;
pub mod games;
pub mod model;
pub mod optimise;
pub mod write_back;

pub use dataset::Dataset;
pub use games::GameModel;
pub use model::{Model, Params};
