//! Weaker play on request: UCI `Skill Level` (0–20), `UCI_LimitStrength` + `UCI_Elo`, and the
//! ElephantEye-style UCCI `randomness` combo all come down to one skill level.
//!
//! The method works the same for both games and needs nothing game-specific: below full
//! strength a search gets a node budget that grows geometrically with the level, looks at
//! several candidate moves (MultiPV), and then picks among them with seeded noise on their
//! scores, so a weak level prefers good moves but misses some. The seed comes from the position
//! and the search number, so a position replays the same choice within a session.

use game_api::{Move, SplitMix64};
use protocol::Score;

/// The level at which nothing is weakened.
pub const FULL_LEVEL: u8 = 20;
/// `UCI_Elo` range announced: from our weakest level to our full strength, both in Stockfish
/// 15.1's `UCI_Elo` units as measured (see [`ELO_OF_LEVEL`]).
pub const MIN_ELO: i64 = 1000;
pub const MAX_ELO: i64 = 2100;
/// Measured strength of some levels in Stockfish 15.1 `UCI_Elo` units (chess; README
/// "Weaker play", `scripts/calibrate-elo.sh`): levels 0–18 from 40-game matches against a
/// Stockfish rung at 2+0.02, full strength from the 10+0.1 matches against `UCI_Elo` 2000 and
/// 2500. Between anchors the level is interpolated; the error bars are ±110–190 Elo.
pub const ELO_OF_LEVEL: [(u8, i64); 6] =
    [(0, MIN_ELO), (5, 1030), (10, 1500), (15, 1620), (18, 1860), (FULL_LEVEL, MAX_ELO)];
/// Candidates a weakened search compares from level [`WIDE_BELOW_LEVEL`] up.
const CANDIDATES: usize = 4;
/// Candidates at level 0; below [`WIDE_BELOW_LEVEL`] the count grows linearly to this.
const CANDIDATES_AT_ZERO: usize = 24;
const WIDE_BELOW_LEVEL: u8 = 5;
/// Nodes at level 0; the budget doubles about every two levels.
const BASE_NODES: f64 = 64.0;
/// Largest noise (centipawns) at level 0. It falls with the square of the distance to full
/// strength: 450 at level 5, 200 at level 10, 50 at level 15.
///
/// Why these shapes: with four candidates and noise falling linearly from 400 cp, level 0 was
/// barely weaker than level 5 (−94 ± 48 Elo over 200 chess games; both 5-34-1 against
/// Stockfish's lowest rung), since even heavy noise only reorders four good moves. With 24
/// lines at level 0 and the square-law noise, level 0 scores −407 ± 85 against level 5 in chess
/// and −387 ± 85 in xiangqi (200 games each at their node caps).
const NOISE_CP_AT_ZERO: f64 = 800.0;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Skill {
    level: u8,
}

impl Skill {
    /// The weakening in force, `None` at full strength: `level` is `Skill Level` (or the level
    /// of `randomness`), `elo_limit` is `UCI_Elo` when `UCI_LimitStrength` is on. With both,
    /// the weaker of the two applies.
    pub fn new(level: u8, elo_limit: Option<i64>) -> Option<Skill> {
        let mut level = level.min(FULL_LEVEL);
        if let Some(elo) = elo_limit {
            level = level.min(level_of_elo(elo));
        }
        (level < FULL_LEVEL).then_some(Skill { level })
    }

    /// The most nodes one search may spend at this level.
    pub fn node_cap(self) -> u64 {
        (BASE_NODES * 2f64.powf(f64::from(self.level) * 0.55)) as u64
    }

    pub fn candidates(self) -> usize {
        let below = usize::from(WIDE_BELOW_LEVEL.saturating_sub(self.level));
        CANDIDATES + (CANDIDATES_AT_ZERO - CANDIDATES) * below / usize::from(WIDE_BELOW_LEVEL)
    }

    /// Picks among `(move, score)` candidates (best first): the highest score after adding
    /// noise in `0..=max_noise`. `None` when there are no candidates.
    pub fn pick(self, candidates: &[(Move, Score)], seed: u64) -> Option<Move> {
        let weakness = f64::from(FULL_LEVEL - self.level) / f64::from(FULL_LEVEL);
        let max_noise = (NOISE_CP_AT_ZERO * weakness * weakness) as i32;
        let mut rng = SplitMix64::new(seed);
        candidates
            .iter()
            .map(|&(m, score)| {
                let noise = (rng.next_u64() % (max_noise as u64 + 1)) as i32;
                (m, value(score).saturating_add(noise))
            })
            .fold(None, |best: Option<(Move, i32)>, c| match best {
                Some(b) if b.1 >= c.1 => Some(b),
                _ => Some(c),
            })
            .map(|(m, _)| m)
    }
}

/// The level an `UCI_Elo` value stands for: the strongest level whose measured Elo (linearly
/// interpolated between the anchors of [`ELO_OF_LEVEL`]) does not exceed the value asked for.
pub fn level_of_elo(elo: i64) -> u8 {
    let elo = elo.clamp(MIN_ELO, MAX_ELO);
    let elo_of = |level: u8| -> i64 {
        let upper = ELO_OF_LEVEL.iter().position(|&(l, _)| l >= level).unwrap_or(0);
        let (l1, e1) = ELO_OF_LEVEL[upper];
        if upper == 0 || l1 == level {
            return e1;
        }
        let (l0, e0) = ELO_OF_LEVEL[upper - 1];
        e0 + (e1 - e0) * i64::from(level - l0) / i64::from(l1 - l0)
    };
    (0..=FULL_LEVEL).rev().find(|&level| elo_of(level) <= elo).unwrap_or(0)
}

/// ElephantEye's `randomness` values (UCCI), from none to the most: each step takes
/// [`RANDOMNESS_STEP`] levels off full strength.
pub const RANDOMNESS: &[&str] = &["none", "tiny", "small", "medium", "large", "huge"];
const RANDOMNESS_STEP: u8 = 4;

/// The level of a `randomness` value: more randomness, weaker play.
pub fn level_of_randomness(value: &str) -> Option<u8> {
    let value = value.trim();
    let step = RANDOMNESS.iter().position(|r| r.eq_ignore_ascii_case(value))?;
    let step = u8::try_from(step).ok()?;
    FULL_LEVEL.checked_sub(step * RANDOMNESS_STEP)
}

/// A score on one line for comparison: mates beyond every centipawn value.
fn value(score: Score) -> i32 {
    let plies = |p: u32| i32::try_from(p.min(1000)).unwrap_or(1000);
    match score {
        Score::Cp(cp) => cp,
        Score::MateIn(p) => 100_000 - plies(p),
        Score::MatedIn(p) => -100_000 + plies(p),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_from_each_option() {
        assert_eq!(level_of_elo(MIN_ELO - 500), 0);
        assert_eq!(level_of_elo(MAX_ELO), FULL_LEVEL);
        assert_eq!(level_of_elo(1500), 10);
        assert_eq!(level_of_elo(1499), 9);
        assert_eq!(level_of_elo(1860), 18);
        assert_eq!(level_of_elo(2099), 19);
        // Stronger requests never give a weaker level.
        let levels: Vec<u8> = (MIN_ELO..=MAX_ELO).step_by(10).map(level_of_elo).collect();
        assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        assert_eq!(level_of_randomness("HUGE"), Some(0));
        assert_eq!(level_of_randomness("none"), Some(FULL_LEVEL));
        assert_eq!(level_of_randomness("lots"), None);
        let levels: Vec<_> = RANDOMNESS.iter().filter_map(|r| level_of_randomness(r)).collect();
        assert_eq!(levels, [FULL_LEVEL, 16, 12, 8, 4, 0]);
        assert!(Skill { level: 0 }.node_cap() < Skill { level: 19 }.node_cap());
        assert_eq!(Skill { level: 0 }.candidates(), CANDIDATES_AT_ZERO);
        assert_eq!(Skill { level: 3 }.candidates(), 12);
        assert_eq!(Skill { level: WIDE_BELOW_LEVEL }.candidates(), CANDIDATES);
        assert_eq!(Skill { level: 19 }.candidates(), CANDIDATES);
    }

    #[test]
    fn full_strength_is_no_weakening_and_the_weaker_option_wins() {
        assert_eq!(Skill::new(FULL_LEVEL, None), None);
        assert_eq!(Skill::new(FULL_LEVEL, Some(MAX_ELO)), None);
        assert_eq!(Skill::new(15, Some(MIN_ELO)), Some(Skill { level: 0 }));
        assert_eq!(Skill::new(15, None), Some(Skill { level: 15 }));
    }

    #[test]
    fn weak_levels_sometimes_miss_the_best_move_strong_ones_rarely() {
        let a = Move(1);
        let b = Move(2);
        let candidates = [(a, Score::Cp(100)), (b, Score::Cp(0))];
        let misses = |level: u8| {
            (0..1000u64).filter(|&seed| Skill { level }.pick(&candidates, seed) == Some(b)).count()
        };
        assert!(misses(0) > 100, "{}", misses(0));
        assert_eq!(misses(19), 0);
        assert_eq!(Skill { level: 5 }.pick(&[], 1), None);
    }
}
