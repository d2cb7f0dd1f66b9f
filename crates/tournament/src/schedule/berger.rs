//! Round-robin pairings by the Berger tables (FIDE; printed in seed 000 for 3–8 players),
//! generalised to any number of players.
//!
//! With `n` even, player `n` stays put while the others rotate: in round `r` player `n` meets
//! `p_r`, where `p_1 = 1` and `p_{r+1} = p_r + n/2` taken in `1..n-1` cyclically; the other boards
//! pair `p_r + k` (White) with `p_r - k` for `k = 1 .. n/2 - 1`. Player `n` has Black in odd
//! rounds and White in even ones. With `n` odd, a phantom player `n + 1` is added and meeting it
//! is a bye.

/// One game of a round: players numbered from 1, White first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    pub white: usize,
    pub black: usize,
}

/// The rounds of a single round robin among `players` (numbered 1..=players); boards with the
/// bye player are left out. Fewer than 2 players give no rounds.
pub fn berger_rounds(players: usize) -> Vec<Vec<Board>> {
    let (rounds, _) = berger_rounds_with_bye(players);
    rounds
        .into_iter()
        .map(|round| {
            round.into_iter().filter(|b| b.white <= players && b.black <= players).collect()
        })
        .collect()
}

/// The full table as printed, including boards against the bye number (`players + 1` when odd),
/// and the size of the table.
pub fn berger_rounds_with_bye(players: usize) -> (Vec<Vec<Board>>, usize) {
    if players < 2 {
        return (Vec::new(), players);
    }
    let n = players + players % 2;
    let cycle = n - 1;
    // Wraps any integer onto 1..=cycle.
    let wrap = |x: isize| -> usize { ((x - 1).rem_euclid(cycle as isize) + 1) as usize };
    let mut rounds = Vec::with_capacity(cycle);
    let mut p = 1usize;
    for r in 1..=cycle {
        let mut boards = Vec::with_capacity(n / 2);
        boards.push(if r % 2 == 1 {
            Board { white: p, black: n }
        } else {
            Board { white: n, black: p }
        });
        for k in 1..n / 2 {
            let k = k as isize;
            boards.push(Board { white: wrap(p as isize + k), black: wrap(p as isize - k) });
        }
        rounds.push(boards);
        p = wrap((p + n / 2) as isize);
    }
    (rounds, n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The tables exactly as printed in seed 000 ("BẢNG CHO 3 - 4 / 5 - 6 / 7 - 8 ĐẤU THỦ"),
    /// one round per line, White first.
    const SEED_TABLES: [(usize, &str); 3] = [
        (4, "1-4 2-3 | 4-3 1-2 | 2-4 3-1"),
        (6, "1-6 2-5 3-4 | 6-4 5-3 1-2 | 2-6 3-1 4-5 | 6-5 1-4 2-3 | 3-6 4-2 5-1"),
        (
            8,
            "1-8 2-7 3-6 4-5 | 8-5 6-4 7-3 1-2 | 2-8 3-1 4-7 5-6 | 8-6 7-5 1-4 2-3 | \
             3-8 4-2 5-1 6-7 | 8-7 1-6 2-5 3-4 | 4-8 5-3 6-2 7-1",
        ),
    ];

    fn parse(table: &str) -> Vec<Vec<Board>> {
        table
            .split('|')
            .map(|round| {
                round
                    .split_whitespace()
                    .map(|g| {
                        let (w, b) = g.split_once('-').unwrap();
                        Board { white: w.parse().unwrap(), black: b.parse().unwrap() }
                    })
                    .collect()
            })
            .collect()
    }

    #[test]
    fn tables_for_three_to_eight_players_match_the_seed() {
        for players in 3..=8 {
            let size = players + players % 2;
            let printed = parse(SEED_TABLES.iter().find(|(n, _)| *n == size).unwrap().1);
            let (rounds, n) = berger_rounds_with_bye(players);
            assert_eq!(n, size);
            assert_eq!(rounds, printed, "{players} players");
            // The bye number is dropped from the games actually played.
            let played = berger_rounds(players);
            for (round, full) in played.iter().zip(&printed) {
                let expected: Vec<Board> = full
                    .iter()
                    .copied()
                    .filter(|b| b.white <= players && b.black <= players)
                    .collect();
                assert_eq!(round, &expected);
            }
        }
    }

    #[test]
    fn larger_tables_are_complete_round_robins_with_balanced_colours() {
        for players in 2..=14 {
            let rounds = berger_rounds(players);
            let mut met = std::collections::HashSet::new();
            let mut whites = vec![0usize; players + 1];
            for round in &rounds {
                let mut seen = std::collections::HashSet::new();
                for b in round {
                    assert!(
                        seen.insert(b.white) && seen.insert(b.black),
                        "a player twice in a round"
                    );
                    assert!(
                        met.insert((b.white.min(b.black), b.white.max(b.black))),
                        "a pairing repeats"
                    );
                    whites[b.white] += 1;
                }
            }
            assert_eq!(met.len(), players * (players - 1) / 2);
            let games_each = players - 1;
            for (p, &w) in whites.iter().enumerate().skip(1) {
                assert!(
                    w * 2 + 1 >= games_each && w * 2 <= games_each + 1,
                    "player {p} has {w} whites"
                );
            }
        }
        assert!(berger_rounds(1).is_empty());
    }
}
