//! Static-evaluation correction history: running averages of how far searches found the true
//! score from the static evaluation, kept per side to move in two tables, and added together
//! to the evaluation the search prunes on. So an evaluation that keeps misjudging something is
//! put right by the searches of this game, per thread. The TT keeps the raw evaluation, since
//! the correction changes while the entry lives.
//! - *structure*: `Game::structure_key` (the pawns), where the game's profile asks for it
//!   (`Profile::structure_correction`: chess; not xiangqi, see below).
//! - *continuation*: the move that led here (piece and destination), where the game's profile
//!   asks for it (`Profile::continuation_correction`: xiangqi): the evaluation tends to misjudge
//!   the same kind of position after the same kind of move.
//!
//! Measured (SPRT elo0=0 elo1=10, 10 000 nodes a move): chess (hand-written evaluation, pawn
//! key) +31.0 ± 18.4 Elo, H1 after 1013 games; xiangqi (NNUE net 2) keyed by pawns, advisors
//! and elephants -19.3 ± 17.9, H0 after 1009 games, and keyed by pawns alone -72 ± 75 after 88
//! games (stopped). The net learnt from search scores, so it may leave little for a search-side
//! average to correct; xiangqi's profile therefore leaves the structure table off. The continuation table gained
//! in xiangqi and nothing in chess (`lab/SEARCH_TESTS.md`), so only xiangqi uses it.

use crate::params::{CORRECTION_ENTRIES, CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT};
use game_api::Color;

/// Entries hold centipawns times this, so that small corrections average without rounding away.
const GRAIN: i32 = 256;
/// Weights are out of this many parts.
const WEIGHT_PARTS: i32 = 256;

/// What a position's corrections are looked up by; either may be missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionKeys {
    pub structure: Option<u64>,
    /// The previous move's piece and destination (`Histories::piece_to`); none after a null
    /// move or at the root.
    pub continuation: Option<u64>,
}

impl CorrectionKeys {
    pub fn is_empty(&self) -> bool {
        self.structure.is_none() && self.continuation.is_none()
    }
}

/// One table: `[colour][key % CORRECTION_ENTRIES]`, in centipawns times `GRAIN`.
struct KeyedTable(Box<[i32]>);

impl KeyedTable {
    fn new() -> Self {
        KeyedTable(vec![0; 2 * CORRECTION_ENTRIES].into_boxed_slice())
    }

    #[inline]
    fn index(stm: Color, key: u64) -> usize {
        stm.index() * CORRECTION_ENTRIES + (key % CORRECTION_ENTRIES as u64) as usize
    }

    #[inline]
    fn get(&self, stm: Color, key: Option<u64>) -> i32 {
        key.map_or(0, |k| self.0[Self::index(stm, k)])
    }

    /// Moves the entry towards correcting `error` more (the error is relative to the corrected
    /// value, so the goal is the old correction plus the error), by `weight` parts.
    #[inline]
    fn learn(&mut self, stm: Color, key: Option<u64>, error: i32, weight: i32, limit: i32) {
        let Some(k) = key else { return };
        let entry = &mut self.0[Self::index(stm, k)];
        let goal = *entry + error * GRAIN;
        let next = (*entry * (WEIGHT_PARTS - weight) + goal * weight) / WEIGHT_PARTS;
        *entry = next.clamp(-limit * GRAIN, limit * GRAIN);
    }
}

pub struct CorrectionHistory {
    structure: KeyedTable,
    continuation: KeyedTable,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { structure: KeyedTable::new(), continuation: KeyedTable::new() }
    }
}

impl CorrectionHistory {
    /// `raw` (the static evaluation, side to move's view) moved by the learnt corrections,
    /// within the limit of game column `column` (`params::column`).
    #[inline]
    pub fn corrected(&self, raw: i32, stm: Color, keys: CorrectionKeys, column: usize) -> i32 {
        let sum =
            self.structure.get(stm, keys.structure) + self.continuation.get(stm, keys.continuation);
        let limit = CORRECTION_LIMIT.get_in(column) * GRAIN;
        raw + sum.clamp(-limit, limit) / GRAIN
    }

    /// Learns from a search of `depth` that found `searched` where the corrected static
    /// evaluation said `static_eval`; deeper searches weigh more. `column` picks the game's
    /// constants.
    #[inline]
    pub fn update(
        &mut self,
        stm: Color,
        keys: CorrectionKeys,
        depth: i32,
        searched: i32,
        static_eval: i32,
        column: usize,
    ) {
        let limit = CORRECTION_LIMIT.get_in(column);
        let error = (searched - static_eval).clamp(-limit, limit);
        let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT.get_in(column));
        self.structure.learn(stm, keys.structure, error, weight, limit);
        self.continuation.learn(stm, keys.continuation, error, weight, limit);
    }

    pub fn clear(&mut self) {
        self.structure.0.fill(0);
        self.continuation.0.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::CHESS;

    #[test]
    fn corrections_follow_repeated_errors_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        let key = CorrectionKeys { structure: Some(12345), continuation: None };
        let other = CorrectionKeys { structure: Some(12346), continuation: None };
        assert_eq!(c.corrected(10, Color::White, key, CHESS), 10);
        // The search keeps finding the position 50 cp better than the evaluation says.
        for _ in 0..500 {
            let seen = c.corrected(10, Color::White, key, CHESS);
            c.update(Color::White, key, 10, 60, seen, CHESS);
        }
        let learnt = c.corrected(10, Color::White, key, CHESS) - 10;
        assert!((45..=50).contains(&learnt), "learnt {learnt}");
        // The other side's table and other skeletons are untouched.
        assert_eq!(c.corrected(10, Color::Black, key, CHESS), 10);
        assert_eq!(c.corrected(10, Color::White, other, CHESS), 10);
        // Absurd errors are capped.
        for _ in 0..5000 {
            let seen = c.corrected(0, Color::Black, key, CHESS);
            c.update(Color::Black, key, 20, 30_000, seen, CHESS);
        }
        assert_eq!(c.corrected(0, Color::Black, key, CHESS), CORRECTION_LIMIT.get_in(CHESS));
        c.clear();
        assert_eq!(c.corrected(0, Color::Black, key, CHESS), 0);
    }

    /// Two keys learn the same errors, so together they correct it no faster than the total
    /// allows, and each alone carries part of it to positions sharing only that key.
    #[test]
    fn structure_and_continuation_corrections_add_up() {
        let mut c = CorrectionHistory::default();
        let both = CorrectionKeys { structure: Some(7), continuation: Some(99) };
        for _ in 0..500 {
            let seen = c.corrected(0, Color::White, both, CHESS);
            c.update(Color::White, both, 10, 40, seen, CHESS);
        }
        let total = c.corrected(0, Color::White, both, CHESS);
        assert!((36..=40).contains(&total), "total {total}");
        let structure_only = CorrectionKeys { structure: Some(7), continuation: None };
        let continuation_only = CorrectionKeys { structure: None, continuation: Some(99) };
        let (s, k) = (
            c.corrected(0, Color::White, structure_only, CHESS),
            c.corrected(0, Color::White, continuation_only, CHESS),
        );
        assert!(s > 0 && k > 0 && s + k <= total + 1, "structure {s}, continuation {k}");
        assert_eq!(c.corrected(0, Color::White, CorrectionKeys::default(), CHESS), 0);
    }
}
