//! The engine: the TT and the thread pool's per-thread workers, and `search`, which runs one
//! Lazy-SMP search and picks the move the threads vote for.

use crate::limits::Limits;
use crate::params::{column, MAX_DEPTH, MAX_PLY};
use crate::report::{Bound, Info, Reporter, ShownPv, Silent};
use crate::score::{from_tt, tb_win_in, verdict_score, Score, INFINITE, MATE_BOUND};
use crate::shared::{Deadline, NodeCounter, Shared, Signals, StartGate};
use crate::time::TimeManager;
use crate::tt::TranspositionTable;
use crate::worker::{InfoCounts, MainControl, RootMove, Worker};
use game_api::{Evaluator, Game, GenKind, Move, MoveList, Tablebase, TbValue};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Stack size of helper threads: the recursion keeps a move picker per ply.
const HELPER_STACK_BYTES: usize = 16 << 20;

/// The outcome of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    /// `None` only when the root has no move to search (no legal move, or all filtered out).
    pub best: Option<Move>,
    /// The expected reply, to ponder on.
    pub ponder: Option<Move>,
    pub score: Score,
    /// Last fully searched depth of the thread whose move was chosen.
    pub depth: u32,
    pub nodes: u64,
    pub time_ms: u64,
    /// The part of `time_ms` the time manager counts: until the main thread's last iteration
    /// ended, before the helpers were joined. The rest (joining threads that an oversubscribed
    /// machine had not scheduled, the vote) is overhead, like the GUI's transport lag.
    pub thinking_ms: u64,
}

/// A TT entry as `pophash` shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TtInfo {
    pub best: Option<Move>,
    pub bound: Bound,
    /// The stored score, from the side to move's point of view at the probed position.
    pub value: Score,
    pub depth: u32,
}

/// A read handle on an engine's TT that needs no borrow of the engine, so that another thread
/// can answer UCCI `probe` while a search runs (the table is lockless: entries are atomics).
#[derive(Clone)]
pub struct TtReader(Arc<TranspositionTable>);

impl TtReader {
    /// What the TT holds for `pos` (UCCI `pophash`). The move is returned only if legal there.
    pub fn probe<G: Game>(&self, pos: &G) -> Option<TtInfo> {
        let hit = self.0.probe(pos.tt_key())?;
        if hit.bound == Bound::None {
            return None;
        }
        Some(TtInfo {
            best: Some(hit.mv).filter(|&m| m.is_some() && pos.is_legal(m)),
            bound: hit.bound,
            value: Score::from_value(from_tt(hit.value, 0)),
            depth: hit.depth as u32,
        })
    }
}

pub struct Engine<G: Game, E: Evaluator<G>> {
    /// Shared only with [`TtReader`]s; the search itself borrows it.
    tt: Arc<TranspositionTable>,
    hash_mb: usize,
    workers: Vec<Worker<G, E>>,
    /// What every worker's evaluator is cloned from (`set_evaluator`); `E::default()` at first.
    eval_template: E,
    /// Endgame tables (`SyzygyPath`), if any: they rank the root moves and answer in the tree.
    tablebase: Option<Arc<dyn Tablebase<G>>>,
    /// The CPUs this process may run on: a search on the clock starts no more threads.
    cores: usize,
}

impl<G: Game, E: Evaluator<G>> Engine<G, E> {
    /// An engine with a table of at most `hash_mb` MB (see [`Engine::hash_mb_obtained`]).
    pub fn new(hash_mb: usize, threads: usize) -> Self {
        let mut engine = Engine {
            tt: Arc::new(TranspositionTable::new(hash_mb)),
            hash_mb,
            workers: Vec::new(),
            eval_template: E::default(),
            tablebase: None,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
        };
        engine.set_threads(threads);
        engine
    }

    /// Resizes the TT (its contents are lost) and returns the size obtained in MB: the largest
    /// that the machine gives, up to `mb`. A no-op when the size asked for does not change.
    pub fn set_hash_mb(&mut self, mb: usize) -> usize {
        if mb != self.hash_mb {
            // Free the old table first, so the peak is not old + new and the new one may use
            // the memory the old one held.
            self.tt = Arc::new(TranspositionTable::new(0));
            self.tt = Arc::new(TranspositionTable::new(mb));
            self.hash_mb = mb;
        }
        self.hash_mb_obtained()
    }

    /// The TT's actual size in MB, which is less than asked for when memory was short.
    pub fn hash_mb_obtained(&self) -> usize {
        self.tt.size_mb()
    }

    /// Bytes held by the TT's entry array.
    pub fn tt_bytes(&self) -> usize {
        self.tt.size_bytes()
    }

    pub fn hash_mb(&self) -> usize {
        self.hash_mb
    }

    pub fn set_threads(&mut self, threads: usize) {
        let threads = threads.max(1);
        self.workers.truncate(threads);
        while self.workers.len() < threads {
            let mut worker = Worker::new(self.workers.len());
            worker.eval = self.eval_template.clone();
            self.workers.push(worker);
        }
    }

    /// Makes every thread evaluate with a clone of `eval` (an evaluator carrying a loaded net),
    /// now and after any `set_threads`.
    pub fn set_evaluator(&mut self, eval: E) {
        for w in &mut self.workers {
            w.eval = eval.clone();
        }
        self.eval_template = eval;
    }

    /// Searches with these endgame tables from the next `go` on (`None`: without tables).
    pub fn set_tablebase(&mut self, tablebase: Option<Arc<dyn Tablebase<G>>>) {
        self.tablebase = tablebase;
    }

    pub fn threads(&self) -> usize {
        self.workers.len()
    }

    /// Forgets everything learned: TT and histories (`ucinewgame`).
    pub fn clear(&mut self) {
        match Arc::get_mut(&mut self.tt) {
            Some(tt) => tt.clear(),
            // A probe reader still holds the table (only while a search runs, and a clear never
            // comes then): a fresh table of the same size is just as empty.
            None => self.tt = Arc::new(TranspositionTable::new(self.hash_mb)),
        }
        for w in &mut self.workers {
            w.clear();
        }
    }

    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The static evaluation of `pos`, side to move's view (the `eval` command).
    pub fn static_eval(&mut self, pos: &G) -> i32 {
        self.workers[0].eval.new_root(pos);
        self.workers[0].eval.evaluate(pos)
    }

    /// What the TT holds for `pos` (UCCI `pophash`). The move is returned only if legal there.
    pub fn probe(&self, pos: &G) -> Option<TtInfo> {
        self.tt_reader().probe(pos)
    }

    /// A handle for probing the TT from another thread, during a search too.
    pub fn tt_reader(&self) -> TtReader {
        TtReader(Arc::clone(&self.tt))
    }

    /// Searches `root` within `limits`. Progress goes to `reporter` (from the calling thread);
    /// `signals.stop` ends the search early. With `limits.infinite` or `limits.ponder` the
    /// result is held back until `stop` (or, pondering, `ponderhit` once the search is done).
    /// The caller's thread runs the main search thread, so it needs the default 2 MB of stack.
    pub fn search<R: Reporter + ?Sized>(
        &mut self,
        root: &G,
        limits: &Limits,
        reporter: &R,
        signals: &Signals,
    ) -> SearchResult {
        let started = Instant::now();
        self.tt.new_search();
        let mut root_moves = self.root_moves(root, limits);
        if root_moves.is_empty() {
            return self.empty_root(root, limits, reporter, signals, started);
        }
        let asked = root_moves.len() as u64;
        let tree_tablebase = self.rank_by_tablebase(root, &mut root_moves);
        // A root the tables ranked counts its probes, one per root move, as hits (Stockfish
        // counts them too): otherwise a search the tables decide reports `tbhits 0`.
        let root_tb_hits =
            if root_moves.iter().any(|rm| rm.tb_score.is_some()) { asked } else { 0 };

        let max_depth = limits.depth.map_or(MAX_DEPTH, |d| d.clamp(1, MAX_DEPTH as u32) as i32);
        let max_depth = max_depth.min(MAX_PLY as i32 - 8);
        let side = root.side_to_move().index();
        let control = MainControl {
            time: TimeManager::new(limits, side, started, column::<G>()),
            started,
            pondering: limits.ponder,
            best_changes: 0,
            node_budget: limits.nodes,
        };
        let active = active_threads(self.workers.len(), self.cores, control.time.hard_ms());
        // A ponder search has no deadline until `ponderhit` (the main thread publishes it then).
        let deadline = if limits.ponder { None } else { control.time.hard_deadline() };
        let shared = Shared {
            tt: &self.tt,
            signals,
            abort: AtomicBool::new(false),
            nodes: (0..active).map(|_| NodeCounter::default()).collect(),
            tb_hits: (0..active).map(|_| NodeCounter::default()).collect(),
            limits,
            max_depth,
            deadline: Deadline::new(started, deadline),
            start_gate: StartGate::default(),
        };
        for w in self.workers.iter_mut() {
            w.tablebase = tree_tablebase.clone();
        }
        let (main, helpers) = self.workers[..active].split_at_mut(1);
        let main = &mut main[0];
        main.prepare(root, &root_moves, Some(control));
        main.tb_hits = root_tb_hits;
        for h in helpers.iter_mut() {
            h.prepare(root, &root_moves, None);
        }

        let mut thinking_ms = 0;
        let shown = ShownPv::new(reporter);
        std::thread::scope(|scope| {
            for h in helpers.iter_mut() {
                let shared = &shared;
                // A helper that cannot be started only makes the search weaker, not wrong.
                let _ = std::thread::Builder::new()
                    .name(format!("search-{}", h.id))
                    .stack_size(HELPER_STACK_BYTES)
                    .spawn_scoped(scope, move || {
                        shared.start_gate.wait();
                        h.iterate(shared, &Silent)
                    });
            }
            shared.start_gate.open();
            main.iterate(&shared, &shown);
            thinking_ms = started.elapsed().as_millis() as u64;
            if limits.infinite || main.main.as_ref().is_some_and(|m| m.pondering) {
                wait_for_release(signals, limits.infinite);
            }
            shared.abort.store(true, Relaxed);
        });

        let workers = &self.workers[..active];
        let chosen = vote(workers);
        let w = &workers[chosen];
        let rm = &w.root_moves[0];
        if rm.mv != shown.first() {
            // A helper's move, or one the main thread found after its last line: show the
            // line that is played, or the GUI shows one move and plays another.
            self.report_chosen(root, &self.workers[..active], chosen, reporter, started);
        }
        let best = rm.mv;
        let mut ponder = rm.pv.get(1).copied();
        if ponder.is_none() {
            ponder = self.ponder_from_tt(root, best);
        }
        SearchResult {
            best: Some(best),
            ponder,
            // Only a `stop` inside the first iteration leaves no score; say "level" then.
            score: if rm.score == -INFINITE {
                Score::Cp(0)
            } else {
                Score::from_value(rm.shown_score())
            },
            depth: w.completed_depth.max(0) as u32,
            nodes: workers.iter().map(|w| w.nodes).sum(),
            time_ms: started.elapsed().as_millis() as u64,
            thinking_ms,
        }
    }

    /// One `info` line for the principal variation of the thread the vote chose.
    fn report_chosen<R: Reporter + ?Sized>(
        &self,
        root: &G,
        workers: &[Worker<G, E>],
        chosen: usize,
        reporter: &R,
        started: Instant,
    ) {
        let w = &workers[chosen];
        let counts = InfoCounts {
            nodes: workers.iter().map(|w| w.nodes).sum(),
            tb_hits: workers.iter().map(|w| w.tb_hits).sum(),
            hashfull: self.tt.hashfull(),
            micros: started.elapsed().as_micros(),
        };
        w.root_moves[0].report(reporter, root, w.completed_depth.max(1), 1, &counts);
    }

    /// Legal root moves after `searchmoves` / `banmoves`, TT move first, then captures. The one
    /// root filter: callers (the session's `go`) rely on `SearchResult::best` being one of these.
    fn root_moves(&self, root: &G, limits: &Limits) -> Vec<RootMove> {
        let mut list = MoveList::new();
        root.generate(GenKind::All, &mut list);
        let tt_move = self.tt.probe(root.tt_key()).map_or(Move::NONE, |h| h.mv);
        let mut moves: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| limits.searchmoves.is_empty() || limits.searchmoves.contains(m))
            .filter(|m| !limits.banmoves.contains(m))
            .collect();
        moves.sort_by_key(|&m| {
            if m == tt_move {
                i32::MIN
            } else {
                -root
                    .captured_kind(m)
                    .map_or(if root.is_tactical(m) { 1 } else { 0 }, |k| G::kind_value(k) + 2)
            }
        });
        moves.into_iter().map(RootMove::new).collect()
    }

    /// When the root is in the endgame tables: keeps only the root moves of the best rank, each
    /// with the score the tables give it, and returns the tables the tree should still probe
    /// (none after a ranking by DTZ, which already keeps the result, unless it shows no win).
    fn rank_by_tablebase(
        &self,
        root: &G,
        root_moves: &mut Vec<RootMove>,
    ) -> Option<Arc<dyn Tablebase<G>>> {
        let tb = self.tablebase.as_ref()?;
        let moves: Vec<Move> = root_moves.iter().map(|rm| rm.mv).collect();
        let Some(ranking) = tb.rank_root(root, &moves) else {
            return Some(Arc::clone(tb));
        };
        let best_rank = ranking.moves.iter().map(|r| r.rank).max()?;
        let mut wins = false;
        root_moves.retain_mut(|rm| {
            let Some(ranked) = ranking.moves.iter().find(|r| r.mv == rm.mv) else {
                return false;
            };
            rm.tb_score = Some(match ranked.value {
                TbValue::Win => tb_win_in(1),
                TbValue::Loss => -tb_win_in(1),
                TbValue::Centipawns(cp) => cp,
            });
            wins |= ranked.value == TbValue::Win;
            ranked.rank == best_rank
        });
        (!ranking.by_dtz && wins).then(|| Arc::clone(tb))
    }

    fn ponder_from_tt(&self, root: &G, best: Move) -> Option<Move> {
        let mut pos = root.clone();
        pos.make(best);
        let m = self.tt.probe(pos.tt_key())?.mv;
        (m.is_some() && pos.is_legal(m)).then_some(m)
    }

    /// No move to search: report the ruling (mated, stalemated) or a draw-ish 0 when every
    /// move was filtered out.
    fn empty_root<R: Reporter + ?Sized>(
        &self,
        root: &G,
        limits: &Limits,
        reporter: &R,
        signals: &Signals,
        started: Instant,
    ) -> SearchResult {
        let mut list = MoveList::new();
        root.generate(GenKind::All, &mut list);
        let value = if list.is_empty() {
            verdict_score(root.no_moves_verdict(), root.side_to_move(), 0)
        } else {
            0
        };
        let score = Score::from_value(value);
        reporter.info(&Info {
            depth: 0,
            seldepth: 0,
            multipv: 1,
            score,
            bound: Bound::Exact,
            nodes: 0,
            nps: 0,
            hashfull: self.tt.hashfull(),
            tb_hits: 0,
            time_ms: started.elapsed().as_millis() as u64,
            pv: &[],
            pv_text: &[],
        });
        if limits.infinite || limits.ponder {
            wait_for_release(signals, limits.infinite);
        }
        SearchResult {
            best: None,
            ponder: None,
            score,
            depth: 0,
            nodes: 0,
            time_ms: started.elapsed().as_millis() as u64,
            thinking_ms: started.elapsed().as_millis() as u64,
        }
    }
}

/// Holds an infinite or ponder search's result until the GUI asks for it.
fn wait_for_release(signals: &Signals, infinite: bool) {
    loop {
        if signals.stop.load(Relaxed) || (!infinite && signals.ponderhit.load(Relaxed)) {
            return;
        }
        std::thread::sleep(Duration::from_millis(1));
    }
}

/// Below this hard limit (ms) a timed search runs on the main thread alone: a helper thread
/// costs its start and, at the end, a wait until the scheduler runs it again to see the abort,
/// which on a loaded machine is more than such a search has (the clock stress runs).
const SOLO_BELOW_MS: u64 = 50;

/// The threads a search starts. On the clock, threads beyond the cores only lose time: each
/// runs a sliver of each scheduling round, the main thread sees its deadline late, and the
/// answer waits until every helper has run again to see the abort (the clock stress runs lost
/// most games on time so, with Threads 4 on 2 cores); a search of a few milliseconds is done
/// by the main thread alone. Fixed-depth, node and infinite searches use every thread asked
/// for. `hard_ms` is the time manager's hard limit, `None` when the search is not timed.
fn active_threads(threads: usize, cores: usize, hard_ms: Option<u64>) -> usize {
    match hard_ms {
        None => threads.max(1),
        Some(hard) if hard < SOLO_BELOW_MS => 1,
        Some(_) => threads.min(cores).max(1),
    }
}

/// Picks the thread whose best move the threads, weighted by depth and score, agree on. A
/// proven mate wins outright (the shortest); with one thread this is always the main thread.
fn vote<G: Game, E: Evaluator<G>>(workers: &[Worker<G, E>]) -> usize {
    let candidates: Vec<usize> = (0..workers.len())
        .filter(|&i| {
            i == 0 || (workers[i].completed_depth > 0 && workers[i].root_moves[0].score > -INFINITE)
        })
        .collect();
    let score = |i: usize| workers[i].root_moves[0].score;
    if let Some(&mate) =
        candidates.iter().filter(|&&i| score(i) >= MATE_BOUND).max_by_key(|&&i| score(i))
    {
        return mate;
    }
    let floor = candidates.iter().map(|&i| score(i)).min().unwrap_or(0);
    let weight =
        |i: usize| i64::from(score(i) - floor + 10) * i64::from(workers[i].completed_depth.max(1));
    let mut best = 0;
    let mut best_votes = i64::MIN;
    for &i in &candidates {
        let mv = workers[i].root_moves[0].mv;
        let votes: i64 = candidates
            .iter()
            .filter(|&&j| workers[j].root_moves[0].mv == mv)
            .map(|&j| weight(j))
            .sum();
        // Ties go to the deeper thread (then the main thread, being first).
        if votes > best_votes
            || (votes == best_votes && workers[i].completed_depth > workers[best].completed_depth)
        {
            best = i;
            best_votes = votes;
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::{active_threads, SOLO_BELOW_MS};

    #[test]
    fn clock_searches_start_no_more_threads_than_cores() {
        assert_eq!(active_threads(4, 2, Some(1000)), 2);
        assert_eq!(active_threads(2, 16, Some(1000)), 2);
        assert_eq!(active_threads(4, 0, Some(1000)), 1);
        assert_eq!(active_threads(4, 2, None), 4, "depth, nodes, infinite: all threads");
    }

    #[test]
    fn searches_of_a_few_milliseconds_run_alone() {
        assert_eq!(active_threads(4, 16, Some(SOLO_BELOW_MS - 1)), 1);
        assert_eq!(active_threads(4, 16, Some(SOLO_BELOW_MS)), 4);
    }
}
