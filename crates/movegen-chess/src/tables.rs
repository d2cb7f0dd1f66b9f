//! Attack and geometry tables for the non-sliding pieces and for square pairs, all computed at
//! compile time so that lookups are plain indexed loads from static memory.

use crate::bitboard::Bitboard;

const KNIGHT_STEPS: [(i32, i32); 8] =
    [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];
const KING_STEPS: [(i32, i32); 8] =
    [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)];

/// The square `(df, dr)` away from `sq`, if it is on the board.
pub(crate) const fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = (sq % 8) as i32 + df;
    let r = (sq / 8) as i32 + dr;
    if f >= 0 && f < 8 && r >= 0 && r < 8 {
        Some((r * 8 + f) as usize)
    } else {
        None
    }
}

const fn leaper_table(steps: &[(i32, i32)]) -> [Bitboard; 64] {
    let mut table = [0u64; 64];
    let mut sq = 0;
    while sq < 64 {
        let mut i = 0;
        while i < steps.len() {
            if let Some(to) = offset(sq, steps[i].0, steps[i].1) {
                table[sq] |= 1u64 << to;
            }
            i += 1;
        }
        sq += 1;
    }
    table
}

const fn pawn_table() -> [[Bitboard; 64]; 2] {
    [leaper_table(&[(-1, 1), (1, 1)]), leaper_table(&[(-1, -1), (1, -1)])]
}

pub static KNIGHT_ATTACKS: [Bitboard; 64] = leaper_table(&KNIGHT_STEPS);
pub static KING_ATTACKS: [Bitboard; 64] = leaper_table(&KING_STEPS);
/// `PAWN_ATTACKS[colour][sq]`: the squares a pawn of that colour on `sq` attacks.
pub static PAWN_ATTACKS: [[Bitboard; 64]; 2] = pawn_table();

/// Squares from `a` (exclusive) stepping by `(df, dr)` up to `b`, or 0 if `b` is not on that ray.
const fn ray_until(a: usize, b: usize, df: i32, dr: i32) -> Bitboard {
    let mut squares = 0u64;
    let mut cur = a;
    loop {
        match offset(cur, df, dr) {
            None => return 0,
            Some(next) => {
                if next == b {
                    return squares;
                }
                squares |= 1u64 << next;
                cur = next;
            }
        }
    }
}

/// The whole board line through `a` in direction `(df, dr)` both ways, `a` included.
const fn full_line(a: usize, df: i32, dr: i32) -> Bitboard {
    let mut squares = 1u64 << a;
    let mut cur = a;
    while let Some(next) = offset(cur, df, dr) {
        squares |= 1u64 << next;
        cur = next;
    }
    cur = a;
    while let Some(next) = offset(cur, -df, -dr) {
        squares |= 1u64 << next;
        cur = next;
    }
    squares
}

const fn pair_tables() -> ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) {
    let mut between = [[0u64; 64]; 64];
    let mut line = [[0u64; 64]; 64];
    let mut a = 0;
    while a < 64 {
        let mut i = 0;
        while i < KING_STEPS.len() {
            let (df, dr) = KING_STEPS[i];
            let mut cur = a;
            while let Some(b) = offset(cur, df, dr) {
                between[a][b] = ray_until(a, b, df, dr);
                line[a][b] = full_line(a, df, dr);
                cur = b;
            }
            i += 1;
        }
        a += 1;
    }
    (between, line)
}

static PAIRS: ([[Bitboard; 64]; 64], [[Bitboard; 64]; 64]) = pair_tables();

/// Squares strictly between two aligned squares (0 when they share no line).
#[inline(always)]
pub fn between(a: usize, b: usize) -> Bitboard {
    PAIRS.0[a][b]
}

/// The full board line through two aligned squares (0 when they share no line).
#[inline(always)]
pub fn line(a: usize, b: usize) -> Bitboard {
    PAIRS.1[a][b]
}
