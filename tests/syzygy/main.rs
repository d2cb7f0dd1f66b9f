//! The Syzygy tablebases: the prober against python-chess, the tables fuzzed, the search and the
//! protocol with tables, the endgame knowledge held against them, and adjudication by them in
//! matches and datagen. They need the test tables (`syzygy_common::tables_dir`). One binary for
//! what used to be one per file; each module's doc says what it checks.

#[path = "../match_common/mod.rs"]
mod match_common;
#[path = "../protocol_driver/mod.rs"]
mod protocol_driver;
#[path = "../syzygy_common/mod.rs"]
mod syzygy_common;

mod endgame_scale;
mod fuzz;
mod oracle;
mod tablebase_adjudication;
mod tb_search;
mod uci;
