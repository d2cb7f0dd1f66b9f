//! How games are written: a read-only view of a position's pieces through its FEN, chess SAN
//! (written and read) on top of it, and the PGN of a finished game.

pub mod board_view;
pub mod pgn;
pub mod san;
