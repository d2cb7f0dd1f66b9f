//! Static-evaluation correction history: per side to move and position skeleton
//! (`Game::structure_key`: the pawns in chess; none in xiangqi, see below), a running
//! average of how far searches found the true score from the static evaluation. The search
//! prunes on the evaluation moved by that average, so an evaluation that keeps misjudging a
//! structure is put right by the searches of this game, per thread. The TT keeps the raw
//! evaluation, since the correction changes while the entry lives.
//!
//! Measured (SPRT elo0=0 elo1=10, 10 000 nodes a move): chess (hand-written evaluation, pawn
//! key) +31.0 ± 18.4 Elo, H1 after 1013 games; xiangqi (NNUE net 2) keyed by pawns, advisors
//! and elephants -19.3 ± 17.9, H0 after 1009 games, and keyed by pawns alone -72 ± 75 after 88
//! games (stopped). The net learnt from search scores, so it may leave little for a search-side
//! average to correct; xiangqi therefore has no structure key and no correction.

use crate::params::{CORRECTION_ENTRIES, CORRECTION_LIMIT, CORRECTION_MAX_WEIGHT};
use game_api::Color;

/// Entries hold centipawns times this, so that small corrections average without rounding away.
const GRAIN: i32 = 256;
/// Weights are out of this many parts.
const WEIGHT_PARTS: i32 = 256;

pub struct CorrectionHistory {
    /// `[colour][structure_key % CORRECTION_ENTRIES]`, in centipawns times `GRAIN`.
    table: Box<[i32]>,
}

impl Default for CorrectionHistory {
    fn default() -> Self {
        CorrectionHistory { table: vec![0; 2 * CORRECTION_ENTRIES].into_boxed_slice() }
    }
}

impl CorrectionHistory {
    #[inline]
    fn index(stm: Color, key: u64) -> usize {
        stm.index() * CORRECTION_ENTRIES + (key % CORRECTION_ENTRIES as u64) as usize
    }

    /// `raw` (the static evaluation, side to move's view) moved by the learnt correction.
    #[inline]
    pub fn corrected(&self, raw: i32, stm: Color, key: u64) -> i32 {
        raw + self.table[Self::index(stm, key)] / GRAIN
    }

    /// Learns from a search of `depth` that found `searched` where the corrected static
    /// evaluation said `static_eval`; deeper searches weigh more.
    #[inline]
    pub fn update(&mut self, stm: Color, key: u64, depth: i32, searched: i32, static_eval: i32) {
        let target =
            (searched - static_eval).clamp(-CORRECTION_LIMIT.get(), CORRECTION_LIMIT.get());
        let entry = &mut self.table[Self::index(stm, key)];
        // The error is relative to the corrected value, so the new correction is the old one
        // plus (a weighted part of) the error.
        let goal = *entry + target * GRAIN;
        let weight = (depth + 1).min(CORRECTION_MAX_WEIGHT.get());
        let next = (*entry * (WEIGHT_PARTS - weight) + goal * weight) / WEIGHT_PARTS;
        *entry = next.clamp(-CORRECTION_LIMIT.get() * GRAIN, CORRECTION_LIMIT.get() * GRAIN);
    }

    pub fn clear(&mut self) {
        self.table.fill(0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corrections_follow_repeated_errors_and_stay_bounded() {
        let mut c = CorrectionHistory::default();
        let key = 12345;
        assert_eq!(c.corrected(10, Color::White, key), 10);
        // The search keeps finding the position 50 cp better than the evaluation says.
        for _ in 0..500 {
            let seen = c.corrected(10, Color::White, key);
            c.update(Color::White, key, 10, 60, seen);
        }
        let learnt = c.corrected(10, Color::White, key) - 10;
        assert!((45..=50).contains(&learnt), "learnt {learnt}");
        // The other side's table and other skeletons are untouched.
        assert_eq!(c.corrected(10, Color::Black, key), 10);
        assert_eq!(c.corrected(10, Color::White, key + 1), 10);
        // Absurd errors are capped.
        for _ in 0..5000 {
            let seen = c.corrected(0, Color::Black, key);
            c.update(Color::Black, key, 20, 30_000, seen);
        }
        assert_eq!(c.corrected(0, Color::Black, key), CORRECTION_LIMIT.get());
        c.clear();
        assert_eq!(c.corrected(0, Color::Black, key), 0);
    }
}
