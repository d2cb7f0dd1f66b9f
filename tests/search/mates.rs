//! The search finds the shortest mate in chess and xiangqi positions whose mate distance an
//! outside engine confirmed (Stockfish, Fairy-Stockfish at depth 18).

use game_api::{Evaluator, Game};
use search::{Engine, Limits, Score, Signals, Silent};

/// (FEN, mate in N moves for the side to move).
const CHESS_MATES: &[(&str, i32)] = &[
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1),
    ("5rk1/5ppp/8/8/8/8/1r3PPP/6K1 b - - 0 1", 1),
    ("6k1/pp4pp/8/8/8/8/1Q3PPP/4R1K1 w - - 0 1", 2),
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 1", 2),
    ("7k/8/8/8/8/8/R7/1R5K w - - 0 1", 2),
    ("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1", 3),
];

const XIANGQI_MATES: &[(&str, i32)] = &[
    ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1),
    ("3k5/R8/9/9/9/9/9/9/9/4K3R w - - 0 1", 1),
    ("9/9/3k5/9/3N5/R8/9/5K3/9/9 w - - 0 1", 1),
    ("3k5/6R2/6RC1/9/9/9/9/5K3/9/9 w - - 0 1", 1),
    ("3k5/8P/3a5/3R5/9/9/9/9/9/4K4 w - - 0 1", 1),
    ("9/4ak3/4Ca3/9/9/2C6/9/9/9/4K4 w - - 0 1", 1),
    ("9/4a4/1N1k5/9/9/5RC2/9/9/5K3/9 w - - 0 1", 2),
    ("4k4/9/5C3/9/9/9/R8/9/9/3K5 w - - 0 1", 2),
    ("9/9/4k4/8R/N8/9/9/9/9/5K3 w - - 0 1", 2),
    ("5N3/4a4/3a1k3/1C7/2C6/9/9/4K4/9/9 w - - 0 1", 2),
    ("9/4a4/3k5/9/9/5R3/9/9/5K3/9 w - - 0 1", 3),
    ("7R1/5k3/3a5/9/9/R8/9/3K5/9/9 w - - 0 1", 3),
    ("5a3/4k4/3a5/9/5C3/6R2/7C1/9/9/3K5 w - - 0 1", 3),
    ("9/4k4/7PN/9/9/9/9/9/3K5/9 w - - 0 1", 3),
];

fn check_mates<G: Game, E: Evaluator<G>>(cases: &[(&str, i32)]) {
    let mut engine: Engine<G, E> = Engine::new(16, 1);
    for &(fen, moves) in cases {
        let pos = G::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        engine.clear();
        // Eight plies beyond the mate's own length: the test is about finding the shortest mate
        // and scoring it exactly, and pruning can hide a mate from a search a few plies deeper
        // than the mate. With the hand-written evaluation used here, the xiangqi mate in 3
        // `5a3/4k4/3a5/…` needs depth 12 under the constants before SPSA chess-search-2 and 13
        // under the tuned ones (the nets find it at depth 9 under both).
        let depth = (2 * moves + 8) as u32;
        let r = engine.search(&pos, &Limits::depth(depth), &Silent, &Signals::default());
        assert_eq!(r.score, Score::Mate(2 * moves - 1), "{} {fen}: mate in {moves}", G::NAME);
        // Playing the move keeps the mate one ply shorter for the opponent.
        let best = r.best.expect("a move");
        let mut after = pos.clone();
        after.make(best);
        if moves == 1 {
            assert!(
                after.game_verdict().is_some(),
                "{fen}: {} does not mate",
                pos.write_move(best)
            );
        } else {
            engine.clear();
            let reply =
                engine.search(&after, &Limits::depth(depth - 1), &Silent, &Signals::default());
            assert_eq!(
                reply.score,
                Score::Mate(-(2 * moves - 2)),
                "{fen}: after {}",
                pos.write_move(best)
            );
        }
    }
}

#[test]
fn finds_chess_mates_in_one_to_three() {
    check_mates::<movegen_chess::Chess, eval_chess::ChessEval>(CHESS_MATES);
}

#[test]
fn finds_xiangqi_mates_in_one_to_three() {
    check_mates::<movegen_xiangqi::Xiangqi, eval_xiangqi::XiangqiEval>(XIANGQI_MATES);
}

#[test]
fn go_mate_finds_the_mate_and_stops() {
    let mut engine: Engine<movegen_chess::Chess, eval_chess::ChessEval> = Engine::new(16, 1);
    let pos = movegen_chess::Chess::from_fen("r5rk/5p1p/5R2/4B3/8/8/7P/7K w - - 0 1").unwrap();
    let limits = Limits { mate: Some(3), ..Limits::default() };
    let r = engine.search(&pos, &limits, &Silent, &Signals::default());
    assert_eq!(r.score, Score::Mate(5));
    assert_eq!(pos.write_move(r.best.unwrap()), "f6a6");
}
