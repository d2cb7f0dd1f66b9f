//! Fuzzing through the real binary: random and mutated protocol lines (thousands per dialect,
//! and the seeded short version of `scripts/fuzz-protocol`), and damaged input files given to
//! each tool. One binary for what used to be one per file; each module's doc says what it checks.

#[path = "../file_fuzz_common/mod.rs"]
mod file_fuzz_common;
#[path = "../protocol_driver/mod.rs"]
mod protocol_driver;

mod file_errors_cli;
mod protocol_fuzz;
mod protocol_fuzz_scale;
