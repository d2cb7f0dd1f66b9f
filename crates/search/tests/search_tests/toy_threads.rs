//! Threads, stopping, limits, determinism and reporting, on a random graph walk whose tree
//! never runs out.

use crate::toy;

use game_api::{Game, GenKind, MoveList};
use search::{Engine, Info, Limits, Reporter, Signals, Silent};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use toy::graph::{Graph, Walk, WalkEval};

fn random_walk(seed: u64) -> Walk {
    Walk::new(Graph::random(seed, 64), (seed % 64) as usize)
}

fn legal(pos: &Walk, m: game_api::Move) -> bool {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.contains(m)
}

#[test]
fn two_threads_give_legal_moves_over_many_short_searches() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 2);
    for i in 0..300u64 {
        let pos = random_walk(i);
        let limits = if i % 2 == 0 {
            Limits::depth(1 + (i % 9) as u32)
        } else {
            Limits::nodes(500 + i * 37)
        };
        let r = engine.search(&pos, &limits, &Silent, &Signals::default());
        let best = r.best.expect("a move");
        assert!(legal(&pos, best), "search {i}: illegal move");
        if i % 50 == 0 {
            engine.clear();
        }
    }
}

#[test]
fn stop_returns_promptly_with_a_legal_move() {
    for threads in [1, 2] {
        let mut engine: Engine<Walk, WalkEval> = Engine::new(4, threads);
        let pos = random_walk(7);
        let signals = Arc::new(Signals::default());
        let limits = Limits { infinite: true, ..Limits::default() };
        let stopper = {
            let signals = Arc::clone(&signals);
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                let at = Instant::now();
                signals.stop();
                at
            })
        };
        let r = engine.search(&pos, &limits, &Silent, &signals);
        let returned = Instant::now();
        let stopped_at = stopper.join().unwrap();
        // Generous: the test machine is shared; a search that ignored the flag would run forever.
        assert!(
            returned.duration_since(stopped_at) < Duration::from_millis(300),
            "{threads} threads: slow stop"
        );
        assert!(legal(&pos, r.best.expect("a move")));
        assert!(r.depth >= 1);
    }
}

#[test]
fn ponder_waits_for_ponderhit_then_runs_on_the_clock() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 1);
    let pos = random_walk(3);
    let signals = Arc::new(Signals::default());
    let limits = Limits { ponder: true, movetime: Some(100), ..Limits::default() };
    let start = Instant::now();
    let hitter = {
        let signals = Arc::clone(&signals);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            signals.ponderhit();
        })
    };
    let r = engine.search(&pos, &limits, &Silent, &signals);
    hitter.join().unwrap();
    let took = start.elapsed();
    assert!(took >= Duration::from_millis(390), "the clock ran while pondering: {took:?}");
    assert!(took < Duration::from_millis(1500), "{took:?}");
    assert!(legal(&pos, r.best.expect("a move")));
}

#[test]
fn time_limits_are_kept() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 2);
    let pos = random_walk(11);
    let start = Instant::now();
    let r = engine.search(&pos, &Limits::movetime(150), &Silent, &Signals::default());
    let took = start.elapsed();
    assert!(
        took >= Duration::from_millis(100) && took < Duration::from_millis(600),
        "movetime 150 took {took:?}"
    );
    assert!(r.best.is_some());

    // 500 ms on the clock, 50 ms overhead: the search must stay far inside it.
    let limits = Limits { time: [Some(500), Some(500)], move_overhead: 50, ..Limits::default() };
    let start = Instant::now();
    let r = engine.search(&pos, &limits, &Silent, &Signals::default());
    assert!(start.elapsed() < Duration::from_millis(450), "took {:?}", start.elapsed());
    assert!(r.best.is_some());
}

#[test]
fn node_limit_is_respected() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 1);
    let r = engine.search(&random_walk(5), &Limits::nodes(5000), &Silent, &Signals::default());
    assert!(r.nodes <= 5000 && r.nodes > 4000, "{} nodes", r.nodes);
}

/// The toy's evaluation, slow on the thread that called `search` (the main search thread) at
/// every move it makes: a main thread that gets little CPU, as on an oversubscribed machine or
/// under valgrind's serialised threads.
#[derive(Clone, Default)]
struct SlowMainEval;

impl game_api::Evaluator<Walk> for SlowMainEval {
    fn evaluate(&mut self, pos: &Walk) -> i32 {
        WalkEval.evaluate(pos)
    }

    fn on_make(&mut self, _pos: &Walk, _m: game_api::Move) {
        let helper = std::thread::current().name().is_some_and(|n| n.starts_with("search-"));
        if !helper {
            std::thread::sleep(Duration::from_micros(100));
        }
    }
}

#[test]
fn helpers_keep_the_node_limit_while_the_main_thread_lags() {
    let mut engine: Engine<Walk, SlowMainEval> = Engine::new(4, 2);
    let r = engine.search(&random_walk(5), &Limits::nodes(5000), &Silent, &Signals::default());
    // Each thread publishes its count every 1,024 nodes, so each may run that far past.
    assert!(r.nodes <= 5000 + 2 * 1024, "{} nodes for a limit of 5,000", r.nodes);
    assert!(r.best.is_some());
}

#[test]
fn single_thread_node_counts_are_reproducible() {
    let run = || {
        let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 1);
        (0..5u64)
            .map(|i| {
                engine.clear();
                engine
                    .search(&random_walk(100 + i), &Limits::depth(9), &Silent, &Signals::default())
                    .nodes
            })
            .collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run());
    assert!(first.iter().all(|&n| n > 100));
}

#[derive(Default)]
struct Collect {
    lines: Mutex<Vec<(u32, usize, String)>>,
    calls: AtomicU64,
}

impl Reporter for Collect {
    fn info(&self, info: &Info<'_>) {
        self.calls.fetch_add(1, Ordering::Relaxed);
        assert_eq!(info.pv.len(), info.pv_text.len());
        self.lines.lock().unwrap().push((info.depth, info.multipv, info.pv_text.join(" ")));
    }
}

#[test]
fn reports_every_depth_and_every_multipv_line() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 1);
    let pos = random_walk(21);
    let reporter = Collect::default();
    let limits = Limits { depth: Some(6), multipv: 3, ..Limits::default() };
    let r = engine.search(&pos, &limits, &reporter, &Signals::default());
    let lines = reporter.lines.lock().unwrap();
    for depth in 1..=6 {
        let at: Vec<_> = lines.iter().filter(|l| l.0 == depth).collect();
        let firsts: Vec<_> = at.iter().map(|l| l.1).collect();
        assert!(
            firsts.contains(&1) && firsts.contains(&2) && firsts.contains(&3),
            "depth {depth}: {firsts:?}"
        );
    }
    // The three lines of the last depth start with three different moves; the first is the best.
    let last: Vec<_> = lines.iter().filter(|l| l.0 == 6).rev().take(3).collect();
    let starts: std::collections::HashSet<_> =
        last.iter().map(|l| l.2.split(' ').next().unwrap().to_owned()).collect();
    assert_eq!(starts.len(), 3);
    let best_line = last.iter().find(|l| l.1 == 1).unwrap();
    assert!(best_line.2.starts_with(&pos.write_move(r.best.unwrap())));
}

#[test]
fn probe_returns_what_the_search_stored() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(4, 1);
    let pos = random_walk(33);
    let r = engine.search(&pos, &Limits::depth(6), &Silent, &Signals::default());
    let info = engine.probe(&pos);
    if let Some(info) = info {
        if let Some(m) = info.best {
            assert!(legal(&pos, m));
        }
    }
    assert!(r.best.is_some());
}
