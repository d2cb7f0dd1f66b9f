//! Opening randomness per game, drawn from the workspace's one generator
//! ([`game_api::SplitMix64`]). Only the seeding per game and the range mapping live here; both
//! are part of the data recipe (a committed tune names its datagen seed), so they must not change.

use game_api::SplitMix64;

pub struct Rng(SplitMix64);

impl Rng {
    /// The generator of game `index` of a run seeded with `seed`.
    pub fn for_game(seed: u64, index: u64) -> Rng {
        let mut r = Rng(SplitMix64::new(seed ^ index.wrapping_mul(0xD1B5_4A32_D192_ED03)));
        r.next();
        r
    }

    pub fn next(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// Uniform in `0..n` (`n > 0`), by multiply-shift of the high 32 bits.
    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}
