//! The rules layers of both games from outside their crates: perft and rules tables
//! (`tests/data/`), oracles (python-chess, pyffish), Chess960, counting, dirty pieces, structure
//! keys, the xiangqi policy. What tests one rules crate alone lives in that crate's `tests/`.
//! One binary for what used to be one per file; each module's doc says what it checks.

#[path = "../chess_common/mod.rs"]
mod chess_common;

mod chess960;
mod chess_count;
mod chess_movegen_oracle;
mod chess_perft;
mod chess_rules;
mod dirty_pieces;
mod structure_key;
mod xiangqi_kill_cases;
mod xiangqi_oracle;
mod xiangqi_perft;
mod xiangqi_policy;
mod xiangqi_rules;
