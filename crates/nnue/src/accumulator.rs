//! The feature transformer's output for both perspectives, kept up to date move by move.
//!
//! Arithmetic wraps (int16, modulo 2^16): addition modulo 2^16 is associative and commutative,
//! so an accumulator reached by any sequence of updates equals the full refresh bit for bit,
//! and a net with extreme weights cannot make the engine panic.
//!
//! Plain nets and king-bucket nets take separate paths, chosen once per call, so the plain
//! path's row loops are exactly what they were before king buckets existed.

use crate::features::{feature, NnueGame};
use crate::king_buckets::{feature_in_view, king_squares, views, FeatureSet, View};
use crate::layers::Layers;
use crate::net::{with_layers, Net};
use crate::refresh_table::RefreshTable;
use crate::rows::{add_row, row, sub_row};
use game_api::{Color, DirtyPieces};

/// Marks "no king" in [`Accumulator::kings`].
const NO_KING: u8 = u8::MAX;

/// Both perspectives' `H` values, the number of pieces on the board (which picks the output
/// bucket; kept here because the accumulator is already updated from the pieces a move
/// changed, so the count costs one addition a move), and, for king-bucket nets, where the
/// kings stand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    /// Indexed by perspective (`Color::index`).
    pub values: [[i16; H]; 2],
    pub pieces: u16,
    /// Each colour's king square (king-bucket nets only; `u8::MAX` when unknown).
    pub kings: [u8; 2],
}

impl<const H: usize> Default for Accumulator<H> {
    fn default() -> Self {
        Accumulator { values: [[0; H]; 2], pieces: 0, kings: [NO_KING; 2] }
    }
}

fn kings_of(kings: [u8; 2]) -> [Option<usize>; 2] {
    kings.map(|k| (k != NO_KING).then_some(usize::from(k)))
}

impl<const H: usize> Accumulator<H> {
    /// Computes both perspectives from scratch.
    pub fn refresh<G: NnueGame>(&mut self, layers: &Layers<H>, pos: &G) {
        self.values = [layers.ft_bias; 2];
        self.pieces = 0;
        if layers.features == FeatureSet::Plain {
            for sq in 0..G::SQUARES {
                if let Some(piece) = pos.piece_on(sq) {
                    self.pieces += 1;
                    for persp in [Color::White, Color::Black] {
                        add_row(
                            &mut self.values[persp.index()],
                            row(layers, feature::<G>(persp, piece, sq)),
                        );
                    }
                }
            }
            return;
        }
        let kings = king_squares(pos);
        self.kings = kings.map(|k| k.map_or(NO_KING, |sq| sq as u8));
        let seen = views::<G>(layers.features, kings);
        for sq in 0..G::SQUARES {
            if let Some(piece) = pos.piece_on(sq) {
                self.pieces += 1;
                for persp in [Color::White, Color::Black] {
                    let i = persp.index();
                    add_row(
                        &mut self.values[i],
                        row(layers, feature_in_view::<G>(persp, piece, sq, seen[i])),
                    );
                }
            }
        }
    }

    /// `parent` with the pieces of `dirty` taken off and put on, in each perspective that is
    /// not `stale` (stale: its parent's values are not up to date). Returns the perspectives
    /// left stale: those given, and those whose king bucket or mirroring a king move changed.
    /// Their values here mean nothing until [`Accumulator::refresh_stale`] (at a ply whose
    /// board is at hand). Plain nets have no stale perspective.
    #[inline]
    pub fn update_from<G: NnueGame>(
        &mut self,
        parent: &Accumulator<H>,
        layers: &Layers<H>,
        dirty: &DirtyPieces,
        stale: [bool; 2],
    ) -> [bool; 2] {
        // Wrapping: a game bug must not panic the engine (the bucket is clamped anyway).
        self.pieces = parent
            .pieces
            .wrapping_add(dirty.added().len() as u16)
            .wrapping_sub(dirty.removed().len() as u16);
        if layers.features == FeatureSet::Plain {
            for persp in [Color::White, Color::Black] {
                let acc = &mut self.values[persp.index()];
                *acc = parent.values[persp.index()];
                for r in dirty.removed() {
                    sub_row(
                        acc,
                        row(layers, feature::<G>(persp, r.piece as usize, r.square as usize)),
                    );
                }
                for a in dirty.added() {
                    add_row(
                        acc,
                        row(layers, feature::<G>(persp, a.piece as usize, a.square as usize)),
                    );
                }
            }
            return [false; 2];
        }
        self.update_in_views::<G>(parent, layers, dirty, stale)
    }

    /// The king-bucket update of each perspective whose view the move kept.
    fn update_in_views<G: NnueGame>(
        &mut self,
        parent: &Accumulator<H>,
        layers: &Layers<H>,
        dirty: &DirtyPieces,
        mut stale: [bool; 2],
    ) -> [bool; 2] {
        let mut kings = parent.kings;
        if let Some(king) = G::KING_KIND {
            for a in dirty.added() {
                let piece = usize::from(a.piece);
                if piece % G::KINDS == king {
                    if let Some(k) = kings.get_mut(piece / G::KINDS) {
                        *k = a.square;
                    }
                }
            }
        }
        let before: [View; 2] = views::<G>(layers.features, kings_of(parent.kings));
        let after: [View; 2] = views::<G>(layers.features, kings_of(kings));
        self.kings = kings;
        for persp in [Color::White, Color::Black] {
            let i = persp.index();
            stale[i] |= before[i] != after[i];
            if stale[i] {
                continue;
            }
            let acc = &mut self.values[i];
            *acc = parent.values[i];
            for r in dirty.removed() {
                let f = feature_in_view::<G>(persp, r.piece as usize, r.square as usize, after[i]);
                sub_row(acc, row(layers, f));
            }
            for a in dirty.added() {
                let f = feature_in_view::<G>(persp, a.piece as usize, a.square as usize, after[i]);
                add_row(acc, row(layers, f));
            }
        }
        stale
    }

    /// Computes the `stale` perspectives of a king-bucket net's accumulator for `pos` from
    /// `table` (the others, the piece count and the kings are already right: the update that
    /// left them stale moved the kings).
    pub fn refresh_stale<G: NnueGame>(
        &mut self,
        layers: &Layers<H>,
        pos: &G,
        table: &mut RefreshTable<H>,
        stale: [bool; 2],
    ) {
        let seen = views::<G>(layers.features, kings_of(self.kings));
        for persp in [Color::White, Color::Black] {
            let i = persp.index();
            if stale[i] {
                table.refresh(layers, pos, persp, seen[i], &mut self.values[i]);
            }
        }
    }
}

/// Both perspectives' values refreshed from the board, whatever the net's width (for tests
/// and tools; allocates).
pub fn refreshed<G: NnueGame>(net: &Net, pos: &G) -> [Vec<i16>; 2] {
    with_layers!(&net.hidden, l => {
        let mut acc = Accumulator::default();
        acc.refresh(l, pos);
        acc.values.map(|v| v.to_vec())
    })
}
