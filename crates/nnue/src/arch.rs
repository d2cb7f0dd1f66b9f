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
