//! The trained float net as an inference net (`nnue::Net`), whose `to_bytes` is the one writer
//! of the file format: header, version and checksum are the `nnue` crate's, never this one's;
//! and back ([`dequantise`]), for a warm start from a committed net.

use crate::error::TrainError;
use crate::float_net::FloatNet;
use crate::shape::Shape;
use nnue::arch::{HIDDEN_SIZES, MAX_OUTPUT_BUCKETS, MAX_OUTPUT_WEIGHT, QA, QB};
use nnue::king_buckets::FeatureSet;
use nnue::net::IntoHidden;
use nnue::{Hidden, Layers, Net, NnueGame};

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

/// The float weights of `l`, `hidden` wide: its own units first, then (when `hidden` is wider)
/// units of small random feature weights from `seed` whose output weights are zero, so the
/// wider net starts out evaluating exactly as `l` does.
fn float_layers<const H: usize>(l: &Layers<H>, hidden: usize, seed: u64) -> FloatNet {
    let shape = Shape { features: l.features, inputs: l.ft.len(), hidden, buckets: l.buckets() };
    let mut net = FloatNet::random(shape, seed);
    let dq = |q: i16, scale: i32| f32::from(q) / scale as f32;
    for (row, src) in net.ft.chunks_exact_mut(hidden).zip(l.ft.iter()) {
        for (w, &q) in row.iter_mut().zip(src) {
            *w = dq(q, QA);
        }
    }
    for (w, &q) in net.ft_bias.iter_mut().zip(&l.ft_bias) {
        *w = dq(q, QA);
    }
    for (bucket, halves) in l.out.iter().enumerate() {
        for (side, half) in halves.iter().enumerate() {
            let start = bucket * 2 * hidden + side * hidden;
            let row = &mut net.out[start..start + hidden];
            row.fill(0.0);
            for (w, &q) in row.iter_mut().zip(half) {
                *w = dq(q, QB);
            }
        }
    }
    for (b, &q) in net.out_bias.iter_mut().zip(l.out_bias.iter()) {
        *b = q as f32 / (QA * QB) as f32;
    }
    net
}

/// A committed net as float weights to train on from (a warm start), `hidden` wide: at least
/// the net's own width. Quantising the result again before any training gives `net` back.
pub fn dequantise(net: &Net, hidden: usize, seed: u64) -> Result<FloatNet, TrainError> {
    if hidden < net.hidden_size() {
        return Err(TrainError::Settings(format!(
            "a warm start cannot narrow a {}-wide net to {hidden}",
            net.hidden_size()
        )));
    }
    Ok(match &net.hidden {
        Hidden::H128(l) => float_layers(l, hidden, seed),
        Hidden::H256(l) => float_layers(l, hidden, seed),
        Hidden::H384(l) => float_layers(l, hidden, seed),
        Hidden::H512(l) => float_layers(l, hidden, seed),
    })
}
