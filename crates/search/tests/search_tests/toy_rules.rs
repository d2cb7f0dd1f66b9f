//! Mate distance and the rules, on toy games with known answers.

use crate::toy;

use game_api::{Game, Move};
use search::{Bound, Engine, Limits, Score, Signals, Silent};
use toy::graph::{Graph, Walk, WalkEval, WalkOf};
use toy::nim::{Nim, NimEval};

fn search_nim(stones: u32, depth: u32) -> (Option<Move>, Score) {
    let mut engine: Engine<Nim, NimEval> = Engine::new(1, 1);
    let r = engine.search(&Nim::new(stones), &Limits::depth(depth), &Silent, &Signals::default());
    (r.best, r.score)
}

#[test]
fn nim_mates_at_the_exact_distance() {
    for stones in 1..=13u32 {
        let (best, score) = search_nim(stones, 16);
        let k = (stones / 4) as i32;
        if stones % 4 == 0 {
            assert_eq!(
                score,
                Score::Mate(-2 * k),
                "{stones} stones: lost, mated in {} plies",
                2 * k
            );
        } else {
            assert_eq!(score, Score::Mate(2 * k + 1), "{stones} stones");
            assert_eq!(best, Some(Move((stones % 4) as u16)), "{stones} stones: the winning take");
        }
    }
}

#[test]
fn go_mate_stops_once_the_mate_is_found() {
    let mut engine: Engine<Nim, NimEval> = Engine::new(1, 1);
    let limits = Limits { mate: Some(3), ..Limits::default() };
    // 9 stones: mate in 5 plies = 3 moves.
    let r = engine.search(&Nim::new(9), &limits, &Silent, &Signals::default());
    assert_eq!(r.score, Score::Mate(5));
    assert!(r.depth < 20, "stopped at depth {}", r.depth);
}

/// 0 -> 1 (check) -> 2 -> 3 (check) -> 0 is a perpetual check by White, worth +500 on the
/// static values; 0 -> 5 -> 6 -> 5 is a quiet repetition from a -100 position.
fn perpetual_check_graph() -> Graph {
    let mut g = Graph::empty(48);
    g.edge(0, 1).edge(0, 5).edge(1, 2).edge(2, 3).edge(3, 0).edge(5, 6).edge(6, 5);
    g.check[1] = true;
    g.check[3] = true;
    for v in [1, 2, 3] {
        g.value[v] = 500;
    }
    g.value[5] = -100;
    g.value[6] = -100;
    g
}

#[test]
fn never_walks_into_a_perpetual_check_loss() {
    for depth in [2, 3, 4, 6, 9, 14] {
        let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
        let root = Walk::new(perpetual_check_graph(), 0);
        let r = engine.search(&root, &Limits::depth(depth), &Silent, &Signals::default());
        if depth >= 4 {
            assert_eq!(r.best, Some(Walk::to(5)), "depth {depth}");
            assert_eq!(r.score, Score::Cp(0), "depth {depth}: the quiet cycle is a draw");
        }
    }
}

#[test]
fn perpetual_check_is_a_loss_in_the_score() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
    let root = Walk::new(perpetual_check_graph(), 0);
    let limits = Limits { depth: Some(8), searchmoves: vec![Walk::to(1)], ..Limits::default() };
    let r = engine.search(&root, &limits, &Silent, &Signals::default());
    assert_eq!(r.best, Some(Walk::to(1)));
    assert_eq!(r.score, Score::Mate(-4), "White's fourth ply completes the cycle and loses");
}

/// 0 -> 1 -> 0 repeats (a draw); 0 -> 2 enters a long chain of `chain_value` (White-relative).
fn draw_or_chain(chain_value: i32) -> Graph {
    let mut g = Graph::empty(48);
    g.edge(0, 1).edge(1, 0).edge(0, 2);
    for v in 2..47 {
        g.edge(v, v + 1);
        g.value[v] = chain_value;
    }
    g.edge(47, 2);
    g.value[47] = chain_value;
    g
}

#[test]
fn takes_a_repetition_draw_when_behind_and_avoids_it_when_ahead() {
    for (value, expected) in [(-300, 1), (300, 2)] {
        let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
        let root = Walk::new(draw_or_chain(value), 0);
        let r = engine.search(&root, &Limits::depth(10), &Silent, &Signals::default());
        assert_eq!(r.best, Some(Walk::to(expected)), "chain value {value}");
        if value < 0 {
            assert_eq!(r.score, Score::Cp(0));
        }
    }
}

/// What the TT holds for (1, Black) after a search from 0 of `draw_or_chain(-300)`: that node's
/// one move returns to the root, a draw only because the root is on the path.
fn stored_path_draw<const S: bool>() -> Option<search::TtInfo> {
    let mut engine: Engine<WalkOf<S>, WalkEval> = Engine::new(1, 1);
    let root = WalkOf::<S>::new(draw_or_chain(-300), 0);
    engine.search(&root, &Limits::depth(10), &Silent, &Signals::default());
    let mut node = root.clone();
    node.make(Walk::to(1));
    engine.probe(&node)
}

#[test]
fn a_path_draw_reaches_the_tt_only_where_the_game_allows_it() {
    // Without it the node keeps at most a quiescence stand-pat (depth 0), never the draw.
    let kept = stored_path_draw::<false>();
    assert!(kept.is_none_or(|t| t.depth == 0), "xiangqi's policy stored {kept:?}");
    let stored = stored_path_draw::<true>().expect("chess's policy: the draw is stored");
    assert!(stored.depth > 0 && stored.bound == Bound::Exact, "{stored:?}");
    assert_eq!(stored.value, Score::Cp(0));
}

#[test]
fn a_repetition_before_the_root_needs_a_third_occurrence() {
    // After 0 -> 1 -> 0 was played in the game, going 0 -> 1 -> 0 again is the third
    // occurrence of (0, White): a draw already at ply 2.
    let mut root = Walk::new(draw_or_chain(-300), 0);
    root.make(Walk::to(1));
    root.make(Walk::to(0));
    assert!(root.verdict(0).is_none(), "second occurrence: the game goes on");
    let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
    let r = engine.search(&root, &Limits::depth(6), &Silent, &Signals::default());
    assert_eq!((r.best, r.score), (Some(Walk::to(1)), Score::Cp(0)));
}

#[test]
fn path_dependent_scores_do_not_leak_through_the_tt() {
    // The perpetual-check graph plus a second entry: 9 -> 1 (onto the cycle) or 9 -> 10 (a long
    // chain worth -200 to White). Searched from 0, vertex (1, Black) is a win for Black only
    // because 0 is on the path. Searched afterwards from 9 with the same TT, (1, Black) is a draw
    // (White leaves the cycle at 0 for 5), so 9 -> 1 is best; a TT that kept the first search's
    // "Black mates" for (1, Black) would steer White into the -200 chain.
    let graph = || {
        let mut g = perpetual_check_graph();
        // Low static values on the cycle, so that 9 -> 1 is not the first root move and its
        // subtree is searched with null windows, where TT cutoffs happen.
        for v in [1, 2, 3] {
            g.value[v] = -400;
        }
        g.edge(9, 10).edge(9, 1);
        for v in 10..40 {
            g.edge(v, v + 1);
            g.value[v] = -200;
        }
        g.edge(40, 10);
        g.value[40] = -200;
        g
    };
    let first = Walk::new(graph(), 0);
    let second = Walk::new(graph(), 9);
    let mut reference: Engine<Walk, WalkEval> = Engine::new(1, 1);
    let expected = reference.search(&second, &Limits::depth(8), &Silent, &Signals::default());
    assert_eq!((expected.best, expected.score), (Some(Walk::to(1)), Score::Cp(0)));
    for depth in [8, 9, 10] {
        let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
        let _ = engine.search(&first, &Limits::depth(12), &Silent, &Signals::default());
        let r = engine.search(&second, &Limits::depth(depth), &Silent, &Signals::default());
        assert_eq!((r.best, r.score), (Some(Walk::to(1)), Score::Cp(0)), "depth {depth}");
    }
}

#[test]
fn root_filters_restrict_the_moves_played() {
    let mut engine: Engine<Walk, WalkEval> = Engine::new(1, 1);
    let root = Walk::new(draw_or_chain(300), 0);
    let banned = Limits { depth: Some(6), banmoves: vec![Walk::to(2)], ..Limits::default() };
    assert_eq!(engine.search(&root, &banned, &Silent, &Signals::default()).best, Some(Walk::to(1)));
    let all_banned =
        Limits { depth: Some(6), banmoves: vec![Walk::to(1), Walk::to(2)], ..Limits::default() };
    assert_eq!(engine.search(&root, &all_banned, &Silent, &Signals::default()).best, None);
}

#[test]
fn no_legal_move_at_the_root_is_reported_as_mated() {
    let mut engine: Engine<Nim, NimEval> = Engine::new(1, 1);
    let r = engine.search(&Nim::new(0), &Limits::depth(5), &Silent, &Signals::default());
    assert_eq!((r.best, r.score), (None, Score::Mate(0)));
}
