//! The flat list of the tunable pair weights of `weights.rs`: their order (the index a term
//! reports to a `TermSink`), field names (what the tuner writes back) and current values.
//! Integer weights (phase, mobility bases, caps) are structural and not in the list; `tempo` is
//! tuned separately.

use crate::weights::Weights;

game_api::weight_list!(Weights {
    MATERIAL: material, 7;
    PAWN_CROSSED: pawn_crossed, 5;
    PAWN_PALACE_FILE: pawn_palace_file, 1;
    HORSE_CENTRE: horse_centre, 1;
    HORSE_FORWARD: horse_forward, 1;
    HORSE_EDGE: horse_edge, 1;
    CANNON_CENTRE_FILE: cannon_centre_file, 1;
    CANNON_DEEP: cannon_deep, 1;
    ROOK_CROSSED: rook_crossed, 1;
    ROOK_RIB: rook_rib, 1;
    KING_RAISED: king_raised, 1;
    KING_OFF_CENTRE: king_off_centre, 1;
    ADVISOR_CENTRE: advisor_centre, 1;
    ELEPHANT_CENTRE: elephant_centre, 1;
    ADVISOR_GUARD: advisor_guard, 1;
    ELEPHANT_GUARD: elephant_guard, 1;
    ROOK_ON_KING_FILE: rook_on_king_file, 1;
    CANNON_EMPTY_HEAD: cannon_empty_head, 1;
    CANNON_SCREENED: cannon_screened, 1;
    HORSE_NEAR_PALACE: horse_near_palace, 1;
    PAWN_NEAR_PALACE: pawn_near_palace, 1;
    MOBILITY: mobility, 3;
});

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
