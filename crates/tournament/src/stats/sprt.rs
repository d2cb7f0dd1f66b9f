//! Sequential probability ratio test on game pairs (the pentanomial GSPRT used by fastchess and
//! fishtest): H0 "the Elo difference is elo0" against H1 "it is elo1", logistic Elo.
//!
//! The generalized SPRT replaces the unknown pentanomial distribution by its empirical mean and
//! variance; the log-likelihood ratio then has the closed form
//! `LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)` with `m`, `v` the per-pair mean and variance of
//! the pair score in [0, 1] and `s0`, `s1` the scores that elo0, elo1 predict. Empty
//! pentanomial bins are given a tiny count first (as fishtest does), so that a one-sided run of
//! results, whose sample variance is zero, still moves the LLR.

use crate::stats::elo::{score_from_elo, Pentanomial};

/// The count given to an empty pentanomial bin.
const EMPTY_BIN: f64 = 1e-3;
/// Pairs played before a bound may decide. The closed form trusts the sample variance, which
/// a handful of pairs cannot give: one lost pair alone has a variance of almost nothing and an
/// LLR below -3 (a candidate was once rejected after two games), however the test goes on.
pub const MIN_PAIRS_TO_DECIDE: u32 = 10;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SprtConfig {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SprtDecision {
    /// H1 accepted: the change is at least elo1.
    AcceptH1,
    /// H0 accepted: the change is at most elo0.
    AcceptH0,
}

impl SprtConfig {
    /// (lower, upper) LLR bounds: below `lower` accepts H0, above `upper` accepts H1.
    pub fn bounds(&self) -> (f64, f64) {
        ((self.beta / (1.0 - self.alpha)).ln(), ((1.0 - self.beta) / self.alpha).ln())
    }

    /// The log-likelihood ratio of the pairs played so far (0 until the variance is known).
    pub fn llr(&self, pairs: &Pentanomial) -> f64 {
        if pairs.pairs() == 0 {
            return 0.0;
        }
        let counts = pairs.0.map(|c| if c == 0 { EMPTY_BIN } else { f64::from(c) });
        let n: f64 = counts.iter().sum();
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mean = counts.iter().zip(values).map(|(c, v)| c * v).sum::<f64>() / n;
        let var = counts.iter().zip(values).map(|(c, v)| c * (v - mean).powi(2)).sum::<f64>() / n;
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        n * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Whether a bound has been hit (never before `MIN_PAIRS_TO_DECIDE` pairs).
    pub fn decision(&self, pairs: &Pentanomial) -> Option<SprtDecision> {
        if pairs.pairs() < MIN_PAIRS_TO_DECIDE {
            return None;
        }
        let llr = self.llr(pairs);
        let (lower, upper) = self.bounds();
        if llr >= upper {
            Some(SprtDecision::AcceptH1)
        } else if llr <= lower {
            Some(SprtDecision::AcceptH0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} != {b}");
    }

    // References computed in Python from the closed form (see the module comment).
    #[test]
    fn llr_and_bounds_match_reference() {
        let sprt = SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        let (lo, hi) = sprt.bounds();
        close(lo, -2.944_438_979_166_440_3, 1e-12);
        close(hi, 2.944_438_979_166_440_3, 1e-12);
        close(sprt.llr(&Pentanomial([5, 20, 50, 30, 10])), 0.570_001_680_166_828_3, 1e-9);
        assert_eq!(sprt.decision(&Pentanomial([5, 20, 50, 30, 10])), None);

        let sprt = SprtConfig { elo0: -1.75, elo1: 0.25, alpha: 0.05, beta: 0.1 };
        let (lo, hi) = sprt.bounds();
        close(lo, -2.251_291_798_606_495, 1e-12);
        close(hi, 2.890_371_757_896_165, 1e-12);
        let pairs = Pentanomial([100, 1000, 3000, 1100, 120]);
        close(sprt.llr(&pairs), 3.353_648_877_679_627_4, 1e-9);
        assert_eq!(sprt.decision(&pairs), Some(SprtDecision::AcceptH1));
        assert_eq!(sprt.decision(&pairs.flipped()), Some(SprtDecision::AcceptH0));
    }

    #[test]
    fn one_sided_results_still_count() {
        let sprt = SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        // Python reference with the empty bins set to 1e-3.
        close(sprt.llr(&Pentanomial([0, 0, 0, 0, 10])), 190.608_292_595_045_7, 1e-6);
        assert_eq!(sprt.decision(&Pentanomial([0, 0, 0, 0, 10])), Some(SprtDecision::AcceptH1));
        close(sprt.llr(&Pentanomial([0, 0, 7, 0, 0])), -2.031_672_594_198_718_6, 1e-6);
    }

    #[test]
    fn a_few_pairs_never_decide() {
        let sprt = SprtConfig { elo0: 0.0, elo1: 10.0, alpha: 0.05, beta: 0.05 };
        // One lost pair: the LLR is already past the lower bound, but nothing is decided yet.
        let one_loss = Pentanomial([1, 0, 0, 0, 0]);
        assert!(sprt.llr(&one_loss) < sprt.bounds().0);
        assert_eq!(sprt.decision(&one_loss), None);
        assert_eq!(sprt.decision(&Pentanomial([9, 0, 0, 0, 0])), None);
        assert_eq!(sprt.decision(&Pentanomial([10, 0, 0, 0, 0])), Some(SprtDecision::AcceptH0));
    }
}
