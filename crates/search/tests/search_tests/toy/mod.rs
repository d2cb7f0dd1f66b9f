//! Toy games that implement `game_api::Game` for the search's own tests. They share nothing
//! with chess or xiangqi, which is the point: the search must work on any `Game`.
#![allow(dead_code)]

pub mod graph;
pub mod nim;

/// A tiny deterministic hash: one step of the workspace's SplitMix64 seeded with `x`.
pub fn mix(x: u64) -> u64 {
    game_api::SplitMix64::new(x).next_u64()
}
