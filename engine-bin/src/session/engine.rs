//! The one place the session touches the search crate's API: it wraps `search::Engine` for a
//! game and converts between the search's types and the session's (`search::Limits` in,
//! `protocol::SearchInfo` / `Found` / `HashEntry` out). If the search's API moves, only this
//! file moves with it.

use super::games::Variant;
use super::report::InfoSink;
use game_api::Move;
use protocol::{Bound, Score, SearchInfo};
use std::sync::atomic::Ordering::Relaxed;
use std::sync::Mutex;

/// The flags the input thread raises mid-search (`stop`, `ponderhit`).
#[derive(Default)]
pub struct Signals(search::Signals);

impl Signals {
    pub fn reset(&self) {
        self.0.reset();
    }
    pub fn stop(&self) {
        self.0.stop();
    }
    pub fn ponderhit(&self) {
        self.0.ponderhit();
    }
    pub fn is_stopped(&self) -> bool {
        self.0.stop.load(Relaxed)
    }
    pub fn is_ponderhit(&self) -> bool {
        self.0.ponderhit.load(Relaxed)
    }
}

/// What a finished search hands back.
pub struct Found {
    /// `None` when the root had nothing to search.
    pub best: Option<Move>,
    pub ponder: Option<Move>,
    pub score: Score,
    /// The first move and exact score of each MultiPV line of the deepest iteration reported,
    /// best first (for weakened play).
    pub candidates: Vec<(Move, Score)>,
}

/// A transposition-table entry, for UCCI `pophash`.
pub struct HashEntry {
    pub best: Option<Move>,
    pub score: Score,
    pub depth: u32,
    /// The stored score is a lower bound (fail high) — or exact, when both are set.
    pub lower: bool,
    pub upper: bool,
}

/// Reads an engine's TT without borrowing the engine (see [`Engine::reader`]).
#[derive(Clone)]
pub struct TableReader(search::TtReader);

impl TableReader {
    pub fn probe<V: Variant>(&self, pos: &V) -> Option<HashEntry> {
        let hit = self.0.probe(pos)?;
        let (lower, upper) = match hit.bound {
            search::Bound::Exact => (true, true),
            search::Bound::Lower => (true, false),
            search::Bound::Upper => (false, true),
            search::Bound::None => (false, false),
        };
        Some(HashEntry {
            best: hit.best,
            score: score(hit.value),
            depth: hit.depth,
            lower,
            upper,
        })
    }
}

pub struct Engine<V: Variant> {
    inner: search::Engine<V, V::Eval>,
}

impl<V: Variant> Engine<V> {
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        Engine {
            inner: search::Engine::new(hash_mb, threads),
        }
    }

    /// Resizes the table; returns the size obtained in MB (less than `mb` when the machine
    /// cannot give that much).
    pub fn set_hash_mb(&mut self, mb: usize) -> usize {
        self.inner.set_hash_mb(mb)
    }

    pub fn hash_mb_obtained(&self) -> usize {
        self.inner.hash_mb_obtained()
    }

    pub fn set_threads(&mut self, threads: usize) {
        self.inner.set_threads(threads);
    }

    /// Forgets the TT and the histories (`ucinewgame`, `Clear Hash`).
    pub fn clear(&mut self) {
        self.inner.clear();
    }

    pub fn static_eval(&mut self, pos: &V) -> i32 {
        self.inner.static_eval(pos)
    }

    /// A TT reader for another thread: UCCI `probe` is answered by the input thread while a
    /// search runs.
    pub fn reader(&self) -> TableReader {
        TableReader(self.inner.tt_reader())
    }

    pub fn search(
        &mut self,
        root: &V,
        limits: &search::Limits,
        signals: &Signals,
        sink: &dyn InfoSink,
    ) -> Found {
        let forward = Forward {
            sink,
            lines: Mutex::new(Vec::new()),
        };
        let result = self.inner.search(root, limits, &forward, &signals.0);
        let mut lines = forward.lines.into_inner().unwrap_or_else(|p| p.into_inner());
        lines.sort_by_key(|l| l.0);
        Found {
            best: result.best,
            ponder: result.ponder,
            score: score(result.score),
            candidates: lines.into_iter().map(|(_, m, s)| (m, s)).collect(),
        }
    }
}

fn score(s: search::Score) -> Score {
    match s {
        search::Score::Cp(cp) => Score::Cp(cp),
        search::Score::Mate(plies) if plies > 0 => Score::MateIn(plies.unsigned_abs()),
        search::Score::Mate(plies) => Score::MatedIn(plies.unsigned_abs()),
    }
}

/// Turns the search's progress reports into protocol `info` data.
struct Forward<'a> {
    sink: &'a dyn InfoSink,
    /// (multipv index, first move, score) of the latest exact line of each index.
    lines: Mutex<Vec<(usize, Move, Score)>>,
}

impl search::Reporter for Forward<'_> {
    fn info(&self, info: &search::Info<'_>) {
        let bound = match info.bound {
            search::Bound::Lower => Bound::Lower,
            search::Bound::Upper => Bound::Upper,
            search::Bound::Exact | search::Bound::None => Bound::Exact,
        };
        if let (Bound::Exact, Some(&first)) = (bound, info.pv.first()) {
            let mut lines = self.lines.lock().unwrap_or_else(|p| p.into_inner());
            lines.retain(|l| l.0 != info.multipv);
            lines.push((info.multipv, first, score(info.score)));
        }
        self.sink.info(SearchInfo {
            depth: Some(info.depth),
            seldepth: Some(info.seldepth),
            multipv: Some(u32::try_from(info.multipv.max(1)).unwrap_or(u32::MAX)),
            score: Some(score(info.score)),
            bound,
            wdl: None,
            nodes: Some(info.nodes),
            nps: Some(info.nps),
            hashfull: Some(info.hashfull),
            time_ms: Some(info.time_ms),
            currmove: None,
            currmovenumber: None,
            pv: info.pv_text.to_vec(),
        });
    }
}
