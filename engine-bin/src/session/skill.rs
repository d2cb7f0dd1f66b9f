//! Weaker play on request: UCI `Skill Level` (0–20), `UCI_LimitStrength` + `UCI_Elo`, and the
//! ElephantEye-style UCCI `randomness` combo all come down to one skill level.
//!
//! The method works the same for both games and needs nothing game-specific: below full
//! strength a search gets a node budget that grows geometrically with the level, looks at
//! several candidate moves (MultiPV), and then picks among them with seeded noise on their
//! scores, so a weak level prefers good moves but misses some. The seed comes from the position
//! and the search number, so a position replays the same choice within a session.
//!
//! `UCI_Elo` reads the game's measured scale (`elo_anchors.rs`) and may land between two
//! levels: the strength is kept in hundredths of a level, and the node budget, the candidates
//! and the noise all follow the fraction, so each Elo asked for plays at that Elo rather than at
//! the level below it.

use game_api::{GameKind, Move, SplitMix64};
use protocol::Score;

use super::elo_anchors;

pub use super::elo_anchors::FULL_LEVEL;
/// Hundredths of a level: `UCI_Elo` asks for strengths between the levels.
const STEPS: u16 = 100;
const FULL: u16 = FULL_LEVEL as u16 * STEPS;
/// `UCI_Elo` range announced: it covers both games' scales (the option is declared before a
/// GUI picks the variant); a value outside one game's scale means that game's floor or full
/// strength. The scales are the measured anchors of `elo-anchors.tsv`.
pub const MIN_ELO: i64 = min(elo_anchors::CHESS.floor(), elo_anchors::XIANGQI.floor());
pub const MAX_ELO: i64 =
    max(elo_anchors::CHESS.full_strength(), elo_anchors::XIANGQI.full_strength());

const fn min(a: i64, b: i64) -> i64 {
    if a < b {
        a
    } else {
        b
    }
}

const fn max(a: i64, b: i64) -> i64 {
    if a > b {
        a
    } else {
        b
    }
}

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
    /// Hundredths of a level, below [`FULL`].
    strength: u16,
}

impl Skill {
    /// The weakening in force, `None` at full strength: `level` is `Skill Level` (or the level
    /// of `randomness`), `elo_limit` is `UCI_Elo` when `UCI_LimitStrength` is on, read on
    /// `game`'s scale. With both, the weaker of the two applies.
    pub fn new(level: u8, elo_limit: Option<i64>, game: GameKind) -> Option<Skill> {
        let mut strength = u16::from(level.min(FULL_LEVEL)) * STEPS;
        if let Some(elo) = elo_limit {
            strength = strength.min(strength_of_elo(game, elo));
        }
        (strength < FULL).then_some(Skill { strength })
    }

    /// The level, with its fraction.
    fn level(self) -> f64 {
        f64::from(self.strength) / f64::from(STEPS)
    }

    /// The most nodes one search may spend at this strength.
    pub fn node_cap(self) -> u64 {
        (BASE_NODES * 2f64.powf(self.level() * 0.55)) as u64
    }

    pub fn candidates(self) -> usize {
        let wide = u16::from(WIDE_BELOW_LEVEL) * STEPS;
        let below = usize::from(wide.saturating_sub(self.strength));
        CANDIDATES + (CANDIDATES_AT_ZERO - CANDIDATES) * below / usize::from(wide)
    }

    /// Picks among `(move, score)` candidates (best first): the highest score after adding
    /// noise in `0..=max_noise`. `None` when there are no candidates.
    pub fn pick(self, candidates: &[(Move, Score)], seed: u64) -> Option<Move> {
        let weakness = f64::from(FULL - self.strength) / f64::from(FULL);
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

/// The strength an `UCI_Elo` value stands for in `game`, in hundredths of a level: linear
/// between the two measured anchors around it, so that asking for an Elo between two levels
/// gets play between them rather than the weaker level; the game's floor below its first
/// anchor, full strength from its last.
fn strength_of_elo(game: GameKind, elo: i64) -> u16 {
    let anchors = elo_anchors::of(game).rows();
    let Some(upper) = anchors.iter().position(|&(_, e)| e > elo) else {
        return FULL;
    };
    if upper == 0 {
        return 0;
    }
    let (l0, e0) = anchors[upper - 1];
    let (l1, e1) = anchors[upper];
    let steps = i64::from(l1 - l0) * i64::from(STEPS);
    let strength = i64::from(l0) * i64::from(STEPS) + (elo - e0) * steps / (e1 - e0);
    u16::try_from(strength).unwrap_or(FULL).min(FULL)
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

    fn at(level: u8) -> Skill {
        Skill { strength: u16::from(level) * STEPS }
    }

    #[test]
    fn each_anchor_gives_its_level_and_an_elo_between_two_gives_play_between_them() {
        for game in GameKind::ALL {
            let anchors = elo_anchors::of(game).rows();
            assert_eq!(strength_of_elo(game, MIN_ELO - 500), 0);
            assert_eq!(Skill::new(FULL_LEVEL, Some(MAX_ELO), game), None);
            for &(level, elo) in anchors {
                assert_eq!(
                    strength_of_elo(game, elo),
                    u16::from(level) * STEPS,
                    "{game:?} {level}"
                );
            }
            for pair in anchors.windows(2) {
                let ((l0, e0), (l1, e1)) = (pair[0], pair[1]);
                // (full strength, no cap, would fail the second comparison)
                let between = Skill::new(FULL_LEVEL, Some((e0 + e1) / 2), game)
                    .map_or(u64::MAX, Skill::node_cap);
                assert!(at(l0).node_cap() < between, "{game:?} {l0}");
                assert!(between < at(l1).node_cap(), "{game:?} {l1}");
                // One Elo short of a level is weaker than that level.
                assert!(strength_of_elo(game, e1 - 1) < u16::from(l1) * STEPS);
            }
            // Stronger requests never give weaker play.
            let strengths: Vec<u16> =
                (MIN_ELO..=MAX_ELO).step_by(7).map(|e| strength_of_elo(game, e)).collect();
            assert!(strengths.windows(2).all(|w| w[0] <= w[1]), "{game:?}");
        }
    }

    #[test]
    fn randomness_and_levels() {
        assert_eq!(level_of_randomness("HUGE"), Some(0));
        assert_eq!(level_of_randomness("none"), Some(FULL_LEVEL));
        assert_eq!(level_of_randomness("lots"), None);
        let levels: Vec<_> = RANDOMNESS.iter().filter_map(|r| level_of_randomness(r)).collect();
        assert_eq!(levels, [FULL_LEVEL, 16, 12, 8, 4, 0]);
        assert!(at(0).node_cap() < at(19).node_cap());
        // The budget doubles about every two levels: 64 nodes at level 0, 430 at level 5.
        assert_eq!((at(0).node_cap(), at(5).node_cap()), (64, 430));
        assert_eq!(at(0).candidates(), CANDIDATES_AT_ZERO);
        assert_eq!(at(3).candidates(), 12);
        assert_eq!(Skill { strength: 250 }.candidates(), 14);
        assert_eq!(at(WIDE_BELOW_LEVEL).candidates(), CANDIDATES);
        assert_eq!(at(19).candidates(), CANDIDATES);
    }

    #[test]
    fn full_strength_is_no_weakening_and_the_weaker_option_wins() {
        for game in GameKind::ALL {
            assert_eq!(Skill::new(FULL_LEVEL, None, game), None);
            assert_eq!(Skill::new(FULL_LEVEL, Some(MAX_ELO), game), None);
            assert_eq!(Skill::new(15, Some(MIN_ELO - 1), game), Some(at(0)));
            assert_eq!(Skill::new(15, None, game), Some(at(15)));
        }
    }

    #[test]
    fn weak_levels_sometimes_miss_the_best_move_strong_ones_rarely() {
        let a = Move(1);
        let b = Move(2);
        let candidates = [(a, Score::Cp(100)), (b, Score::Cp(0))];
        let misses = |level: u8| {
            (0..1000u64).filter(|&seed| at(level).pick(&candidates, seed) == Some(b)).count()
        };
        assert!(misses(0) > 100, "{}", misses(0));
        assert_eq!(misses(19), 0);
        assert_eq!(at(5).pick(&[], 1), None);
    }
}
