//! Support for `tests/gui_xboard.rs`: running an XBoard match headless (`run.rs`) and reading
//! its PGN back against our rules (`pgn.rs`, with XBoard's xiangqi notation in `xiangqi_san.rs`).
#![allow(dead_code)] // each test file uses a part

pub mod pgn;
pub mod run;
pub mod xiangqi_san;
