//! The quantised net in memory, read from and written to the file format of [`crate::format`].
//!
//! A net's weights are typed by its hidden width ([`Layers`]); [`Hidden`] says which of the
//! widths of `arch::HIDDEN_SIZES` a net has, and the evaluator picks the matching compiled copy
//! once, when it is made.

use crate::arch::MAX_OUTPUT_WEIGHT;
use crate::feature_set::FeatureSet;
use crate::format::{check_envelope, file_bytes, fnv1a, header, LoadError};
use crate::layers::Layers;
use game_api::GameKind;
use std::sync::Arc;

/// A net's weights, by hidden width. Shared (`Arc`) with the evaluators that use them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Hidden {
    H128(Arc<Layers<128>>),
    H256(Arc<Layers<256>>),
    H384(Arc<Layers<384>>),
    H512(Arc<Layers<512>>),
}

/// Runs `$body` with `$l` bound to the `Arc<Layers<H>>` of whichever width `$hidden` holds.
macro_rules! with_layers {
    ($hidden:expr, $l:ident => $body:expr) => {
        match $hidden {
            $crate::net::Hidden::H128($l) => $body,
            $crate::net::Hidden::H256($l) => $body,
            $crate::net::Hidden::H384($l) => $body,
            $crate::net::Hidden::H512($l) => $body,
        }
    };
}
pub(crate) use with_layers;

/// The weights of a width inference has: how they become a [`Hidden`].
pub trait IntoHidden {
    fn into_hidden(self) -> Hidden;
}

macro_rules! into_hidden {
    ($($h:literal => $variant:ident),*) => {$(
        impl IntoHidden for Layers<$h> {
            fn into_hidden(self) -> Hidden {
                Hidden::$variant(Arc::new(self))
            }
        }
    )*};
}
into_hidden!(128 => H128, 256 => H256, 384 => H384, 512 => H512);

/// One game's net.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    pub tag: GameKind,
    pub hidden: Hidden,
}

/// Reads little-endian values off the front of a byte slice whose length was checked.
struct Cursor<'a>(&'a [u8]);

impl Cursor<'_> {
    fn i16(&mut self) -> i16 {
        let (head, rest) = self.0.split_at(2);
        self.0 = rest;
        i16::from_le_bytes([head[0], head[1]])
    }
    fn i32(&mut self) -> i32 {
        let (head, rest) = self.0.split_at(4);
        self.0 = rest;
        i32::from_le_bytes([head[0], head[1], head[2], head[3]])
    }
}

/// The body of a net of width `H`, in file order.
fn read_layers<const H: usize>(
    body: &mut Cursor,
    inputs: usize,
    buckets: usize,
    features: FeatureSet,
) -> Result<Layers<H>, LoadError> {
    let mut l = Layers::<H>::zeros(inputs, buckets);
    l.features = features;
    for w in l.ft.iter_mut().flatten().chain(&mut l.ft_bias) {
        *w = body.i16();
    }
    for (index, w) in l.out.iter_mut().flatten().flatten().enumerate() {
        *w = body.i16();
        if w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16 {
            return Err(LoadError::OutputWeightRange { index, value: *w });
        }
    }
    for b in l.out_bias.iter_mut() {
        *b = body.i32();
    }
    Ok(l)
}

fn write_layers<const H: usize>(l: &Layers<H>, out: &mut Vec<u8>) {
    let words = l.ft.iter().flatten().chain(&l.ft_bias).chain(l.out.iter().flatten().flatten());
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
    for b in l.out_bias.iter() {
        out.extend_from_slice(&b.to_le_bytes());
    }
}

impl Net {
    /// A net of game `tag` from weights of a width inference has.
    pub fn from_layers<L: IntoHidden>(tag: GameKind, layers: L) -> Net {
        Net { tag, hidden: layers.into_hidden() }
    }

    /// Accumulator values per perspective.
    pub fn hidden_size(&self) -> usize {
        match self.hidden {
            Hidden::H128(_) => 128,
            Hidden::H256(_) => 256,
            Hidden::H384(_) => 384,
            Hidden::H512(_) => 512,
        }
    }

    /// Which inputs the net reads.
    pub fn features(&self) -> FeatureSet {
        with_layers!(&self.hidden, l => l.features)
    }

    /// Inputs per perspective (all king buckets included).
    pub fn inputs(&self) -> usize {
        with_layers!(&self.hidden, l => l.ft.len())
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        with_layers!(&self.hidden, l => l.buckets())
    }

    /// Parses a net file for `game` with `inputs` inputs per perspective, checking header, size,
    /// checksum and weight ranges. (`Net::from_bytes::<G>`, in `features.rs`, fills both in.)
    pub fn parse(bytes: &[u8], game: GameKind, inputs: usize) -> Result<Net, LoadError> {
        let (shape, body) = check_envelope(bytes, game, inputs)?;
        // `check_envelope` verified the exact length, so the cursor never runs short.
        let mut body = Cursor(body);
        let (n, b, f) = (shape.inputs, shape.buckets, shape.features);
        let hidden = match shape.hidden {
            128 => read_layers::<128>(&mut body, n, b, f)?.into_hidden(),
            256 => read_layers::<256>(&mut body, n, b, f)?.into_hidden(),
            384 => read_layers::<384>(&mut body, n, b, f)?.into_hidden(),
            512 => read_layers::<512>(&mut body, n, b, f)?.into_hidden(),
            other => return Err(LoadError::UnsupportedHidden(other as u32)),
        };
        Ok(Net { tag: game, hidden })
    }

    /// The file image of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let (inputs, hidden, buckets) = (self.inputs(), self.hidden_size(), self.buckets());
        let mut out = Vec::with_capacity(file_bytes(inputs, hidden, buckets));
        out.extend_from_slice(&header(self.tag, inputs, hidden, buckets, self.features()));
        with_layers!(&self.hidden, l => write_layers(l, &mut out));
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}
