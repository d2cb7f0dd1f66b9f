//! The search that found the magic numbers embedded in `magic_numbers.rs`
//! (`cargo run --release -p movegen-chess --example find_magics`). Kept so the numbers can be
//! reproduced and so a test can show the search still finds valid ones.

use crate::slider_geometry::{relevant_mask, walk_attacks, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use game_api::SplitMix64;

/// Finds a multiplier for `sq` that maps every blocker subset to `64 - bits` index bits without
/// two different attack sets sharing a slot.
fn find_one(sq: usize, directions: &[(i32, i32); 4], rng: &mut SplitMix64) -> u64 {
    let mask = relevant_mask(sq, directions);
    let bits = mask.count_ones();
    let shift = 64 - bits;
    let mut subsets = Vec::new();
    let mut attacks = Vec::new();
    let mut subset = 0u64;
    loop {
        subsets.push(subset);
        attacks.push(walk_attacks(sq, subset, directions));
        subset = subset.wrapping_sub(mask) & mask;
        if subset == 0 {
            break;
        }
    }
    let size = 1usize << bits;
    let mut slot = vec![0u64; size];
    // `epoch[i] == attempt` marks a slot as filled in the current attempt without clearing.
    let mut epoch = vec![0u32; size];
    let mut attempt = 0u32;
    loop {
        // Magics want sparse candidates: three draws ANDed together.
        let magic = rng.next_u64() & rng.next_u64() & rng.next_u64();
        if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
            continue;
        }
        attempt += 1;
        let mut ok = true;
        for (&s, &a) in subsets.iter().zip(&attacks) {
            let index = (s.wrapping_mul(magic) >> shift) as usize;
            if epoch[index] != attempt {
                epoch[index] = attempt;
                slot[index] = a;
            } else if slot[index] != a {
                ok = false;
                break;
            }
        }
        if ok {
            return magic;
        }
    }
}

/// Rook and bishop magics for all 64 squares from a seed.
pub fn find_magics(seed: u64) -> ([u64; 64], [u64; 64]) {
    let mut rng = SplitMix64::new(seed);
    let mut rook = [0u64; 64];
    let mut bishop = [0u64; 64];
    for sq in 0..64 {
        rook[sq] = find_one(sq, &ROOK_DIRECTIONS, &mut rng);
        bishop[sq] = find_one(sq, &BISHOP_DIRECTIONS, &mut rng);
    }
    (rook, bishop)
}
