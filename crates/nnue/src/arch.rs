//! The architecture and its quantisation: what inference and the trainer must agree on. The
//! file header repeats these numbers so that a net made for another shape is refused.

/// Accumulator width per perspective (N in (2×N) → 1). 128 was chosen as the cheapest width
/// worth trying on the small data sets this project can generate on two cores.
pub const HIDDEN: usize = 128;
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
