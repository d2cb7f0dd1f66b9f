//! The feature transformer's output for both perspectives, kept up to date move by move.
//!
//! Arithmetic wraps (int16, modulo 2^16): addition modulo 2^16 is associative and commutative,
//! so an accumulator reached by any sequence of updates equals the full refresh bit for bit,
//! and a net with extreme weights cannot make the engine panic.

use crate::arch::HIDDEN;
use crate::features::{feature, NnueGame};
use crate::net::Net;
use game_api::{Color, DirtyPieces};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Accumulator {
    /// Indexed by perspective (`Color::index`).
    pub values: [[i16; HIDDEN]; 2],
}

impl Default for Accumulator {
    fn default() -> Self {
        Accumulator { values: [[0; HIDDEN]; 2] }
    }
}

#[inline(always)]
fn add_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
fn sub_row(acc: &mut [i16; HIDDEN], row: &[i16; HIDDEN]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// A feature row; an out-of-range index (a game bug) reads as all zeros instead of panicking.
#[inline(always)]
fn row(net: &Net, index: usize) -> &[i16; HIDDEN] {
    const ZERO: [i16; HIDDEN] = [0; HIDDEN];
    debug_assert!(index < net.ft_weights.len(), "feature index out of range");
    net.ft_weights.get(index).unwrap_or(&ZERO)
}

impl Accumulator {
    /// Computes both perspectives from scratch.
    pub fn refresh<G: NnueGame>(&mut self, net: &Net, pos: &G) {
        self.values = [net.ft_bias; 2];
        for sq in 0..G::SQUARES {
            if let Some(piece) = pos.piece_on(sq) {
                for persp in [Color::White, Color::Black] {
                    add_row(
                        &mut self.values[persp.index()],
                        row(net, feature::<G>(persp, piece, sq)),
                    );
                }
            }
        }
    }

    /// `parent` with the pieces of `dirty` taken off and put on.
    #[inline]
    pub fn update_from<G: NnueGame>(
        &mut self,
        parent: &Accumulator,
        net: &Net,
        dirty: &DirtyPieces,
    ) {
        for persp in [Color::White, Color::Black] {
            let acc = &mut self.values[persp.index()];
            *acc = parent.values[persp.index()];
            for r in dirty.removed() {
                sub_row(acc, row(net, feature::<G>(persp, r.piece as usize, r.square as usize)));
            }
            for a in dirty.added() {
                add_row(acc, row(net, feature::<G>(persp, a.piece as usize, a.square as usize)));
            }
        }
    }
}
