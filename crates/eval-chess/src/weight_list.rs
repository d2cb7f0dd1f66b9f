//! The flat list of the tunable pair weights of `weights.rs`: their order (the index a term
//! reports to a `TermSink`), field names (what the tuner writes back) and current values.
//! Integer weights (phase, mobility bases, king-danger units, divisor and cap: the king danger
//! is quadratic, so it enters the trace as a fixed term) are not in the list; `tempo` is tuned
//! separately.

use crate::weights::Weights;

game_api::weight_list!(Weights {
    MATERIAL: material, 6;
    PAWN_RANK: pawn_rank, 6;
    PAWN_CENTRE_FILE: pawn_centre_file, 1;
    PAWN_SIDE_CENTRE_FILE: pawn_side_centre_file, 1;
    KNIGHT_CENTRE: knight_centre, 1;
    BISHOP_CENTRE: bishop_centre, 1;
    ROOK_SEVENTH: rook_seventh, 1;
    QUEEN_CENTRE: queen_centre, 1;
    KING_BACK_RANK: king_back_rank, 1;
    KING_WING: king_wing, 1;
    KING_CENTRE: king_centre, 1;
    MOBILITY: mobility, 4;
    DOUBLED: doubled, 1;
    ISOLATED: isolated, 1;
    BACKWARD: backward, 1;
    PASSED: passed, 6;
    BISHOP_PAIR: bishop_pair, 1;
    ROOK_OPEN_FILE: rook_open_file, 1;
    ROOK_HALF_OPEN_FILE: rook_half_open_file, 1;
    SHIELD_NEAR: shield_near, 1;
    SHIELD_FAR: shield_far, 1;
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
