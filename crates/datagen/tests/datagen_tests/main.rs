//! The datagen crate's tests, one binary: the book, the record format, and the file fuzzers of
//! data files and manifests. Each module's doc says what it checks.

#[path = "../../../../tests/file_fuzz_common/mod.rs"]
mod file_fuzz_common;

mod book;
mod data_file_fuzz;
mod manifest_fuzz;
mod records;
