//! The refresh table of king-bucket nets: for each perspective and each view (king bucket and
//! mirroring), the accumulator last computed in that view together with the board it was
//! computed for.
//!
//! A king move that changes its side's view changes every input of that perspective, so the
//! accumulator cannot be updated from its parent. Rebuilding it adds one row per piece on the
//! board; starting instead from the table's entry for the new view costs one row per square
//! that differs between the entry's board and this one, which after the first visit is a
//! handful: the king went back and forth, a few pieces moved. The result is the same bit for
//! bit, since the rows are added and taken modulo 2^16 ([`crate::rows`]).

use crate::features::NnueGame;
use crate::king_buckets::{feature_in_view, View, KING_BUCKETS};
use crate::layers::Layers;
use crate::rows::{add_row, row, sub_row};
use game_api::Color;

/// Views per perspective: every king bucket, mirrored or not.
const VIEWS: usize = 2 * KING_BUCKETS;

/// Marks an empty square on an entry's board (piece indices are below it).
const EMPTY: u8 = u8::MAX;

/// One perspective's accumulator in one view, and the board it describes.
#[derive(Clone)]
struct Entry<const H: usize> {
    values: [i16; H],
    /// The piece index on each square (`EMPTY` where none), one per square of the game.
    board: Box<[u8]>,
}

/// The table of one search thread's evaluator; made once with the evaluator, never resized.
#[derive(Clone)]
pub struct RefreshTable<const H: usize> {
    /// Indexed by `perspective × VIEWS + view`; an entry starts as the empty board, whose
    /// accumulator is the bias.
    entries: Box<[Entry<H>]>,
}

fn slot(perspective: Color, view: View) -> usize {
    let bucket = usize::from(view.bucket).min(KING_BUCKETS - 1);
    perspective.index() * VIEWS + 2 * bucket + usize::from(view.flip)
}

impl<const H: usize> RefreshTable<H> {
    /// A table for `layers` in game `G`.
    pub fn new<G: NnueGame>(layers: &Layers<H>) -> Self {
        let empty =
            Entry { values: layers.ft_bias, board: vec![EMPTY; G::SQUARES].into_boxed_slice() };
        RefreshTable { entries: vec![empty; 2 * VIEWS].into_boxed_slice() }
    }

    /// Writes into `values` the accumulator of `perspective` in `view` for `pos`, bringing the
    /// table's entry up to `pos` on the way.
    pub fn refresh<G: NnueGame>(
        &mut self,
        layers: &Layers<H>,
        pos: &G,
        perspective: Color,
        view: View,
        values: &mut [i16; H],
    ) {
        let Some(entry) = self.entries.get_mut(slot(perspective, view)) else {
            return;
        };
        for (sq, was) in entry.board.iter_mut().enumerate() {
            // Piece indices fit a byte in both games; a larger one (a game bug) reads as none.
            let now = pos.piece_on(sq).and_then(|p| u8::try_from(p).ok()).unwrap_or(EMPTY);
            if now == *was {
                continue;
            }
            if *was != EMPTY {
                let f = feature_in_view::<G>(perspective, usize::from(*was), sq, view);
                sub_row(&mut entry.values, row(layers, f));
            }
            if now != EMPTY {
                let f = feature_in_view::<G>(perspective, usize::from(now), sq, view);
                add_row(&mut entry.values, row(layers, f));
            }
            *was = now;
        }
        *values = entry.values;
    }
}
