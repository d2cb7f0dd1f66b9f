//! Seeded mutation fuzzing of net files, as `EvalFile` and `train-nnue --init` read them: each
//! embedded net truncated, bit-flipped (with the checksum left stale, and resealed so that the
//! damage reaches the fields behind it), given huge or zero sizes in its header, replaced by
//! random bytes behind a valid or invalid magic, or emptied. Every case either loads or is
//! refused with a typed error; none panics, and a net that loads also evaluates without a
//! panic (the test runs with overflow checks on).
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind and game (default 1,000; the full run
//! is 10,000).

use crate::common;

use common::SplitMix64;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::format::{fnv1a, HEADER_BYTES};
use nnue::{Net, NnueEval, NnueGame};
use std::sync::Arc;

fn cases() -> usize {
    std::env::var("KIENTUONG_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(1_000)
}

fn reseal(bytes: &mut [u8]) {
    if bytes.len() >= 4 {
        let n = bytes.len() - 4;
        let sum = fnv1a(&bytes[..n]);
        bytes[n..].copy_from_slice(&sum.to_le_bytes());
    }
}

/// The kinds of damage, each a function of the original bytes and the case's random numbers.
fn mutate(original: &[u8], kind: usize, rng: &mut SplitMix64) -> Vec<u8> {
    let mut bytes = original.to_vec();
    match kind {
        // Truncated anywhere, the empty file included.
        0 => bytes.truncate(rng.below(original.len())),
        // 1-8 bits flipped, checksum stale.
        1 => {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(bytes.len());
                bytes[at] ^= 1 << rng.below(8);
            }
        }
        // 1-8 bits flipped in the header, resealed: the header's own checks must refuse.
        2 => {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(HEADER_BYTES);
                bytes[at] ^= 1 << rng.below(8);
            }
            reseal(&mut bytes);
        }
        // Huge, zero or random 16-bit header fields (sizes, counts, shapes), resealed.
        3 => {
            let at = 4 + 2 * rng.below((HEADER_BYTES - 4) / 2);
            let value: u16 = match rng.below(3) {
                0 => u16::MAX,
                1 => 0,
                _ => rng.below(1 << 16) as u16,
            };
            bytes[at..at + 2].copy_from_slice(&value.to_le_bytes());
            reseal(&mut bytes);
        }
        // Random body bytes, resealed: a valid envelope around nonsense weights.
        4 => {
            for _ in 0..1 + rng.below(64) {
                let at = HEADER_BYTES + rng.below(bytes.len() - HEADER_BYTES - 4);
                bytes[at] = rng.below(256) as u8;
            }
            reseal(&mut bytes);
        }
        // Random bytes, behind the real magic or not, of a random length up to 64 KiB.
        _ => {
            let len = rng.below(1 << 16);
            bytes = (0..len).map(|_| rng.below(256) as u8).collect();
            if rng.below(2) == 0 && len >= 4 {
                bytes[..4].copy_from_slice(&original[..4]);
            }
        }
    }
    bytes
}

/// Loaded and refused counts per kind of damage.
fn fuzz<G: NnueGame>(original: &[u8], seed: u64) -> [(usize, usize); 6] {
    let probes: Vec<G> = G::BENCH_FENS.iter().filter_map(|f| G::from_fen(f).ok()).take(4).collect();
    let mut rng = SplitMix64::new(seed);
    let mut counts = [(0, 0); 6];
    for (kind, (loaded, refused)) in counts.iter_mut().enumerate() {
        for _ in 0..cases() {
            let bytes = mutate(original, kind, &mut rng);
            match Net::from_bytes::<G>(&bytes) {
                Ok(net) => {
                    *loaded += 1;
                    let mut eval = NnueEval::<G>::new(Arc::new(net));
                    for pos in &probes {
                        eval.new_root(pos);
                        std::hint::black_box(eval.evaluate(pos));
                    }
                }
                Err(e) => {
                    *refused += 1;
                    // Every refusal says something a user can act on.
                    assert!(!e.to_string().is_empty(), "kind {kind}: an empty message");
                }
            }
        }
    }
    counts
}

/// Truncations, stale checksums and random files can never load; the resealed kinds may (a
/// valid envelope around other weights is a net), but none of them may panic.
fn check(game: &str, counts: [(usize, usize); 6]) {
    eprintln!("{game}: (loaded, refused) per kind {counts:?}");
    for kind in [0, 1, 5] {
        assert_eq!(counts[kind], (0, cases()), "{game}: kind {kind} must always be refused");
    }
}

#[test]
fn damaged_chess_nets_are_refused_or_load_and_evaluate() {
    check("chess", fuzz::<Chess>(nnue::games::chess::EMBEDDED, 0xF0_2201));
}

#[test]
fn damaged_xiangqi_nets_are_refused_or_load_and_evaluate() {
    check("xiangqi", fuzz::<Xiangqi>(nnue::games::xiangqi::EMBEDDED, 0xF0_2202));
}
