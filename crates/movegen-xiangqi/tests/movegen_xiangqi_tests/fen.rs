//! FEN parsing: accepted spellings and every kind of refusal, each as a typed `FenError`.

use game_api::{FenError, Game};
use movegen_xiangqi::Xiangqi;

const START_BOARD: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";

fn illegal(fen: &str) -> bool {
    matches!(Xiangqi::from_fen(fen), Err(FenError::Illegal(_)))
}

#[test]
fn accepts_short_and_aliased_forms() {
    let full = Xiangqi::from_fen(&format!("{START_BOARD} w - - 0 1")).unwrap();
    assert_eq!(full.fen(), Xiangqi::START_FEN);
    for side in ["w", "r"] {
        let p = Xiangqi::from_fen(&format!("{START_BOARD} {side}")).unwrap();
        assert_eq!(p.fen(), Xiangqi::START_FEN);
    }
    let aliased = "rhbakabhr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w";
    assert_eq!(Xiangqi::from_fen(aliased).unwrap().fen(), Xiangqi::START_FEN);
    let black = Xiangqi::from_fen(&format!("{START_BOARD} b - - 3 7")).unwrap();
    assert_eq!(black.fen(), format!("{START_BOARD} b - - 3 7"));
    assert_eq!(black.capture_clock(), 3);
}

#[test]
fn refuses_malformed_text() {
    assert!(matches!(Xiangqi::from_fen(""), Err(FenError::MissingField(_))));
    assert!(matches!(Xiangqi::from_fen(START_BOARD), Err(FenError::MissingField(_))));
    assert!(matches!(Xiangqi::from_fen(&format!("{START_BOARD} x")), Err(FenError::BadField(..))));
    assert!(matches!(
        Xiangqi::from_fen(&format!("{START_BOARD} w - - z 1")),
        Err(FenError::BadField(..))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::RankCount(9))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/9/RNBAKABNR w"),
        Err(FenError::RankCount(11))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnr/10/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::FileCount(..) | FenError::BadPiece('0'))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnr/8/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::FileCount(1, 8))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnrr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::FileCount(..))
    ));
    assert!(matches!(
        Xiangqi::from_fen("rnbakabnx/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"),
        Err(FenError::BadPiece('x'))
    ));
}

#[test]
fn refuses_pieces_on_impossible_squares() {
    // Kings on d9 / e0 (not facing); `middle` lists ranks 8 down to 1.
    let with = |middle: &str| format!("3k5/{middle}/4K4 w");
    assert!(Xiangqi::from_fen(&with("9/9/9/9/9/9/9/9")).is_ok(), "bare kings are fine");
    assert!(illegal("3k5/9/9/9/9/9/9/9/9/2A1K4 w"), "advisor outside the palace");
    assert!(illegal("3k5/9/9/9/9/9/9/2K6/9/9 w"), "king outside the palace");
    assert!(illegal(&with("9/9/9/9/9/9/9/3B5")), "elephant off its squares");
    assert!(illegal(&with("9/9/9/2B6/9/9/9/9")), "elephant across the river");
    assert!(Xiangqi::from_fen(&with("9/9/9/9/2B6/9/9/9")).is_ok(), "c4 is an elephant square");
    assert!(Xiangqi::from_fen(&with("9/9/9/9/9/P8/9/9")).is_ok(), "a3 is a pawn start square");
    assert!(illegal(&with("9/9/9/9/9/9/P8/9")), "pawn behind its start rank");
    assert!(illegal(&with("9/9/9/9/9/1P7/9/9")), "pawn on an odd file before the river");
    assert!(Xiangqi::from_fen(&with("9/9/9/1P7/9/9/9/9")).is_ok(), "crossed pawns go anywhere");
    assert!(illegal(&with("9/p8/9/9/9/9/9/9")), "black pawn behind its start rank");
    assert!(Xiangqi::from_fen(&with("9/9/9/9/9/9/9/p8")).is_ok(), "black pawn deep in red's half");
}

#[test]
fn refuses_wrong_counts_and_kings() {
    assert!(illegal("9/9/9/9/9/9/9/9/9/4K4 w"), "missing black king");
    assert!(illegal("3kk4/9/9/9/9/9/9/9/9/4K4 w"), "two black kings");
    assert!(illegal("3k5/9/9/9/9/9/9/9/9/RRR1K4 w"), "three rooks");
    assert!(illegal("3k5/9/9/9/9/9/9/NNN6/9/4K4 w"), "three horses");
    assert!(illegal("3k5/9/9/PPPPPP3/9/9/9/9/9/4K4 w"), "six pawns");
    assert!(illegal("4k4/9/9/9/9/9/9/9/9/4K4 w"), "kings facing");
    assert!(!illegal("4k4/9/9/9/4P4/9/9/9/9/4K4 w"), "a pawn between the kings");
}

#[test]
fn refuses_side_not_to_move_in_check() {
    // Red rook gives check while Red is to move: Black could not have left its king there.
    let fen = "4k4/9/9/9/9/9/9/9/9/R2K5 w";
    assert!(!illegal(fen));
    let checking = "3k5/9/9/9/9/9/9/9/9/3R1K3 w";
    assert!(illegal(checking));
    assert!(!illegal("3k5/9/9/9/9/9/9/9/9/3R1K3 b"));
}
