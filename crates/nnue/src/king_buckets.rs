//! Chess king buckets with horizontal mirroring: an optional feature set in which each
//! perspective's inputs depend on where its own king stands.
//!
//! A perspective sees its king on one of 64 squares (its own view: ranks mirrored for Black).
//! When that king is on files e–h, every square is mirrored left to right first, so the king is
//! always on files a–d; its square there picks one of [`KING_BUCKETS`] sets of inputs. The net
//! can then learn, say, a pawn shield for a castled king without the inputs growing 64-fold.
//! A king move that changes a perspective's bucket or mirroring changes every one of its inputs,
//! so the evaluator computes that perspective again from [`crate::refresh_table`] instead of
//! updating it.

pub use crate::feature_set::{FeatureSet, KING_BUCKETS};
use crate::features::{feature, NnueGame};
use game_api::Color;

/// The bucket of a king on files a–d, indexed by `rank × 4 + file` in its own view: the back
/// rank split into the corner (castled, files a–b) and the centre (c–d), the second rank, and
/// everything further up. Chosen as the smallest split that separates the king's usual homes.
const BUCKET_OF: [u8; 32] = [
    0, 0, 1, 1, //
    2, 2, 2, 2, //
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
];

/// What one perspective's inputs depend on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct View {
    /// Which set of inputs (0 for plain nets).
    pub bucket: u8,
    /// Whether squares are mirrored left to right (never for plain nets).
    pub flip: bool,
}

/// The view of `perspective` whose own king stands on `king_sq` (a chess square, 0..64).
#[inline]
pub fn chess_view(perspective: Color, king_sq: usize) -> View {
    let own = match perspective {
        Color::White => king_sq,
        Color::Black => king_sq ^ 56,
    };
    let flip = own % 8 >= 4;
    let file = if flip { 7 - own % 8 } else { own % 8 };
    // A square off the board (a game bug) reads as the last bucket rather than panicking.
    let bucket = BUCKET_OF.get(own / 8 * 4 + file).copied().unwrap_or(KING_BUCKETS as u8 - 1);
    View { bucket, flip }
}

/// The input index of `piece` on `sq`, seen by `perspective` in `view`.
#[inline(always)]
pub fn feature_in_view<G: NnueGame>(
    perspective: Color,
    piece: usize,
    sq: usize,
    view: View,
) -> usize {
    let sq = if view.flip { G::flip_file(sq) } else { sq };
    usize::from(view.bucket) * G::INPUTS + feature::<G>(perspective, piece, sq)
}

/// Each colour's king square, or `None` where a colour has none (a broken position).
pub fn king_squares<G: NnueGame>(pos: &G) -> [Option<usize>; 2] {
    let mut kings = [None; 2];
    if let Some(king) = G::KING_KIND {
        for sq in 0..G::SQUARES {
            if let Some(p) = pos.piece_on(sq) {
                if p % G::KINDS == king {
                    kings[p / G::KINDS] = Some(sq);
                }
            }
        }
    }
    kings
}

/// Both perspectives' views of a position under `set`.
pub fn views<G: NnueGame>(set: FeatureSet, kings: [Option<usize>; 2]) -> [View; 2] {
    match set {
        FeatureSet::Plain => [View::default(); 2],
        FeatureSet::ChessKingBuckets => [Color::White, Color::Black]
            .map(|c| kings[c.index()].map_or(View::default(), |k| chess_view(c, k))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_mirror_with_the_king_and_agree_between_colours() {
        // e1 and d1 for White: mirror images, the same bucket.
        assert_eq!(chess_view(Color::White, 4), View { bucket: 1, flip: true });
        assert_eq!(chess_view(Color::White, 3), View { bucket: 1, flip: false });
        assert_eq!(chess_view(Color::White, 6), View { bucket: 0, flip: true }); // g1
        assert_eq!(chess_view(Color::White, 12), View { bucket: 2, flip: true }); // e2
        assert_eq!(chess_view(Color::White, 35), View { bucket: 3, flip: false }); // d5
                                                                                   // Black's g8 is White's g1.
        assert_eq!(chess_view(Color::Black, 62), chess_view(Color::White, 6));
        for sq in 0..64 {
            assert!(usize::from(chess_view(Color::White, sq).bucket) < KING_BUCKETS);
        }
        assert_eq!(
            FeatureSet::from_byte(FeatureSet::ChessKingBuckets.byte()),
            Some(FeatureSet::ChessKingBuckets)
        );
        assert_eq!(FeatureSet::from_byte(2), None);
    }
}
