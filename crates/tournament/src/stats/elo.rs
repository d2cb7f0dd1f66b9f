//! Match statistics: Elo from a score, its 95% error from the trinomial (per game) or pentanomial
//! (per game pair) variance, and the likelihood of superiority.
//!
//! A score is in [0, 1] per game. The Elo model is logistic: `elo = -400 log10(1/s - 1)`. The error
//! bar maps the score's normal confidence interval through that curve, as cutechess-cli does.

/// z for a two-sided 95% normal interval.
const Z95: f64 = 1.959_963_984_540_054;

/// Wins, draws and losses of one player against another.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Wdl {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// Points scored: 1 per win, ½ per draw.
    pub fn points(&self) -> f64 {
        f64::from(self.wins) + 0.5 * f64::from(self.draws)
    }

    /// Mean score per game, 0.5 when nothing has been played.
    pub fn score(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.5
        } else {
            self.points() / f64::from(n)
        }
    }

    pub fn draw_ratio(&self) -> f64 {
        let n = self.games();
        if n == 0 {
            0.0
        } else {
            f64::from(self.draws) / f64::from(n)
        }
    }

    /// The same games from the opponent's side.
    pub fn flipped(&self) -> Wdl {
        Wdl { wins: self.losses, draws: self.draws, losses: self.wins }
    }

    /// Mean and per-game variance of the score.
    fn moments(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.games());
        if n == 0.0 {
            return None;
        }
        let s = self.score();
        let var = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        Some((s, var))
    }

    /// Elo difference and its 95% error from the trinomial model.
    pub fn elo(&self) -> EloEstimate {
        match self.moments() {
            None => EloEstimate::default(),
            Some((s, var)) => estimate(s, var, f64::from(self.games())),
        }
    }

    /// Likelihood of superiority: the probability that the player is the stronger one, from the
    /// normal approximation of wins minus losses (draws carry no information).
    pub fn los(&self) -> f64 {
        let decisive = f64::from(self.wins + self.losses);
        if decisive == 0.0 {
            return 0.5;
        }
        let diff = f64::from(self.wins) - f64::from(self.losses);
        0.5 * (1.0 + erf(diff / (2.0 * decisive).sqrt()))
    }
}

/// Counts of game pairs (same opening, colours swapped) by the points the player scored in the
/// pair: index 0 = 0 points, 1 = ½, 2 = 1, 3 = 1½, 4 = 2.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Pentanomial(pub [u32; 5]);

impl Pentanomial {
    pub fn pairs(&self) -> u32 {
        self.0.iter().sum()
    }

    /// Records a pair given the player's points in it counted in half points (0..=4).
    pub fn add(&mut self, half_points: usize) {
        if let Some(slot) = self.0.get_mut(half_points) {
            *slot += 1;
        }
    }

    pub fn flipped(&self) -> Pentanomial {
        let p = self.0;
        Pentanomial([p[4], p[3], p[2], p[1], p[0]])
    }

    /// Mean and per-pair variance of the pair score scaled to [0, 1].
    pub fn moments(&self) -> Option<(f64, f64)> {
        let n = f64::from(self.pairs());
        if n == 0.0 {
            return None;
        }
        let values = [0.0, 0.25, 0.5, 0.75, 1.0];
        let mean = self.0.iter().zip(values).map(|(&c, v)| f64::from(c) * v).sum::<f64>() / n;
        let var =
            self.0.iter().zip(values).map(|(&c, v)| f64::from(c) * (v - mean).powi(2)).sum::<f64>()
                / n;
        Some((mean, var))
    }

    /// Elo difference and its 95% error from the pentanomial model (pairs are the samples, which
    /// removes the opening's share of the variance).
    pub fn elo(&self) -> EloEstimate {
        match self.moments() {
            None => EloEstimate::default(),
            Some((s, var)) => estimate(s, var, f64::from(self.pairs())),
        }
    }

    /// Likelihood of superiority from the pentanomial mean and its standard error.
    pub fn los(&self) -> f64 {
        match self.moments() {
            None => 0.5,
            Some((s, var)) => {
                let se = (var / f64::from(self.pairs())).sqrt();
                if se == 0.0 {
                    return if s > 0.5 {
                        1.0
                    } else if s < 0.5 {
                        0.0
                    } else {
                        0.5
                    };
                }
                0.5 * (1.0 + erf((s - 0.5) / (se * std::f64::consts::SQRT_2)))
            }
        }
    }
}

/// An Elo difference with its 95% error bar. `elo` is infinite after a perfect or a null score.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct EloEstimate {
    pub elo: f64,
    pub error: f64,
}

/// Elo of a mean score in (0, 1); ±infinity at the ends.
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        return f64::NEG_INFINITY;
    }
    if score >= 1.0 {
        return f64::INFINITY;
    }
    -400.0 * (1.0 / score - 1.0).log10()
}

/// Expected score of a player `elo` points stronger.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

fn estimate(score: f64, variance: f64, samples: f64) -> EloEstimate {
    let se = (variance / samples).sqrt();
    let low = elo_from_score(score - Z95 * se);
    let high = elo_from_score(score + Z95 * se);
    EloEstimate { elo: elo_from_score(score), error: (high - low) / 2.0 }
}

/// The error function, by the Abramowitz–Stegun 7.1.26 form refined with a series for small |x|
/// (accurate to about 1e-12 where it matters here: LOS to a tenth of a percent).
pub fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return x;
    }
    let ax = x.abs();
    let value = if ax < 2.0 {
        // Maclaurin series: converges quickly below 2.
        let mut term = ax;
        let mut sum = ax;
        let x2 = ax * ax;
        let mut n = 0.0;
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x2 / n;
            sum += term / (2.0 * n + 1.0);
        }
        sum * 2.0 / std::f64::consts::PI.sqrt()
    } else {
        // Continued fraction for erfc, evaluated bottom-up.
        let mut f = 0.0;
        for k in (1..60).rev() {
            f = f64::from(k) / 2.0 / (ax + f);
        }
        1.0 - (-ax * ax).exp() / std::f64::consts::PI.sqrt() / (ax + f)
    };
    if x < 0.0 {
        -value
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values computed independently in Python (math.erf, math.log10) from the
    // textbook formulas; see the crate README for the script.
    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} != {b} (tolerance {tol})");
    }

    #[test]
    fn trinomial_elo_error_and_los() {
        let wdl = Wdl { wins: 100, draws: 150, losses: 50 };
        close(wdl.score(), 0.583_333_333_333_333_4, 1e-12);
        let est = wdl.elo();
        close(est.elo, 58.451_214_271_295_23, 1e-9);
        close(est.error, 27.853_264_772_627_59, 1e-9);
        close(wdl.los(), 0.999_977_721_454_698, 1e-9);
        close(wdl.draw_ratio(), 0.5, 1e-12);
    }

    #[test]
    fn pentanomial_elo_error_and_los() {
        let p = Pentanomial([5, 20, 50, 30, 10]);
        let (mean, var) = p.moments().unwrap();
        close(mean, 0.543_478_260_869_565_2, 1e-12);
        close(var, 0.057_892_249_527_410_206, 1e-12);
        let est = p.elo();
        close(est.elo, 30.288_285_575_247_322, 1e-9);
        close(est.error, 30.872_869_614_334_1, 1e-9);
        close(p.los(), 0.973_676_708_881_615_2, 1e-9);
    }

    #[test]
    fn elo_and_score_are_inverse_and_symmetric() {
        for elo in [-400.0, -35.0, 0.0, 12.5, 191.0] {
            close(elo_from_score(score_from_elo(elo)), elo, 1e-9);
        }
        close(elo_from_score(0.75), 190.848_501_887_864_98, 1e-9);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
        let wdl = Wdl { wins: 7, draws: 3, losses: 2 };
        close(wdl.elo().elo, -wdl.flipped().elo().elo, 1e-9);
        close(wdl.los() + wdl.flipped().los(), 1.0, 1e-12);
    }

    #[test]
    fn erf_matches_reference_values() {
        close(erf(0.3), 0.328_626_759_459_127_4, 1e-13);
        close(erf(1.7), 0.983_790_458_590_774_5, 1e-13);
        close(erf(2.5), 0.999_593_047_982_555, 1e-13);
        close(erf(-3.1), -0.999_988_351_342_632_8, 1e-13);
        close(erf(0.0), 0.0, 0.0);
    }

    #[test]
    fn nothing_played_is_neutral() {
        let wdl = Wdl::default();
        assert_eq!(wdl.score(), 0.5);
        assert_eq!(wdl.los(), 0.5);
        assert_eq!(Pentanomial::default().elo(), EloEstimate::default());
    }
}
