//! The trained float net as an inference net (`nnue::Net`), whose `to_bytes` is the one writer
//! of the file format: header, version and checksum are the `nnue` crate's, never this one's.

use crate::error::TrainError;
use crate::float_net::FloatNet;
use nnue::arch::{HIDDEN, MAX_OUTPUT_WEIGHT, QA, QB};
use nnue::{Net, NnueGame};

/// `x × scale`, rounded and saturated to int16.
fn q16(x: f32, scale: i32) -> i16 {
    (x * scale as f32).round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// The quantised net for game `G`; an error if inference has no such shape.
pub fn quantise<G: NnueGame>(net: &FloatNet) -> Result<Net, TrainError> {
    let s = net.shape;
    if s.inputs != G::INPUTS {
        return Err(TrainError::Settings(format!(
            "{} inputs, {} has {}",
            s.inputs,
            G::NAME,
            G::INPUTS
        )));
    }
    if s.hidden != HIDDEN || s.buckets != 1 {
        return Err(TrainError::Settings(format!(
            "inference loads hidden size {HIDDEN} with one output bucket, not {} with {}",
            s.hidden, s.buckets
        )));
    }
    let mut ft_weights = vec![[0i16; HIDDEN]; G::INPUTS].into_boxed_slice();
    for (row, src) in ft_weights.iter_mut().zip(net.ft.chunks_exact(HIDDEN)) {
        for (q, &w) in row.iter_mut().zip(src) {
            *q = q16(w, QA);
        }
    }
    let mut ft_bias = [0i16; HIDDEN];
    for (q, &b) in ft_bias.iter_mut().zip(&net.ft_bias) {
        *q = q16(b, QA);
    }
    let mut out_weights = [0i16; 2 * HIDDEN];
    for (q, &w) in out_weights.iter_mut().zip(&net.out) {
        *q = q16(w, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT);
    }
    let out_bias = (net.out_bias[0] * (QA * QB) as f32).round() as i32;
    Ok(Net { tag: G::TAG, ft_weights, ft_bias, out_weights, out_bias })
}
