//! The quantised net in memory, read from and written to the file format of [`crate::format`].

use crate::arch::{HIDDEN, MAX_OUTPUT_WEIGHT};
use crate::format::{check_envelope, fnv1a, header, LoadError};
use game_api::GameKind;

/// One game's net. Weights are boxed: a chess feature transformer is 192 KB.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Net {
    pub tag: GameKind,
    /// One row of `HIDDEN` weights per input feature.
    pub ft_weights: Box<[[i16; HIDDEN]]>,
    pub ft_bias: [i16; HIDDEN],
    /// Side to move's half first, then the opponent's.
    pub out_weights: [i16; 2 * HIDDEN],
    pub out_bias: i32,
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

impl Net {
    /// Parses a net file for `game` with `inputs` inputs per perspective, checking header, size,
    /// checksum and weight ranges. (`Net::from_bytes::<G>`, in `features.rs`, fills both in.)
    pub fn parse(bytes: &[u8], game: GameKind, inputs: usize) -> Result<Net, LoadError> {
        // `check_envelope` verified the exact length, so the cursor never runs short.
        let mut body = Cursor(check_envelope(bytes, game, inputs)?);
        let mut ft_weights = vec![[0i16; HIDDEN]; inputs].into_boxed_slice();
        for row in ft_weights.iter_mut() {
            for w in row.iter_mut() {
                *w = body.i16();
            }
        }
        let mut ft_bias = [0i16; HIDDEN];
        for b in ft_bias.iter_mut() {
            *b = body.i16();
        }
        let mut out_weights = [0i16; 2 * HIDDEN];
        for (index, w) in out_weights.iter_mut().enumerate() {
            *w = body.i16();
            if w.unsigned_abs() > MAX_OUTPUT_WEIGHT as u16 {
                return Err(LoadError::OutputWeightRange { index, value: *w });
            }
        }
        let out_bias = body.i32();
        Ok(Net { tag: game, ft_weights, ft_bias, out_weights, out_bias })
    }

    /// The file image of this net.
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(crate::format::file_bytes(self.ft_weights.len()));
        out.extend_from_slice(&header(self.tag, self.ft_weights.len()));
        let words = self.ft_weights.iter().flatten().chain(&self.ft_bias).chain(&self.out_weights);
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out.extend_from_slice(&self.out_bias.to_le_bytes());
        let sum = fnv1a(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }
}
