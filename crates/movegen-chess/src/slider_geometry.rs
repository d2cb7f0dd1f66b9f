//! Slow, obviously-correct slider attacks by walking rays. They build the magic attack table
//! (in `build.rs`, which includes this file), drive the magic-number search, and serve as the
//! reference in tests. Self-contained on purpose: the build script can include nothing else.

type Bitboard = u64;

/// The square `(df, dr)` away from `sq`, if it is on the board.
const fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

pub const ROOK_DIRECTIONS: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
pub const BISHOP_DIRECTIONS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// Attacks of a slider on `sq` along `directions`, stopping at (and including) the first blocker.
pub const fn walk_attacks(sq: usize, occupied: Bitboard, directions: &[(i32, i32); 4]) -> Bitboard {
    let mut attacks = 0u64;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            attacks |= 1u64 << next;
            if occupied & (1u64 << next) != 0 {
                break;
            }
            cur = next;
        }
        i += 1;
    }
    attacks
}

/// The blockers that matter to a slider on `sq`: its rays without the last square of each
/// (a piece on the edge blocks nothing further).
pub const fn relevant_mask(sq: usize, directions: &[(i32, i32); 4]) -> Bitboard {
    let mut mask = 0u64;
    let mut i = 0;
    while i < 4 {
        let (df, dr) = directions[i];
        let mut cur = sq;
        while let Some(next) = offset(cur, df, dr) {
            if offset(next, df, dr).is_none() {
                break;
            }
            mask |= 1u64 << next;
            cur = next;
        }
        i += 1;
    }
    mask
}
