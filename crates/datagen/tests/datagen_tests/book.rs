//! Opening books: as many positions as asked, each new, level by the judging search, reached by
//! the asked number of random plies, and the same book whatever the thread count.

use datagen::book::{make_book, BookSettings};
use game_api::{Evaluator, Game};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use search::{Engine, Limits, Score, Signals, Silent};
use std::collections::HashSet;

fn check<G: Game, E: Evaluator<G>>(min_plies: usize, max_plies: usize) {
    let s = BookSettings { count: 60, min_plies, max_plies, nodes: 400, window_cp: 80, seed: 9 };
    let eval = E::default();
    let one = make_book::<G, E>(&s, &eval, 1, 100_000, |_, _| {});
    let two = make_book::<G, E>(&s, &eval, 2, 100_000, |_, _| {});
    assert_eq!(one, two, "the thread count changed the book");
    assert_eq!(one.len(), 60);
    let distinct: HashSet<&str> = one.iter().map(|e| e.epd.as_str()).collect();
    assert_eq!(distinct.len(), 60, "a position twice");
    let mut engine = Engine::<G, E>::new(1, 1);
    for e in &one {
        assert_eq!(e.epd.split_whitespace().count(), 4, "{}", e.epd);
        let pos = G::from_fen(&format!("{} 0 1", e.epd)).expect("the book's EPD reads back");
        assert!(pos.game_verdict().is_none() && pos.count_legal() > 0);
        assert!(e.score_cp.abs() <= 80);
        engine.clear();
        let again = engine.search(&pos, &Limits::nodes(400), &Silent, &Signals::default());
        assert_eq!(again.score, Score::Cp(e.score_cp), "{}: the judging search, repeated", e.epd);
    }
    let other =
        make_book::<G, E>(&BookSettings { seed: 10, ..s.clone() }, &eval, 1, 100_000, |_, _| {});
    assert_ne!(one, other, "the seed picks the book");
}

#[test]
fn chess_books_are_distinct_level_and_reproducible() {
    check::<Chess, eval_chess::ChessEval>(8, 10);
}

#[test]
fn xiangqi_books_are_distinct_level_and_reproducible() {
    check::<Xiangqi, eval_xiangqi::XiangqiEval>(6, 10);
}
