//! The time manager: turns a clock (or a fixed move time) into two budgets. The *soft* target
//! decides, between iterations, whether another one is worth starting; it grows when the best
//! move keeps changing or the score falls. The *hard* limit stops the search mid-iteration and
//! always leaves the move overhead and a reserve on the clock, so the engine never flags.

use crate::limits::Limits;
use crate::params::*;
use std::time::Instant;

pub struct TimeManager {
    start: Instant,
    /// Target for the whole move (ms); `None` when the search is not timed.
    soft_ms: Option<u64>,
    /// Absolute ceiling (ms).
    hard_ms: Option<u64>,
    /// The game column of the constants (`params::column`).
    column: usize,
}

impl TimeManager {
    pub fn new(limits: &Limits, side: usize, start: Instant, column: usize) -> TimeManager {
        if let Some(movetime) = limits.movetime {
            let budget = movetime.saturating_sub(limits.move_overhead.min(movetime / 2)).max(1);
            // A fixed move time is for spending: no early stop between iterations.
            return TimeManager { start, soft_ms: None, hard_ms: Some(budget), column };
        }
        let Some(left) = limits.time[side] else {
            return TimeManager { start, soft_ms: None, hard_ms: None, column };
        };
        let inc = limits.inc[side].unwrap_or(0);
        let reserve = limits.move_overhead.saturating_add(MIN_RESERVE_MS);
        // What this move may spend at most, keeping the reserve.
        let usable = left.saturating_sub(reserve).max(1);
        let moves_to_go = limits
            .movestogo
            .map(|m| u64::from(m.max(1)))
            .unwrap_or(DEFAULT_MOVES_TO_GO.get_u64_in(column))
            .min(MAX_MOVES_TO_GO.get_u64_in(column));
        // Plan the clock over the moves to go: the increments they bring in, less the transport
        // lag that *each* of them pays (two more as a margin). Setting the overhead aside only
        // once let a steady lag above the unused increment wear the clock down to the reserve.
        let inc_share = inc.saturating_mul(INC_USAGE_PERMILLE.get_u64_in(column)) / 1000;
        let planned = left
            .saturating_add(inc_share.saturating_mul(moves_to_go - 1))
            .saturating_sub(limits.move_overhead.saturating_mul(moves_to_go + 2))
            .saturating_sub(MIN_RESERVE_MS);
        let target = (planned / moves_to_go).max(1);
        let hard_cap = if moves_to_go == 1 {
            usable
        } else {
            usable / 1000 * HARD_MAX_PERMILLE.get_u64_in(column)
                + usable % 1000 * HARD_MAX_PERMILLE.get_u64_in(column) / 1000
        };
        let hard =
            target.saturating_mul(HARD_TARGET_FACTOR.get_u64_in(column)).min(hard_cap).max(1);
        let soft = target.min(hard);
        TimeManager { start, soft_ms: Some(soft), hard_ms: Some(hard), column }
    }

    /// Restarts the clock (on `ponderhit`: pondering time was the opponent's).
    pub fn restart(&mut self, now: Instant) {
        self.start = now;
    }

    pub fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }

    /// When the hard limit runs out, if there is one.
    pub fn hard_deadline(&self) -> Option<Instant> {
        self.hard_ms.map(|hard| self.start + std::time::Duration::from_millis(hard))
    }

    /// The hard limit (ms), if the search is timed.
    pub fn hard_ms(&self) -> Option<u64> {
        self.hard_ms
    }

    pub fn is_timed(&self) -> bool {
        self.hard_ms.is_some()
    }

    /// Mid-iteration check, polled every few thousand nodes.
    pub fn hard_limit_reached(&self) -> bool {
        self.hard_ms.is_some_and(|hard| self.elapsed_ms() >= hard)
    }

    /// Between iterations: is there time for another one? `instability` counts recent best-move
    /// changes; `score_drop` is how far the score fell since the previous iteration;
    /// `best_share` is the best move's share (per mille) of the nodes searched so far: a move
    /// that took nearly all the effort has seen off its rivals, one that took little has not.
    pub fn should_start_iteration(
        &self,
        instability: u64,
        score_drop: i32,
        best_share: u64,
    ) -> bool {
        let Some(soft) = self.soft_ms else { return true };
        let mut scale = 1000
            + instability
                .saturating_mul(INSTABILITY_PERMILLE_PER_CHANGE.get_u64_in(self.column))
                .min(INSTABILITY_MAX_PERMILLE.get_u64_in(self.column));
        if score_drop >= SCORE_DROP_THRESHOLD.get_in(self.column) {
            scale += SCORE_DROP_PERMILLE.get_u64_in(self.column);
        }
        let share_scale = NODE_SHARE_BASE_PERMILLE
            .get_u64_in(self.column)
            .saturating_sub(best_share.min(1000))
            .saturating_mul(NODE_SHARE_FACTOR_PERMILLE.get_u64_in(self.column))
            / 1000;
        let adjusted =
            (soft.saturating_mul(scale) / 1000).saturating_mul(share_scale.max(1)) / 1000;
        let adjusted = self.hard_ms.map_or(adjusted, |hard| adjusted.min(hard));
        self.elapsed_ms()
            < adjusted.saturating_mul(ITERATION_START_PERMILLE.get_u64_in(self.column)) / 1000
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(left: u64, inc: u64, mtg: Option<u32>, overhead: u64) -> TimeManager {
        let limits = Limits {
            time: [Some(left), Some(left)],
            inc: [Some(inc), Some(inc)],
            movestogo: mtg,
            move_overhead: overhead,
            ..Limits::default()
        };
        TimeManager::new(&limits, 0, Instant::now(), CHESS)
    }

    #[test]
    fn hard_limit_leaves_the_overhead_on_the_clock() {
        for (left, inc, mtg) in
            [(50, 0, None), (1000, 0, Some(1)), (60_000, 1000, None), (5, 0, None)]
        {
            let tm = clock(left, inc, mtg, 30);
            let hard = tm.hard_ms.unwrap();
            assert!(hard >= 1);
            assert!(left < 42 || hard + 30 + MIN_RESERVE_MS <= left, "left {left} hard {hard}");
            assert!(tm.soft_ms.unwrap() <= hard);
        }
    }

    #[test]
    fn more_time_left_means_a_larger_target() {
        let short = clock(10_000, 0, None, 10).soft_ms.unwrap();
        let long = clock(100_000, 0, None, 10).soft_ms.unwrap();
        assert!(long > short);
    }

    #[test]
    fn absurd_clocks_do_not_overflow() {
        let tm = clock(u64::MAX, u64::MAX, Some(u32::MAX), u64::MAX);
        assert!(tm.hard_ms.is_some());
        let tm = clock(u64::MAX, u64::MAX, None, 0);
        assert!(tm.should_start_iteration(u64::MAX / 2, i32::MAX, 0));
        let limits =
            Limits { movetime: Some(u64::MAX), move_overhead: u64::MAX, ..Limits::default() };
        assert!(TimeManager::new(&limits, 1, Instant::now(), CHESS).is_timed());
    }

    /// A game where every move spends its whole soft target plus a transport lag equal to the
    /// declared overhead (below the increment): the clock must settle well above the reserve
    /// instead of being worn down to it.
    #[test]
    fn a_steady_lag_does_not_wear_the_clock_down() {
        let (inc, lag) = (20, 15);
        let mut left: u64 = 2000;
        let mut lowest = left;
        for _ in 0..400 {
            let tm = clock(left, inc, None, lag);
            let spent = tm.soft_ms.unwrap() + lag;
            assert!(spent < left, "flagged with {left} ms left");
            left = left - spent + inc;
            lowest = lowest.min(left);
        }
        assert!(lowest > 150, "clock worn down to {lowest} ms");
    }

    /// At the point where a plain target would stop (70 % of it spent), a best move that took
    /// most of the nodes stops and one that took few goes on.
    #[test]
    fn the_best_moves_node_share_scales_the_target() {
        let soft = clock(10_000, 0, None, 10).soft_ms.unwrap();
        let limits =
            Limits { time: [Some(10_000), Some(10_000)], move_overhead: 10, ..Limits::default() };
        let spent = std::time::Duration::from_millis(soft * 7 / 10);
        let start = Instant::now().checked_sub(spent).expect("the clock runs back that far");
        let tm = TimeManager::new(&limits, 0, start, CHESS);
        assert!(!tm.should_start_iteration(0, 0, 950), "a dominant best move stops");
        assert!(tm.should_start_iteration(0, 0, 300), "a contested best move goes on");
    }

    #[test]
    fn untimed_search_has_no_limits() {
        let tm = TimeManager::new(&Limits::depth(5), 0, Instant::now(), CHESS);
        assert!(!tm.is_timed());
        assert!(!tm.hard_limit_reached());
        assert!(tm.should_start_iteration(0, 0, 500));
    }
}
