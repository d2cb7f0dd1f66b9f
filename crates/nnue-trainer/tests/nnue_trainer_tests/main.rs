//! The trainer's tests, one binary: gradients, mirroring, the output net, the reader (and its
//! fuzzer), streaming, the validation split and warm starts. Each module's doc says what it
//! checks.

mod common;
#[path = "../../../../tests/file_fuzz_common/mod.rs"]
mod file_fuzz_common;

mod gradient;
mod mirror;
mod output_net;
mod reader_fuzz;
mod streaming;
mod validation_split;
mod warm_start;
