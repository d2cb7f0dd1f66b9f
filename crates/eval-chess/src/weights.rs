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
    material: [S(82, 104), S(337, 281), S(365, 297), S(477, 512), S(1025, 936), S(0, 0)],
    phase: [0, 1, 1, 2, 4, 0],
    phase_total: 24,

    pawn_rank: [S(0, 0), S(2, 6), S(6, 14), S(14, 30), S(30, 60), S(60, 110)],
    pawn_centre_file: S(10, 0),
    pawn_side_centre_file: S(5, 0),
    knight_centre: S(12, 8),
    bishop_centre: S(6, 4),
    rook_seventh: S(20, 25),
    queen_centre: S(2, 6),
    king_back_rank: S(12, 0),
    king_wing: S(15, 0),
    king_centre: S(0, 14),

    mobility: [S(4, 4), S(5, 5), S(2, 4), S(1, 2)],
    mobility_base: [4, 6, 6, 12],

    doubled: S(-10, -22),
    isolated: S(-12, -14),
    backward: S(-6, -8),
    passed: [S(0, 0), S(2, 10), S(6, 16), S(14, 36), S(30, 66), S(60, 110)],
    bishop_pair: S(30, 55),
    rook_open_file: S(30, 10),
    rook_half_open_file: S(14, 6),

    shield_near: S(12, 0),
    shield_far: S(6, 0),
    attack_units: [2, 2, 3, 5],
    attack_divisor: 6,
    attack_cap: 500,

    tempo: 12,
};
