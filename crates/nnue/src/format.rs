//! The net file format. Little-endian throughout.
//!
//! ```text
//! header (20 bytes):
//!   magic "KTNN" | version u16 (1 or 2) | game u8 (0 chess, 1 xiangqi) | activation u8 (1 SCReLU)
//!   inputs u16 (per perspective) | hidden u16 | QA u16 | QB u16 | SCALE u16
//!   buckets u8 | feature set u8 (0 piece-square, 1 chess king buckets)
//! body:
//!   feature weights  i16 × inputs × hidden   (row by row: the hidden vector of input 0, 1, …)
//!   feature biases   i16 × hidden
//!   output weights   i16 × buckets × 2 × hidden   (per bucket the side to move's half first),
//!                                                 each |w| <= 127
//!   output biases    i32 × buckets
//! trailer:
//!   checksum u32: FNV-1a (32-bit) of every byte before it
//! ```
//! A net file is outside input: everything is checked and refused with a [`LoadError`], never
//! a panic. The shape fields must equal this build's architecture ([`crate::arch`]); `hidden`
//! may be any of [`HIDDEN_SIZES`].
//!
//! Version 1 has one output bucket and piece-square inputs, and its last two header bytes are
//! reserved (written 0, not read); version 2 stores there the output bucket count
//! (1..=[`MAX_OUTPUT_BUCKETS`], the buckets chosen by piece count, [`crate::arch::output_bucket`])
//! and the feature set ([`FeatureSet`]: with chess king buckets the inputs per perspective are
//! `KING_BUCKETS` × the game's). A plain net with one bucket is written as version 1, so such
//! files stay readable by builds that know only version 1.

use crate::arch::{HIDDEN_SIZES, MAX_OUTPUT_BUCKETS, MAX_OUTPUT_WEIGHT, QA, QB, SCALE};
use crate::feature_set::FeatureSet;
use game_api::GameKind;
use std::fmt;

pub const MAGIC: &[u8; 4] = b"KTNN";
/// The newest version (output buckets); version 1 is still read, and written for one bucket.
pub const VERSION: u16 = 2;
pub const HEADER_BYTES: usize = 20;
/// The only activation this version knows.
pub const ACTIVATION_SCRELU: u8 = 1;

/// Why a net file was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// The file could not be read (the OS error as text).
    Io(String),
    /// Shorter than the header and trailer.
    TooShort(usize),
    BadMagic,
    UnsupportedVersion(u16),
    /// The game byte is not one this build knows.
    UnknownGame(u8),
    /// A net for the other game.
    WrongGame {
        expected: GameKind,
        found: GameKind,
    },
    UnsupportedActivation(u8),
    /// A hidden size this build has no inference for (not one of `arch::HIDDEN_SIZES`).
    UnsupportedHidden(u32),
    /// A version-2 bucket count outside 1..=`arch::MAX_OUTPUT_BUCKETS`.
    UnsupportedBuckets(u32),
    /// A feature set this build does not know, or one the game does not have.
    UnsupportedFeatures(u8),
    /// A shape or quantisation field differs from this build's architecture.
    Shape {
        field: &'static str,
        expected: u32,
        found: u32,
    },
    /// The file length does not match what the header describes.
    Size {
        expected: usize,
        found: usize,
    },
    Checksum {
        stored: u32,
        computed: u32,
    },
    /// An output weight outside ±127 (the SIMD path needs them small).
    OutputWeightRange {
        index: usize,
        value: i16,
    },
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Io(why) => write!(f, "cannot read net file: {why}"),
            LoadError::TooShort(n) => write!(f, "net file too short ({n} bytes)"),
            LoadError::BadMagic => write!(f, "not a kientuong net file (bad magic)"),
            LoadError::UnsupportedVersion(v) => {
                write!(f, "net file version {v} is not supported (1 to {VERSION})")
            }
            LoadError::UnknownGame(g) => write!(f, "net file names an unknown game ({g})"),
            LoadError::WrongGame { expected, found } => {
                write!(f, "net file is for {}, not {}", found.name(), expected.name())
            }
            LoadError::UnsupportedActivation(a) => {
                write!(f, "net file uses an unknown activation ({a})")
            }
            LoadError::UnsupportedHidden(h) => {
                write!(f, "net file hidden size {h} is not one of {HIDDEN_SIZES:?}")
            }
            LoadError::UnsupportedBuckets(b) => {
                write!(f, "net file has {b} output buckets (1..={MAX_OUTPUT_BUCKETS})")
            }
            LoadError::UnsupportedFeatures(s) => {
                write!(f, "net file feature set {s} is unknown or not for this game")
            }
            LoadError::Shape { field, expected, found } => {
                write!(f, "net file {field} is {found}, this build needs {expected}")
            }
            LoadError::Size { expected, found } => {
                write!(f, "net file is {found} bytes, its header describes {expected}")
            }
            LoadError::Checksum { stored, computed } => {
                write!(
                    f,
                    "net file checksum mismatch (stored {stored:#010x}, computed {computed:#010x})"
                )
            }
            LoadError::OutputWeightRange { index, value } => {
                write!(f, "net file output weight {index} is {value}, outside ±{MAX_OUTPUT_WEIGHT}")
            }
        }
    }
}

impl std::error::Error for LoadError {}

/// FNV-1a, 32 bits: a checksum against truncated or damaged files, not an authenticity check.
pub fn fnv1a(bytes: &[u8]) -> u32 {
    bytes.iter().fold(0x811c_9dc5u32, |h, &b| (h ^ u32::from(b)).wrapping_mul(0x0100_0193))
}

/// The file length for a net with `inputs` inputs per perspective and `hidden` accumulator
/// values.
pub fn file_bytes(inputs: usize, hidden: usize, buckets: usize) -> usize {
    HEADER_BYTES + 2 * (inputs * hidden + hidden + buckets * 2 * hidden) + 4 * buckets + 4
}

/// The header fields, as the writer puts them (`inputs` per perspective, all king buckets
/// included): version 1 for a plain net with one bucket, 2 otherwise.
pub fn header(
    tag: GameKind,
    inputs: usize,
    hidden: usize,
    buckets: usize,
    features: FeatureSet,
) -> [u8; HEADER_BYTES] {
    let (version, last) = if buckets == 1 && features == FeatureSet::Plain {
        (1u16, 0)
    } else {
        (VERSION, u16::from_le_bytes([buckets as u8, features.byte()]))
    };
    let mut h = [0u8; HEADER_BYTES];
    h[0..4].copy_from_slice(MAGIC);
    h[4..6].copy_from_slice(&version.to_le_bytes());
    h[6] = tag.file_byte();
    h[7] = ACTIVATION_SCRELU;
    let fields = [inputs as u16, hidden as u16, QA as u16, QB as u16, SCALE as u16, last];
    for (i, v) in fields.iter().enumerate() {
        h[8 + 2 * i..10 + 2 * i].copy_from_slice(&v.to_le_bytes());
    }
    h
}

/// What the header says about the body.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BodyShape {
    pub inputs: usize,
    /// One of `HIDDEN_SIZES`.
    pub hidden: usize,
    /// Output buckets (1 in version 1).
    pub buckets: usize,
    pub features: FeatureSet,
}

/// Checks everything about the file except the body's values, and returns the body's shape and
/// bytes.
pub fn check_envelope(
    bytes: &[u8],
    expected: GameKind,
    inputs: usize,
) -> Result<(BodyShape, &[u8]), LoadError> {
    if bytes.len() < HEADER_BYTES + 4 {
        return Err(LoadError::TooShort(bytes.len()));
    }
    if &bytes[0..4] != MAGIC {
        return Err(LoadError::BadMagic);
    }
    let u16_at = |at: usize| u16::from_le_bytes([bytes[at], bytes[at + 1]]);
    let version = u16_at(4);
    let (buckets, features) = match version {
        1 => (1, FeatureSet::Plain),
        2 => {
            let features = FeatureSet::from_byte(bytes[19])
                .filter(|&f| f == FeatureSet::Plain || expected == GameKind::Chess)
                .ok_or(LoadError::UnsupportedFeatures(bytes[19]))?;
            (usize::from(bytes[18]), features)
        }
        _ => return Err(LoadError::UnsupportedVersion(version)),
    };
    if !(1..=MAX_OUTPUT_BUCKETS).contains(&buckets) {
        return Err(LoadError::UnsupportedBuckets(buckets as u32));
    }
    // The header counts every input row, king buckets included.
    let inputs = inputs * features.king_buckets();
    let Some(found) = GameKind::from_file_byte(bytes[6]) else {
        return Err(LoadError::UnknownGame(bytes[6]));
    };
    if found != expected {
        return Err(LoadError::WrongGame { expected, found });
    }
    if bytes[7] != ACTIVATION_SCRELU {
        return Err(LoadError::UnsupportedActivation(bytes[7]));
    }
    let hidden = usize::from(u16_at(10));
    if !HIDDEN_SIZES.contains(&hidden) {
        return Err(LoadError::UnsupportedHidden(hidden as u32));
    }
    let shape = [
        ("input count", inputs as u32, 8),
        ("QA", QA as u32, 12),
        ("QB", QB as u32, 14),
        ("scale", SCALE as u32, 16),
    ];
    for (field, want, at) in shape {
        let got = u32::from(u16_at(at));
        if got != want {
            return Err(LoadError::Shape { field, expected: want, found: got });
        }
    }
    let expected_len = file_bytes(inputs, hidden, buckets);
    if bytes.len() != expected_len {
        return Err(LoadError::Size { expected: expected_len, found: bytes.len() });
    }
    let (content, trailer) = bytes.split_at(bytes.len() - 4);
    let stored = u32::from_le_bytes([trailer[0], trailer[1], trailer[2], trailer[3]]);
    let computed = fnv1a(content);
    if stored != computed {
        return Err(LoadError::Checksum { stored, computed });
    }
    Ok((BodyShape { inputs, hidden, buckets, features }, &content[HEADER_BYTES..]))
}
