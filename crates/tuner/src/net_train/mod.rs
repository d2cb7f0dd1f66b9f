//! The NNUE trainer: fits the (2×N) → 1 net of the `nnue` crate to datagen positions on the CPU.
//!
//! - [`samples`]: datagen records → sparse feature lists per perspective and a target;
//! - [`float_net`]: the net in f32, its forward and backward pass, and quantisation to the file
//!   format;
//! - [`train`]: mini-batch Adam over all cores (rayon), deterministic for a seed: batches are cut
//!   into fixed chunks whose gradients are summed in chunk order, whatever the thread count.
//!
//! Target = `lambda` × result + (1 − `lambda`) × sigmoid(score / 400), both from the side to
//! move's view; the prediction is sigmoid(net output), whose unit is 400 centipawns
//! (`nnue::arch::SCALE`). Loss: mean squared error.

pub mod float_net;
pub mod samples;
pub mod train;
