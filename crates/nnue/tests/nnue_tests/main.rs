//! The nnue crate's tests, one binary: the net format, incremental accumulators, the net-file
//! fuzzer and the SIMD kernels against their scalar twins. Each module's doc says what it checks;
//! `common` draws the random nets they share.

mod common;

mod format;
mod incremental;
mod net_file_fuzz;
mod simd;
