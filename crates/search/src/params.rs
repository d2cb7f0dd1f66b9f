//! Every tunable constant of the search, in one place, so that tuning never means hunting
//! through the algorithm. Depths are in plies, margins in centipawns, times in milliseconds.

// ----- limits of the tree -----

/// Deepest ply the search can reach (stack and PV tables are sized by it).
pub const MAX_PLY: usize = 128;
/// Deepest nominal iteration of iterative deepening.
pub const MAX_DEPTH: i32 = 100;

// ----- aspiration windows -----

/// Iterations shallower than this use a full window.
pub const ASPIRATION_MIN_DEPTH: i32 = 5;
/// First half-width of the window around the previous iteration's score.
pub const ASPIRATION_DELTA: i32 = 18;

// ----- pruning before the move loop -----

/// Reverse futility (static null move): depth at or below which it applies.
pub const RFP_MAX_DEPTH: i32 = 7;
/// Reverse futility margin per ply of depth.
pub const RFP_MARGIN: i32 = 80;
/// Reverse futility margin taken off when the static eval is improving.
pub const RFP_IMPROVING_BONUS: i32 = 60;

/// Null move: the shallowest depth at which it is tried.
pub const NMP_MIN_DEPTH: i32 = 3;
/// Null move reduction: base plus depth / divisor.
pub const NMP_BASE_REDUCTION: i32 = 3;
pub const NMP_DEPTH_DIVISOR: i32 = 4;
/// Extra reduction per this many centipawns the static eval exceeds beta (capped).
pub const NMP_EVAL_DIVISOR: i32 = 200;
pub const NMP_EVAL_MAX_REDUCTION: i32 = 3;
/// From this depth a null-move cutoff is verified by a search without null moves, so that
/// zugzwang positions the material test missed are still searched correctly.
pub const NMP_VERIFY_DEPTH: i32 = 12;

/// Internal iterative reduction: nodes with no TT move at this depth or deeper search one ply less.
pub const IIR_MIN_DEPTH: i32 = 4;

// ----- pruning inside the move loop -----

/// Late-move pruning: quiet moves after `LMP_BASE + depth^2` (halved when not improving) are skipped.
pub const LMP_MAX_DEPTH: i32 = 8;
pub const LMP_BASE: i32 = 3;

/// Futility pruning of quiet moves: depth limit and margin (base + per ply).
pub const FUTILITY_MAX_DEPTH: i32 = 8;
pub const FUTILITY_BASE: i32 = 90;
pub const FUTILITY_PER_DEPTH: i32 = 100;

/// SEE pruning: captures losing more than `SEE_CAPTURE_MARGIN * depth`, quiets losing more than
/// `SEE_QUIET_MARGIN * depth` are skipped at shallow depth.
pub const SEE_PRUNE_MAX_DEPTH: i32 = 8;
pub const SEE_CAPTURE_MARGIN: i32 = 90;
pub const SEE_QUIET_MARGIN: i32 = 50;

/// Quiescence: delta (futility) margin added to the captured piece's value.
pub const QS_DELTA_MARGIN: i32 = 200;

// ----- late-move reductions -----

pub const LMR_MIN_DEPTH: i32 = 3;
/// Reduction = LMR_BASE + ln(depth) * ln(move number) / LMR_DIVISOR (in hundredths).
pub const LMR_BASE: f64 = 0.75;
pub const LMR_DIVISOR: f64 = 2.25;
/// History score worth one ply of reduction less (or more).
pub const LMR_HISTORY_DIVISOR: i32 = 6000;

// ----- extensions -----

/// Check extensions stop once the ply reaches this multiple of the root depth (no explosions in
/// perpetual-check lines).
pub const CHECK_EXTENSION_PLY_FACTOR: i32 = 2;

// ----- move ordering -----

/// History values are kept in `-HISTORY_MAX..=HISTORY_MAX` by a gravity update.
pub const HISTORY_MAX: i32 = 16_000;
/// Bonus for a quiet move that caused a cutoff: `min(HISTORY_BONUS_MUL * depth^2 ..., cap)`.
pub const HISTORY_BONUS_MUL: i32 = 16;
pub const HISTORY_BONUS_ADD: i32 = 32;
pub const HISTORY_BONUS_CAP: i32 = 1600;
/// Score of a capture in the picker: victim value times this (no attacker term yet).
pub const MVV_MULTIPLIER: i32 = 16;

// ----- static-evaluation correction -----

/// Entries per side to move in the correction history (indexed by `Game::structure_key`).
pub const CORRECTION_ENTRIES: usize = 16_384;
/// Largest correction, and largest single error learnt from, in centipawns.
pub const CORRECTION_LIMIT: i32 = 200;
/// A search of depth `d` moves an entry `min(d + 1, this)` 256ths of the way to its error.
pub const CORRECTION_MAX_WEIGHT: i32 = 16;

// ----- time management -----

/// Moves assumed left when the clock gives no `movestogo`.
pub const DEFAULT_MOVES_TO_GO: u64 = 30;
/// Cap on `movestogo` used for the split (a very long horizon would hoard time).
pub const MAX_MOVES_TO_GO: u64 = 50;
/// Fraction (per mille) of the increment added to each move's target.
pub const INC_USAGE_PERMILLE: u64 = 800;
/// The hard limit is at most this many times the target...
pub const HARD_TARGET_FACTOR: u64 = 5;
/// ...and never more than this fraction (per mille) of the time left.
pub const HARD_MAX_PERMILLE: u64 = 600;
/// No new iteration starts after this fraction (per mille) of the adjusted target.
pub const ITERATION_START_PERMILLE: u64 = 700;
/// Target scaling (per mille) added per recent best-move change, and its ceiling.
pub const INSTABILITY_PERMILLE_PER_CHANGE: u64 = 250;
pub const INSTABILITY_MAX_PERMILLE: u64 = 2000;
/// Score drop (centipawns) from the previous iteration that counts as "falling", and the
/// extra target (per mille) it earns.
pub const SCORE_DROP_THRESHOLD: i32 = 30;
pub const SCORE_DROP_PERMILLE: u64 = 400;
/// Lowest time left we ever plan to keep on the clock, on top of the move overhead.
pub const MIN_RESERVE_MS: u64 = 10;

/// Nodes between two looks at the stop flag, the clock and the node limit.
pub const POLL_INTERVAL: u64 = 1024;

/// A mate in `p` plies counts as proven (and is played at once under a clock) from depth
/// `2p + MATE_PROOF_MARGIN`: deep enough that a reduced defence would have shown up.
pub const MATE_PROOF_MARGIN: i32 = 2;
