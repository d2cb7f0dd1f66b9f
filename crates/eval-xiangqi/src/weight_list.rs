//! The flat list of the tunable pair weights of `weights.rs`: their order (the index a term
//! reports to a `TermSink`), field names (what the tuner writes back) and current values.
//! Integer weights (phase, mobility bases, caps) are structural and not in the list; `tempo` is
//! tuned separately.

use crate::weights::{Weights, S};
use game_api::{weight_count, weight_offset};

/// `(field of Weights, number of pairs)`, in flat order.
pub const FIELDS: &[(&str, usize)] = &[
    ("material", 7),
    ("pawn_crossed", 5),
    ("pawn_palace_file", 1),
    ("horse_centre", 1),
    ("horse_forward", 1),
    ("horse_edge", 1),
    ("cannon_centre_file", 1),
    ("cannon_deep", 1),
    ("rook_crossed", 1),
    ("rook_rib", 1),
    ("king_raised", 1),
    ("king_off_centre", 1),
    ("advisor_centre", 1),
    ("elephant_centre", 1),
    ("advisor_guard", 1),
    ("elephant_guard", 1),
    ("rook_on_king_file", 1),
    ("cannon_empty_head", 1),
    ("cannon_screened", 1),
    ("horse_near_palace", 1),
    ("pawn_near_palace", 1),
    ("mobility", 3),
];

pub const COUNT: usize = weight_count(FIELDS);

pub const MATERIAL: usize = weight_offset(FIELDS, "material");
pub const PAWN_CROSSED: usize = weight_offset(FIELDS, "pawn_crossed");
pub const PAWN_PALACE_FILE: usize = weight_offset(FIELDS, "pawn_palace_file");
pub const HORSE_CENTRE: usize = weight_offset(FIELDS, "horse_centre");
pub const HORSE_FORWARD: usize = weight_offset(FIELDS, "horse_forward");
pub const HORSE_EDGE: usize = weight_offset(FIELDS, "horse_edge");
pub const CANNON_CENTRE_FILE: usize = weight_offset(FIELDS, "cannon_centre_file");
pub const CANNON_DEEP: usize = weight_offset(FIELDS, "cannon_deep");
pub const ROOK_CROSSED: usize = weight_offset(FIELDS, "rook_crossed");
pub const ROOK_RIB: usize = weight_offset(FIELDS, "rook_rib");
pub const KING_RAISED: usize = weight_offset(FIELDS, "king_raised");
pub const KING_OFF_CENTRE: usize = weight_offset(FIELDS, "king_off_centre");
pub const ADVISOR_CENTRE: usize = weight_offset(FIELDS, "advisor_centre");
pub const ELEPHANT_CENTRE: usize = weight_offset(FIELDS, "elephant_centre");
pub const ADVISOR_GUARD: usize = weight_offset(FIELDS, "advisor_guard");
pub const ELEPHANT_GUARD: usize = weight_offset(FIELDS, "elephant_guard");
pub const ROOK_ON_KING_FILE: usize = weight_offset(FIELDS, "rook_on_king_file");
pub const CANNON_EMPTY_HEAD: usize = weight_offset(FIELDS, "cannon_empty_head");
pub const CANNON_SCREENED: usize = weight_offset(FIELDS, "cannon_screened");
pub const HORSE_NEAR_PALACE: usize = weight_offset(FIELDS, "horse_near_palace");
pub const PAWN_NEAR_PALACE: usize = weight_offset(FIELDS, "pawn_near_palace");
pub const MOBILITY: usize = weight_offset(FIELDS, "mobility");

/// The pairs of one field of `w`, by name.
fn field<'a>(w: &'a Weights, name: &str) -> &'a [S] {
    use std::slice::from_ref;
    match name {
        "material" => &w.material,
        "pawn_crossed" => &w.pawn_crossed,
        "pawn_palace_file" => from_ref(&w.pawn_palace_file),
        "horse_centre" => from_ref(&w.horse_centre),
        "horse_forward" => from_ref(&w.horse_forward),
        "horse_edge" => from_ref(&w.horse_edge),
        "cannon_centre_file" => from_ref(&w.cannon_centre_file),
        "cannon_deep" => from_ref(&w.cannon_deep),
        "rook_crossed" => from_ref(&w.rook_crossed),
        "rook_rib" => from_ref(&w.rook_rib),
        "king_raised" => from_ref(&w.king_raised),
        "king_off_centre" => from_ref(&w.king_off_centre),
        "advisor_centre" => from_ref(&w.advisor_centre),
        "elephant_centre" => from_ref(&w.elephant_centre),
        "advisor_guard" => from_ref(&w.advisor_guard),
        "elephant_guard" => from_ref(&w.elephant_guard),
        "rook_on_king_file" => from_ref(&w.rook_on_king_file),
        "cannon_empty_head" => from_ref(&w.cannon_empty_head),
        "cannon_screened" => from_ref(&w.cannon_screened),
        "horse_near_palace" => from_ref(&w.horse_near_palace),
        "pawn_near_palace" => from_ref(&w.pawn_near_palace),
        "mobility" => &w.mobility,
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
