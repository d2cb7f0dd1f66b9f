//! The output layer: SCReLU of both accumulators against the output weights, in centipawns.
//!
//! Two implementations with bit-identical results: a scalar one, and an AVX2 one chosen at run
//! time when the CPU has it. Both compute Σ clamp(a, 0, QA)² × w in wrapping i32 arithmetic; the
//! AVX2 path forms `clamp(a) × w` in 16 bits (exact because the loader refuses |w| > 127) and
//! lets `madd` multiply by `clamp(a)` again and add pairs into 32 bits.

use crate::arch::{QA, QB, SCALE};
use crate::layers::Layers;

/// Which implementation the evaluator uses; detected once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Simd {
    Scalar,
    Avx2,
}

impl Simd {
    /// The best implementation this CPU runs.
    pub fn detect() -> Simd {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx2") {
                return Simd::Avx2;
            }
        }
        Simd::Scalar
    }
}

/// Turns the raw dot product into centipawns (shared by both paths).
#[inline(always)]
fn finish(sum: i32, bias: i32) -> i32 {
    ((i64::from(sum / QA) + i64::from(bias)) * i64::from(SCALE) / i64::from(QA * QB)) as i32
}

/// Output bucket `bucket`'s weights and bias; bucket 0 if there is no such bucket (a caller's
/// bug, which must not panic the engine). `None` only for a net without buckets.
#[inline(always)]
fn bucket_of<const H: usize>(layers: &Layers<H>, bucket: usize) -> Option<(&[[i16; H]; 2], i32)> {
    let b = if bucket < layers.out.len() { bucket } else { 0 };
    Some((layers.out.get(b)?, *layers.out_bias.get(b)?))
}

/// The side to move's view: `us` is its accumulator, `them` the opponent's; `bucket` the
/// output bucket of the position (0 for a net with one).
#[inline]
pub fn evaluate<const H: usize>(
    simd: Simd,
    layers: &Layers<H>,
    bucket: usize,
    us: &[i16; H],
    them: &[i16; H],
) -> i32 {
    match simd {
        #[cfg(target_arch = "x86_64")]
        Simd::Avx2 => avx2::evaluate(layers, bucket, us, them),
        _ => evaluate_scalar(layers, bucket, us, them),
    }
}

/// The reference implementation.
pub fn evaluate_scalar<const H: usize>(
    layers: &Layers<H>,
    bucket: usize,
    us: &[i16; H],
    them: &[i16; H],
) -> i32 {
    let Some((weights, bias)) = bucket_of(layers, bucket) else { return 0 };
    let mut sum = 0i32;
    for (acc, weights) in [(us, &weights[0]), (them, &weights[1])] {
        for (&a, &w) in acc.iter().zip(weights) {
            let v = i32::from(a).clamp(0, QA);
            sum = sum.wrapping_add(v * w as i32 * v);
        }
    }
    finish(sum, bias)
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use super::{bucket_of, finish};
    use crate::arch::QA;
    use crate::layers::Layers;
    use std::arch::x86_64::*;

    /// Safe entry: only reached when `Simd::detect` found AVX2.
    #[inline]
    #[allow(unsafe_code)]
    pub fn evaluate<const H: usize>(
        layers: &Layers<H>,
        bucket: usize,
        us: &[i16; H],
        them: &[i16; H],
    ) -> i32 {
        let Some((weights, bias)) = bucket_of(layers, bucket) else { return 0 };
        // SAFETY: `dot` needs AVX2. `Simd::detect` yields `Simd::Avx2` only after
        // `is_x86_feature_detected!("avx2")` returned true, and every caller in the workspace (the
        // evaluator, the SIMD test, the bench) passes `Simd::Avx2` only when `detect` returned it.
        // The variant is public, so this rests on that convention, not on the type system.
        let sum = unsafe { dot(us, them, weights) };
        finish(sum, bias)
    }

    /// Why `unsafe`: the scalar loop needs 32-bit products (255² × 127 overflows 16 bits), so
    /// the compiler widens it to 8 lanes; the 16-bit multiply-then-madd trick does 16 lanes and
    /// the pairwise add in one instruction. Measured figures: crates/nnue/README.md.
    ///
    /// # Safety
    /// The CPU must support AVX2 (`evaluate` calls it only after run-time detection).
    #[target_feature(enable = "avx2")]
    #[allow(unsafe_code)]
    unsafe fn dot<const H: usize>(us: &[i16; H], them: &[i16; H], weights: &[[i16; H]; 2]) -> i32 {
        const { assert!(H.is_multiple_of(16), "the AVX2 path works in blocks of 16") };
        let zero = _mm256_setzero_si256();
        let qa = _mm256_set1_epi16(QA as i16);
        let mut sum = _mm256_setzero_si256();
        for (half, acc) in [us, them].into_iter().enumerate() {
            for i in (0..H).step_by(16) {
                // SAFETY: `i + 16 <= H` (H is a multiple of 16, asserted at compile time
                // above), so each 32-byte unaligned load stays inside `acc` and `weights[half]`
                // (H i16 each).
                let a = _mm256_loadu_si256(acc.as_ptr().add(i).cast());
                let w = _mm256_loadu_si256(weights[half].as_ptr().add(i).cast());
                let v = _mm256_min_epi16(_mm256_max_epi16(a, zero), qa);
                let vw = _mm256_mullo_epi16(v, w);
                sum = _mm256_add_epi32(sum, _mm256_madd_epi16(vw, v));
            }
        }
        let lo = _mm256_castsi256_si128(sum);
        let hi = _mm256_extracti128_si256(sum, 1);
        let s = _mm_add_epi32(lo, hi);
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b01_00_11_10));
        let s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0b10_11_00_01));
        _mm_cvtsi128_si32(s)
    }
}

const _: () = {
    let mut i = 0;
    while i < crate::arch::HIDDEN_SIZES.len() {
        assert!(crate::arch::HIDDEN_SIZES[i].is_multiple_of(16), "AVX2 works in blocks of 16");
        i += 1;
    }
};
