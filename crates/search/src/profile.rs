//! What the search does differently in each game: the one place that looks at `Game::KIND`.
//!
//! The algorithm is written once, but the games differ in branching, piece values, draw rate and
//! rules, so an idea measured in one game may win there and lose in the other. A [`Profile`] says,
//! per game, which column of the tunable constants it plays with (`params.rs`) and which of the
//! ideas measured game by game are on. Each switch is on only where its own test kept it
//! (`lab/SEARCH_TESTS.md`, SPRTs at 10 000 nodes a move); an idea that won in every game it was
//! tested in is no switch, it is simply the search.
//!
//! The profile of a game is a constant ([`Profile::of`] is a `const fn` of `Game::KIND`), so a
//! switch that is off compiles away. A game that is neither chess nor xiangqi (the search's toy
//! games) gets [`Profile::DEFAULT`]: chess's tunables, every per-game idea off.

use game_api::{Game, GameKind};

/// The column of chess's values in `params.rs` (and of every game that is not xiangqi).
pub const CHESS: usize = 0;
/// The column of xiangqi's values.
pub const XIANGQI: usize = 1;

/// One game's search settings other than the values of the tunable constants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Profile {
    /// The column of the tunable constants ([`CHESS`] or [`XIANGQI`]).
    pub column: usize,
    /// The static evaluation is corrected by the move that led to the node as well (a second
    /// correction table, `correction.rs`). Xiangqi: +14.8 ± 12.2 over 2379 games; chess gained
    /// nothing.
    pub continuation_correction: bool,
    /// A score that rests on a draw by repetition or by the move count on the search's path is
    /// stored in the TT like any other (the graph-history risk strong chess engines accept),
    /// instead of the move alone (`node_common.rs`). Chess: +25.1 ± 12.2. Off in xiangqi, whose
    /// repetition rulings are wins and losses decided by who checked or chased along the path.
    pub tt_stores_path_draws: bool,
    /// Reverse futility returns halfway between the static evaluation and beta rather than the
    /// evaluation itself (the margin says the node fails high, not by how much). Chess:
    /// +20.9 ± 11.0; it lost in xiangqi.
    pub reverse_futility_midpoint: bool,
    /// Quiescence softens its fail highs towards beta as the full search does: a stand-pat
    /// cutoff returns halfway to beta, a capture's cutoff a quarter of the way. Xiangqi:
    /// +34.1 ± 14.5; chess gained nothing.
    pub qsearch_fail_high_softening: bool,
    /// A TT bound refines quiescence's stand-pat as it refines the full search's static
    /// evaluation. Kept in each game by its own test: xiangqi +73.8 ± 22.3, chess +9.5 ± 7.1
    /// over 6000 games.
    pub qsearch_tt_stand_pat: bool,
    /// The full-depth re-search after a reduced move beats alpha goes a ply deeper when the
    /// reduced search beat the best score by a wide margin and a ply shallower when by a hair
    /// (`LMR_DEEPER_MARGIN`, `LMR_SHALLOWER_MARGIN`). Chess: +21.9 ± 11.3; it lost in xiangqi.
    pub lmr_deeper_shallower: bool,
    /// Futility pruning of captures outside the PV (`CAPTURE_FUTILITY_*`). Chess: +9.1 ± 7.9
    /// over 5000 games; untested in xiangqi, so off there.
    pub capture_futility: bool,
    /// The static evaluation is corrected by a table keyed by `Game::structure_key` (the pawns).
    /// On from the start in chess; in xiangqi, keyed by the soldiers or by soldiers, advisors and
    /// elephants, it lost in SPRTs (`correction.rs`).
    pub structure_correction: bool,
    /// The static evaluation is corrected by tables keyed by `Game::piece_keys` as well: each
    /// colour's pieces other than pawns, and the minor pieces with the kings. Chess: +24.8 ±
    /// 12.1 at 20,000 nodes; xiangqi has no piece keys yet.
    pub piece_correction: bool,
}

impl Profile {
    /// A game the search has not been measured on: chess's tunables (the most tested set), no
    /// per-game idea. Capture futility is on, as it was before it became a switch: it is
    /// off only where a game says so.
    pub const DEFAULT: Profile = Profile {
        column: CHESS,
        continuation_correction: false,
        tt_stores_path_draws: false,
        reverse_futility_midpoint: false,
        qsearch_fail_high_softening: false,
        qsearch_tt_stand_pat: false,
        lmr_deeper_shallower: false,
        capture_futility: true,
        structure_correction: true,
        piece_correction: false,
    };

    /// Chess.
    pub const CHESS: Profile = Profile {
        tt_stores_path_draws: true,
        reverse_futility_midpoint: true,
        qsearch_tt_stand_pat: true,
        lmr_deeper_shallower: true,
        piece_correction: true,
        ..Profile::DEFAULT
    };

    /// Xiangqi.
    pub const XIANGQI: Profile = Profile {
        column: XIANGQI,
        continuation_correction: true,
        qsearch_fail_high_softening: true,
        qsearch_tt_stand_pat: true,
        capture_futility: false,
        structure_correction: false,
        ..Profile::DEFAULT
    };

    /// The profile of the game `kind` names; `None` (a game that is neither) gets the default.
    pub const fn of(kind: Option<GameKind>) -> Profile {
        match kind {
            Some(GameKind::Chess) => Profile::CHESS,
            Some(GameKind::Xiangqi) => Profile::XIANGQI,
            None => Profile::DEFAULT,
        }
    }

    /// The profile game `G` is searched with.
    pub const fn of_game<G: Game>() -> Profile {
        Profile::of(G::KIND)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_plays_its_own_column() {
        assert_eq!(Profile::of(Some(GameKind::Chess)).column, CHESS);
        assert_eq!(Profile::of(Some(GameKind::Xiangqi)).column, XIANGQI);
        assert_eq!(Profile::of(None).column, CHESS);
    }

    #[test]
    fn a_game_the_search_does_not_know_gets_no_per_game_idea() {
        let p = Profile::of(None);
        assert!(!p.continuation_correction && !p.tt_stores_path_draws);
        assert!(!p.reverse_futility_midpoint && !p.lmr_deeper_shallower);
        assert!(!p.qsearch_fail_high_softening && !p.qsearch_tt_stand_pat);
        assert!(p.capture_futility && !p.piece_correction);
    }
}
