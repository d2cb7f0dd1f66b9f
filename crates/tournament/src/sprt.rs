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
