//! The tournament crate's tests, one binary: books, the xiangqi adjudication and CXQ notation,
//! notation and openings, the referee on the shared rules table (`tests/data/rules_cases.tsv`),
//! and the fuzzers of opening and match-state files. Each module's doc says what it checks.

#[path = "../../../../tests/file_fuzz_common/mod.rs"]
mod file_fuzz_common;

mod books;
mod cxq_and_adjudication;
mod match_state_fuzz;
mod notation_and_openings;
mod opening_file_fuzz;
mod referee_rules_cases;
