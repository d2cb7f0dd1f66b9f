//! Which inputs a net reads, as named by its file's feature-set byte. Kept apart from
//! [`crate::king_buckets`] (which maps positions to inputs through `NnueGame`) because the file
//! format and the layers need only this tag: reading it from there would close an import cycle
//! `format` → `king_buckets` → `features` → `format`.

/// Which inputs a net reads: what the net file's feature-set byte says.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum FeatureSet {
    /// Piece-square inputs (every version-1 file).
    #[default]
    Plain,
    /// Piece-square inputs per king bucket, mirrored with the king (chess only).
    ChessKingBuckets,
}

impl FeatureSet {
    pub fn byte(self) -> u8 {
        match self {
            FeatureSet::Plain => 0,
            FeatureSet::ChessKingBuckets => 1,
        }
    }

    pub fn from_byte(b: u8) -> Option<FeatureSet> {
        match b {
            0 => Some(FeatureSet::Plain),
            1 => Some(FeatureSet::ChessKingBuckets),
            _ => None,
        }
    }

    /// Sets of piece-square inputs: the inputs per perspective are this × `NnueGame::INPUTS`.
    pub fn king_buckets(self) -> usize {
        match self {
            FeatureSet::Plain => 1,
            FeatureSet::ChessKingBuckets => KING_BUCKETS,
        }
    }
}

pub const KING_BUCKETS: usize = 4;
