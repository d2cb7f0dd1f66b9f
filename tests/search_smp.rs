//! Real games under the search: a legal move in every perft-suite position, Threads=2 over many
//! short searches, prompt stop, and the bench signature.
//!
//! Its own test binary, not a module of `tests/search/`: `clock_is_never_overrun` gives a
//! two-thread search 100 ms and `stop_returns_promptly_in_both_games` bounds a stop; beside the
//! search group's deep searches in one process (colour symmetry at depth 8) the first overran
//! (71 ms + 30 ms overhead on 100 ms, CI=true scripts/test on the loaded 2-core machine).

use game_api::{Evaluator, Game, GenKind, Move, MoveList};
use kientuong_suite::{kientuong_bin, perft_cases};
use search::{Engine, Limits, Signals, Silent};
use std::sync::Arc;
use std::time::{Duration, Instant};

fn is_legal_move<G: Game>(pos: &G, m: Move) -> bool {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.contains(m)
}

fn suite_positions<G: Game>() -> Vec<G> {
    let mut fens: Vec<String> = perft_cases(G::NAME).into_iter().map(|c| c.fen).collect();
    fens.dedup();
    fens.iter().map(|f| G::from_fen(f).unwrap_or_else(|e| panic!("{f}: {e}"))).collect()
}

fn legal_in_every_suite_position<G: Game, E: Evaluator<G>>(threads: usize) {
    let positions = suite_positions::<G>();
    assert!(!positions.is_empty());
    let mut engine: Engine<G, E> = Engine::new(16, threads);
    for (i, pos) in positions.iter().enumerate() {
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        let limits =
            if threads == 1 { Limits::depth(4) } else { Limits::nodes(3000 + 500 * i as u64) };
        let r = engine.search(pos, &limits, &Silent, &Signals::default());
        match r.best {
            Some(m) => {
                assert!(is_legal_move(pos, m), "{}: illegal {}", pos.fen(), pos.write_move(m))
            }
            None => assert!(list.is_empty(), "{}: no move returned", pos.fen()),
        }
        if let Some(p) = r.ponder {
            let mut after = pos.clone();
            after.make(r.best.unwrap());
            assert!(is_legal_move(&after, p), "{}: illegal ponder move", pos.fen());
        }
    }
}

#[test]
fn chess_returns_a_legal_move_in_every_perft_position() {
    legal_in_every_suite_position::<movegen_chess::Chess, eval_chess::ChessEval>(1);
}

#[test]
fn xiangqi_returns_a_legal_move_in_every_perft_position() {
    legal_in_every_suite_position::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>(1);
}

#[test]
fn two_threads_many_short_searches_chess() {
    for _ in 0..3 {
        legal_in_every_suite_position::<movegen_chess::Chess, eval_chess::ChessEval>(2);
    }
}

#[test]
fn two_threads_many_short_searches_xiangqi() {
    for _ in 0..3 {
        legal_in_every_suite_position::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>(2);
    }
}

/// Keeps the first move of the last PV the search showed.
#[derive(Default)]
struct LastPv(std::sync::Mutex<Option<Move>>);

impl search::Reporter for LastPv {
    fn info(&self, info: &search::Info<'_>) {
        if let (Some(&first), Ok(mut last)) = (info.pv.first(), self.0.lock()) {
            *last = Some(first);
        }
    }
}

/// With helper threads the vote may play a helper's move; the last PV shown must then be the
/// helper's, or a GUI shows one line and plays another (found by the clock stress runs).
fn bestmove_is_the_last_pv_shown<G: Game, E: Evaluator<G>>() {
    let mut engine: Engine<G, E> = Engine::new(16, 4);
    let mut checked = 0;
    let positions = suite_positions::<G>();
    for (i, pos) in positions.iter().enumerate() {
        let shown = LastPv::default();
        let r =
            engine.search(pos, &Limits::nodes(2000 + 700 * i as u64), &shown, &Signals::default());
        let last = *shown.0.lock().unwrap_or_else(|p| p.into_inner());
        if let (Some(best), Some(last)) = (r.best, last) {
            assert_eq!(
                pos.write_move(best),
                pos.write_move(last),
                "{}: bestmove is not the last PV shown",
                pos.fen()
            );
            checked += 1;
        }
        assert!(r.thinking_ms <= r.time_ms, "{}", pos.fen());
    }
    assert!(
        checked * 2 >= positions.len(),
        "{checked} of {} searches showed a PV",
        positions.len()
    );
}

#[test]
fn bestmove_is_the_last_pv_shown_in_both_games() {
    for _ in 0..3 {
        bestmove_is_the_last_pv_shown::<movegen_chess::Chess, eval_chess::ChessEval>();
        bestmove_is_the_last_pv_shown::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>();
    }
}

fn stop_is_prompt<G: Game, E: Evaluator<G>>() {
    let mut engine: Engine<G, E> = Engine::new(16, 2);
    let pos = G::startpos();
    let signals = Arc::new(Signals::default());
    let stopper = {
        let signals = Arc::clone(&signals);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(300));
            signals.stop();
            Instant::now()
        })
    };
    let r = engine.search(&pos, &Limits { infinite: true, ..Limits::default() }, &Silent, &signals);
    let returned = Instant::now();
    let stopped = stopper.join().unwrap();
    assert!(
        returned.duration_since(stopped) < Duration::from_millis(300),
        "{} stop took too long",
        G::NAME
    );
    assert!(is_legal_move(&pos, r.best.expect("a move")));
}

#[test]
fn stop_returns_promptly_in_both_games() {
    stop_is_prompt::<movegen_chess::Chess, eval_chess::ChessEval>();
    stop_is_prompt::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>();
}

#[test]
fn clock_is_never_overrun() {
    let mut engine: Engine<movegen_chess::Chess, eval_chess::ChessEval> = Engine::new(16, 2);
    let pos = movegen_chess::Chess::startpos();
    for left in [100u64, 400, 2000] {
        let limits = search::Limits {
            time: [Some(left), Some(left)],
            move_overhead: 30,
            ..Limits::default()
        };
        let start = Instant::now();
        let r = engine.search(&pos, &limits, &Silent, &Signals::default());
        let used = start.elapsed().as_millis() as u64;
        assert!(used + 30 < left, "{left} ms left, used {used} ms");
        assert!(r.best.is_some());
    }
}

/// Runs `kientuong bench --depth 5` (plus `extra`) and returns its output lines.
fn bench_lines_with(extra: &[&str]) -> Vec<String> {
    let out = std::process::Command::new(kientuong_bin())
        .args(["bench", "--depth", "5"])
        .args(extra)
        .output()
        .expect("run bench");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8_lossy(&out.stdout).lines().map(str::to_owned).collect()
}

fn bench_lines() -> Vec<String> {
    bench_lines_with(&[])
}

fn node_counts(lines: &[String]) -> Vec<u64> {
    lines
        .iter()
        .map(|l| l.split_whitespace().rev().nth(3).and_then(|n| n.parse().ok()).expect(l))
        .collect()
}

#[test]
fn bench_prints_a_reproducible_signature() {
    let first = bench_lines();
    assert_eq!(first.len(), 3, "{first:?}");
    assert!(
        first[0].starts_with("chess: ")
            && first[1].starts_with("xiangqi: ")
            && first[2].starts_with("Bench: ")
    );
    for line in &first {
        assert!(line.ends_with(" nps") && line.contains(" nodes "), "{line}");
    }
    let nodes = node_counts(&first);
    assert_eq!(nodes[0] + nodes[1], nodes[2]);
    assert_eq!(nodes, node_counts(&bench_lines()), "bench node counts differ between runs");
}

/// The bench measures the engine that plays: the embedded nets, not the hand-written evaluations
/// (`--hand`), whose tree differs; the old `--nnue` flag still names the default.
#[test]
fn bench_searches_with_the_nets_unless_told_otherwise() {
    let nets = node_counts(&bench_lines());
    let hand = node_counts(&bench_lines_with(&["--hand"]));
    assert_ne!(nets[0], hand[0], "chess bench did not change evaluator");
    assert_ne!(nets[1], hand[1], "xiangqi bench did not change evaluator");
    assert_eq!(nets, node_counts(&bench_lines_with(&["--nnue"])));
}
