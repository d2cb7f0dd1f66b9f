//! The search's progress callback: turns each report of the search into an `info` line (which
//! to print and what to add) and keeps the candidate lines that weakened play chooses from.
//!
//! Throttle: a score that is only a bound (an aspiration window failed) says little and comes in
//! bursts, so such lines are held back during the first second of a search, as Stockfish does;
//! every exact iteration is printed, so the last line before `bestmove` always carries the PV
//! the move came from. UCCI prints no bound lines at all (it cannot say "bound"); the protocol
//! crate strips `seldepth`, `nps` and the like from UCCI lines.

use crate::session::output::Out;
use game_api::Move;
use protocol::{Bound, Dialect, Score, SearchInfo, Wdl};
use std::sync::Mutex;

/// Bound-only lines are dropped before this much search time.
const BOUND_LINES_AFTER_MS: u64 = 1000;

/// Prints a running search's `info` lines; called by the search's main thread.
pub struct Progress<'a> {
    pub out: &'a Out,
    pub dialect: Dialect,
    pub show_wdl: bool,
    /// (multipv index, first move, score) of the latest exact line of each index.
    lines: Mutex<Vec<(usize, Move, Score)>>,
}

impl<'a> Progress<'a> {
    pub fn new(out: &'a Out, dialect: Dialect, show_wdl: bool) -> Self {
        Progress { out, dialect, show_wdl, lines: Mutex::new(Vec::new()) }
    }

    /// The first move and exact score of each MultiPV line of the deepest iteration reported,
    /// best first (for weakened play).
    pub fn candidates(self) -> Vec<(Move, Score)> {
        let mut lines = self.lines.into_inner().unwrap_or_else(|p| p.into_inner());
        lines.sort_by_key(|l| l.0);
        lines.into_iter().map(|(_, m, s)| (m, s)).collect()
    }
}

impl search::Reporter for Progress<'_> {
    fn info(&self, info: &search::Info<'_>) {
        let bound = match info.bound {
            search::Bound::Lower => Bound::Lower,
            search::Bound::Upper => Bound::Upper,
            search::Bound::Exact | search::Bound::None => Bound::Exact,
        };
        let score = score(info.score);
        if let (Bound::Exact, Some(&first)) = (bound, info.pv.first()) {
            let mut lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
            lines.retain(|l| l.0 != info.multipv);
            lines.push((info.multipv, first, score));
        }
        if bound != Bound::Exact
            && (self.dialect == Dialect::Ucci || info.time_ms < BOUND_LINES_AFTER_MS)
        {
            // UCCI has no bound syntax: such a line would carry no score, which clients such
            // as uci2wb read as 0.00. Only exact scores are printed there.
            return;
        }
        let line = if info.depth == 0 && info.pv_text.is_empty() {
            // Nothing to search (mated, stalemated, every move banned): the short form GUIs
            // know from Stockfish, `info depth 0 score mate 0`.
            SearchInfo { depth: Some(0), score: Some(score), ..SearchInfo::default() }
        } else {
            SearchInfo {
                depth: Some(info.depth),
                seldepth: Some(info.seldepth),
                multipv: Some(u32::try_from(info.multipv.max(1)).unwrap_or(u32::MAX)),
                score: Some(score),
                bound,
                wdl: self.show_wdl.then(|| wdl(score)),
                nodes: Some(info.nodes),
                nps: Some(info.nps),
                hashfull: Some(info.hashfull),
                tbhits: Some(info.tb_hits),
                time_ms: Some(info.time_ms),
                currmove: None,
                currmovenumber: None,
                pv: info.pv_text.to_vec(),
            }
        };
        self.out.line(&line.line(self.dialect));
    }
}

/// The search's score as the protocol writes it.
pub fn score(s: search::Score) -> Score {
    match s {
        search::Score::Cp(cp) => Score::Cp(cp),
        search::Score::Mate(plies) if plies > 0 => Score::MateIn(plies.unsigned_abs()),
        search::Score::Mate(plies) => Score::MatedIn(plies.unsigned_abs()),
    }
}

/// Win/draw/loss per mille from a score. A logistic model, the same for both games: a one-pawn
/// (or one-horse) edge wins about a third of the time, and the draw share shrinks as the edge
/// grows. It is a display aid for GUIs that ask for `UCI_ShowWDL`, not a fitted model.
pub fn wdl(score: Score) -> Wdl {
    match score {
        Score::MateIn(_) => Wdl { win: 1000, draw: 0, loss: 0 },
        Score::MatedIn(_) => Wdl { win: 0, draw: 0, loss: 1000 },
        Score::Cp(cp) => {
            let logistic = |x: f64| 1.0 / (1.0 + (-x).exp());
            let cp = f64::from(cp.clamp(-4000, 4000));
            let win = (1000.0 * logistic((cp - 150.0) / 80.0)).round() as u32;
            let loss = (1000.0 * logistic((-cp - 150.0) / 80.0)).round() as u32;
            Wdl { win, loss, draw: 1000u32.saturating_sub(win + loss) }
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
