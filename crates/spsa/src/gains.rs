//! OpenBench's SPSA schedule and perturbations, as pure functions of (params, total pairs,
//! seed, iteration). Nothing here keeps state: that is what lets a resumed run (or a pair played
//! out of order on another thread) compute exactly what an unbroken run would.
//!
//! Gains (iteration `k` from 1 to `N` pairs, per parameter):
//! `a_end = r_end·c_end²`, `A = 0.1·N`, `α = 0.602`, `γ = 0.101`,
//! `c = c_end·N^γ`, `a = a_end·(A+N)^α`, `c_k = c/k^γ`, `a_k = a/(A+k)^α`,
//! so that `c_N = c_end` and `a_N/c_N² = r_end` at the end of the run.

use super::params::Param;
use game_api::SplitMix64;

pub const ALPHA: f64 = 0.602;
pub const GAMMA: f64 = 0.101;

/// The step sizes of one parameter at one iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gains {
    pub a_k: f64,
    pub c_k: f64,
}

pub fn gains(p: &Param, total: u32, k: u32) -> Gains {
    let n = f64::from(total.max(1));
    let k = f64::from(k.max(1));
    let big_a = 0.1 * n;
    let a_end = p.r_end * p.c_end * p.c_end;
    let c = p.c_end * n.powf(GAMMA);
    let a = a_end * (big_a + n).powf(ALPHA);
    Gains { a_k: a / (big_a + k).powf(ALPHA), c_k: c / k.powf(GAMMA) }
}

/// The random ±1 direction of every parameter at iteration `k`: a pure function of the seed
/// and `k` (its own SplitMix64 stream per iteration), never of what ran before.
pub fn directions(seed: u64, k: u32, count: usize) -> Vec<f64> {
    let mut rng = SplitMix64::new(SplitMix64::mix(seed ^ 0x7370_7361) ^ u64::from(k));
    (0..count).map(|_| if rng.next_u64() >> 63 == 1 { 1.0 } else { -1.0 }).collect()
}

/// Which opening (index into the seed-shuffled book) pair `k` plays: each once before repeats.
pub fn opening_index(k: u32, books: usize) -> usize {
    (k.max(1) as usize - 1) % books.max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Kind;

    fn param() -> Param {
        Param {
            name: "X".into(),
            kind: Kind::Int,
            start: 10.0,
            min: 0.0,
            max: 100.0,
            c_end: 4.0,
            r_end: 0.002,
        }
    }

    #[test]
    fn the_schedule_ends_at_c_end_and_r_end() {
        let p = param();
        let last = gains(&p, 1000, 1000);
        assert!((last.c_k - 4.0).abs() < 1e-9, "{last:?}");
        assert!((last.a_k / (last.c_k * last.c_k) - 0.002).abs() < 1e-12);
        let first = gains(&p, 1000, 1);
        assert!(first.c_k > last.c_k && first.a_k > last.a_k, "{first:?}");
    }

    #[test]
    fn directions_are_a_function_of_seed_and_iteration_and_vary() {
        assert_eq!(directions(7, 5, 6), directions(7, 5, 6));
        let all: Vec<Vec<f64>> = (1..=64).map(|k| directions(7, k, 1)).collect();
        let plus = all.iter().filter(|d| d[0] > 0.0).count();
        assert!((16..=48).contains(&plus), "{plus} of 64");
        assert_ne!(directions(7, 1, 16), directions(8, 1, 16));
    }
}
