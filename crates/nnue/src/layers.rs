//! The weights of a net of one hidden width `H`, typed by it: every loop over an accumulator is
//! over an array of known length, so inference for each width is compiled as if that width were
//! the only one (no bounds checks, the AVX2 loop unrolled by `H / 16`).

use crate::feature_set::FeatureSet;

/// A quantised net's body for accumulators of `H` values per perspective.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layers<const H: usize> {
    /// Which inputs the rows of `ft` are.
    pub features: FeatureSet,
    /// One row of `H` weights per input feature.
    pub ft: Box<[[i16; H]]>,
    pub ft_bias: [i16; H],
    /// Per output bucket: the side to move's half, then the opponent's; each |w| <= 127.
    pub out: Box<[[[i16; H]; 2]]>,
    /// One per output bucket.
    pub out_bias: Box<[i32]>,
}

impl<const H: usize> Layers<H> {
    /// All zeros, for `inputs` features and `buckets` output buckets.
    pub fn zeros(inputs: usize, buckets: usize) -> Layers<H> {
        Layers {
            features: FeatureSet::Plain,
            ft: vec![[0; H]; inputs].into_boxed_slice(),
            ft_bias: [0; H],
            out: vec![[[0; H]; 2]; buckets].into_boxed_slice(),
            out_bias: vec![0; buckets].into_boxed_slice(),
        }
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.out.len()
    }
}
