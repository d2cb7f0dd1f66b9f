//! Search scores as each dialect writes them.

use crate::Dialect;
use std::fmt::Write;

/// UCCI's mate score: mate in `p` plies is written `10000 − p` (ElephantEye: 9999 = mate in 1).
pub const UCCI_MATE: i32 = 10_000;

/// A score from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (in xiangqi a horse or cannon is about 100).
    Cp(i32),
    /// The side to move mates in this many plies.
    MateIn(u32),
    /// The side to move is mated in this many plies (0: it is mated now).
    MatedIn(u32),
}

/// Whether a score is exact or only a bound (an aspiration window failed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    #[default]
    Exact,
    /// The true score is at least this.
    Lower,
    /// The true score is at most this.
    Upper,
}

/// Win/draw/loss expectation in per mille, for `UCI_ShowWDL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Wdl {
    /// Chance of a win, per mille.
    pub win: u32,
    /// Chance of a draw, per mille.
    pub draw: u32,
    /// Chance of a loss, per mille.
    pub loss: u32,
}

impl Score {
    /// UCI: `cp N` or `mate M` with M in moves (negative when being mated; `mate 0` when mated
    /// now). UCCI: a bare integer; mates as ±(10000 − plies), since strict UCCI GUIs read an
    /// integer after `score`.
    pub(crate) fn write(self, dialect: Dialect, line: &mut String) {
        let _ = match (dialect, self) {
            (Dialect::Uci, Score::Cp(cp)) => write!(line, " cp {cp}"),
            (Dialect::Uci, Score::MateIn(plies)) => write!(line, " mate {}", plies.div_ceil(2)),
            (Dialect::Uci, Score::MatedIn(plies)) => {
                write!(line, " mate {}", -i64::from(plies / 2))
            }
            (Dialect::Ucci, Score::Cp(cp)) => write!(line, " {cp}"),
            (Dialect::Ucci, Score::MateIn(plies)) => write!(line, " {}", ucci_mate(plies)),
            (Dialect::Ucci, Score::MatedIn(plies)) => write!(line, " {}", -ucci_mate(plies)),
        };
    }
}

fn ucci_mate(plies: u32) -> i64 {
    i64::from(UCCI_MATE) - i64::from(plies)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(score: Score, dialect: Dialect) -> String {
        let mut s = String::new();
        score.write(dialect, &mut s);
        s
    }

    #[test]
    fn uci_scores_in_moves() {
        assert_eq!(w(Score::Cp(-37), Dialect::Uci), " cp -37");
        assert_eq!(w(Score::MateIn(1), Dialect::Uci), " mate 1");
        assert_eq!(w(Score::MateIn(3), Dialect::Uci), " mate 2");
        assert_eq!(w(Score::MatedIn(2), Dialect::Uci), " mate -1");
        assert_eq!(w(Score::MatedIn(4), Dialect::Uci), " mate -2");
        assert_eq!(w(Score::MatedIn(0), Dialect::Uci), " mate 0");
    }

    #[test]
    fn ucci_scores_are_bare_integers() {
        assert_eq!(w(Score::Cp(13), Dialect::Ucci), " 13");
        assert_eq!(w(Score::MateIn(1), Dialect::Ucci), " 9999");
        assert_eq!(w(Score::MatedIn(2), Dialect::Ucci), " -9998");
        assert_eq!(w(Score::MatedIn(0), Dialect::Ucci), " -10000");
    }
}
