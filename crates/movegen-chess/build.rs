//! Builds the shared slider attack table from the embedded magic numbers and writes it to
//! `$OUT_DIR/slider_table.rs`. Doing this here rather than in a `const` initializer keeps the
//! crate's own compile time low (const evaluation of ~100k ray walks took ~10 s per build).
//! A destructive collision fails the build, so a bad magic number cannot ship.

#[allow(dead_code)]
#[path = "src/magic_numbers.rs"]
mod magic_numbers;
#[allow(dead_code)]
#[path = "src/slider_geometry.rs"]
mod slider_geometry;

use magic_numbers::{BISHOP_MAGICS, ROOK_MAGICS};
use slider_geometry::{relevant_mask, walk_attacks, BISHOP_DIRECTIONS, ROOK_DIRECTIONS};
use std::fmt::Write as _;

/// Appends one piece type's per-square slices. Each slice has `2^bits` slots; with `pext` the
/// slot of a subset is its rank in carry-rippler order, otherwise its magic index.
fn fill(table: &mut Vec<u64>, magics: &[u64; 64], directions: &[(i32, i32); 4], pext: bool) {
    for (sq, &magic) in magics.iter().enumerate() {
        let mask = relevant_mask(sq, directions);
        let bits = mask.count_ones();
        let base = table.len();
        table.resize(base + (1usize << bits), 0);
        let mut subset = 0u64;
        let mut ordinal = 0usize;
        loop {
            let attacks = walk_attacks(sq, subset, directions);
            let slot =
                if pext { ordinal } else { (subset.wrapping_mul(magic) >> (64 - bits)) as usize };
            let cell = &mut table[base + slot];
            // An empty slot is never a real attack set (every slider attacks something).
            assert!(
                *cell == 0 || *cell == attacks,
                "magic number for square {sq} collides destructively"
            );
            *cell = attacks;
            ordinal += 1;
            subset = subset.wrapping_sub(mask) & mask;
            if subset == 0 {
                break;
            }
        }
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/slider_geometry.rs");
    println!("cargo:rerun-if-changed=src/magic_numbers.rs");
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let pext = std::env::var_os("CARGO_FEATURE_PEXT").is_some()
        && std::env::var("CARGO_CFG_TARGET_ARCH").as_deref() == Ok("x86_64")
        && features.split(',').any(|f| f == "bmi2");
    let mut table = Vec::new();
    fill(&mut table, &ROOK_MAGICS, &ROOK_DIRECTIONS, pext);
    fill(&mut table, &BISHOP_MAGICS, &BISHOP_DIRECTIONS, pext);
    let mut text = String::with_capacity(table.len() * 20);
    // Only the array literal: `magic.rs` declares its type, so a size mismatch fails to compile.
    text.push_str("[\n");
    for chunk in table.chunks(8) {
        for value in chunk {
            let _ = write!(text, "{value:#x},");
        }
        text.push('\n');
    }
    text.push_str("]\n");
    let out = std::path::PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR"));
    std::fs::write(out.join("slider_table.rs"), text).expect("write slider_table.rs");
}
