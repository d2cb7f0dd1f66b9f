//! Geometry the evaluation needs and the rules crate does not export: knight and king steps,
//! file masks, and the piece-square tables built from the shape weights.

use crate::weight_list as ids;
use crate::weights::{S, WEIGHTS};
use game_api::{TermSink, TermSum};

pub const FILE_A: u64 = 0x0101_0101_0101_0101;

pub const fn file_mask(file: usize) -> u64 {
    FILE_A << file
}

/// Files adjacent to `file` (not the file itself).
pub const fn adjacent_files(file: usize) -> u64 {
    let left = if file > 0 { file_mask(file - 1) } else { 0 };
    let right = if file < 7 { file_mask(file + 1) } else { 0 };
    left | right
}

const fn steps(sq: usize, deltas: &[(i32, i32); 8]) -> u64 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let mut out = 0;
    let mut i = 0;
    while i < 8 {
        let (nf, nr) = (f + deltas[i].0, r + deltas[i].1);
        if nf >= 0 && nf < 8 && nr >= 0 && nr < 8 {
            out |= 1u64 << (nr * 8 + nf);
        }
        i += 1;
    }
    out
}

const fn table(deltas: &[(i32, i32); 8]) -> [u64; 64] {
    let mut t = [0; 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq] = steps(sq, deltas);
        sq += 1;
    }
    t
}

pub const KNIGHT_STEPS: [u64; 64] =
    table(&[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]);
pub const KING_STEPS: [u64; 64] =
    table(&[(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]);

/// 0 on the edge ring .. 3 on the four centre squares.
const fn centrality(sq: usize) -> i32 {
    let (f, r) = ((sq % 8) as i32, (sq / 8) as i32);
    let df = if f < 4 { f } else { 7 - f };
    let dr = if r < 4 { r } else { 7 - r };
    if df < dr {
        df
    } else {
        dr
    }
}

/// Piece-square terms (material included) of `kind` on `sq` from White's side (mirror the
/// rank for Black).
pub fn psqt_terms<T: TermSink>(t: &mut T, kind: usize, sq: usize) {
    let w = &WEIGHTS;
    let (file, rank) = (sq % 8, sq / 8);
    let c = centrality(sq);
    t.add(ids::MATERIAL + kind, w.material[kind], 1);
    match kind {
        0 => {
            let advanced = rank.saturating_sub(1).min(5);
            t.add(ids::PAWN_RANK + advanced, w.pawn_rank[advanced], 1);
            match file {
                3 | 4 => t.add(ids::PAWN_CENTRE_FILE, w.pawn_centre_file, 1),
                2 | 5 => t.add(ids::PAWN_SIDE_CENTRE_FILE, w.pawn_side_centre_file, 1),
                _ => {}
            }
        }
        1 => t.add(ids::KNIGHT_CENTRE, w.knight_centre, c - 2),
        2 => t.add(ids::BISHOP_CENTRE, w.bishop_centre, c),
        3 => {
            if rank == 6 {
                t.add(ids::ROOK_SEVENTH, w.rook_seventh, 1);
            }
        }
        4 => t.add(ids::QUEEN_CENTRE, w.queen_centre, c),
        _ => {
            let back = 3 - (rank as i32).min(3);
            let wing = i32::from(file <= 2 || file >= 6);
            t.add(ids::KING_BACK_RANK, w.king_back_rank, back);
            t.add(ids::KING_WING, w.king_wing, wing);
            t.add(ids::KING_CENTRE, w.king_centre, c);
        }
    }
}

/// `[kind][square]` from White's side, material included.
pub fn build_psqt() -> Box<[[S; 64]; 6]> {
    let mut t = Box::new([[S(0, 0); 64]; 6]);
    for (kind, row) in t.iter_mut().enumerate() {
        for (sq, v) in row.iter_mut().enumerate() {
            let mut sum = TermSum::default();
            psqt_terms(&mut sum, kind, sq);
            *v = sum.0;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn knight_and_king_steps() {
        assert_eq!(KNIGHT_STEPS[0].count_ones(), 2);
        assert_eq!(KNIGHT_STEPS[27].count_ones(), 8);
        assert_eq!(KING_STEPS[0].count_ones(), 3);
        assert_eq!(KING_STEPS[63], (1 << 62) | (1 << 55) | (1 << 54));
    }

    #[test]
    fn centre_is_better_for_knights() {
        let t = build_psqt();
        assert!(t[1][27].0 > t[1][0].0);
        assert!(t[0][52].1 > t[0][12].1, "advanced pawns are worth more in the endgame");
    }
}
