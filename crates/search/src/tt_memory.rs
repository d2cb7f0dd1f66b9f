//! The TT's memory: an array of cache-line-aligned buckets, allocated *fallibly* and *lazily
//! zeroed*.
//!
//! Why not `Vec`/`Box` of `Bucket::default()`:
//! - an infallible allocation aborts the process when `Hash` asks for more than the machine has
//!   (`setoption name Hash value 65536` killed the engine with SIGABRT); here a refusal is a
//!   `None` the caller can step down from;
//! - writing every entry commits every page at once: `Hash 4096` took 13.0 s before `readyok`
//!   on the two-core dev machine (8.7 s of it in the kernel, faulting pages in). `calloc`-style
//!   allocation of a large block maps zero pages that the OS fills on first touch, so a big
//!   table costs nothing until the search writes to it.
//!
//! The zeroed allocator only skips the memset for alignments up to 16, while a bucket wants 64
//! (one cache line), so the block is over-allocated by one bucket at alignment 16 and the array
//! starts at the first 64-byte boundary inside it.
//!
//! On Linux the block's whole 2 MiB pages are advised as huge pages (`madvise(MADV_HUGEPAGE)`,
//! through the `libc` crate): a probe lands on a random bucket, so with 4 KiB pages nearly every
//! probe also misses the TLB. Where transparent huge pages are `madvise` (Ubuntu's default, and
//! in effect this machine's, whose `always` got none without compaction) the table had none.
//! Measured on this 2-core machine, same nodes, interleaved: `bench` ×1.12 chess, ×1.11 xiangqi;
//! `go nodes 20000000` Hash 64 ×1.07; `go nodes 4000000` Hash 256 ×1.26 once huge pages were
//! free (the first run after the machine had fragmented memory paid for compaction: ×0.90).

#![allow(unsafe_code)] // the reason and the measurement are above; each use has a SAFETY line

use std::alloc::Layout;
use std::ptr::NonNull;

/// `len` values of `T` that are valid when all-zero, owned like a `Box<[T]>`.
pub struct ZeroedArray<T> {
    /// The block as allocated, and its layout, for `dealloc`.
    block: NonNull<u8>,
    layout: Layout,
    /// The first element: `block` rounded up to `align_of::<T>()`.
    first: NonNull<T>,
    len: usize,
}

// SAFETY: the array owns its block exclusively (nothing else holds the pointers), exactly as a
// `Box<[T]>` does, so it may move to and be shared between threads whenever `T` may.
unsafe impl<T: Send> Send for ZeroedArray<T> {}
// SAFETY: as above; shared access only ever hands out `&[T]`.
unsafe impl<T: Sync> Sync for ZeroedArray<T> {}

/// Types whose all-zero bit pattern is a valid value.
///
/// # Safety
/// Implement only for types made of integers and atomics of integers (no references, no enums
/// without a zero variant, no padding requirements).
pub unsafe trait Zeroable {}

impl<T: Zeroable> ZeroedArray<T> {
    /// `len` (at least 1) zeroed values, or `None` if the allocator refuses the size.
    pub fn new(len: usize) -> Option<Self> {
        let len = len.max(1);
        let align = std::mem::align_of::<T>();
        // One spare element's worth of bytes leaves room to round the start up to `align`.
        let bytes = std::mem::size_of::<T>().checked_mul(len.checked_add(1)?)?;
        if bytes == 0 {
            return None; // a zero-sized T has nothing to store
        }
        let layout = Layout::from_size_align(bytes, 16.min(align)).ok()?;
        // SAFETY: `layout` is valid and has a non-zero size (checked above).
        let block = NonNull::new(unsafe { std::alloc::alloc_zeroed(layout) })?;
        let offset = block.as_ptr().align_offset(align);
        if offset >= align {
            // `align_offset` may give up (usize::MAX); refuse rather than misalign.
            // SAFETY: `block` was allocated just above with `layout`.
            unsafe { std::alloc::dealloc(block.as_ptr(), layout) };
            return None;
        }
        // SAFETY: `offset` < align <= size_of::<T>() (a type's size is a multiple of its
        // alignment), so `first` and the `len` elements after it lie inside the block of
        // (len + 1) * size_of::<T>() bytes.
        let first = NonNull::new(unsafe { block.as_ptr().add(offset) }.cast::<T>())?;
        advise_huge_pages(block, bytes);
        Some(ZeroedArray { block, layout, first, len })
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn as_slice(&self) -> &[T] {
        // SAFETY: `first` is aligned for T and points at `len` elements inside the owned,
        // zero-initialized block (see `new`); all-zero is a valid T (`Zeroable`); the slice
        // borrows `self`, so it cannot outlive the block.
        unsafe { std::slice::from_raw_parts(self.first.as_ptr(), self.len) }
    }
}

/// Asks Linux to back the block's whole 2 MiB pages with huge pages, as they are first touched.
#[cfg(target_os = "linux")]
fn advise_huge_pages(block: NonNull<u8>, bytes: usize) {
    const HUGE: usize = 2 << 20;
    let start = (block.as_ptr() as usize).next_multiple_of(HUGE);
    let end = (block.as_ptr() as usize + bytes) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside the block this array owns; the advice changes only how
        // the kernel backs those pages, never their contents, and a refusal is harmless.
        unsafe { libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE) };
    }
}

#[cfg(not(target_os = "linux"))]
fn advise_huge_pages(_block: NonNull<u8>, _bytes: usize) {}

impl<T> Drop for ZeroedArray<T> {
    fn drop(&mut self) {
        // SAFETY: `block` was allocated in `new` with exactly `layout` and is freed only here.
        unsafe { std::alloc::dealloc(self.block.as_ptr(), self.layout) };
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[repr(align(64))]
    struct Line([AtomicU64; 8]);
    // SAFETY: atomics of integers only.
    unsafe impl Zeroable for Line {}

    #[test]
    fn zeroed_aligned_and_writable() {
        let a = ZeroedArray::<Line>::new(1000).expect("small allocation");
        assert_eq!(a.len(), 1000);
        assert_eq!(a.as_slice().as_ptr() as usize % 64, 0);
        assert!(a.as_slice().iter().all(|l| l.0.iter().all(|w| w.load(Relaxed) == 0)));
        a.as_slice()[999].0[7].store(5, Relaxed);
        assert_eq!(a.as_slice()[999].0[7].load(Relaxed), 5);
    }

    #[test]
    fn an_impossible_size_is_refused_not_fatal() {
        assert!(ZeroedArray::<Line>::new(usize::MAX / 64).is_none());
        // Beyond any machine's memory, but a valid layout: the allocator says no.
        assert!(ZeroedArray::<Line>::new(1 << 50).is_none());
    }
}
