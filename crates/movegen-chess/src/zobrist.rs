//! Zobrist keys, generated at compile time by splitmix64 from a fixed seed so that keys (and so
//! `bench` node counts) are identical on every build.

use crate::types::NO_PIECE;

const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

pub struct Keys {
    /// `[piece][square]`; row `NO_PIECE` is all zeros so an empty square hashes to nothing.
    pub piece_square: [[u64; 64]; NO_PIECE as usize + 1],
    pub ep_file: [u64; 8],
    pub black_to_move: u64,
    /// One key per castling rook, `[colour][file]`: the a- and h-file rooks reuse the four
    /// standard single-right keys of `castling`, so standard keys are what they always were;
    /// the inner files (Chess960) get keys drawn after every older key.
    pub castle_file: [[u64; 8]; 2],
}

const fn build() -> Keys {
    let mut keys = Keys {
        piece_square: [[0; 64]; 13],
        ep_file: [0; 8],
        black_to_move: 0,
        castle_file: [[0; 8]; 2],
    };
    let mut state = 0x6B69_656E_7475_6F6E_u64;
    let mut piece = 0;
    while piece < NO_PIECE as usize {
        let mut sq = 0;
        while sq < 64 {
            let (s, v) = splitmix(state);
            state = s;
            keys.piece_square[piece][sq] = v;
            sq += 1;
        }
        piece += 1;
    }
    let mut single = [0u64; 4];
    let mut i = 0;
    while i < 4 {
        let (s, v) = splitmix(state);
        state = s;
        single[i] = v;
        i += 1;
    }
    let mut file = 0;
    while file < 8 {
        let (s, v) = splitmix(state);
        state = s;
        keys.ep_file[file] = v;
        file += 1;
    }
    let (s, v) = splitmix(state);
    state = s;
    keys.black_to_move = v;
    let mut color = 0;
    while color < 2 {
        let mut file = 0;
        while file < 8 {
            keys.castle_file[color][file] = if file == 7 {
                single[color * 2]
            } else if file == 0 {
                single[color * 2 + 1]
            } else {
                let (s, v) = splitmix(state);
                state = s;
                v
            };
            file += 1;
        }
        color += 1;
    }
    keys
}

pub static KEYS: Keys = build();
