//! Precomputed attack tables, all built at compile time.
//!
//! Rooks and cannons use occupancy-indexed line tables: a rank's 9 occupancy bits are a shift
//! and a mask away in the normal bitboard; a file's 10 bits are a shift and a mask away in a
//! second, transposed occupancy (`file * 10 + rank`) that the board keeps alongside. A file
//! result (10 bits, one per rank) is spread back to board bits with one 1024-entry table and a
//! shift by the file. No `pext`: it is microcoded on the Zen 1 machines this was tuned for.
//!
//! Horses and elephants are blockable steppers: for each square and each of the four
//! directions the table gives the blocking square (leg / eye) and what lies beyond it. The
//! reverse horse table (which squares a horse must stand on to hit a square, through which
//! leg) answers "who attacks this square" for check detection.

use crate::bitboard::{bit, Bitboard};
use crate::types::{file_of, rank_of, square, FILES, RANKS, SQUARES};
use game_api::Color;

const ORTHO: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const DIAG: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

const fn offset(sq: usize, df: i32, dr: i32) -> Option<usize> {
    let f = file_of(sq) as i32 + df;
    let r = rank_of(sq) as i32 + dr;
    if f < 0 || f >= FILES as i32 || r < 0 || r >= RANKS as i32 {
        None
    } else {
        Some(square(f as usize, r as usize))
    }
}

const fn in_palace(sq: usize) -> bool {
    let f = file_of(sq);
    let r = rank_of(sq);
    f >= 3 && f <= 5 && (r <= 2 || r >= 7)
}

const fn same_half(a: usize, b: usize) -> bool {
    (rank_of(a) <= 4) == (rank_of(b) <= 4)
}

// ----- line tables -----

/// What a line piece reaches along its rank or file.
#[derive(Clone, Copy)]
enum LineRule {
    /// A rook: every square up to and including the first piece.
    Rook,
    /// A cannon's captures: the first piece beyond exactly one screen.
    CannonCaptures,
    /// A cannon's threats: every square beyond exactly one screen up to and including the next
    /// piece, since a piece of the other side that stood on any of them could be taken.
    CannonThreats,
}

/// What `rule` reaches along a line of `len` squares from `pos` with occupancy `occ` (bit per
/// square of the line).
const fn line_attacks(len: usize, pos: usize, occ: usize, rule: LineRule) -> u16 {
    let mut out = 0u16;
    let mut dir = 0;
    while dir < 2 {
        let mut seen_screen = false;
        let mut i = pos as i32;
        loop {
            i += if dir == 0 { 1 } else { -1 };
            if i < 0 || i >= len as i32 {
                break;
            }
            let occupied = occ & (1 << i) != 0;
            let reached = match rule {
                LineRule::Rook => true,
                LineRule::CannonCaptures => seen_screen && occupied,
                LineRule::CannonThreats => seen_screen,
            };
            if reached {
                out |= 1 << i;
            }
            if occupied {
                // A rook stops at the first piece, a cannon at the first one beyond its screen.
                if seen_screen || matches!(rule, LineRule::Rook) {
                    break;
                }
                seen_screen = true;
            }
        }
        dir += 1;
    }
    out
}

const fn build_rank_table(rule: LineRule) -> [[u16; 512]; FILES] {
    let mut t = [[0u16; 512]; FILES];
    let mut f = 0;
    while f < FILES {
        let mut occ = 0;
        while occ < 512 {
            t[f][occ] = line_attacks(FILES, f, occ, rule);
            occ += 1;
        }
        f += 1;
    }
    t
}

const fn build_file_table(rule: LineRule) -> [[u16; 1024]; RANKS] {
    let mut t = [[0u16; 1024]; RANKS];
    let mut r = 0;
    while r < RANKS {
        let mut occ = 0;
        while occ < 1024 {
            t[r][occ] = line_attacks(RANKS, r, occ, rule);
            occ += 1;
        }
        r += 1;
    }
    t
}

const fn build_file_spread() -> [u128; 1024] {
    let mut t = [0u128; 1024];
    let mut m = 0;
    while m < 1024 {
        let mut r = 0;
        while r < RANKS {
            if m & (1 << r) != 0 {
                t[m] |= 1u128 << (r * FILES);
            }
            r += 1;
        }
        m += 1;
    }
    t
}

static RANK_ROOK: [[u16; 512]; FILES] = build_rank_table(LineRule::Rook);
static RANK_CANNON: [[u16; 512]; FILES] = build_rank_table(LineRule::CannonCaptures);
static RANK_CANNON_THREATS: [[u16; 512]; FILES] = build_rank_table(LineRule::CannonThreats);
static FILE_ROOK: [[u16; 1024]; RANKS] = build_file_table(LineRule::Rook);
static FILE_CANNON: [[u16; 1024]; RANKS] = build_file_table(LineRule::CannonCaptures);
static FILE_CANNON_THREATS: [[u16; 1024]; RANKS] = build_file_table(LineRule::CannonThreats);
static FILE_SPREAD: [u128; 1024] = build_file_spread();

/// Index of `sq` in the transposed occupancy (`file * 10 + rank`).
#[inline(always)]
pub const fn transposed(sq: usize) -> usize {
    TRANSPOSED[sq] as usize
}

/// `transposed` as a table: the division by 9 it saves ran on every occupancy update.
const TRANSPOSED: [u8; SQUARES] = {
    let mut t = [0u8; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = (file_of(sq) * RANKS + rank_of(sq)) as u8;
        sq += 1;
    }
    t
};

/// The two occupancy views a line lookup needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupancy {
    /// Normal layout (`rank * 9 + file`).
    pub by_rank: u128,
    /// Transposed layout (`file * 10 + rank`).
    pub by_file: u128,
}

impl Occupancy {
    #[inline(always)]
    pub fn toggle(&mut self, sq: usize) {
        self.by_rank ^= bit(sq);
        self.by_file ^= bit(transposed(sq));
    }

    /// This occupancy with `from` vacated and `to` occupied (a move, capture or not).
    #[inline(always)]
    pub fn after_move(self, from: usize, to: usize) -> Occupancy {
        Occupancy {
            by_rank: (self.by_rank & !bit(from)) | bit(to),
            by_file: (self.by_file & !bit(transposed(from))) | bit(transposed(to)),
        }
    }

    #[inline(always)]
    pub fn without(self, sq: usize) -> Occupancy {
        Occupancy { by_rank: self.by_rank & !bit(sq), by_file: self.by_file & !bit(transposed(sq)) }
    }

    #[inline(always)]
    pub fn bb(self) -> Bitboard {
        Bitboard(self.by_rank)
    }
}

#[inline(always)]
fn line_lookup(
    sq: usize,
    occ: Occupancy,
    rank_t: &[[u16; 512]; FILES],
    file_t: &[[u16; 1024]; RANKS],
) -> Bitboard {
    let r = rank_of(sq);
    let f = file_of(sq);
    let rank_occ = ((occ.by_rank >> (r * FILES)) & 0x1FF) as usize;
    let file_occ = ((occ.by_file >> (f * RANKS)) & 0x3FF) as usize;
    let along_rank = (rank_t[f][rank_occ] as u128) << (r * FILES);
    // The mask is a no-op on table values (10 bits) that lets the compiler drop a bounds check.
    let along_file = FILE_SPREAD[file_t[r][file_occ] as usize & 0x3FF] << f;
    Bitboard(along_rank | along_file)
}

/// Squares a rook on `sq` reaches (empty squares and the first piece in each direction).
#[inline(always)]
pub fn rook_attacks(sq: usize, occ: Occupancy) -> Bitboard {
    line_lookup(sq, occ, &RANK_ROOK, &FILE_ROOK)
}

/// Squares a cannon on `sq` can capture on: the first piece beyond exactly one screen.
#[inline(always)]
pub fn cannon_captures(sq: usize, occ: Occupancy) -> Bitboard {
    line_lookup(sq, occ, &RANK_CANNON, &FILE_CANNON)
}

/// Squares a cannon on `sq` threatens: every square beyond exactly one screen, up to and
/// including the next piece. `cannon_captures` is the occupied part of it.
#[inline(always)]
pub fn cannon_threats(sq: usize, occ: Occupancy) -> Bitboard {
    line_lookup(sq, occ, &RANK_CANNON_THREATS, &FILE_CANNON_THREATS)
}

// ----- steppers -----

/// One blockable step pattern: for each of 4 directions the blocking square (as its bit) and
/// the squares reached beyond it when that square is empty. A direction with no step has
/// neither (both 0), so it needs no test of its own.
#[derive(Clone, Copy)]
pub struct Blockable {
    /// A mask, not a square index: testing it against the occupancy costs no 128-bit shift
    /// (the shift was the largest single cost of xiangqi move generation).
    pub block: [u128; 4],
    pub reach: [u128; 4],
}

const EMPTY_BLOCKABLE: Blockable = Blockable { block: [0; 4], reach: [0; 4] };

/// Horse moves from `sq`: leg = the orthogonal neighbour, reach = the two squares one
/// diagonal step further out.
const fn build_horse() -> [Blockable; SQUARES] {
    let mut t = [EMPTY_BLOCKABLE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = ORTHO[d];
            if let Some(leg) = offset(sq, df, dr) {
                let mut reach = 0u128;
                // The two outward diagonals: the orthogonal step twice plus one sideways.
                let (sf, sr) = (dr, df); // perpendicular
                if let Some(a) = offset(sq, 2 * df + sf, 2 * dr + sr) {
                    reach |= 1u128 << a;
                }
                if let Some(b) = offset(sq, 2 * df - sf, 2 * dr - sr) {
                    reach |= 1u128 << b;
                }
                if reach != 0 {
                    t[sq].block[d] = 1u128 << leg;
                    t[sq].reach[d] = reach;
                }
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// Reverse horse table: the horses that attack `sq` pass a leg on a diagonal neighbour of
/// `sq`; reach = the two squares such a horse may stand on.
const fn build_horse_to() -> [Blockable; SQUARES] {
    let mut t = [EMPTY_BLOCKABLE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            if let Some(leg) = offset(sq, df, dr) {
                let mut reach = 0u128;
                if let Some(a) = offset(sq, 2 * df, dr) {
                    reach |= 1u128 << a;
                }
                if let Some(b) = offset(sq, df, 2 * dr) {
                    reach |= 1u128 << b;
                }
                if reach != 0 {
                    t[sq].block[d] = 1u128 << leg;
                    t[sq].reach[d] = reach;
                }
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

/// Elephant moves: two diagonal steps, eye in between, never across the river. Symmetric,
/// so it also serves as the reverse table.
const fn build_elephant() -> [Blockable; SQUARES] {
    let mut t = [EMPTY_BLOCKABLE; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAG[d];
            if let (Some(eye), Some(to)) = (offset(sq, df, dr), offset(sq, 2 * df, 2 * dr)) {
                if same_half(sq, to) {
                    t[sq].block[d] = 1u128 << eye;
                    t[sq].reach[d] = 1u128 << to;
                }
            }
            d += 1;
        }
        sq += 1;
    }
    t
}

const fn build_palace_steps(diagonal: bool) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        if in_palace(sq) {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = if diagonal { DIAG[d] } else { ORTHO[d] };
                if let Some(to) = offset(sq, df, dr) {
                    if in_palace(to) {
                        t[sq] |= 1u128 << to;
                    }
                }
                d += 1;
            }
        }
        sq += 1;
    }
    t
}

/// Pawn steps of `color` from each square (forward, and sideways once across the river).
const fn build_pawn(color: usize) -> [u128; SQUARES] {
    let mut t = [0u128; SQUARES];
    let forward: i32 = if color == 0 { 1 } else { -1 };
    let mut sq = 0;
    while sq < SQUARES {
        if let Some(to) = offset(sq, 0, forward) {
            t[sq] |= 1u128 << to;
        }
        let crossed = if color == 0 { rank_of(sq) >= 5 } else { rank_of(sq) <= 4 };
        if crossed {
            if let Some(to) = offset(sq, 1, 0) {
                t[sq] |= 1u128 << to;
            }
            if let Some(to) = offset(sq, -1, 0) {
                t[sq] |= 1u128 << to;
            }
        }
        sq += 1;
    }
    t
}

/// Reverse of `build_pawn`: the squares from which a pawn of `color` attacks each square.
const fn build_pawn_from(color: usize) -> [u128; SQUARES] {
    let fwd = build_pawn(color);
    let mut t = [0u128; SQUARES];
    let mut from = 0;
    while from < SQUARES {
        let mut to = 0;
        while to < SQUARES {
            if fwd[from] & (1u128 << to) != 0 {
                t[to] |= 1u128 << from;
            }
            to += 1;
        }
        from += 1;
    }
    t
}

static HORSE: [Blockable; SQUARES] = build_horse();
static HORSE_TO: [Blockable; SQUARES] = build_horse_to();
static ELEPHANT: [Blockable; SQUARES] = build_elephant();
static ADVISOR: [u128; SQUARES] = build_palace_steps(true);
static KING: [u128; SQUARES] = build_palace_steps(false);
static PAWN: [[u128; SQUARES]; 2] = [build_pawn(0), build_pawn(1)];
static PAWN_FROM: [[u128; SQUARES]; 2] = [build_pawn_from(0), build_pawn_from(1)];

#[inline(always)]
fn blockable(t: &Blockable, occ: u128) -> Bitboard {
    let mut out = 0u128;
    let mut d = 0;
    while d < 4 {
        if occ & t.block[d] == 0 {
            out |= t.reach[d];
        }
        d += 1;
    }
    Bitboard(out)
}

/// Squares a horse on `sq` reaches.
#[inline(always)]
pub fn horse_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    blockable(&HORSE[sq], occ.0)
}

/// Squares from which a horse would attack `sq`.
#[inline(always)]
pub fn horse_attackers_from(sq: usize, occ: Bitboard) -> Bitboard {
    blockable(&HORSE_TO[sq], occ.0)
}

#[inline(always)]
pub fn elephant_attacks(sq: usize, occ: Bitboard) -> Bitboard {
    blockable(&ELEPHANT[sq], occ.0)
}

#[inline(always)]
pub fn advisor_attacks(sq: usize) -> Bitboard {
    Bitboard(ADVISOR[sq])
}

#[inline(always)]
pub fn king_attacks(sq: usize) -> Bitboard {
    Bitboard(KING[sq])
}

#[inline(always)]
pub fn pawn_attacks(color: Color, sq: usize) -> Bitboard {
    Bitboard(PAWN[color.index()][sq])
}

/// Squares from which a pawn of `color` attacks `sq`.
#[inline(always)]
pub fn pawn_attackers_from(color: Color, sq: usize) -> Bitboard {
    Bitboard(PAWN_FROM[color.index()][sq])
}

/// Diagonal neighbours of `sq`: the legs of every horse that could attack a piece on `sq`.
#[inline(always)]
pub fn horse_legs_around(sq: usize) -> &'static Blockable {
    &HORSE_TO[sq]
}

/// Whether `sq` is in a palace (either side's).
pub const fn palace(sq: usize) -> bool {
    in_palace(sq)
}

/// The whole rank and the whole file through `sq`.
#[inline(always)]
pub fn lines_through(sq: usize) -> Bitboard {
    Bitboard(LINES[sq])
}

/// `lines_through` as a table: two variable 128-bit shifts cost more than the load (SEE asks
/// for every exchange it looks at).
static LINES: [u128; SQUARES] = {
    const RANK0: u128 = 0x1FF;
    let mut file0 = 0u128;
    let mut r = 0;
    while r < RANKS {
        file0 |= 1u128 << (r * FILES);
        r += 1;
    }
    let mut t = [0u128; SQUARES];
    let mut sq = 0;
    while sq < SQUARES {
        t[sq] = (RANK0 << (rank_of(sq) * FILES)) | (file0 << file_of(sq));
        sq += 1;
    }
    t
};

/// The rank through `sq`.
#[inline(always)]
pub fn rank_through(sq: usize) -> Bitboard {
    Bitboard(0x1FFu128 << (rank_of(sq) * FILES))
}
