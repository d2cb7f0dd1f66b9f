//! The search as a library: mates, rules-aware play, the evaluation's trace, colour symmetry.
//! One binary for what used to be one per file; each module's doc says what it checks. Threads
//! and clocks are `tests/search_smp.rs`, a binary of its own.

mod colour_symmetry;
mod eval_trace;
mod mates;
mod rules;
