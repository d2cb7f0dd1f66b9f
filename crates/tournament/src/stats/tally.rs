//! Running totals: per pair of engines the W/D/L and the pentanomial counts (pairs are
//! completed as their second game comes in, whatever the finishing order), and per engine
//! the points for the crosstable.

use crate::stats::elo::{Pentanomial, Wdl};
use game_api::{Color, Outcome};
use std::collections::HashMap;

#[derive(Clone, Debug, Default)]
pub struct Encounter {
    /// From the lower-indexed engine's point of view.
    pub wdl: Wdl,
    pub pentanomial: Pentanomial,
}

#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub engines: usize,
    pub games: usize,
    pub encounters: HashMap<(usize, usize), Encounter>,
    /// pair id → the lower engine's half points in the pair's first finished game.
    open_pairs: HashMap<usize, usize>,
    /// Game results in finishing order: (white, black, outcome), for the totals.
    pub results: Vec<(usize, usize, Outcome)>,
}

impl Tally {
    pub fn new(engines: usize) -> Tally {
        Tally { engines, ..Tally::default() }
    }

    pub fn add(&mut self, white: usize, black: usize, pair: usize, outcome: Outcome) {
        self.games += 1;
        self.results.push((white, black, outcome));
        let low = white.min(black);
        let key = (low, white.max(black));
        let low_color = if low == white { Color::White } else { Color::Black };
        let half_points = match outcome {
            Outcome::Draw => 1,
            Outcome::Win(c) if c == low_color => 2,
            Outcome::Win(_) => 0,
        };
        let e = self.encounters.entry(key).or_default();
        let bump = |w: &mut Wdl| match half_points {
            2 => w.wins += 1,
            1 => w.draws += 1,
            _ => w.losses += 1,
        };
        bump(&mut e.wdl);
        match self.open_pairs.remove(&pair) {
            Some(first) => e.pentanomial.add(first + half_points),
            None => {
                self.open_pairs.insert(pair, half_points);
            }
        }
    }

    /// W/D/L and pentanomial of `a` against `b`.
    pub fn between(&self, a: usize, b: usize) -> (Wdl, Pentanomial) {
        let key = (a.min(b), a.max(b));
        let e = self.encounters.get(&key).cloned().unwrap_or_default();
        if a <= b {
            (e.wdl, e.pentanomial)
        } else {
            (e.wdl.flipped(), e.pentanomial.flipped())
        }
    }

    /// (points, games) of engine `i` over all its games.
    pub fn standing(&self, i: usize) -> (f64, u32) {
        let mut points = 0.0;
        let mut games = 0;
        for j in 0..self.engines {
            if j != i {
                let (wdl, _) = self.between(i, j);
                points += wdl.points();
                games += wdl.games();
            }
        }
        (points, games)
    }
}
