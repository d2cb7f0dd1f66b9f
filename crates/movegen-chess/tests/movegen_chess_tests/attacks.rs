//! The magic slider tables agree with plain ray walking, and the magic search that produced the
//! embedded numbers still finds valid ones.

use crate::chess_common;

use chess_common::SplitMix64;
use movegen_chess::magic_search::find_magics;
use movegen_chess::reference::*;

#[test]
fn magic_lookups_match_ray_walks() {
    let mut rng = SplitMix64::new(21);
    for sq in 0..64 {
        for round in 0..2000 {
            // Vary density: sparse, medium and crowded boards.
            let occupied = match round % 3 {
                0 => rng.next_u64() & rng.next_u64() & rng.next_u64(),
                1 => rng.next_u64() & rng.next_u64(),
                _ => rng.next_u64() | rng.next_u64(),
            };
            let rook = walk_attacks(sq, occupied, &ROOK_DIRECTIONS);
            let bishop = walk_attacks(sq, occupied, &BISHOP_DIRECTIONS);
            assert_eq!(rook_attacks(sq, occupied), rook, "rook on {sq}, occupied {occupied:#x}");
            assert_eq!(
                bishop_attacks(sq, occupied),
                bishop,
                "bishop on {sq}, occupied {occupied:#x}"
            );
            assert_eq!(queen_attacks(sq, occupied), rook | bishop);
        }
    }
}

#[test]
fn magic_search_finds_collision_free_numbers() {
    let (rook, bishop) = find_magics(12345);
    for sq in 0..64 {
        for (magic, directions) in [(rook[sq], &ROOK_DIRECTIONS), (bishop[sq], &BISHOP_DIRECTIONS)]
        {
            let mask = relevant_mask(sq, directions);
            let shift = 64 - mask.count_ones();
            let mut slots = std::collections::HashMap::new();
            // Every blocker subset (carry-rippler): distinct attack sets need distinct slots.
            let mut subset = 0u64;
            loop {
                let attacks = walk_attacks(sq, subset, directions);
                let previous = slots.insert(subset.wrapping_mul(magic) >> shift, attacks);
                assert!(previous.is_none() || previous == Some(attacks), "square {sq} collides");
                subset = subset.wrapping_sub(mask) & mask;
                if subset == 0 {
                    break;
                }
            }
        }
    }
}
