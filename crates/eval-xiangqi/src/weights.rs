//! Every weight of the xiangqi evaluation, as (middlegame, endgame) pairs in centipawns. The
//! piece-square tables are built from the shape parameters here (see `tables.rs`).

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
    material: [S(80, 110), S(190, 170), S(190, 170), S(390, 440), S(460, 420), S(940, 1000), S(0, 0)],
    phase: [0, 0, 0, 2, 2, 4, 0],
    phase_total: 32,

    pawn_crossed: [S(50, 70), S(60, 90), S(70, 100), S(50, 80), S(0, 20)],
    pawn_palace_file: S(20, 30),
    horse_centre: S(6, 4),
    horse_forward: S(6, 4),
    horse_edge: S(-20, -10),
    cannon_centre_file: S(25, 0),
    cannon_deep: S(10, 0),
    rook_crossed: S(15, 10),
    rook_rib: S(10, 0),
    king_raised: S(-20, -5),
    king_off_centre: S(-10, 0),
    advisor_centre: S(10, 5),
    elephant_centre: S(10, 5),

    advisor_guard: S(6, 3),
    elephant_guard: S(5, 2),
    attack_force_cap: 10,

    rook_on_king_file: S(-40, -20),
    cannon_empty_head: S(-60, -20),
    cannon_screened: S(-20, -5),
    horse_near_palace: S(-25, -15),
    pawn_near_palace: S(-15, -25),

    mobility: [S(5, 6), S(8, 8), S(3, 3)],
    mobility_base: [6, 4, 6],

    tempo: 15,
};
