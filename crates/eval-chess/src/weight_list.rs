//! The flat list of the tunable pair weights of `weights.rs`: their order (the index a term
//! reports to a `TermSink`), field names (what the tuner writes back) and current values.
//! Integer weights (phase, mobility bases, king-danger units, divisor and cap: the king danger
//! is quadratic, so it enters the trace as a fixed term) are not in the list; `tempo` is tuned
//! separately.

use crate::weights::{Weights, S};
use game_api::{weight_count, weight_offset};

/// `(field of Weights, number of pairs)`, in flat order.
pub const FIELDS: &[(&str, usize)] = &[
    ("material", 6),
    ("pawn_rank", 6),
    ("pawn_centre_file", 1),
    ("pawn_side_centre_file", 1),
    ("knight_centre", 1),
    ("bishop_centre", 1),
    ("rook_seventh", 1),
    ("queen_centre", 1),
    ("king_back_rank", 1),
    ("king_wing", 1),
    ("king_centre", 1),
    ("mobility", 4),
    ("doubled", 1),
    ("isolated", 1),
    ("backward", 1),
    ("passed", 6),
    ("bishop_pair", 1),
    ("rook_open_file", 1),
    ("rook_half_open_file", 1),
    ("shield_near", 1),
    ("shield_far", 1),
];

pub const COUNT: usize = weight_count(FIELDS);

pub const MATERIAL: usize = weight_offset(FIELDS, "material");
pub const PAWN_RANK: usize = weight_offset(FIELDS, "pawn_rank");
pub const PAWN_CENTRE_FILE: usize = weight_offset(FIELDS, "pawn_centre_file");
pub const PAWN_SIDE_CENTRE_FILE: usize = weight_offset(FIELDS, "pawn_side_centre_file");
pub const KNIGHT_CENTRE: usize = weight_offset(FIELDS, "knight_centre");
pub const BISHOP_CENTRE: usize = weight_offset(FIELDS, "bishop_centre");
pub const ROOK_SEVENTH: usize = weight_offset(FIELDS, "rook_seventh");
pub const QUEEN_CENTRE: usize = weight_offset(FIELDS, "queen_centre");
pub const KING_BACK_RANK: usize = weight_offset(FIELDS, "king_back_rank");
pub const KING_WING: usize = weight_offset(FIELDS, "king_wing");
pub const KING_CENTRE: usize = weight_offset(FIELDS, "king_centre");
pub const MOBILITY: usize = weight_offset(FIELDS, "mobility");
pub const DOUBLED: usize = weight_offset(FIELDS, "doubled");
pub const ISOLATED: usize = weight_offset(FIELDS, "isolated");
pub const BACKWARD: usize = weight_offset(FIELDS, "backward");
pub const PASSED: usize = weight_offset(FIELDS, "passed");
pub const BISHOP_PAIR: usize = weight_offset(FIELDS, "bishop_pair");
pub const ROOK_OPEN_FILE: usize = weight_offset(FIELDS, "rook_open_file");
pub const ROOK_HALF_OPEN_FILE: usize = weight_offset(FIELDS, "rook_half_open_file");
pub const SHIELD_NEAR: usize = weight_offset(FIELDS, "shield_near");
pub const SHIELD_FAR: usize = weight_offset(FIELDS, "shield_far");

/// The pairs of one field of `w`, by name.
fn field<'a>(w: &'a Weights, name: &str) -> &'a [S] {
    use std::slice::from_ref;
    match name {
        "material" => &w.material,
        "pawn_rank" => &w.pawn_rank,
        "pawn_centre_file" => from_ref(&w.pawn_centre_file),
        "pawn_side_centre_file" => from_ref(&w.pawn_side_centre_file),
        "knight_centre" => from_ref(&w.knight_centre),
        "bishop_centre" => from_ref(&w.bishop_centre),
        "rook_seventh" => from_ref(&w.rook_seventh),
        "queen_centre" => from_ref(&w.queen_centre),
        "king_back_rank" => from_ref(&w.king_back_rank),
        "king_wing" => from_ref(&w.king_wing),
        "king_centre" => from_ref(&w.king_centre),
        "mobility" => &w.mobility,
        "doubled" => from_ref(&w.doubled),
        "isolated" => from_ref(&w.isolated),
        "backward" => from_ref(&w.backward),
        "passed" => &w.passed,
        "bishop_pair" => from_ref(&w.bishop_pair),
        "rook_open_file" => from_ref(&w.rook_open_file),
        "rook_half_open_file" => from_ref(&w.rook_half_open_file),
        "shield_near" => from_ref(&w.shield_near),
        "shield_far" => from_ref(&w.shield_far),
        _ => &[],
    }
}

/// The current pair weights in flat order.
pub fn values(w: &Weights) -> Vec<S> {
    FIELDS.iter().flat_map(|(name, _)| field(w, name).iter().copied()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::weights::WEIGHTS;

    #[test]
    fn every_field_has_its_listed_length() {
        for (name, len) in FIELDS {
            assert_eq!(field(&WEIGHTS, name).len(), *len, "{name}");
        }
        assert_eq!(values(&WEIGHTS).len(), COUNT);
    }
}
