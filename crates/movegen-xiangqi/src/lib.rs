//! The xiangqi rules layer — not only move generation: board, legal moves, make/unmake, FEN,
//! ICCS notation, SEE, zobrist keys and every rule that ends a game, including the perpetual
//! check and chase judgement of repetitions.
//!
//! Design:
//! - The placement lives in [`board::Board`] (`Copy`): a `[Piece; 90]` mailbox, per-piece
//!   `Bitboard(u128)`s, a normal and a transposed occupancy (so that both rank and file
//!   occupancies of a rook or cannon line are one shift away), king squares, side and key.
//! - [`Xiangqi`] adds the undo stack (also the game history the rules read), the capture clock
//!   and the move-count limit. `make` records per ply whether the mover gave check, which the
//!   perpetual-check rule later reads without recomputing anything.
//! - Generation is fully legal: pseudo-legal targets from compile-time tables, then a cheap
//!   filter decides which moves need the king-safety test (`movegen.rs`).
//! - `verdict` scans keys back over reversible plies; only a real repetition triggers the
//!   chase analysis, which replays the cycle on a stack copy of the board (`rules/`).

#![forbid(unsafe_code)]

mod attacks;
mod bitboard;
mod board;
mod encoding;
mod fen;
mod game_impl;
mod movegen;
mod notation;
mod piece_board;
mod position;
mod rules;
mod see;
mod types;
mod view;
mod zobrist;

pub use bitboard::Bitboard;
pub use position::{Xiangqi, DEFAULT_MOVE_LIMIT, MAX_MOVE_LIMIT, MIN_MOVE_LIMIT};
pub use types::{Kind, Piece};
