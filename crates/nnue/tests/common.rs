//! Shared by the nnue tests: a deterministic random net and a small PRNG.
#![allow(dead_code)]

use nnue::arch::{HIDDEN, MAX_OUTPUT_WEIGHT};
use nnue::{Net, NnueGame};

/// xorshift64*: deterministic, good enough to pick moves and weights.
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
    /// Uniform in `-r..=r`.
    pub fn signed(&mut self, r: i32) -> i16 {
        (self.below((2 * r + 1) as usize) as i32 - r) as i16
    }
}

/// A net of random weights for `G`, in the ranges a trained net has.
pub fn random_net<G: NnueGame>(seed: u64) -> Net {
    let mut rng = Rng(seed | 1);
    let mut ft_weights = vec![[0i16; HIDDEN]; G::INPUTS].into_boxed_slice();
    for w in ft_weights.iter_mut().flatten() {
        *w = rng.signed(60);
    }
    let mut ft_bias = [0i16; HIDDEN];
    for b in ft_bias.iter_mut() {
        *b = rng.signed(200);
    }
    let mut out_weights = [0i16; 2 * HIDDEN];
    for w in out_weights.iter_mut() {
        *w = rng.signed(i32::from(MAX_OUTPUT_WEIGHT));
    }
    Net { tag: G::TAG, ft_weights, ft_bias, out_weights, out_bias: rng.signed(3000) as i32 * 50 }
}
