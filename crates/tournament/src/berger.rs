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
        .map(|round| round.into_iter().filter(|b| b.white <= players && b.black <= players).collect())
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
        boards.push(if r % 2 == 1 { Board { white: p, black: n } } else { Board { white: n, black: p } });
        for k in 1..n / 2 {
            let k = k as isize;
            boards.push(Board { white: wrap(p as isize + k), black: wrap(p as isize - k) });
        }
        rounds.push(boards);
        p = wrap((p + n / 2) as isize);
    }
    (rounds, n)
}
