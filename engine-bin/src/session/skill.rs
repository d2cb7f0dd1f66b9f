//! Weaker play on request: UCI `Skill Level` (0–20), `UCI_LimitStrength` + `UCI_Elo`, and the
//! ElephantEye-style UCCI `randomness` combo all come down to one skill level.
//!
//! The method works the same for both games and needs nothing game-specific: below full
//! strength a search gets a node budget that grows geometrically with the level, looks at
//! several candidate moves (MultiPV), and then picks among them with seeded noise on their
//! scores, so a weak level prefers good moves but misses some. The seed comes from the position
//! and the search number, so a position replays the same choice within a session.

use game_api::{GameKind, Move, SplitMix64};
use protocol::Score;

/// The level at which nothing is weakened.
pub const FULL_LEVEL: u8 = 20;
/// Measured strength of some levels, per game, each on its peer's `UCI_Elo` scale (README
/// "Weaker play", `scripts/calibrate-elo.sh`, 80 games per row at 2+0.02, chess net 4, xiangqi
/// net 6, commit 64a9fdb's levels): chess against Stockfish 15.1's ladder, xiangqi against
/// Fairy-Stockfish 11.1's ladder in xiangqi games. Between anchors the level is interpolated.
/// The first anchor is the game's floor, the last its full strength.
///
/// Chess: level 0 is below Stockfish's lowest rung and is placed by its match against level 5
/// (−407 ± 85); levels 14 and 16, and 18 and 19, measured out of order within their error bars
/// and are pooled (their mean Elo at the mean level), so that the scale rises.
pub const CHESS_ELO_OF_LEVEL: &[(u8, i64)] = &[
    (0, 658),
    (5, 1065),
    (8, 1363),
    (10, 1526),
    (12, 1687),
    (15, 1886),
    (18, 1966),
    (FULL_LEVEL, 2220),
];
pub const XIANGQI_ELO_OF_LEVEL: &[(u8, i64)] =
    &[(0, 1122), (5, 1420), (10, 1870), (13, 2109), (16, 2503), (18, 2934), (FULL_LEVEL, 3386)];
/// `UCI_Elo` range announced: it covers both games' scales (the option is declared before a
/// GUI picks the variant); a value outside one game's scale means that game's floor or full
/// strength.
pub const MIN_ELO: i64 = min(CHESS_ELO_OF_LEVEL[0].1, XIANGQI_ELO_OF_LEVEL[0].1);
pub const MAX_ELO: i64 = max(last(CHESS_ELO_OF_LEVEL).1, last(XIANGQI_ELO_OF_LEVEL).1);

/// The anchors of `game`.
pub fn elo_of_level(game: GameKind) -> &'static [(u8, i64)] {
    match game {
        GameKind::Chess => CHESS_ELO_OF_LEVEL,
        GameKind::Xiangqi => XIANGQI_ELO_OF_LEVEL,
    }
}

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

const fn last(table: &[(u8, i64)]) -> (u8, i64) {
    table[table.len() - 1]
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
    level: u8,
}

impl Skill {
    /// The weakening in force, `None` at full strength: `level` is `Skill Level` (or the level
    /// of `randomness`), `elo_limit` is `UCI_Elo` when `UCI_LimitStrength` is on, read on
    /// `game`'s scale. With both, the weaker of the two applies.
    pub fn new(level: u8, elo_limit: Option<i64>, game: GameKind) -> Option<Skill> {
        let mut level = level.min(FULL_LEVEL);
        if let Some(elo) = elo_limit {
            level = level.min(level_of_elo(game, elo));
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

/// The level an `UCI_Elo` value stands for in `game`: the strongest level whose measured Elo
/// (linearly interpolated between the anchors of [`elo_of_level`]) does not exceed the value
/// asked for; the game's floor when it asks for less.
pub fn level_of_elo(game: GameKind, elo: i64) -> u8 {
    let anchors = elo_of_level(game);
    let elo_of = |level: u8| -> i64 {
        let upper = anchors.iter().position(|&(l, _)| l >= level).unwrap_or(0);
        let (l1, e1) = anchors[upper];
        if upper == 0 || l1 == level {
            return e1;
        }
        let (l0, e0) = anchors[upper - 1];
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
        for game in GameKind::ALL {
            let anchors = elo_of_level(game);
            // Anchors rise in level and in Elo, from level 0 to full strength.
            assert!(anchors.windows(2).all(|w| w[0].0 < w[1].0 && w[0].1 < w[1].1), "{game:?}");
            assert_eq!((anchors[0].0, last(anchors).0), (0, FULL_LEVEL));
            assert_eq!(level_of_elo(game, MIN_ELO - 500), 0);
            assert_eq!(level_of_elo(game, MAX_ELO), FULL_LEVEL);
            for &(level, elo) in anchors {
                assert_eq!(level_of_elo(game, elo), level, "{game:?} anchor {level}");
                if level > 0 {
                    assert!(level_of_elo(game, elo - 1) < level, "{game:?} below {level}");
                }
            }
            // Stronger requests never give a weaker level.
            let levels: Vec<u8> =
                (MIN_ELO..=MAX_ELO).step_by(10).map(|e| level_of_elo(game, e)).collect();
            assert!(levels.windows(2).all(|w| w[0] <= w[1]));
        }
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
        for game in GameKind::ALL {
            assert_eq!(Skill::new(FULL_LEVEL, None, game), None);
            assert_eq!(Skill::new(FULL_LEVEL, Some(MAX_ELO), game), None);
            assert_eq!(Skill::new(15, Some(MIN_ELO), game), Some(Skill { level: 0 }));
            assert_eq!(Skill::new(15, None, game), Some(Skill { level: 15 }));
        }
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
