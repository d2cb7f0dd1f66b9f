//! The search as a library: mates, rules-aware play, threads, the evaluation's trace, colour
//! symmetry. One binary for what used to be one per file; each module's doc says what it checks.

mod colour_symmetry;
mod eval_trace;
mod mates;
mod rules;
mod smp;
