//! Every weight of the xiangqi evaluation, as (middlegame, endgame) pairs in centipawns. The
//! piece-square tables are built from the shape parameters here (`psqt` in `terms.rs`).

/// The pair type is shared by both evaluations (`game_api::S`).
pub use game_api::S;

pub struct Weights {
    /// Material by kind index: pawn, advisor, elephant, horse, cannon, rook, king. Cannon and
    /// horse differ by phase: the cannon needs screens (many pieces), the horse likes space.
    pub material: [S; 7],
    /// Phase weight by kind; the start position sums to `phase_total`.
    pub phase: [i32; 7],
    pub phase_total: i32,

    // ----- piece-square shapes (Red's frame: rank 0 = own back rank) -----
    /// Crossed pawn bonus by rank (index = rank 5..=9 → 0..=4); the last rank is a dead end.
    pub pawn_crossed: [S; 5],
    /// Crossed pawns on the three palace files.
    pub pawn_palace_file: S,
    /// Horse: per step toward the centre files, per rank forward (ranks 2..=7).
    pub horse_centre: S,
    pub horse_forward: S,
    /// Horse on the edge file (easily trapped).
    pub horse_edge: S,
    /// Cannon on the central file; cannon on the enemy back ranks (the "bottom cannon").
    pub cannon_centre_file: S,
    pub cannon_deep: S,
    /// Rook across the river; rook on the ribs (files d, f).
    pub rook_crossed: S,
    pub rook_rib: S,
    /// King off its back rank (per rank) and off the central file.
    pub king_raised: S,
    pub king_off_centre: S,
    /// Advisor / elephant on its central point.
    pub advisor_centre: S,
    pub elephant_centre: S,

    // ----- defence -----
    /// Per advisor / elephant, times the enemy attacking force (capped).
    pub advisor_guard: S,
    pub elephant_guard: S,
    pub attack_force_cap: i32,

    // ----- king safety -----
    pub rook_on_king_file: S,
    /// Enemy cannon on the king's file with nothing between ("empty head") or one screen.
    pub cannon_empty_head: S,
    pub cannon_screened: S,
    /// Enemy horse within the ring around the palace.
    pub horse_near_palace: S,
    /// Enemy crossed pawn next to the palace.
    pub pawn_near_palace: S,

    // ----- mobility (per reachable square, minus a base): rook, horse, cannon -----
    pub mobility: [S; 3],
    pub mobility_base: [i32; 3],

    pub tempo: i32,
}

pub const WEIGHTS: Weights = Weights {
    material: [S(77, 120), S(168, 131), S(134, 138), S(438, 485), S(571, 461), S(1152, 1177), S(0, 0)],
    phase: [0, 0, 0, 2, 2, 4, 0],
    phase_total: 32,

    pawn_crossed: [S(61, 107), S(73, 129), S(22, 162), S(217, 104), S(-8, 37)],
    pawn_palace_file: S(49, 27),
    horse_centre: S(15, -2),
    horse_forward: S(18, 8),
    horse_edge: S(22, -27),
    cannon_centre_file: S(38, 5),
    cannon_deep: S(-29, 17),
    rook_crossed: S(40, -9),
    rook_rib: S(9, 13),
    king_raised: S(-71, 3),
    king_off_centre: S(-54, 7),
    advisor_centre: S(35, 2),
    elephant_centre: S(30, -2),

    advisor_guard: S(7, 17),
    elephant_guard: S(14, 14),
    attack_force_cap: 10,

    rook_on_king_file: S(-40, -20),
    cannon_empty_head: S(-91, 17),
    cannon_screened: S(-20, -5),
    horse_near_palace: S(-20, 16),
    pawn_near_palace: S(-64, -5),

    mobility: [S(7, 1), S(11, 6), S(1, 2)],
    mobility_base: [6, 4, 6],

    tempo: 4,
};
