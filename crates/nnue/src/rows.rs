//! One feature row added to or taken from an accumulator, the step every accumulator update
//! and refresh is made of. In wrapping int16 arithmetic: see [`crate::accumulator`].

use crate::layers::Layers;

#[inline(always)]
pub fn add_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_add(*w);
    }
}

#[inline(always)]
pub fn sub_row<const H: usize>(acc: &mut [i16; H], row: &[i16; H]) {
    for (a, w) in acc.iter_mut().zip(row) {
        *a = a.wrapping_sub(*w);
    }
}

/// A feature row; an out-of-range index (a game bug) reads as all zeros instead of panicking.
#[inline(always)]
pub fn row<const H: usize>(layers: &Layers<H>, index: usize) -> &[i16; H] {
    debug_assert!(index < layers.ft.len(), "feature index out of range");
    layers.ft.get(index).unwrap_or(&[0; H])
}
