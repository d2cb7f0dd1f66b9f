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

/// How many plies before the move-count limit the TT key starts to tell positions apart.
pub const CLOCK_HORIZON: u32 = 16;

const fn build_clock() -> [u64; CLOCK_HORIZON as usize + 1] {
    let mut t = [0u64; CLOCK_HORIZON as usize + 1];
    let mut state = 0xC10C_4B0C_E7A1_1D00;
    let mut i = 1;
    while i < t.len() {
        let (ns, v) = splitmix(state);
        state = ns;
        t[i] = v;
        i += 1;
    }
    t
}

/// Folded into the TT key near the move-count limit, indexed by the plies left (0 = far away).
static CLOCK: [u64; CLOCK_HORIZON as usize + 1] = build_clock();

/// The TT-key component for `plies_left` plies before the move-count limit.
#[inline(always)]
pub fn clock_fold(plies_left: u32) -> u64 {
    if plies_left >= CLOCK_HORIZON {
        0
    } else {
        CLOCK[plies_left as usize + 1]
    }
}
static PIECE_SQUARE: [[u64; SQUARES]; PIECES] = KEYS.0;

/// Toggled when Black is to move.
pub const SIDE: u64 = KEYS.1;

#[inline(always)]
pub fn piece_square(piece: usize, sq: usize) -> u64 {
    PIECE_SQUARE[piece][sq]
}
