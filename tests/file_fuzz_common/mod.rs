//! Shared by the file fuzzers of the tools' inputs (opening books and PGN, match and SPSA state,
//! SPSA params, game records and position files, manifests, the trainer's reader): the seeded
//! mutation kinds, the case loop, and a global allocator that records each thread's largest
//! single allocation. Each fuzzer includes this file by path (`#[path = …] mod …;`), because
//! they live in the crates whose parsers they drive and test crates cannot share a module
//! otherwise.
//!
//! A case is one damaged file, written under a scratch folder and handed to the fuzzer's check
//! (the real loader, in process). It passes when the check returns (accepted, or refused with a
//! message that names the file), did not panic, finished within the watchdog's limit, and made
//! no single allocation beyond what the file's size justifies. Failures are collected with their
//! case id and the damaged bytes are kept, so `KIENTUONG_FUZZ_CASE=<id>` replays one of them.
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (default [`CI_CASES`]; the full run is
//! 10,000 per kind, `scripts/fuzz-files.sh`).
#![allow(dead_code)]

use game_api::SplitMix64;
use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// Cases per kind in the suite: six kinds, 1,200 cases per file kind and game.
pub const CI_CASES: usize = 200;
/// The damage each case does to the original file.
pub const KINDS: [&str; 6] = [
    "truncated",
    "bit flips",
    "random bytes",
    "huge or negative numbers",
    "spliced",
    "random file",
];
/// Bytes any load may take whatever its file (read buffers, a position's move stack): a loader
/// that reserves by a size read from the file shows up far above this.
pub const ALLOCATION_FLOOR: usize = 1 << 20;
/// Bytes a load may take per byte of its file (a text line becomes a string, a vector, …).
pub const ALLOCATION_PER_BYTE: usize = 64;
/// A case that makes no progress for this long is reported as a hang.
const HANG_AFTER: Duration = Duration::from_secs(30);
/// A request this large is refused outright (the test aborts): the allocator says which case.
const ABORT_ABOVE: usize = 1 << 32;

pub fn cases() -> usize {
    std::env::var("KIENTUONG_FUZZ_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(CI_CASES)
}

/// The one case `KIENTUONG_FUZZ_CASE` asks for, if any (decimal or `0x` hex).
fn only_case() -> Option<u64> {
    let text = std::env::var("KIENTUONG_FUZZ_CASE").ok()?;
    match text.strip_prefix("0x") {
        Some(hex) => u64::from_str_radix(hex, 16).ok(),
        None => text.parse().ok(),
    }
}

// --- The allocator: each thread's largest single request since its last reset. ---

thread_local! {
    static LARGEST: Cell<usize> = const { Cell::new(0) };
    static CASE: Cell<u64> = const { Cell::new(0) };
}

pub struct LargestAllocation;

fn note(size: usize) -> bool {
    let _ = LARGEST.try_with(|c| c.set(c.get().max(size)));
    if size <= ABORT_ABOVE {
        return true;
    }
    // The process is about to die of this request; name the case first. No allocation here.
    let case = CASE.try_with(Cell::get).unwrap_or(0);
    let mut line = *b"file fuzz: case 0x0000000000000000 asked for an allocation over 4 GiB\n";
    for (i, slot) in line[18..34].iter_mut().enumerate() {
        *slot = b"0123456789abcdef"[(case >> (60 - 4 * i) & 15) as usize];
    }
    let _ = std::io::Write::write_all(&mut std::io::stderr(), &line);
    false
}

// SAFETY: every call is passed on unchanged to `System`, which upholds `GlobalAlloc`'s contract;
// the bookkeeping touches only a const-initialised thread-local `Cell` and never allocates.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for LargestAllocation {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if !note(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc(layout)
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if !note(layout.size()) {
            return std::ptr::null_mut();
        }
        System.alloc_zeroed(layout)
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if !note(new_size) {
            return std::ptr::null_mut();
        }
        System.realloc(ptr, layout, new_size)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: LargestAllocation = LargestAllocation;

// --- The mutations. ---

/// Numbers a text file should never hold where it holds one: past every integer type, negative,
/// zero, not finite.
const ODD_NUMBERS: [&str; 14] = [
    "18446744073709551615",
    "18446744073709551616",
    "9223372036854775807",
    "-9223372036854775808",
    "4294967296",
    "4294967295",
    "99999999999999999999999999999999",
    "-1",
    "0",
    "-0",
    "1e308",
    "NaN",
    "inf",
    "1e-320",
];

/// Whether a file is text (numbers are digits) or binary (numbers are little-endian fields).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    Text,
    /// Binary, its header `header` bytes long (a size field there is hit more often).
    Binary {
        header: usize,
    },
}

fn random_bytes(rng: &mut SplitMix64, len: usize) -> Vec<u8> {
    (0..len).map(|_| rng.below(256) as u8).collect()
}

/// The original damaged by `kind` (an index into [`KINDS`]).
pub fn mutate(original: &[u8], kind: usize, encoding: Encoding, rng: &mut SplitMix64) -> Vec<u8> {
    let mut bytes = original.to_vec();
    let len = bytes.len().max(1);
    match kind {
        0 => bytes.truncate(rng.below(len)),
        1 => {
            for _ in 0..1 + rng.below(8) {
                let at = rng.below(len).min(bytes.len().saturating_sub(1));
                if let Some(b) = bytes.get_mut(at) {
                    *b ^= 1 << rng.below(8);
                }
            }
        }
        2 => {
            for _ in 0..1 + rng.below(64) {
                if let Some(b) = bytes.get_mut(rng.below(len)) {
                    *b = rng.below(256) as u8;
                }
            }
        }
        3 => odd_number(&mut bytes, encoding, rng),
        4 => splice(&mut bytes, encoding, rng),
        _ => {
            let n = rng.below(1 << 14);
            bytes = random_bytes(rng, n);
            // Half of them behind the original's first bytes (its magic, its first line).
            if rng.below(2) == 0 {
                let keep = original.len().min(8).min(n);
                bytes[..keep].copy_from_slice(&original[..keep]);
            }
        }
    }
    bytes
}

/// A number replaced by a huge, negative, zero or random one.
fn odd_number(bytes: &mut Vec<u8>, encoding: Encoding, rng: &mut SplitMix64) {
    match encoding {
        Encoding::Text => {
            let starts: Vec<usize> = (0..bytes.len())
                .filter(|&i| {
                    bytes[i].is_ascii_digit() && (i == 0 || !bytes[i - 1].is_ascii_digit())
                })
                .collect();
            if starts.is_empty() {
                return;
            }
            let start = starts[rng.below(starts.len())];
            let end =
                (start..bytes.len()).find(|&i| !bytes[i].is_ascii_digit()).unwrap_or(bytes.len());
            let with = if rng.below(4) == 0 {
                rng.next_u64().to_string()
            } else {
                ODD_NUMBERS[rng.below(ODD_NUMBERS.len())].to_owned()
            };
            bytes.splice(start..end, with.into_bytes());
        }
        Encoding::Binary { header } => {
            if bytes.is_empty() {
                return;
            }
            let width = [1, 2, 4, 8][rng.below(4)].min(bytes.len());
            let span = if rng.below(2) == 0 { header.min(bytes.len()) } else { bytes.len() };
            let at = rng.below(span.saturating_sub(width) + 1);
            let field = &mut bytes[at..at + width];
            match rng.below(4) {
                0 => field.fill(0xFF),
                1 => field.fill(0),
                2 => {
                    // The sign bit alone: the most negative value of the field.
                    field.fill(0);
                    field[width - 1] = 0x80;
                }
                _ => field.iter_mut().for_each(|b| *b = rng.below(256) as u8),
            }
        }
    }
}

/// A piece of the file copied over, into or out of another place: lines of a text file, byte
/// ranges of a binary one (a record repeated, dropped or cut in two).
fn splice(bytes: &mut Vec<u8>, encoding: Encoding, rng: &mut SplitMix64) {
    if encoding == Encoding::Text {
        let mut lines: Vec<Vec<u8>> = bytes.split(|&b| b == b'\n').map(<[u8]>::to_vec).collect();
        let n = lines.len();
        let (a, b) = (rng.below(n), rng.below(n));
        match rng.below(4) {
            0 => {
                lines.remove(a);
            }
            1 => {
                let copy = lines[a].clone();
                lines.insert(b, copy);
            }
            2 => lines.swap(a, b),
            _ => {
                let cut = rng.below(lines[a].len() + 1);
                let tail = lines[a].split_off(cut);
                lines.insert(a + 1, tail);
            }
        }
        *bytes = lines.join(&b'\n');
        return;
    }
    let len = bytes.len();
    if len == 0 {
        return;
    }
    let (from, to) = (rng.below(len), rng.below(len));
    let count = 1 + rng.below((len - from).min(256));
    let piece = bytes[from..from + count].to_vec();
    match rng.below(2) {
        0 => {
            bytes.splice(to..to, piece);
        }
        _ => {
            bytes.drain(from..from + count);
        }
    }
}

// --- The case loop. ---

/// What a check says of one file: loaded (`Ok`), or refused with the message a user would see.
pub type Verdict = Result<(), String>;

/// How one fuzzer's cases went.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub accepted: [usize; 6],
    pub refused: [usize; 6],
    /// The largest allocation of any case over its file's length (bytes per byte, past the floor).
    pub largest_ratio: f64,
    pub failures: Vec<String>,
}

impl Tally {
    pub fn cases(&self) -> usize {
        self.accepted.iter().chain(&self.refused).sum()
    }

    /// Fails the test with every failing case (each with the id that replays it).
    pub fn assert_clean(&self, what: &str) {
        eprintln!(
            "{what}: {} cases; accepted per kind {:?}, refused per kind {:?}; largest \
             allocation {:.1} bytes per file byte past the floor",
            self.cases(),
            self.accepted,
            self.refused,
            self.largest_ratio
        );
        assert!(
            self.failures.is_empty(),
            "{what}: {} failing cases (replay one with KIENTUONG_FUZZ_CASE=<id>):\n{}",
            self.failures.len(),
            self.failures.join("\n")
        );
    }
}

/// The check of one case: it gets the damaged file's path.
pub struct Fuzzer<'a> {
    /// Names the scratch folder and the failures.
    pub name: &'a str,
    pub seed: u64,
    pub encoding: Encoding,
    /// The file name the damaged bytes are written under (a refusal must name it).
    pub file_name: &'a str,
    /// Whether a refusal must name the file (the library's own message does; for a library
    /// whose caller adds the path, the binary's end-to-end test checks that instead).
    pub names_file: bool,
    /// For a format with a checksum: recomputes it, applied to half the damaged files so that
    /// the damage reaches the fields behind the check.
    pub reseal: Option<fn(&mut [u8])>,
}

/// A fresh scratch folder for one fuzzer.
pub fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("kientuong_fuzz_{name}_{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the scratch folder");
    dir
}

/// The id of case `index` of `kind`: the kind in the top byte, so that an id alone replays it.
fn case_id(seed: u64, kind: usize, index: usize) -> u64 {
    let mixed =
        SplitMix64::new(seed ^ (index as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)).next_u64();
    (kind as u64) << 56 | mixed >> 8
}

impl Fuzzer<'_> {
    /// Runs [`cases`] cases of every kind of damage to `original`, plus an empty file and a
    /// folder in the file's place, each through `check`.
    pub fn run(&self, original: &[u8], check: impl Fn(&Path) -> Verdict + Sync) -> Tally {
        let dir = scratch(self.name);
        let ids: Vec<u64> = match only_case() {
            Some(id) => vec![id],
            None => (0..KINDS.len())
                .flat_map(|kind| (0..cases()).map(move |i| case_id(self.seed, kind, i)))
                .collect(),
        };
        let progress = AtomicUsize::new(0);
        let current = AtomicU64::new(0);
        let mut tally = Tally::default();
        std::thread::scope(|s| {
            let worker = s.spawn(|| {
                let mut tally = Tally::default();
                self.fixed_cases(&dir, &check, &mut tally);
                for &id in &ids {
                    current.store(id, Ordering::Relaxed);
                    let kind = (id >> 56) as usize % KINDS.len();
                    let mut bytes = mutate(original, kind, self.encoding, &mut SplitMix64::new(id));
                    if let Some(reseal) = self.reseal.filter(|_| id & 1 == 1) {
                        reseal(&mut bytes);
                    }
                    self.one_case(&dir, id, kind, &bytes, &check, &mut tally);
                    progress.fetch_add(1, Ordering::Relaxed);
                }
                tally
            });
            watch(&progress, &current, || worker.is_finished());
            tally = worker.join().unwrap_or_else(|_| panic!("the {} fuzzer died", self.name));
        });
        if tally.failures.is_empty() {
            let _ = std::fs::remove_dir_all(&dir);
        }
        tally
    }

    /// The empty file and a folder where the file should be: refused by name, no panic.
    fn fixed_cases(
        &self,
        dir: &Path,
        check: &(impl Fn(&Path) -> Verdict + Sync),
        tally: &mut Tally,
    ) {
        let path = dir.join(self.file_name);
        for (what, make) in [("an empty file", false), ("a folder", true)] {
            let _ = std::fs::remove_dir_all(&path);
            let _ = std::fs::remove_file(&path);
            let made = if make { std::fs::create_dir(&path) } else { std::fs::write(&path, b"") };
            made.expect("make the fixed case");
            match catch_unwind(AssertUnwindSafe(|| check(&path))) {
                Err(_) => tally.failures.push(format!("{}: {what} panicked", self.name)),
                Ok(Ok(())) if make => {
                    tally.failures.push(format!("{}: {what} was loaded", self.name))
                }
                Ok(Err(e)) if self.names_file && !e.contains(self.file_name) => tally
                    .failures
                    .push(format!("{}: {what}: '{e}' does not name the file", self.name)),
                Ok(_) => {}
            }
        }
        let _ = std::fs::remove_dir_all(&path);
    }

    fn one_case(
        &self,
        dir: &Path,
        id: u64,
        kind: usize,
        bytes: &[u8],
        check: &(impl Fn(&Path) -> Verdict + Sync),
        tally: &mut Tally,
    ) {
        let path = dir.join(self.file_name);
        let _ = std::fs::remove_file(&path);
        std::fs::write(&path, bytes).expect("write the damaged file");
        let _ = CASE.try_with(|c| c.set(id));
        let _ = LARGEST.try_with(|c| c.set(0));
        let verdict = catch_unwind(AssertUnwindSafe(|| check(&path)));
        let largest = LARGEST.try_with(Cell::get).unwrap_or(0);
        let mut problems = Vec::new();
        match verdict {
            Err(_) => problems.push("panicked".to_owned()),
            Ok(Ok(())) => tally.accepted[kind] += 1,
            Ok(Err(e)) => {
                tally.refused[kind] += 1;
                if e.trim().is_empty() {
                    problems.push("refused with an empty message".into());
                } else if self.names_file && !e.contains(self.file_name) {
                    problems.push(format!("'{e}' does not name the file"));
                }
            }
        }
        let budget = ALLOCATION_FLOOR + ALLOCATION_PER_BYTE * bytes.len();
        if largest > budget {
            problems.push(format!(
                "allocated {largest} bytes at once for a file of {} bytes",
                bytes.len()
            ));
        }
        let ratio = largest.saturating_sub(ALLOCATION_FLOOR) as f64 / bytes.len().max(1) as f64;
        tally.largest_ratio = tally.largest_ratio.max(ratio);
        if !problems.is_empty() {
            let kept = dir.join(format!("case-{id:#018x}"));
            let _ = std::fs::write(&kept, bytes);
            tally.failures.push(format!(
                "{}: case {id:#018x} ({}): {} [bytes kept in {}]",
                self.name,
                KINDS[kind],
                problems.join("; "),
                kept.display()
            ));
        }
    }
}

/// Waits for the worker, failing the test (with the stuck case's id) if one case runs longer
/// than [`HANG_AFTER`].
fn watch(progress: &AtomicUsize, current: &AtomicU64, finished: impl Fn() -> bool) {
    let (mut seen, mut since) = (usize::MAX, Instant::now());
    while !finished() {
        std::thread::sleep(Duration::from_millis(50));
        let now = progress.load(Ordering::Relaxed);
        if now != seen {
            (seen, since) = (now, Instant::now());
        } else if since.elapsed() > HANG_AFTER {
            // The worker cannot be stopped; end the process with the case that replays the hang.
            // Straight to the process's stderr: the test harness's capture dies with it.
            let line = format!(
                "file fuzz: case {:#018x} ran for {} s without finishing (a hang)\n",
                current.load(Ordering::Relaxed),
                HANG_AFTER.as_secs()
            );
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
            std::process::exit(101);
        }
    }
}
