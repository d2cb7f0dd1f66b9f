//! The order of games: which engines meet (gauntlet or Berger round robin), with which colours
//! and which opening. Games of one encounter come in pairs that share an opening with colours
//! swapped when `--repeat` is on; pairs are also the unit of the pentanomial statistics.

use crate::config::{MatchConfig, TournamentKind};
use crate::schedule::berger::berger_rounds;
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
                let (white, black) = if k.is_multiple_of(2) { (a, b) } else { (b, a) };
                jobs.push(Job { number: jobs.len() + 1, round, white, black, opening, pair });
            }
        }
    }
    jobs
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::parse_args;

    fn cfg(extra: &str, engines: usize) -> MatchConfig {
        let mut words = vec!["--game".to_owned(), "chess".to_owned()];
        for i in 0..engines {
            words.extend(["--engine".to_owned(), format!("cmd=e{i}"), "tc=1".to_owned()]);
        }
        words.extend(extra.split_whitespace().map(str::to_owned));
        parse_args(&words).unwrap()
    }

    #[test]
    fn repeat_plays_each_opening_with_both_colours() {
        let jobs = schedule(&cfg("--games 2 --rounds 3 --repeat", 2), 10);
        assert_eq!(jobs.len(), 6);
        for pair in jobs.chunks(2) {
            assert_eq!(pair[0].opening, pair[1].opening);
            assert_eq!(pair[0].pair, pair[1].pair);
            assert_eq!((pair[0].white, pair[0].black), (pair[1].black, pair[1].white));
        }
        let openings: Vec<_> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 0, 1, 1, 2, 2]);
    }

    #[test]
    fn single_games_per_round_still_alternate_and_pair_up() {
        let jobs = schedule(&cfg("--rounds 4", 2), 3);
        let colours: Vec<_> = jobs.iter().map(|j| j.white).collect();
        assert_eq!(colours, [0, 1, 0, 1]);
        let pairs: Vec<_> = jobs.iter().map(|j| j.pair).collect();
        assert_eq!(pairs, [0, 0, 1, 1]);
        let openings: Vec<_> = jobs.iter().map(|j| j.opening).collect();
        assert_eq!(openings, [0, 1, 2, 0], "openings wrap around");
    }

    #[test]
    fn gauntlet_and_round_robin_meet_the_right_players() {
        let jobs = schedule(&cfg("--tournament gauntlet --games 2", 4), 5);
        assert_eq!(jobs.len(), 6);
        assert!(jobs.iter().all(|j| j.white == 0 || j.black == 0));
        let jobs = schedule(&cfg("--tournament round-robin --games 2", 4), 5);
        assert_eq!(jobs.len(), 12);
        let mut met: Vec<_> =
            jobs.iter().map(|j| (j.white.min(j.black), j.white.max(j.black))).collect();
        met.sort();
        met.dedup();
        assert_eq!(met.len(), 6);
    }
}
