//! Each rule of both games on positions written by hand, and positions no rule speaks of left at
//! full scale. The chess rules that fit in the 3- and 4-piece tables are also checked against
//! them (`tests/syzygy/endgame_scale.rs` of the workspace root).

use endgame::{scale_eval, DrawScale, FULL};
use game_api::{Color, Game};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;

fn chess(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

fn xiangqi(fen: &str) -> Xiangqi {
    Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e:?}"))
}

#[test]
fn endings_only_hard_to_win_are_left_to_the_nets() {
    // Opposite-coloured bishops (c3 dark, d5 light), rook against bishop, rook and knight
    // against rook: drawish, not dead; the classical damping of them lost Elo.
    for fen in [
        "8/5k2/4p3/3bP3/8/2B5/4K3/8 w - - 0 1",
        "6k1/8/8/3b4/8/8/8/R5K1 w - - 0 1",
        "6k1/8/8/3r4/8/8/8/RN4K1 w - - 0 1",
    ] {
        assert_eq!(chess(fen).draw_scale(Color::White), FULL, "{fen}");
    }
}

#[test]
fn chess_openings_and_middlegames_are_left_alone() {
    let start = Chess::startpos();
    assert_eq!(start.draw_scale(Color::White), FULL);
    assert_eq!(start.draw_scale(Color::Black), FULL);
    assert_eq!(scale_eval(&start, 35), 35);
    let middlegame = chess("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N2N2/PP2BPPP/R2QKB1R w KQ - 0 9");
    assert_eq!(middlegame.draw_scale(Color::White), FULL);
}

#[test]
fn scale_eval_scales_from_the_side_the_score_favours() {
    // Bishop against pawn: the bishop's side cannot win, the pawn's may.
    let pos = chess("6k1/8/8/8/3p4/8/8/1B4K1 w - - 0 1");
    assert_eq!(scale_eval(&pos, 400), 0);
    assert_eq!(scale_eval(&pos, -400), -400);
    // Black to move: a White advantage is a negative score.
    let pos = chess("6k1/8/8/8/3p4/8/8/1B4K1 b - - 0 1");
    assert_eq!(scale_eval(&pos, -400), 0);
    assert_eq!(scale_eval(&pos, 400), 400);
}

/// Black's full defence: king e9, advisors d9 f9, elephants c9 g9.
const FULL_DEFENCE: &str = "2bakab2";

#[test]
fn xiangqi_a_side_without_attackers_cannot_win() {
    // Red king, both advisors and an elephant against a bare king.
    let pos = xiangqi("3k5/9/9/9/9/9/9/9/9/2BAKA3 w - - 0 1");
    assert_eq!(pos.draw_scale(Color::RED), 0);
    // One old pawn on Black's back rank changes nothing; two are left to the search.
    let one = xiangqi("P2k5/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    assert_eq!(one.draw_scale(Color::RED), 0);
    let two = xiangqi("P2k3P1/9/9/9/9/9/9/9/9/3AK4 w - - 0 1");
    assert_eq!(two.draw_scale(Color::RED), FULL);
    // A pawn that has not yet crossed the river is an attacker.
    let pawn = xiangqi("3k5/9/9/9/9/9/4P4/9/9/3AK4 w - - 0 1");
    assert_eq!(pawn.draw_scale(Color::RED), FULL);
}

#[test]
fn xiangqi_a_lone_horse_or_cannon_does_not_beat_the_full_defence() {
    for piece in ['N', 'C'] {
        let fen = format!("{FULL_DEFENCE}/9/9/9/9/2{piece}6/9/9/9/3K5 w - - 0 1");
        assert_eq!(xiangqi(&fen).draw_scale(Color::RED), 8, "{fen}");
        // With one elephant gone the defence may fall: no rule.
        let fen = format!("3akab2/9/9/9/9/2{piece}6/9/9/9/3K5 w - - 0 1");
        assert_eq!(xiangqi(&fen).draw_scale(Color::RED), FULL, "{fen}");
    }
    // A rook is another matter.
    let rook = xiangqi(&format!("{FULL_DEFENCE}/9/9/9/9/2R6/9/9/9/3K5 w - - 0 1"));
    assert_eq!(rook.draw_scale(Color::RED), FULL);
    // Black's horse against Red's full defence, seen from Black.
    let black = xiangqi("3k5/9/9/9/6n2/9/9/9/9/2BAKAB2 b - - 0 1");
    assert_eq!(black.draw_scale(Color::Black), 8);
}

#[test]
fn xiangqi_a_lone_pawn_does_not_beat_both_advisors() {
    let pos = xiangqi("3ak4/4a4/9/9/2P6/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(pos.draw_scale(Color::RED), 8);
    let one_advisor = xiangqi("4k4/4a4/9/9/2P6/9/9/9/9/3K5 w - - 0 1");
    assert_eq!(one_advisor.draw_scale(Color::RED), FULL);
}

#[test]
fn xiangqi_the_opening_is_left_alone() {
    let start = Xiangqi::startpos();
    assert_eq!(start.draw_scale(Color::RED), FULL);
    assert_eq!(start.draw_scale(Color::Black), FULL);
}
