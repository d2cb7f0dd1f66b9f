//! The evaluation's coefficient trace is exact: on positions from random games of both games,
//! the dot product of the trace with the committed weights (`weights.rs`, as the tuner reads
//! and writes them) equals the engine's evaluation. This is what "tuned weights load" means:
//! whatever values the tuner writes, the engine evaluates with exactly the model it fitted.

use eval_chess::ChessEval;
use eval_xiangqi::XiangqiEval;
use game_api::SplitMix64;
use game_api::{Evaluator, Game, GenKind, MoveList};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;

/// Positions met along random games from the start position, `count` in all.
fn random_positions<G: Game>(rng: &mut SplitMix64, count: usize) -> Vec<G> {
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let mut pos = G::startpos();
        for _ in 0..rng.below(200) {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() || pos.verdict(0).is_some() {
                break;
            }
            pos.make(list[rng.below(list.len())]);
        }
        out.push(pos);
    }
    out
}

#[test]
fn xiangqi_trace_dot_weights_is_the_evaluation() {
    let weights = eval_xiangqi::weight_list::values(&eval_xiangqi::weights::WEIGHTS);
    let tempo = eval_xiangqi::weights::WEIGHTS.tempo;
    let mut rng = SplitMix64::new(0x7ace_0001);
    let mut eval = XiangqiEval;
    let mut nonzero = 0;
    for pos in random_positions::<Xiangqi>(&mut rng, 2000) {
        let trace = XiangqiEval::trace(&pos);
        let expected = eval.evaluate(&pos);
        assert_eq!(
            trace.white_eval(&weights, tempo) * pos.side_to_move().sign(),
            expected,
            "{}",
            pos.fen()
        );
        nonzero += trace.coef.iter().filter(|&&c| c != 0).count();
    }
    assert!(nonzero > 2000 * 5, "the trace records terms ({nonzero})");
}

#[test]
fn chess_trace_dot_weights_is_the_evaluation() {
    let weights = eval_chess::weight_list::values(&eval_chess::weights::WEIGHTS);
    let tempo = eval_chess::weights::WEIGHTS.tempo;
    let mut rng = SplitMix64::new(0x7ace_0002);
    let mut eval = ChessEval::default();
    let mut nonzero = 0;
    for pos in random_positions::<Chess>(&mut rng, 2000) {
        let trace = eval.trace(&pos);
        let expected = eval.evaluate(&pos);
        assert_eq!(
            trace.white_eval(&weights, tempo) * pos.side_to_move().sign(),
            expected,
            "{}",
            pos.fen()
        );
        nonzero += trace.coef.iter().filter(|&&c| c != 0).count();
    }
    assert!(nonzero > 2000 * 5, "the trace records terms ({nonzero})");
}
