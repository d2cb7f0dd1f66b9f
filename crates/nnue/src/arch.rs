//! The architecture and its quantisation: what inference and the trainer must agree on. The
//! file header repeats these numbers so that a net made for another shape is refused.

/// Accumulator width per perspective of the embedded nets (N in (2×N) → 1), and the trainers'
/// default. 128 was chosen as the cheapest width worth trying on the small data sets this
/// project can generate on two cores.
pub const HIDDEN: usize = 128;
/// Every width inference loads (the `hidden` field of a net file). Each is compiled as its own
/// copy of the accumulator and output code (`layers.rs`), so the set is small and fixed;
/// multiples of 16 for the AVX2 output layer.
pub const HIDDEN_SIZES: [usize; 4] = [128, 256, 384, 512];
/// Most output buckets a net file may have (version 2 of the format).
pub const MAX_OUTPUT_BUCKETS: usize = 8;
/// Most pieces on a board in either game (both start with 32 and never gain any).
pub const MAX_PIECES: usize = 32;

/// The output bucket of a position with `pieces` pieces on the board, for a net of `buckets`
/// buckets: piece counts 2..=32 split evenly, fewest pieces in bucket 0. The one definition,
/// which the trainer uses too. A separate set of output weights per stage of the game costs
/// nothing in the accumulators and lets the net weigh them differently in the endgame.
#[inline]
pub fn output_bucket(pieces: usize, buckets: usize) -> usize {
    (pieces.saturating_sub(2) * buckets / (MAX_PIECES - 1)).min(buckets.saturating_sub(1))
}

/// Feature transformer scale: a float activation of 1.0 is this many accumulator units, and the
/// clipped activation lies in `0..=QA`.
pub const QA: i32 = 255;
/// Output weight scale: a float weight of 1.0 is this many units.
pub const QB: i32 = 64;
/// Centipawns per unit of the float output (the trainer's sigmoid uses the same scale).
pub const SCALE: i32 = 400;
/// Largest output weight magnitude: keeps `activation × weight` within int16 (255 × 127 <
/// 32768), which the AVX2 path's 16-bit multiply needs; the trainer clips to it.
pub const MAX_OUTPUT_WEIGHT: i16 = 127;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_cover_every_piece_count_in_order() {
        for buckets in 1..=MAX_OUTPUT_BUCKETS {
            let seen: Vec<usize> = (0..=MAX_PIECES).map(|p| output_bucket(p, buckets)).collect();
            assert!(seen.windows(2).all(|w| w[0] <= w[1]));
            assert_eq!(seen[2], 0);
            assert_eq!(seen[MAX_PIECES], buckets - 1);
            for b in 0..buckets {
                assert!(seen.contains(&b), "{buckets} buckets: bucket {b} is never used");
            }
        }
        // A count past the board's (a game bug) stays in range.
        assert_eq!(output_bucket(1000, 4), 3);
    }
}
