//! The order of games: which engines meet (gauntlet or Berger round robin), with which colours
//! and which opening. Games of one encounter come in pairs that share an opening with colours
//! swapped when `--repeat` is on; pairs are also the unit of the pentanomial statistics.

use crate::berger::berger_rounds;
use crate::config::{MatchConfig, TournamentKind};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Job {
    /// 1-based, in schedule order.
    pub number: usize,
    /// 1-based tournament round (a repetition of the whole schedule).
    pub round: usize,
    pub white: usize,
    pub black: usize,
    /// Index into the opening list.
    pub opening: usize,
    /// Games with the same pair id form a colour-swapped pair.
    pub pair: usize,
}

/// The encounters of one round, as (first, second) engine indices; `first` has White in the
/// encounter's first game.
fn encounters(kind: TournamentKind, engines: usize) -> Vec<(usize, usize)> {
    match kind {
        TournamentKind::Gauntlet => (1..engines).map(|opponent| (0, opponent)).collect(),
        TournamentKind::RoundRobin => berger_rounds(engines)
            .into_iter()
            .flatten()
            .map(|b| (b.white - 1, b.black - 1))
            .collect(),
    }
}

pub fn schedule(cfg: &MatchConfig, opening_count: usize) -> Vec<Job> {
    let mut jobs = Vec::new();
    // Per unordered pair of engines: games played so far (alternates colours across rounds too).
    let mut sequence: HashMap<(usize, usize), usize> = HashMap::new();
    let mut pair_ids: HashMap<(usize, usize, usize), usize> = HashMap::new();
    let mut pair_openings: HashMap<usize, usize> = HashMap::new();
    let mut next_opening = 0usize;
    let opening_count = opening_count.max(1);
    for round in 1..=cfg.rounds as usize {
        for (a, b) in encounters(cfg.tournament, cfg.engines.len()) {
            let key = (a.min(b), a.max(b));
            for _ in 0..cfg.games {
                let seq = sequence.entry(key).or_insert(0);
                let k = *seq;
                *seq += 1;
                let next_pair = pair_ids.len();
                let pair = *pair_ids.entry((key.0, key.1, k / 2)).or_insert(next_pair);
                let opening = if cfg.repeat {
                    *pair_openings.entry(pair).or_insert_with(|| {
                        let o = next_opening % opening_count;
                        next_opening += 1;
                        o
                    })
                } else {
                    let o = next_opening % opening_count;
                    next_opening += 1;
                    o
                };
                let (white, black) = if k % 2 == 0 { (a, b) } else { (b, a) };
                jobs.push(Job { number: jobs.len() + 1, round, white, black, opening, pair });
            }
        }
    }
    jobs
}
