//! Support for `tests/gui_xboard.rs`: running an XBoard match headless (`run.rs`), reading its
//! PGN back against our rules (`pgn.rs`, with XBoard's xiangqi notation in `xiangqi_san.rs`), and
//! checking that uci2wb told the engine the game's positions (`adapter.rs`).
#![allow(dead_code)] // each test file uses a part

pub mod adapter;
pub mod pgn;
pub mod run;
pub mod xiangqi_san;
