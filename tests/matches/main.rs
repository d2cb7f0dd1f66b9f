//! Matches through `kientuong match` and the tournament runner: books, broken engines, Chess960,
//! reference engines, our own engine, resumed matches, the strength limit, and the reader of
//! XBoard's PGN. One binary for what used to be one per file; each module's doc says what it checks.

#[path = "../match_common/mod.rs"]
mod match_common;
#[path = "../xboard_common/mod.rs"]
mod xboard_common;

mod books;
mod broken_engines;
mod chess960;
mod engines;
mod kientuong;
mod resume;
mod strength_limit;
mod xboard_pgn;
