//! The AVX2 output layer gives exactly the scalar result, on random and on extreme inputs.

use crate::common;

use common::{random_layers, signed, SplitMix64};
use movegen_chess::Chess;
use nnue::arch::MAX_OUTPUT_WEIGHT;
use nnue::output::{evaluate, evaluate_scalar, Simd};

/// Every width inference has, with several output buckets.
#[test]
fn avx2_equals_scalar() {
    check::<128>();
    check::<256>();
    check::<384>();
    check::<512>();
}

fn check<const H: usize>() {
    if Simd::detect() != Simd::Avx2 {
        // Nothing to compare on this CPU; the evaluator uses the scalar path here.
        let l = random_layers::<Chess, H>(1, 1);
        assert_eq!(
            evaluate(Simd::Scalar, &l, 0, &[0; H], &[0; H]),
            evaluate_scalar(&l, 0, &[0; H], &[0; H])
        );
        eprintln!("no AVX2 on this CPU: only the scalar path ran");
        return;
    }
    let mut rng = SplitMix64::new(77);
    let mut net = random_layers::<Chess, H>(3, 4);
    let mut differing_outputs = std::collections::HashSet::new();
    for round in 0..2000 {
        let bucket = round % 5; // 4 is past the last bucket: read as bucket 0
        let mut us = [0i16; H];
        let mut them = [0i16; H];
        for v in us.iter_mut().chain(them.iter_mut()) {
            *v = match round % 4 {
                // Around the clipping range, where the activation is non-trivial.
                0 | 1 => signed(&mut rng, 400),
                // Anywhere in int16, extremes included.
                2 => rng.next_u64() as i16,
                _ => [i16::MIN, -1, 0, 255, 256, i16::MAX][rng.below(6)],
            };
        }
        if round % 100 == 0 {
            // Extreme output weights: every one at ±127.
            for w in net.out.iter_mut().flatten().flatten() {
                *w = if rng.below(2) == 0 { MAX_OUTPUT_WEIGHT } else { -MAX_OUTPUT_WEIGHT };
            }
        }
        let scalar = evaluate_scalar(&net, bucket, &us, &them);
        assert_eq!(evaluate(Simd::Avx2, &net, bucket, &us, &them), scalar, "{H}: round {round}");
        differing_outputs.insert(scalar);
    }
    assert!(differing_outputs.len() > 100, "the inputs exercised the output layer");
}
