//! Each game's feature mapping and its embedded net.

pub mod chess;
pub mod xiangqi;
