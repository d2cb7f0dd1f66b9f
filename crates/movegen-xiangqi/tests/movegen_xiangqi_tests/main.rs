//! The xiangqi rules layer tested alone (it needs only `game-api`): FEN parsing and properties
//! over random playouts. Each module's doc says what it checks; the end-to-end rules tests (perft
//! and rules tables, the pyffish oracle, the rules policy) are the root package's `tests/rules/`.

mod fen;
mod properties;
