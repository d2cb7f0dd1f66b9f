//! Shared by the nnue tests: a deterministic random net, drawn from the workspace's one PRNG.
#![allow(dead_code)]

pub use game_api::SplitMix64;
use nnue::arch::{HIDDEN, MAX_OUTPUT_WEIGHT};
use nnue::{Net, NnueGame};

/// Uniform in `-r..=r`.
pub fn signed(rng: &mut SplitMix64, r: i32) -> i16 {
    (rng.below((2 * r + 1) as usize) as i32 - r) as i16
}

/// A net of random weights for `G`, in the ranges a trained net has.
pub fn random_net<G: NnueGame>(seed: u64) -> Net {
    let mut rng = SplitMix64::new(seed);
    let mut ft_weights = vec![[0i16; HIDDEN]; G::INPUTS].into_boxed_slice();
    for w in ft_weights.iter_mut().flatten() {
        *w = signed(&mut rng, 60);
    }
    let mut ft_bias = [0i16; HIDDEN];
    for b in ft_bias.iter_mut() {
        *b = signed(&mut rng, 200);
    }
    let mut out_weights = [0i16; 2 * HIDDEN];
    for w in out_weights.iter_mut() {
        *w = signed(&mut rng, i32::from(MAX_OUTPUT_WEIGHT));
    }
    Net {
        tag: G::TAG,
        ft_weights,
        ft_bias,
        out_weights,
        out_bias: signed(&mut rng, 3000) as i32 * 50,
    }
}
