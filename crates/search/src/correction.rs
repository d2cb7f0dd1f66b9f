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
//! - *pieces*: `Game::piece_keys`, where the profile asks for it (`Profile::piece_correction`):
//!   one table per colour keyed by that colour's pieces other than pawns, and one keyed by the
//!   minor pieces and kings, so that a misjudged piece placement is corrected whatever the pawns.
//!
//! Each table learns the whole error; the correction is their sum, each weighted by its own
//! tunable (`CORRECTION_*_WEIGHT`, 256ths), so that the tables' shares can be tuned. The piece
//! tables, weighted so, gained in chess at 20,000 nodes: +24.8 ± 12.1, H1 of [0, 5] after 2,076
//! games (`lab/SEARCH_TESTS.md`); unweighted and added in full they had lost.
//!
//! Measured (SPRT elo0=0 elo1=10, 10 000 nodes a move): chess (hand-written evaluation, pawn
//! key) +31.0 ± 18.4 Elo, H1 after 1013 games; xiangqi (NNUE net 2) keyed by pawns, advisors
//! and elephants -19.3 ± 17.9, H0 after 1009 games, and keyed by pawns alone -72 ± 75 after 88
//! games (stopped). The net learnt from search scores, so it may leave little for a search-side
//! average to correct; xiangqi's profile therefore leaves the structure table off. The continuation table gained
//! in xiangqi and nothing in chess (`lab/SEARCH_TESTS.md`), so only xiangqi uses it.

use crate::params::{
    CORRECTION_CONTINUATION_WEIGHT, CORRECTION_ENTRIES, CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT,
    CORRECTION_MINOR_WEIGHT, CORRECTION_NON_PAWN_WEIGHT, CORRECTION_STRUCTURE_WEIGHT,
};
use game_api::{Color, PieceKeys};

/// Entries hold centipawns times this, so that small corrections average without rounding away.
const GRAIN: i32 = 256;
/// Learning weights and table weights are out of this many parts.
const WEIGHT_PARTS: i32 = 256;

/// What a position's corrections are looked up by; either may be missing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionKeys {
    pub structure: Option<u64>,
    /// The previous move's piece and destination (`Histories::piece_to`); none after a null
    /// move or at the root.
    pub continuation: Option<u64>,
    pub pieces: Option<PieceKeys>,
}

impl CorrectionKeys {
    pub fn is_empty(&self) -> bool {
        self.structure.is_none() && self.continuation.is_none() && self.pieces.is_none()
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
    /// By the colour whose pieces make the key.
    non_pawn: [KeyedTable; 2],
    minor: KeyedTable,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory {
            structure: KeyedTable::new(),
            continuation: KeyedTable::new(),
            non_pawn: [KeyedTable::new(), KeyedTable::new()],
            minor: KeyedTable::new(),
        }
    }
}

impl CorrectionHistory {
    /// `raw` (the static evaluation, side to move's view) moved by the learnt corrections,
    /// within the limit of game column `column` (`params::column`).
    #[inline]
    pub fn corrected(&self, raw: i32, stm: Color, keys: CorrectionKeys, column: usize) -> i32 {
        let mut sum = CORRECTION_STRUCTURE_WEIGHT.get_in(column)
            * self.structure.get(stm, keys.structure)
            + CORRECTION_CONTINUATION_WEIGHT.get_in(column)
                * self.continuation.get(stm, keys.continuation);
        if let Some(pieces) = keys.pieces {
            sum += CORRECTION_NON_PAWN_WEIGHT.get_in(column)
                * (self.non_pawn[0].get(stm, Some(pieces.non_pawn[0]))
                    + self.non_pawn[1].get(stm, Some(pieces.non_pawn[1])))
                + CORRECTION_MINOR_WEIGHT.get_in(column) * self.minor.get(stm, Some(pieces.minor));
        }
        let limit = CORRECTION_LIMIT.get_in(column) * GRAIN;
        raw + (sum / WEIGHT_PARTS).clamp(-limit, limit) / GRAIN
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
        if let Some(pieces) = keys.pieces {
            for (table, key) in self.non_pawn.iter_mut().zip(pieces.non_pawn) {
                table.learn(stm, Some(key), error, weight, limit);
            }
            self.minor.learn(stm, Some(pieces.minor), error, weight, limit);
        }
    }

    pub fn clear(&mut self) {
        for table in [&mut self.structure, &mut self.continuation, &mut self.minor]
            .into_iter()
            .chain(self.non_pawn.iter_mut())
        {
            table.0.fill(0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::CHESS;

    #[test]
    fn corrections_follow_repeated_errors_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        let key = CorrectionKeys { structure: Some(12345), ..Default::default() };
        let other = CorrectionKeys { structure: Some(12346), ..Default::default() };
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
        let both = CorrectionKeys { structure: Some(7), continuation: Some(99), pieces: None };
        for _ in 0..500 {
            let seen = c.corrected(0, Color::White, both, CHESS);
            c.update(Color::White, both, 10, 40, seen, CHESS);
        }
        let total = c.corrected(0, Color::White, both, CHESS);
        assert!((36..=40).contains(&total), "total {total}");
        let structure_only = CorrectionKeys { structure: Some(7), ..Default::default() };
        let continuation_only = CorrectionKeys { continuation: Some(99), ..Default::default() };
        let (s, k) = (
            c.corrected(0, Color::White, structure_only, CHESS),
            c.corrected(0, Color::White, continuation_only, CHESS),
        );
        assert!(s > 0 && k > 0 && s + k <= total + 1, "structure {s}, continuation {k}");
        assert_eq!(c.corrected(0, Color::White, CorrectionKeys::default(), CHESS), 0);
    }
    /// The piece tables learn like the others: a position whose pieces alone match what was
    /// learnt (other pawns, another previous move) is corrected by their weighted share, and
    /// the colours' non-pawn tables keep their keys apart.
    #[test]
    fn piece_tables_carry_their_weighted_share() {
        let mut c = CorrectionHistory::default();
        let pieces = PieceKeys { non_pawn: [11, 22], minor: 33 };
        let learnt =
            CorrectionKeys { structure: Some(5), pieces: Some(pieces), ..Default::default() };
        for _ in 0..500 {
            let seen = c.corrected(0, Color::White, learnt, CHESS);
            c.update(Color::White, learnt, 10, 60, seen, CHESS);
        }
        let total = c.corrected(0, Color::White, learnt, CHESS);
        assert!((55..=60).contains(&total), "total {total}");
        let other_pawns = CorrectionKeys { structure: Some(6), ..learnt };
        let share = c.corrected(0, Color::White, other_pawns, CHESS);
        assert!(share > 0 && share < total, "pieces' share {share} of {total}");
        // The same keys with the colours' non-pawn skeletons swapped are other entries.
        let swapped = PieceKeys { non_pawn: [22, 11], minor: 33 };
        let minor_only = c.corrected(
            0,
            Color::White,
            CorrectionKeys { pieces: Some(swapped), ..Default::default() },
            CHESS,
        );
        assert!(minor_only > 0 && minor_only < share, "minor {minor_only}, pieces {share}");
        assert_eq!(c.corrected(0, Color::Black, learnt, CHESS), 0);
        c.clear();
        assert_eq!(c.corrected(0, Color::White, learnt, CHESS), 0);
    }
}
