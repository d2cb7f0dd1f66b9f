//! The search and the rules together: replay a rules case up to its last move and check that
//! the engine, to move there, never completes a repetition that loses for it when another move
//! is safe; and that in chess it claims a repetition draw when it is behind.

use game_api::{Game, GenKind, MoveList, Outcome, Verdict};
use kientuong_suite::rules_cases;
use movegen_xiangqi::Xiangqi;
use search::{Engine, Limits, Score, Signals, Silent};

fn loses_for_mover(pos: &Xiangqi, m: game_api::Move) -> bool {
    let mover = pos.side_to_move();
    let mut after = pos.clone();
    after.make(m);
    matches!(after.game_verdict(), Some(Verdict { outcome: Outcome::Win(w), .. }) if w != mover)
}

#[test]
fn never_completes_a_losing_xiangqi_repetition() {
    let mut engine: Engine<Xiangqi, eval_xiangqi::XiangqiEval> = Engine::new(16, 1);
    let mut checked = 0;
    for case in rules_cases("xiangqi") {
        let moves: Vec<&str> = case.moves.split_whitespace().collect();
        if moves.len() < 4 || !case.expected.ends_with("_wins") {
            continue;
        }
        let Ok(mut pos) = Xiangqi::from_fen(&case.fen) else { continue };
        let mut replayed = true;
        for text in &moves[..moves.len() - 1] {
            match pos.parse_move(text) {
                Ok(m) => pos.make(m),
                Err(_) => replayed = false,
            }
        }
        if !replayed || pos.game_verdict().is_some() {
            continue;
        }
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        let losing: Vec<_> = list.iter().copied().filter(|&m| loses_for_mover(&pos, m)).collect();
        if losing.is_empty() || losing.len() == list.len() {
            continue; // nothing to avoid, or no safe alternative
        }
        engine.clear();
        let r = engine.search(&pos, &Limits::depth(6), &Silent, &Signals::default());
        let best = r.best.expect("a move");
        assert!(
            !losing.contains(&best),
            "{}: engine played the losing repetition {} ({})",
            case.rule,
            pos.write_move(best),
            case.note
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} rules cases exercised the search");
}

#[test]
fn chess_claims_a_threefold_draw_when_behind() {
    // Black is a queen down. After Ng1-f3 Ng8-f6 Nf3-g1 Nf6-g8 Ng1-f3 Nf6... the start position
    // (less Black's queen) has occurred twice; Nf6-g8 makes it three times: a draw, which is
    // far better for Black than anything else.
    use movegen_chess::Chess;
    let mut pos =
        Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"] {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
    }
    let mut engine: Engine<Chess, eval_chess::ChessEval> = Engine::new(16, 1);
    let r = engine.search(&pos, &Limits::depth(8), &Silent, &Signals::default());
    assert_eq!(pos.write_move(r.best.unwrap()), "f6g8");
    assert_eq!(r.score, Score::Cp(0));
}

#[test]
fn chess_avoids_a_repetition_when_ahead() {
    // The same dance seen from the side a queen up: White does not repeat into a draw.
    use movegen_chess::Chess;
    let mut pos =
        Chess::from_fen("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1").unwrap();
    for text in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
        let m = pos.parse_move(text).unwrap();
        pos.make(m);
    }
    // Start position seen three times is a claimable draw already; step back one ply so that
    // White's move decides.
    pos.unmake();
    pos.unmake();
    let mut engine: Engine<Chess, eval_chess::ChessEval> = Engine::new(16, 1);
    let r = engine.search(&pos, &Limits::depth(8), &Silent, &Signals::default());
    let mut after = pos.clone();
    after.make(r.best.unwrap());
    assert!(after.game_verdict().is_none());
    assert!(matches!(r.score, Score::Cp(v) if v > 300), "{:?}", r.score);
}
