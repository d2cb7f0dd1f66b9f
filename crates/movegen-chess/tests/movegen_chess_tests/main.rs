//! The chess rules layer tested alone (it needs only `game-api`): magic slider tables, static
//! exchange evaluation, FEN parsing, and properties over random playouts. Each module's doc says
//! what it checks; the end-to-end rules tests (perft and rules tables, oracles) are the root
//! package's `tests/rules/`.

// Shared with the root package's rules tests (`tests/rules/`), which include it the same way.
#[path = "../../../../tests/chess_common/mod.rs"]
mod chess_common;

mod attacks;
mod fen;
mod properties;
mod see;
