//! The trained float net as an inference net (`nnue::Net`), whose `to_bytes` is the one writer
//! of the file format: header, version and checksum are the `nnue` crate's, never this one's.

use crate::error::TrainError;
use crate::float_net::FloatNet;
use nnue::arch::{HIDDEN_SIZES, MAX_OUTPUT_BUCKETS, MAX_OUTPUT_WEIGHT, QA, QB};
use nnue::king_buckets::FeatureSet;
use nnue::net::IntoHidden;
use nnue::{Layers, Net, NnueGame};

/// `x × scale`, rounded and saturated to int16.
fn q16(x: f32, scale: i32) -> i16 {
    (x * scale as f32).round().clamp(f32::from(i16::MIN), f32::from(i16::MAX)) as i16
}

/// The float weights quantised into layers of width `H` (`net.shape.hidden == H`).
fn layers<const H: usize>(net: &FloatNet) -> Layers<H> {
    let mut l = Layers::<H>::zeros(net.shape.inputs, net.shape.buckets);
    l.features = net.shape.features;
    for (row, src) in l.ft.iter_mut().zip(net.ft.chunks_exact(H)) {
        for (q, &w) in row.iter_mut().zip(src) {
            *q = q16(w, QA);
        }
    }
    for (q, &b) in l.ft_bias.iter_mut().zip(&net.ft_bias) {
        *q = q16(b, QA);
    }
    for (q, &w) in l.out.iter_mut().flatten().flatten().zip(&net.out) {
        *q = q16(w, QB).clamp(-MAX_OUTPUT_WEIGHT, MAX_OUTPUT_WEIGHT);
    }
    for (q, &b) in l.out_bias.iter_mut().zip(&net.out_bias) {
        *q = (b * (QA * QB) as f32).round() as i32;
    }
    l
}

fn net_of<G: NnueGame, const H: usize>(net: &FloatNet) -> Net
where
    Layers<H>: IntoHidden,
{
    Net::from_layers(G::TAG, layers::<H>(net))
}

/// The quantised net for game `G`; an error if inference has no such shape.
pub fn quantise<G: NnueGame>(net: &FloatNet) -> Result<Net, TrainError> {
    let s = net.shape;
    if s.features != FeatureSet::Plain && G::KING_KIND.is_none() {
        return Err(TrainError::Settings(format!("{} has no king buckets", G::NAME)));
    }
    let inputs = G::INPUTS * s.features.king_buckets();
    if s.inputs != inputs {
        return Err(TrainError::Settings(format!("{} inputs, {} has {inputs}", s.inputs, G::NAME)));
    }
    if !(1..=MAX_OUTPUT_BUCKETS).contains(&s.buckets) {
        return Err(TrainError::Settings(format!(
            "inference loads 1 to {MAX_OUTPUT_BUCKETS} output buckets, not {}",
            s.buckets
        )));
    }
    match s.hidden {
        128 => Ok(net_of::<G, 128>(net)),
        256 => Ok(net_of::<G, 256>(net)),
        384 => Ok(net_of::<G, 384>(net)),
        512 => Ok(net_of::<G, 512>(net)),
        other => Err(TrainError::Settings(format!(
            "inference loads hidden sizes {HIDDEN_SIZES:?}, not {other}"
        ))),
    }
}
