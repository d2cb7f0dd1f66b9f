//! Toy games that implement `game_api::Game` for the search's own tests. They share nothing
//! with chess or xiangqi, which is the point: the search must work on any `Game`.
#![allow(dead_code)]

pub mod graph;
pub mod nim;

/// splitmix64: a tiny deterministic hash / PRNG step.
pub fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
