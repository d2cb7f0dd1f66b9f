//! Sequential probability ratio test on game pairs (the pentanomial GSPRT used by fastchess and
//! fishtest): H0 "the Elo difference is elo0" against H1 "it is elo1", logistic Elo.
//!
//! The generalized SPRT replaces the unknown pentanomial distribution by its empirical mean and
//! variance; the log-likelihood ratio then has the closed form
//! `LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)` with `m`, `v` the per-pair mean and variance of
//! the pair score in [0, 1] and `s0`, `s1` the scores that elo0, elo1 predict.

use crate::stats::{score_from_elo, Pentanomial};

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
        let Some((mean, var)) = pairs.moments() else {
            return 0.0;
        };
        if var <= 0.0 {
            return 0.0;
        }
        let s0 = score_from_elo(self.elo0);
        let s1 = score_from_elo(self.elo1);
        f64::from(pairs.pairs()) * (s1 - s0) * (2.0 * mean - s0 - s1) / (2.0 * var)
    }

    /// Whether a bound has been hit.
    pub fn decision(&self, pairs: &Pentanomial) -> Option<SprtDecision> {
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
    fn no_variance_no_evidence() {
        let sprt = SprtConfig { elo0: 0.0, elo1: 5.0, alpha: 0.05, beta: 0.05 };
        assert_eq!(sprt.llr(&Pentanomial::default()), 0.0);
        assert_eq!(sprt.llr(&Pentanomial([0, 0, 7, 0, 0])), 0.0);
    }
}
