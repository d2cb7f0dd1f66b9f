//! One training position as the trainers use it: the active features from the side to move's
//! perspective and from the opponent's, and the two halves of the target (result and search
//! score), all from the side to move's view.
//!
//! Fixed size (no heap), so that a shuffle buffer of them is one allocation and moving
//! positions around costs a copy, and so that memory is `capacity × size_of` whatever the data.

use datagen::PositionRecord;
use game_api::{Color, GameKind};
use nnue::features::NnueGame;
use nnue::king_buckets::{feature_in_view, king_squares, views, FeatureSet};

/// Most pieces on a board in either game (chess and xiangqi both start with 32 and never gain
/// any). A position with more (only a hand-made FEN could have them) is not used.
pub const MAX_ACTIVE: usize = nnue::arch::MAX_PIECES;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrainingPosition {
    /// `features[0][..count]` the side to move's inputs, `features[1][..count]` the opponent's
    /// (the same pieces seen from the other side), squares in ascending order.
    pub features: [[u16; MAX_ACTIVE]; 2],
    pub count: u8,
    /// Game result, side to move's view: 0, 0.5 or 1.
    pub result: f32,
    /// Search score in centipawns, side to move's view.
    pub score: f32,
    /// The game it comes from: its file's place in the list given (high 32 bits) and its
    /// number in that file (low 32), the same whatever order the files are read in, so that
    /// validation holds out the same whole games every epoch (`shuffle::Holdout`); 0 until the
    /// reader sets it.
    pub game: u64,
}

/// Why a record gave no training position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// The rules refused its FEN.
    BadFen,
    /// More than [`MAX_ACTIVE`] pieces.
    TooManyPieces,
}

impl TrainingPosition {
    /// The position of a datagen record of game `G`, its inputs those of `features` (the
    /// mapping is inference's own, `nnue::king_buckets`).
    pub fn from_record<G: NnueGame>(
        r: &PositionRecord,
        features: FeatureSet,
    ) -> Result<TrainingPosition, Unusable> {
        let pos = G::from_fen(&r.fen).map_err(|_| Unusable::BadFen)?;
        let stm = pos.side_to_move();
        let seen = views::<G>(features, king_squares(&pos));
        let (us, them) = (seen[stm.index()], seen[(!stm).index()]);
        let mut out = TrainingPosition {
            features: [[0; MAX_ACTIVE]; 2],
            count: 0,
            result: 0.0,
            score: 0.0,
            game: 0,
        };
        let mut n = 0;
        for sq in 0..G::SQUARES {
            if let Some(piece) = pos.piece_on(sq) {
                if n == MAX_ACTIVE {
                    return Err(Unusable::TooManyPieces);
                }
                out.features[0][n] = feature_in_view::<G>(stm, piece, sq, us) as u16;
                out.features[1][n] = feature_in_view::<G>(!stm, piece, sq, them) as u16;
                n += 1;
            }
        }
        out.count = n as u8;
        // The same arithmetic as the retired first trainer's samples, so that the recipes of
        // the nets it made read equal targets here.
        let white_result = r.result.score() as f32;
        let white_score = f32::from(r.score);
        (out.result, out.score) = if stm == Color::White {
            (white_result, white_score)
        } else {
            (1.0 - white_result, -white_score)
        };
        Ok(out)
    }

    /// The same position with its files mirrored, for plain piece-square inputs (a king-bucket
    /// input already folds the mirror into its view): each piece's square flipped left to
    /// right, in both perspectives; result, score and game unchanged. Only a position whose
    /// rules are symmetric left to right is its own mirror's equal (xiangqi always; chess
    /// without castling rights): the caller checks that (`mirrors_exactly`).
    pub fn mirrored<G: NnueGame>(&self) -> TrainingPosition {
        let mut out = *self;
        let n = usize::from(self.count);
        for side in &mut out.features {
            for f in &mut side[..n] {
                let feature = usize::from(*f);
                let sq = feature % G::SQUARES;
                *f = (feature - sq + G::flip_file(sq)) as u16;
            }
        }
        out
    }

    /// The side to move's features and the opponent's.
    #[inline]
    pub fn sides(&self) -> (&[u16], &[u16]) {
        let n = usize::from(self.count);
        (&self.features[0][..n], &self.features[1][..n])
    }

    /// Pieces on the board (what output buckets are chosen by).
    #[inline]
    pub fn pieces(&self) -> usize {
        usize::from(self.count)
    }

    /// `lambda × result + (1 − lambda) × sigmoid(score / 400)`.
    #[inline]
    pub fn target(&self, lambda: f32) -> f32 {
        lambda * self.result + (1.0 - lambda) * sigmoid(self.score / nnue::arch::SCALE as f32)
    }
}

/// Whether a position's mirror image (files flipped) obeys the same rules, so that it is a
/// sample as true as the position itself: always in xiangqi; in chess only without castling
/// rights, castling not being symmetric. Reads the FEN's third field.
pub fn mirrors_exactly<G: NnueGame>(fen: &str) -> bool {
    match G::TAG {
        GameKind::Xiangqi => true,
        GameKind::Chess => fen.split_whitespace().nth(2) == Some("-"),
    }
}

/// The logistic function: a net output (unit 400 centipawns) as an expected score.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
