//! Shared by the nnue tests: a deterministic random net, drawn from the workspace's one PRNG.
#![allow(dead_code)]

pub use game_api::SplitMix64;
use nnue::arch::MAX_OUTPUT_WEIGHT;
use nnue::king_buckets::FeatureSet;
use nnue::net::IntoHidden;
use nnue::{Layers, Net, NnueGame};

/// Uniform in `-r..=r`.
pub fn signed(rng: &mut SplitMix64, r: i32) -> i16 {
    (rng.below((2 * r + 1) as usize) as i32 - r) as i16
}

/// Weights of width `H` for `G`, in the ranges a trained net has, with `buckets` outputs.
pub fn random_layers<G: NnueGame, const H: usize>(seed: u64, buckets: usize) -> Layers<H> {
    random_layers_with::<G, H>(seed, buckets, FeatureSet::Plain)
}

/// The same, reading the inputs of `features`.
pub fn random_layers_with<G: NnueGame, const H: usize>(
    seed: u64,
    buckets: usize,
    features: FeatureSet,
) -> Layers<H> {
    let mut rng = SplitMix64::new(seed);
    let mut l = Layers::<H>::zeros(G::INPUTS * features.king_buckets(), buckets);
    l.features = features;
    for w in l.ft.iter_mut().flatten() {
        *w = signed(&mut rng, 60);
    }
    for b in l.ft_bias.iter_mut() {
        *b = signed(&mut rng, 200);
    }
    for w in l.out.iter_mut().flatten().flatten() {
        *w = signed(&mut rng, i32::from(MAX_OUTPUT_WEIGHT));
    }
    for b in l.out_bias.iter_mut() {
        *b = signed(&mut rng, 3000) as i32 * 50;
    }
    l
}

/// A net of width `H` (one output bucket).
pub fn random_net_of<G: NnueGame, const H: usize>(seed: u64) -> Net
where
    Layers<H>: IntoHidden,
{
    Net::from_layers(G::TAG, random_layers::<G, H>(seed, 1))
}

/// A net of the embedded nets' width.
pub fn random_net<G: NnueGame>(seed: u64) -> Net {
    random_net_of::<G, 128>(seed)
}
