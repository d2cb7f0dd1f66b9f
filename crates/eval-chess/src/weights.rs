//! Every weight of the chess evaluation, as (middlegame, endgame) pairs in centipawns. Piece-
//! square tables are built from the few shape parameters below rather than typed out, so that a
//! tuner has a small, meaningful set of numbers to move.

/// The pair type is shared by both evaluations (`game_api::S`).
pub use game_api::S;

pub struct Weights {
    /// Material by kind: pawn, knight, bishop, rook, queen, king.
    pub material: [S; 6],
    /// Phase weight of each kind; the start position sums to `phase_total`.
    pub phase: [i32; 6],
    pub phase_total: i32,

    // ----- piece-square shapes -----
    /// Pawn bonus per rank advanced (index = ranks from the start rank, 0..=5).
    pub pawn_rank: [S; 6],
    /// Pawns on the centre files d, e and on the files beside them, c and f.
    pub pawn_centre_file: S,
    pub pawn_side_centre_file: S,
    /// Knights and bishops: bonus per step closer to the centre (0 = corner ring .. 3 = centre).
    pub knight_centre: S,
    pub bishop_centre: S,
    /// Rooks on the seventh rank; queens centralised (small).
    pub rook_seventh: S,
    pub queen_centre: S,
    /// King: bonus per rank near the back rank and for the wings (castled; both middlegame
    /// weights so far), and per step toward the centre (an endgame weight so far).
    pub king_back_rank: S,
    pub king_wing: S,
    pub king_centre: S,

    // ----- mobility, per reachable square not attacked by enemy pawns, minus a base -----
    pub mobility: [S; 4],
    pub mobility_base: [i32; 4],

    // ----- pawn structure -----
    pub doubled: S,
    pub isolated: S,
    pub backward: S,
    /// Passed pawn bonus by ranks advanced (0..=5).
    pub passed: [S; 6],
    pub bishop_pair: S,
    pub rook_open_file: S,
    pub rook_half_open_file: S,

    // ----- king safety -----
    /// Own pawns in the three files in front of the king, one and two ranks ahead.
    pub shield_near: S,
    pub shield_far: S,
    /// Attack units by attacking kind (knight, bishop, rook, queen) on the king zone.
    pub attack_units: [i32; 4],
    /// Penalty (middlegame) = units^2 / divisor, capped.
    pub attack_divisor: i32,
    pub attack_cap: i32,

    /// The side to move's small edge.
    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    material: [S(77, 111), S(326, 322), S(352, 332), S(448, 572), S(972, 1030), S(0, 0)],
    phase: [0, 1, 1, 2, 4, 0],
    phase_total: 24,

    pawn_rank: [S(-2, 6), S(2, 11), S(6, 15), S(14, 23), S(21, 64), S(62, 113)],
    pawn_centre_file: S(12, -4),
    pawn_side_centre_file: S(8, -5),
    knight_centre: S(8, 10),
    bishop_centre: S(6, 5),
    rook_seventh: S(38, 18),
    queen_centre: S(-1, 14),
    king_back_rank: S(24, -14),
    king_wing: S(20, -6),
    king_centre: S(13, 3),

    mobility: [S(6, 3), S(5, 4), S(2, 4), S(2, 3)],
    mobility_base: [4, 6, 6, 12],

    doubled: S(-16, -16),
    isolated: S(-12, -12),
    backward: S(-3, -9),
    passed: [S(13, 0), S(0, 6), S(0, 21), S(6, 52), S(39, 74), S(62, 113)],
    bishop_pair: S(35, 56),
    rook_open_file: S(38, 5),
    rook_half_open_file: S(17, 19),

    shield_near: S(13, -1),
    shield_far: S(5, -2),
    attack_units: [2, 2, 3, 5],
    attack_divisor: 6,
    attack_cap: 500,

    tempo: 4,
};
