//! Every constant of the search, in one place, so that tuning never means hunting through the
//! algorithm. Depths are in plies, margins in centipawns, times in milliseconds.
//!
//! Two kinds:
//! - *fixed* constants size tables or guard correctness (the deepest ply, the mate-proof margin,
//!   how often the clock is read); they are plain `const`s and no tuner touches them;
//! - *tunable* constants are each declared once in [`tunables!`], with their range. In a normal
//!   build each is a `const` [`Param`] whose [`Param::get`] folds to its value, so the search
//!   pays nothing. Built with the `tune` feature, each is a `static` with an atomic value that
//!   the engine exposes as a UCI spin option (named as here), and [`TUNABLES`] lists them all
//!   for that and for the SPSA input (`kientuong params`).
//!
//! A constant has one value per game [`column`]: chess's (which the search's toy games share)
//! and xiangqi's; a game's [`Profile`] says which it plays with. The two are the same unless a
//! declaration gives xiangqi its own (`NAME = chess [xiangqi X], min..=max;`), which is done
//! only when a tuning run for xiangqi produced a set that won its SPRT there
//! (`lab/spsa/README.md`): the games differ in branching, piece values and draw rate, so the
//! best margins differ too.

use crate::profile::Profile;
use game_api::{Game, GameKind};
#[cfg(feature = "tune")]
use std::sync::atomic::{AtomicI32, Ordering::Relaxed};

// ----- fixed: limits of the tree, polling, reporting -----

/// Deepest ply the search can reach (stack and PV tables are sized by it).
pub const MAX_PLY: usize = 128;
/// Deepest nominal iteration of iterative deepening.
pub const MAX_DEPTH: i32 = 100;
/// Entries per side to move in the correction history (indexed by `Game::structure_key`).
pub const CORRECTION_ENTRIES: usize = 16_384;
/// Lowest time left we ever plan to keep on the clock, on top of the move overhead.
pub const MIN_RESERVE_MS: u64 = 10;
/// Nodes between two looks at the stop flag, the clock and the node limit.
pub const POLL_INTERVAL: u64 = 1024;
/// A mate in `p` plies counts as proven (and is played at once under a clock) from depth
/// `2p + MATE_PROOF_MARGIN`: deep enough that a reduced defence would have shown up.
pub const MATE_PROOF_MARGIN: i32 = 2;
/// After this long a search also reports the root move it is on (`info currmove`), as GUIs
/// expect from a long think; earlier it would only flood the engine pane.
pub const CURRMOVE_REPORT_AFTER_MS: u64 = 3000;

pub use crate::profile::{CHESS, XIANGQI};

/// Which column of values game `G` plays with (its [`Profile`]); a constant, so the choice
/// folds away.
pub const fn column<G: Game>() -> usize {
    Profile::of_game::<G>().column
}

/// The column of the game a `--game` name or a session plays.
pub const fn column_of(kind: GameKind) -> usize {
    Profile::of(Some(kind)).column
}

/// One tunable constant: its name (also its UCI option name in a `tune` build), its value in
/// each game column and the range a tuner may move it in.
pub struct Param {
    pub name: &'static str,
    /// The declared values, indexed by [`column`].
    pub defaults: [i32; 2],
    pub min: i32,
    pub max: i32,
    #[cfg(feature = "tune")]
    values: [AtomicI32; 2],
}

/// Why [`Param::set`] refused a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// Outside `min..=max`.
    OutOfRange { name: &'static str, value: i32, min: i32, max: i32 },
    /// A build without the `tune` feature keeps every constant fixed.
    NotTunable { name: &'static str },
}

impl std::fmt::Display for SetError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SetError::OutOfRange { name, value, min, max } => {
                write!(f, "{name}: {value} is outside {min}..{max}")
            }
            SetError::NotTunable { name } => {
                write!(
                    f,
                    "{name}: this build has fixed search constants (build with --features tune)"
                )
            }
        }
    }
}

impl std::error::Error for SetError {}

/// The final learning rate of OpenBench's SPSA input, the same for every parameter.
pub const SPSA_R_END: f64 = 0.002;

impl Param {
    const fn new(name: &'static str, defaults: [i32; 2], min: i32, max: i32) -> Self {
        Param {
            name,
            defaults,
            min,
            max,
            #[cfg(feature = "tune")]
            values: [AtomicI32::new(defaults[CHESS]), AtomicI32::new(defaults[XIANGQI])],
        }
    }

    /// The value game `G`'s search uses now.
    #[inline(always)]
    pub fn get<G: Game>(&self) -> i32 {
        self.get_in(column::<G>())
    }

    /// The value the search uses now in game column `column` ([`CHESS`] or [`XIANGQI`]).
    #[inline(always)]
    pub fn get_in(&self, column: usize) -> i32 {
        #[cfg(feature = "tune")]
        {
            self.values[column].load(Relaxed)
        }
        #[cfg(not(feature = "tune"))]
        {
            self.defaults[column]
        }
    }

    /// The value as a count (the time manager's unsigned arithmetic); ranges start at 0.
    #[inline(always)]
    pub fn get_u64_in(&self, column: usize) -> u64 {
        u64::try_from(self.get_in(column)).unwrap_or(0)
    }

    /// Sets the value of both columns (a `tune` build only), within the declared range. A
    /// tuning run plays one game, and an option must mean the same thing whichever game the
    /// session turns out to play.
    pub fn set(&self, value: i32) -> Result<(), SetError> {
        if !(self.min..=self.max).contains(&value) {
            return Err(SetError::OutOfRange {
                name: self.name,
                value,
                min: self.min,
                max: self.max,
            });
        }
        #[cfg(feature = "tune")]
        {
            for slot in &self.values {
                slot.store(value, Relaxed);
            }
            Ok(())
        }
        #[cfg(not(feature = "tune"))]
        {
            Err(SetError::NotTunable { name: self.name })
        }
    }

    /// The final perturbation size of SPSA: a twentieth of the range, at least one step.
    pub fn spsa_c_end(&self) -> f64 {
        (f64::from(self.max - self.min) / 20.0).max(1.0)
    }

    /// This parameter's value in game column `column` as a line of OpenBench's SPSA input:
    /// `name, int, value, min, max, c_end, r_end`.
    pub fn spsa_line(&self, column: usize) -> String {
        format!(
            "{}, int, {}, {}, {}, {}, {}",
            self.name,
            self.get_in(column),
            self.min,
            self.max,
            self.spsa_c_end(),
            SPSA_R_END
        )
    }
}

/// Finds a tunable constant by name, ignoring case (UCI option names are case-insensitive).
pub fn find(name: &str) -> Option<&'static Param> {
    TUNABLES.iter().copied().find(|p| p.name.eq_ignore_ascii_case(name))
}

/// Declares each tunable constant once: `NAME = value, min..=max;`, or
/// `NAME = value [xiangqi X], min..=max;` where xiangqi plays with its own value, with its doc
/// comment. Makes a `const` (normal build) or `static` (`tune` build) [`Param`] per entry and
/// [`TUNABLES`].
macro_rules! tunables {
    (@xiangqi $value:literal) => { $value };
    (@xiangqi $value:literal $xiangqi:literal) => { $xiangqi };
    ($( $(#[$doc:meta])* $name:ident = $value:literal $([xiangqi $xiangqi:literal])?,
        $min:literal ..= $max:literal; )*) => {
        $(
            $(#[$doc])*
            #[cfg(not(feature = "tune"))]
            pub const $name: Param = Param::new(
                stringify!($name),
                [$value, tunables!(@xiangqi $value $($xiangqi)?)],
                $min,
                $max,
            );
            $(#[$doc])*
            #[cfg(feature = "tune")]
            pub static $name: Param = Param::new(
                stringify!($name),
                [$value, tunables!(@xiangqi $value $($xiangqi)?)],
                $min,
                $max,
            );
        )*
        /// Every tunable constant, in declaration order.
        pub static TUNABLES: &[&Param] = &[$(&$name),*];
    };
}

tunables! {
    // ----- aspiration windows -----
    /// Iterations shallower than this use a full window.
    ASPIRATION_MIN_DEPTH = 5, 1..=10;
    /// First half-width of the window around the previous iteration's score.
    ASPIRATION_DELTA = 19, 5..=60;

    // ----- pruning before the move loop -----
    /// Reverse futility (static null move): depth at or below which it applies.
    RFP_MAX_DEPTH = 6, 3..=12;
    /// Reverse futility margin per ply of depth.
    RFP_MARGIN = 77 [xiangqi 75], 30..=200;
    /// Reverse futility margin taken off when the static eval is improving.
    RFP_IMPROVING_BONUS = 63 [xiangqi 64], 0..=150;
    /// Null move: the shallowest depth at which it is tried.
    NMP_MIN_DEPTH = 3, 1..=6;
    /// Null move reduction: base plus depth / divisor...
    NMP_BASE_REDUCTION = 4, 1..=6;
    NMP_DEPTH_DIVISOR = 4, 2..=8;
    /// ...plus one ply per this many centipawns the static eval exceeds beta, capped.
    NMP_EVAL_DIVISOR = 205 [xiangqi 201], 50..=400;
    NMP_EVAL_MAX_REDUCTION = 3, 0..=6;
    /// From this depth a null-move cutoff is verified by a search without null moves, so that
    /// zugzwang positions the material test missed are still searched correctly.
    NMP_VERIFY_DEPTH = 12, 6..=20;
    /// ProbCut: from this depth, captures are tried against `beta + PROBCUT_MARGIN` at
    /// `depth - PROBCUT_REDUCTION`.
    PROBCUT_MIN_DEPTH = 5, 3..=10;
    PROBCUT_MARGIN = 195 [xiangqi 193], 50..=400;
    PROBCUT_REDUCTION = 4, 2..=6;
    /// Internal iterative reduction: nodes with no TT move at this depth or deeper search one
    /// ply less.
    IIR_MIN_DEPTH = 4, 2..=10;
    /// Singular extensions: from this depth, a TT move whose lower bound is deep enough...
    SE_MIN_DEPTH = 7, 4..=12;
    /// ...at least `depth - SE_TT_DEPTH_MARGIN`...
    SE_TT_DEPTH_MARGIN = 3, 1..=6;
    /// ...is tested by a half-depth search without it against the TT value less this many
    /// 64ths of a centipawn per ply of depth.
    SE_BETA_MARGIN = 128, 16..=400;
    /// Two plies of extension outside the PV when every other move falls this far below.
    SE_DOUBLE_MARGIN = 20, 0..=100;
    /// At most this many double extensions on one path.
    SE_MAX_DOUBLE = 6, 0..=16;

    // ----- pruning inside the move loop -----
    /// Late-move pruning: quiet moves after `LMP_BASE + depth^2` (halved when not improving)
    /// are skipped, up to this depth.
    LMP_MAX_DEPTH = 8, 3..=12;
    LMP_BASE = 4, 0..=10;
    /// Futility pruning of quiet moves: depth limit and margin (base + per ply).
    FUTILITY_MAX_DEPTH = 8, 3..=12;
    FUTILITY_BASE = 87 [xiangqi 84], 0..=250;
    FUTILITY_PER_DEPTH = 97 [xiangqi 93], 30..=250;
    /// SEE pruning: captures losing more than `SEE_CAPTURE_MARGIN * depth`, quiets losing more
    /// than `SEE_QUIET_MARGIN * depth` are skipped up to this depth.
    SEE_PRUNE_MAX_DEPTH = 8, 3..=12;
    SEE_CAPTURE_MARGIN = 88 [xiangqi 92], 20..=200;
    SEE_QUIET_MARGIN = 53 [xiangqi 59], 10..=150;
    /// Futility pruning of captures outside the PV: skipped up to this depth when even the
    /// victim's value plus base + per ply leaves the static evaluation at or below alpha.
    /// Measured in chess only: xiangqi's profile turns it off (`Profile::capture_futility`).
    CAPTURE_FUTILITY_MAX_DEPTH = 6, 0..=12;
    CAPTURE_FUTILITY_BASE = 230, 0..=600;
    CAPTURE_FUTILITY_PER_DEPTH = 210, 50..=500;
    /// History pruning: quiet moves whose history score is below `-MARGIN * depth` are skipped
    /// outside PV nodes up to this depth.
    HISTORY_PRUNE_MAX_DEPTH = 3, 1..=6;
    HISTORY_PRUNE_MARGIN = 3043 [xiangqi 3144], 500..=8000;
    /// Quiescence: delta (futility) margin added to the captured piece's value.
    QS_DELTA_MARGIN = 222 [xiangqi 229], 50..=500;

    // ----- late-move reductions -----
    LMR_MIN_DEPTH = 3, 1..=6;
    /// Reduction in plies = (LMR_BASE + ln(depth) * ln(move number) * 100 / LMR_DIVISOR) / 100:
    /// both constants are in hundredths, so that a tuner can move them in integer steps.
    LMR_BASE = 74 [xiangqi 79], 0..=200;
    LMR_DIVISOR = 218 [xiangqi 221], 100..=400;
    /// History score worth one ply of reduction less (or more).
    LMR_HISTORY_DIVISOR = 5884 [xiangqi 6015], 2000..=16000;
    /// Hindsight: a node reached by a reduction of at least `HINDSIGHT_DEEPER_REDUCTION` plies
    /// where the opponent's evaluation did not worsen is searched a ply deeper; one reached by
    /// at least `HINDSIGHT_SHALLOWER_REDUCTION` where both sides' evaluations sum above
    /// `HINDSIGHT_SHALLOWER_MARGIN` (the position is quiet for both) a ply shallower.
    HINDSIGHT_DEEPER_REDUCTION = 3, 1..=8;
    HINDSIGHT_SHALLOWER_REDUCTION = 2, 1..=8;
    HINDSIGHT_SHALLOWER_MARGIN = 175, 0..=500;
    /// A move is reduced a ply more when the children searched so far at the next ply (this
    /// node's and its siblings') failed high more than this many times: such a node is
    /// likely to fail low, and its moves to be refuted.
    LMR_CUTOFF_COUNT = 3, 1..=32;

    /// The re-search after a reduced move beats alpha goes one ply deeper when it beat the
    /// best score so far by this margin plus two per ply, one ply shallower when by less than
    /// the second margin.
    LMR_DEEPER_MARGIN = 43, 0..=150;
    LMR_SHALLOWER_MARGIN = 9, 0..=50;
    // ----- extensions -----
    /// Check extensions stop once the ply reaches this multiple of the root depth (no
    /// explosions in perpetual-check lines).
    CHECK_EXTENSION_PLY_FACTOR = 2, 1..=4;

    // ----- move ordering -----
    /// History values are kept in `-HISTORY_MAX..=HISTORY_MAX` by a gravity update (they are
    /// stored as i16).
    HISTORY_MAX = 16000, 4000..=32000;
    /// Bonus for a move that caused a cutoff: `min(MUL * depth^2 + ADD * depth, CAP)`.
    HISTORY_BONUS_MUL = 17 [xiangqi 18], 2..=64;
    HISTORY_BONUS_ADD = 32 [xiangqi 37], 0..=200;
    HISTORY_BONUS_CAP = 1573, 400..=4000;
    /// A quiet cutoff that beats beta by more than this earns the history bonus (and deals the
    /// malus) of a ply deeper.
    BIG_CUTOFF_MARGIN = 95, 0..=400;
    /// When every move of a node stays at or below alpha, the opponent's quiet move that led
    /// there earns this percentage of a cutoff's bonus; 0 turns it off. Xiangqi gained with
    /// the whole bonus; chess lost with it and gained with 40 % (lab/SEARCH_TESTS.md).
    PRIOR_REFUTATION_PERCENT = 40 [xiangqi 100], 0..=200;
    /// Score of a capture in the picker: victim value times this.
    MVV_MULTIPLIER = 16, 1..=64;

    // ----- static evaluation -----
    /// Static evaluations are damped as the move-count clock runs (`Game::move_rule_clock`,
    /// `score::damp_by_move_rule`): by `(span − clock) / span`, the span this many percent of
    /// the rule's limit, so 200 leaves half the evaluation when the draw falls and 500 four
    /// fifths of it.
    MOVE_RULE_SPAN_PERCENT = 200 [xiangqi 500], 100..=1000;

    // ----- static-evaluation correction -----
    /// Largest correction, and largest single error learnt from, in centipawns.
    CORRECTION_LIMIT = 201 [xiangqi 199], 50..=400;
    /// A search of depth `d` moves an entry `min(d + 1, this)` 256ths of the way to its error.
    CORRECTION_MAX_WEIGHT = 16, 4..=64;
    /// Each table's share of the correction, in 256ths: the pawn structure's, the previous
    /// move's, each colour's pieces other than pawns, and the minor pieces and kings (the
    /// tables a game's profile leaves off add nothing).
    CORRECTION_STRUCTURE_WEIGHT = 256, 0..=512;
    CORRECTION_CONTINUATION_WEIGHT = 256, 0..=512;
    CORRECTION_NON_PAWN_WEIGHT = 96, 0..=512;
    CORRECTION_MINOR_WEIGHT = 64, 0..=512;

    // ----- time management -----
    /// Moves assumed left when the clock gives no `movestogo`.
    DEFAULT_MOVES_TO_GO = 30, 10..=60;
    /// Cap on `movestogo` used for the split (a very long horizon would hoard time).
    MAX_MOVES_TO_GO = 50, 20..=100;
    /// Fraction (per mille) of the increment added to each move's target.
    INC_USAGE_PERMILLE = 800, 300..=1000;
    /// The hard limit is at most this many times the target...
    HARD_TARGET_FACTOR = 5, 2..=10;
    /// ...and never more than this fraction (per mille) of the time left.
    HARD_MAX_PERMILLE = 600, 200..=900;
    /// No new iteration starts after this fraction (per mille) of the adjusted target.
    ITERATION_START_PERMILLE = 700, 300..=1000;
    /// Target scaling (per mille) added per recent best-move change, and its ceiling.
    INSTABILITY_PERMILLE_PER_CHANGE = 250, 0..=600;
    INSTABILITY_MAX_PERMILLE = 2000, 1000..=4000;
    /// Score drop (centipawns) from the previous iteration that counts as "falling", and the
    /// extra target (per mille) it earns.
    SCORE_DROP_THRESHOLD = 30, 5..=100;
    SCORE_DROP_PERMILLE = 400, 0..=1000;
    /// The target is scaled by `(base - best move's node share) * factor` (all per mille):
    /// with the defaults a best move that took 95 % of the nodes stops at 74 % of the target,
    /// one that took 30 % goes on to 162 %.
    NODE_SHARE_BASE_PERMILLE = 1500, 1000..=2500;
    NODE_SHARE_FACTOR_PERMILLE = 1350, 500..=2500;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    /// Tests that read or write values take this, so that a `tune` build's tests do not race.
    static VALUES: Mutex<()> = Mutex::new(());

    #[test]
    fn every_tunable_starts_at_its_declared_value_inside_its_range() {
        let _guard = VALUES.lock();
        assert!(TUNABLES.len() >= 40);
        for p in TUNABLES {
            for column in [CHESS, XIANGQI] {
                let value = p.defaults[column];
                assert_eq!(p.get_in(column), value, "{}", p.name);
                assert!(p.min <= value && value <= p.max, "{}", p.name);
            }
            assert!(p.spsa_c_end() >= 1.0);
        }
    }

    #[test]
    fn names_are_unique_and_found_case_insensitively() {
        for p in TUNABLES {
            assert_eq!(TUNABLES.iter().filter(|q| q.name == p.name).count(), 1, "{}", p.name);
            assert!(std::ptr::eq(find(&p.name.to_ascii_lowercase()).unwrap_or(&RFP_MARGIN), *p));
        }
        assert!(find("NO_SUCH_CONSTANT").is_none());
    }

    /// The two declaration forms, in a module of their own (its own `TUNABLES`).
    mod declared {
        use super::super::*;
        tunables! {
            /// The same in both games.
            SHARED = 7, 0..=10;
            /// Xiangqi's own.
            OWN = 7 [xiangqi 9], 0..=10;
        }
    }

    #[test]
    fn a_xiangqi_value_fills_only_the_xiangqi_column() {
        assert_eq!(declared::SHARED.defaults, [7, 7]);
        assert_eq!(declared::OWN.defaults, [7, 9]);
        assert_eq!(declared::TUNABLES.len(), 2);
        assert_eq!(
            declared::OWN.spsa_line(column_of(GameKind::Xiangqi)),
            "OWN, int, 9, 0, 10, 1, 0.002"
        );
        assert_eq!(
            declared::OWN.spsa_line(column_of(GameKind::Chess)),
            "OWN, int, 7, 0, 10, 1, 0.002"
        );
    }

    #[test]
    fn spsa_line_is_openbench_input() {
        assert_eq!(RFP_MARGIN.spsa_line(CHESS), "RFP_MARGIN, int, 77, 30, 200, 8.5, 0.002");
    }

    #[test]
    fn out_of_range_values_are_refused() {
        assert!(matches!(RFP_MARGIN.set(10_000), Err(SetError::OutOfRange { .. })));
        assert_eq!(RFP_MARGIN.get_in(CHESS), RFP_MARGIN.defaults[CHESS]);
    }

    #[cfg(not(feature = "tune"))]
    #[test]
    fn a_normal_build_keeps_every_constant_fixed() {
        assert_eq!(RFP_MARGIN.set(81), Err(SetError::NotTunable { name: "RFP_MARGIN" }));
    }

    #[cfg(feature = "tune")]
    #[test]
    fn a_tune_build_sets_and_restores_values() {
        let _guard = VALUES.lock();
        NMP_VERIFY_DEPTH.set(13).unwrap_or_else(|e| unreachable!("{e}"));
        assert_eq!([NMP_VERIFY_DEPTH.get_in(CHESS), NMP_VERIFY_DEPTH.get_in(XIANGQI)], [13, 13]);
        NMP_VERIFY_DEPTH.set(12).unwrap_or_else(|e| unreachable!("{e}"));
        assert_eq!(NMP_VERIFY_DEPTH.get_in(CHESS), NMP_VERIFY_DEPTH.defaults[CHESS]);
    }
}
