//! `info` lines while a search runs: which to print and what to add.
//!
//! Throttle: a score that is only a bound (an aspiration window failed) says little and comes in
//! bursts, so such lines are held back during the first second of a search, as Stockfish does;
//! every exact iteration is printed, so the last line before `bestmove` always carries the PV
//! the move came from. UCCI prints no bound lines at all (it cannot say "bound"). UCCI strips bounds, `seldepth`, `nps` and the like in the protocol crate.

use super::output::Out;
use protocol::{Bound, Dialect, Score, SearchInfo, Wdl};

/// Bound-only lines are dropped before this much search time.
const BOUND_LINES_AFTER_MS: u64 = 1000;

/// Receives one `info` report at a time from the search's main thread.
pub trait InfoSink: Sync {
    fn info(&self, info: SearchInfo);
}

pub struct InfoPrinter<'a> {
    pub out: &'a Out,
    pub dialect: Dialect,
    pub show_wdl: bool,
}

impl InfoSink for InfoPrinter<'_> {
    fn info(&self, mut info: SearchInfo) {
        if info.bound != Bound::Exact
            && (self.dialect == Dialect::Ucci || info.time_ms.unwrap_or(0) < BOUND_LINES_AFTER_MS)
        {
            // UCCI has no bound syntax: such a line would carry no score, which clients read
            // as 0.00 (issue 11). Only exact scores are printed there.
            return;
        }
        if info.depth == Some(0) && info.pv.is_empty() {
            // Nothing to search (mated, stalemated, every move banned): the short form GUIs
            // know from Stockfish, `info depth 0 score mate 0`.
            info = SearchInfo {
                depth: info.depth,
                score: info.score,
                ..SearchInfo::default()
            };
        } else if self.show_wdl {
            info.wdl = info.score.map(wdl);
        }
        self.out.line(&info.line(self.dialect));
    }
}

/// Win/draw/loss per mille from a score. A logistic model, the same for both games: a one-pawn
/// (or one-horse) edge wins about a third of the time, and the draw share shrinks as the edge
/// grows. It is a display aid for GUIs that ask for `UCI_ShowWDL`, not a fitted model.
pub fn wdl(score: Score) -> Wdl {
    match score {
        Score::MateIn(_) => Wdl {
            win: 1000,
            draw: 0,
            loss: 0,
        },
        Score::MatedIn(_) => Wdl {
            win: 0,
            draw: 0,
            loss: 1000,
        },
        Score::Cp(cp) => {
            let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
            let cp = f64::from(cp.clamp(-4000, 4000));
            let win = (1000.0 * logistic((cp - 150.0) / 80.0)).round() as u32;
            let loss = (1000.0 * logistic((-cp - 150.0) / 80.0)).round() as u32;
            Wdl {
                win,
                loss,
                draw: 1000u32.saturating_sub(win + loss),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wdl_sums_to_a_thousand_and_is_symmetric() {
        for cp in [-5000, -900, -150, -1, 0, 1, 37, 150, 900, 5000] {
            let a = wdl(Score::Cp(cp));
            let b = wdl(Score::Cp(-cp));
            assert_eq!(a.win + a.draw + a.loss, 1000, "{cp}");
            assert_eq!((a.win, a.loss), (b.loss, b.win), "{cp}");
        }
        let even = wdl(Score::Cp(0));
        assert!(even.draw > even.win && even.win == even.loss);
        assert!(wdl(Score::Cp(300)).win > wdl(Score::Cp(100)).win);
        assert_eq!(wdl(Score::MateIn(3)).win, 1000);
        assert_eq!(wdl(Score::MatedIn(0)).loss, 1000);
    }
}
