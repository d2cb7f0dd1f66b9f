//! The feature transformer's output for both perspectives, kept up to date move by move.
//!
//! Arithmetic wraps (int16, modulo 2^16): addition modulo 2^16 is associative and commutative,
//! so an accumulator reached by any sequence of updates equals the full refresh bit for bit,
//! and a net with extreme weights cannot make the engine panic.

use crate::features::{feature, NnueGame};
use crate::layers::Layers;
use crate::net::{with_layers, Net};
use game_api::{Color, DirtyPieces};

/// Both perspectives' `H` values, and the number of pieces on the board (which picks the output
/// bucket; kept here because the accumulator is already updated from the pieces a move
/// changed, so the count costs one addition a move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator<const H: usize> {
    /// Indexed by perspective (`Color::index`).
    pub values: [[i16; H]; 2],
    pub pieces: u16,
}

impl<const H: usize> Default for Accumulator<H> {
    fn default() -> Self {
        Accumulator { values: [[0; H]; 2], pieces: 0 }
    }
}

#[inline(always)]
fn add_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// A feature row; an out-of-range index (a game bug) reads as all zeros instead of panicking.
#[inline(always)]
fn row<const H: usize>(layers: &Layers<H>, index: usize) -> &[i16; H] {
    debug_assert!(index < layers.ft.len(), "feature index out of range");
    layers.ft.get(index).unwrap_or(&[0; H])
}

impl<const H: usize> Accumulator<H> {
    /// Computes both perspectives from scratch.
    pub fn refresh<G: NnueGame>(&mut self, layers: &Layers<H>, pos: &G) {
        self.values = [layers.ft_bias; 2];
        self.pieces = 0;
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
    }

    /// `parent` with the pieces of `dirty` taken off and put on.
    #[inline]
    pub fn update_from<G: NnueGame>(
        &mut self,
        parent: &Accumulator<H>,
        layers: &Layers<H>,
        dirty: &DirtyPieces,
    ) {
        // Wrapping: a game bug must not panic the engine (the bucket is clamped anyway).
        self.pieces = parent
            .pieces
            .wrapping_add(dirty.added().len() as u16)
            .wrapping_sub(dirty.removed().len() as u16);
        for persp in [Color::White, Color::Black] {
            let acc = &mut self.values[persp.index()];
            *acc = parent.values[persp.index()];
            for r in dirty.removed() {
                sub_row(acc, row(layers, feature::<G>(persp, r.piece as usize, r.square as usize)));
            }
            for a in dirty.added() {
                add_row(acc, row(layers, feature::<G>(persp, a.piece as usize, a.square as usize)));
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
