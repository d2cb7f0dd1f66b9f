//! Zobrist keys, generated at compile time by splitmix64 from a fixed seed so that keys (and
//! therefore `kientuong bench` node counts) are identical on every build.

use crate::types::{PIECES, SQUARES};

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build() -> ([[u64; SQUARES]; PIECES], u64) {
    let mut t = [[0u64; SQUARES]; PIECES];
    let mut state = 0x5851_F42D_4C95_7F2D;
    let mut p = 0;
    while p < PIECES {
        let mut s = 0;
        while s < SQUARES {
            let (ns, v) = splitmix(state);
            state = ns;
            t[p][s] = v;
            s += 1;
        }
        p += 1;
    }
    let (_, side) = splitmix(state);
    (t, side)
}

const KEYS: ([[u64; SQUARES]; PIECES], u64) = build();
static PIECE_SQUARE: [[u64; SQUARES]; PIECES] = KEYS.0;

/// Toggled when Black is to move.
pub const SIDE: u64 = KEYS.1;

#[inline(always)]
pub fn piece_square(piece: usize, sq: usize) -> u64 {
    PIECE_SQUARE[piece][sq]
}
