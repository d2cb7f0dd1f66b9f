//! The transposition table: a fixed-size array of 64-byte buckets of four entries, shared by
//! all search threads without locks.
//!
//! Each entry is two `AtomicU64`s: the packed data, and the key XOR the data. A reader accepts
//! an entry only if `check ^ data == key`, so an entry torn by two threads writing at once
//! fails the test and reads as a miss. Stored moves may still come from another position (a key
//! collision); the search validates them with `Game::is_legal` before use.

use crate::report::Bound;
use crate::tt_memory::{Zeroable, ZeroedArray};
use game_api::Move;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

const ENTRIES_PER_BUCKET: usize = 4;
/// Generations wrap at 32 (5 bits); an entry's age is measured modulo that.
const GENERATION_MASK: u8 = 0x1F;

#[derive(Default)]
struct Entry {
    check: AtomicU64,
    data: AtomicU64,
}

#[derive(Default)]
#[repr(align(64))]
struct Bucket {
    entries: [Entry; ENTRIES_PER_BUCKET],
}

// SAFETY: a bucket is eight `AtomicU64`s; all-zero is the empty bucket (`Bucket::default()`).
#[allow(unsafe_code)]
unsafe impl Zeroable for Bucket {}

/// One table entry, unpacked: what a probe finds and what a store writes. `value` is relative to
/// the node (see `score::from_tt`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtEntry {
    pub mv: Move,
    pub value: i32,
    pub eval: i32,
    pub depth: i32,
    pub bound: Bound,
    /// The position was once searched as a PV node (and the flag has travelled with the entry).
    pub pv: bool,
}

impl TtEntry {
    /// A path-dependent result: its value holds only on this path (a repetition or a
    /// move-count draw decided it), so only the move and the static evaluation are worth keeping.
    pub fn move_only(mv: Move, eval: i32, pv: bool) -> Self {
        TtEntry { mv, value: 0, eval, depth: 0, bound: Bound::None, pv }
    }
}

// Data layout (64 bits): move 0..16, value 16..32, eval 32..48, depth 48..55, PV 55,
// flags 56..64 = bound (2 bits) | occupied (1 bit) | generation (5 bits).
const OCCUPIED: u64 = 1 << 2;
const PV_BIT: u64 = 1 << 55;
/// Depths are stored in 7 bits.
const MAX_STORED_DEPTH: i32 = 127;

fn stored_depth(data: u64) -> i32 {
    i32::from((data >> 48) as u8 & 0x7F)
}

/// Packs an entry: `TtEntry` already names every field an entry holds but its generation.
fn pack(entry: TtEntry, generation: u8) -> u64 {
    let TtEntry { mv, value, eval, depth, bound, pv } = entry;
    let bound_bits = match bound {
        Bound::None => 0u64,
        Bound::Upper => 1,
        Bound::Lower => 2,
        Bound::Exact => 3,
    };
    let flags = bound_bits | OCCUPIED | (u64::from(generation & GENERATION_MASK) << 3);
    u64::from(mv.raw())
        | (u64::from(value as i16 as u16) << 16)
        | (u64::from(eval as i16 as u16) << 32)
        | (u64::from(depth.clamp(0, MAX_STORED_DEPTH) as u8) << 48)
        | if pv { PV_BIT } else { 0 }
        | (flags << 56)
}

fn unpack(data: u64) -> TtEntry {
    let flags = (data >> 56) as u8;
    TtEntry {
        mv: Move(data as u16),
        value: i32::from((data >> 16) as u16 as i16),
        eval: i32::from((data >> 32) as u16 as i16),
        depth: stored_depth(data),
        bound: match flags & 3 {
            0 => Bound::None,
            1 => Bound::Upper,
            2 => Bound::Lower,
            _ => Bound::Exact,
        },
        pv: data & PV_BIT != 0,
    }
}

fn generation_of(data: u64) -> u8 {
    ((data >> 59) as u8) & GENERATION_MASK
}

fn occupied(data: u64) -> bool {
    (data >> 56) & OCCUPIED != 0
}

pub struct TranspositionTable {
    buckets: ZeroedArray<Bucket>,
    generation: AtomicU8,
}

/// One mebibyte.
const MB: usize = 1 << 20;

impl TranspositionTable {
    /// A table of exactly `mb` mebibytes (at least one bucket), or `None` when the machine will
    /// not give that much memory.
    pub fn try_new(mb: usize) -> Option<Self> {
        let bytes = mb.max(1).checked_mul(MB)?;
        let count = (bytes / std::mem::size_of::<Bucket>()).max(1);
        let buckets = ZeroedArray::new(count)?;
        Some(TranspositionTable { buckets, generation: AtomicU8::new(0) })
    }

    /// The largest table of at most `mb` mebibytes that can be allocated, halving the size on
    /// each refusal (a GUI may offer 64 GB on a machine that has 16). At 1 MB or less it falls
    /// back to a single bucket, which always fits.
    pub fn new(mb: usize) -> Self {
        let mut size = mb.max(1);
        loop {
            if let Some(tt) = Self::try_new(size) {
                return tt;
            }
            if size <= 1 {
                break;
            }
            size /= 2;
        }
        let buckets = ZeroedArray::new(1)
            .unwrap_or_else(|| std::alloc::handle_alloc_error(std::alloc::Layout::new::<Bucket>()));
        TranspositionTable { buckets, generation: AtomicU8::new(0) }
    }

    /// The table's size in whole mebibytes (what `new` obtained; 0 for the one-bucket fallback).
    pub fn size_mb(&self) -> usize {
        self.size_bytes() / MB
    }

    /// Size of the entry array in bytes.
    pub fn size_bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket>()
    }

    /// Empties the table. A fresh zeroed block replaces the old one when the allocator gives
    /// one, so clearing costs no time and commits no memory (writing zeros over a 16 GB table
    /// took minutes and made it all resident); otherwise the entries are zeroed in place.
    pub fn clear(&mut self) {
        self.generation.store(0, Relaxed);
        if let Some(fresh) = ZeroedArray::new(self.buckets.len()) {
            self.buckets = fresh;
            return;
        }
        for bucket in self.buckets.as_slice() {
            for e in &bucket.entries {
                e.check.store(0, Relaxed);
                e.data.store(0, Relaxed);
            }
        }
        self.generation.store(0, Relaxed);
    }

    /// Starts a new search: entries of older searches become preferred victims.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed).wrapping_add(1) & GENERATION_MASK;
        self.generation.store(g, Relaxed);
    }

    #[inline]
    fn bucket(&self, key: u64) -> &Bucket {
        // Multiply-shift maps the key uniformly onto any table size, not only powers of two.
        let index = ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize;
        &self.buckets.as_slice()[index]
    }

    /// Asks the CPU to bring `key`'s bucket into its cache, so that the probe a little later
    /// (the child node's, after the move is made) does not wait on memory: a large table misses
    /// the cache on nearly every probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let bucket: *const Bucket = self.bucket(key);
            // SAFETY: a prefetch only hints the cache: it never faults and its result is never
            // read; the address is a live bucket of the table anyway. SSE, the instruction's
            // feature, is part of every x86-64 CPU.
            #[allow(unsafe_code)]
            unsafe {
                _mm_prefetch::<_MM_HINT_T0>(bucket.cast::<i8>())
            };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    pub fn probe(&self, key: u64) -> Option<TtEntry> {
        for e in &self.bucket(key).entries {
            let data = e.data.load(Relaxed);
            let check = e.check.load(Relaxed);
            if check ^ data == key && occupied(data) {
                return Some(unpack(data));
            }
        }
        None
    }

    /// Stores a result. `entry.value` must already be node-relative (`score::to_tt`); `entry.pv`:
    /// the node is or once was a PV node.
    #[inline]
    pub fn store(&self, key: u64, entry: TtEntry) {
        let generation = self.generation.load(Relaxed);
        let TtEntry { mv, depth, bound, .. } = entry;
        let bucket = self.bucket(key);
        let mut victim = &bucket.entries[0];
        let mut victim_worth = i32::MAX;
        for e in &bucket.entries {
            let data = e.data.load(Relaxed);
            let check = e.check.load(Relaxed);
            if check ^ data == key && occupied(data) {
                let old = unpack(data);
                // A move-only store (a path-dependent result) never displaces a real bound.
                if bound == Bound::None && old.bound != Bound::None {
                    return;
                }
                // Keep a deeper result of the same search unless the new one is exact.
                if bound != Bound::Exact
                    && old.depth > depth + 3
                    && generation_of(data) == generation
                    && old.bound != Bound::None
                {
                    return;
                }
                let mv = if mv.is_none() { old.mv } else { mv };
                let new = pack(TtEntry { mv, ..entry }, generation);
                e.data.store(new, Relaxed);
                e.check.store(key ^ new, Relaxed);
                return;
            }
            let worth = if occupied(data) {
                let age = i32::from(generation.wrapping_sub(generation_of(data)) & GENERATION_MASK);
                stored_depth(data) - 8 * age
            } else {
                i32::MIN
            };
            if worth < victim_worth {
                victim_worth = worth;
                victim = e;
            }
        }
        let new = pack(entry, generation);
        victim.data.store(new, Relaxed);
        victim.check.store(key ^ new, Relaxed);
    }

    /// Per mille of sampled entries written during the current search.
    pub fn hashfull(&self) -> u32 {
        let generation = self.generation.load(Relaxed);
        let sample = self.buckets.len().min(1000 / ENTRIES_PER_BUCKET);
        let mut used = 0;
        for bucket in &self.buckets.as_slice()[..sample] {
            for e in &bucket.entries {
                let data = e.data.load(Relaxed);
                if occupied(data) && generation_of(data) == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / (sample * ENTRIES_PER_BUCKET).max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(mv: Move, value: i32, eval: i32, depth: i32, bound: Bound, pv: bool) -> TtEntry {
        TtEntry { mv, value, eval, depth, bound, pv }
    }

    #[test]
    fn stores_and_finds_an_entry() {
        let tt = TranspositionTable::new(1);
        tt.store(0xDEAD_BEEF_1234_5678, entry(Move(0x1234), -250, 31, 9, Bound::Lower, true));
        let hit = tt.probe(0xDEAD_BEEF_1234_5678).expect("entry");
        assert_eq!(
            hit,
            TtEntry {
                mv: Move(0x1234),
                value: -250,
                eval: 31,
                depth: 9,
                bound: Bound::Lower,
                pv: true
            }
        );
        assert!(tt.probe(0xDEAD_BEEF_1234_5679).is_none());
    }

    #[test]
    fn a_torn_entry_reads_as_a_miss() {
        let tt = TranspositionTable::new(1);
        let key = 0x0123_4567_89AB_CDEF;
        tt.store(key, entry(Move(7), 10, 0, 3, Bound::Exact, false));
        // Simulate another thread's half-finished write: new data, old check word.
        let e = &tt.bucket(key).entries.iter().find(|e| e.data.load(Relaxed) != 0).unwrap();
        e.data.store(
            pack(
                TtEntry {
                    mv: Move(9),
                    value: 99,
                    eval: 0,
                    depth: 5,
                    bound: Bound::Exact,
                    pv: false,
                },
                0,
            ),
            Relaxed,
        );
        assert!(tt.probe(key).is_none());
    }

    #[test]
    fn hashfull_counts_only_this_search() {
        let tt = TranspositionTable::new(1);
        assert_eq!(tt.hashfull(), 0);
        for k in 0..100_000u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                entry(Move(1), 0, 0, 1, Bound::Exact, false),
            );
        }
        assert!(tt.hashfull() > 500);
        tt.new_search();
        assert_eq!(tt.hashfull(), 0);
    }

    #[test]
    fn clear_forgets_everything() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        tt.store(42, entry(Move(3), 1, 0, 2, Bound::Exact, false));
        tt.clear();
        assert!(tt.probe(42).is_none());
        assert_eq!(tt.size_bytes(), 1 << 20);
        assert_eq!(tt.generation.load(Relaxed), 0);
    }

    #[test]
    fn sizes_are_exact_and_an_impossible_one_steps_down() {
        assert_eq!(TranspositionTable::new(2).size_bytes(), 2 << 20);
        assert!(TranspositionTable::try_new(1 << 40).is_none());
        // 2^40 MB is refused; the table that is obtained is smaller but usable.
        let tt = TranspositionTable::new(1 << 40);
        assert!(tt.size_mb() < 1 << 40);
        tt.store(42, entry(Move(3), 1, 0, 2, Bound::Exact, false));
        assert_eq!(tt.probe(42).map(|h| h.mv), Some(Move(3)));
    }

    #[test]
    fn the_pv_mark_and_the_depth_share_a_byte_without_mixing() {
        let tt = TranspositionTable::new(1);
        tt.store(42, entry(Move(5), 7, 0, 200, Bound::Lower, true));
        assert_eq!(tt.probe(42).map(|h| (h.depth, h.pv)), Some((MAX_STORED_DEPTH, true)));
        tt.store(42, entry(Move(5), 7, 0, 126, Bound::Exact, false));
        assert_eq!(tt.probe(42).map(|h| (h.depth, h.pv)), Some((126, false)));
    }

    #[test]
    fn keeps_the_move_when_a_result_without_one_is_stored() {
        let tt = TranspositionTable::new(1);
        tt.store(42, entry(Move(77), 0, 0, 4, Bound::Upper, false));
        tt.store(42, entry(Move::NONE, 5, 0, 6, Bound::Upper, false));
        assert_eq!(tt.probe(42).map(|h| (h.mv, h.depth)), Some((Move(77), 6)));
    }
}
