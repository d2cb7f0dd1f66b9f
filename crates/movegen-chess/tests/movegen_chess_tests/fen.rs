//! FEN parsing: typed errors for each kind of bad input, and no panic on thousands of random
//! or mutated strings (any accepted position must then generate, print and re-parse).

use crate::chess_common;

use chess_common::SplitMix64;
use game_api::{FenError, Game, GenKind, MoveList};
use movegen_chess::Chess;

fn err(fen: &str) -> FenError {
    match Chess::from_fen(fen) {
        Ok(pos) => panic!("accepted bad FEN {fen:?} as {}", pos.fen()),
        Err(e) => e,
    }
}

fn is_illegal(e: &FenError) -> bool {
    matches!(e, FenError::Illegal(_))
}

#[test]
fn bad_fens_get_typed_errors() {
    assert!(matches!(err(""), FenError::MissingField(_)));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq"),
        FenError::MissingField(_)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 x"),
        FenError::BadField(..)
    ));
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::RankCount(9)
    );
    assert_eq!(err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w - - 0 1"), FenError::RankCount(7));
    assert!(matches!(
        err("rnbqkbnrr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::FileCount(1, 9)
    ));
    assert!(matches!(
        err("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::FileCount(2, 7)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        FenError::BadField(..)
    ));
    assert_eq!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"),
        FenError::BadPiece('X')
    );
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKkq - 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0"),
        FenError::BadField(..)
    ));
    assert!(matches!(
        err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1"),
        FenError::BadField(..)
    ));
    // Position-level rules.
    assert!(
        is_illegal(&err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKKNR w kq - 0 1")),
        "two white kings"
    );
    assert!(
        is_illegal(&err("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQ1BNR w kq - 0 1")),
        "no white king"
    );
    assert!(is_illegal(&err("4k3/8/8/8/8/8/8/P3K3 w - - 0 1")), "pawn on rank 1");
    assert!(is_illegal(&err("p3k3/8/8/8/8/8/8/4K3 w - - 0 1")), "pawn on rank 8");
    assert!(is_illegal(&err("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1")), "side not to move in check");
    assert!(is_illegal(&err("4k3/8/8/8/8/8/8/4K3 w K - 0 1")), "castling right without rook");
    assert!(
        is_illegal(&err("4k3/8/8/8/8/8/3K4/7R w K - 0 1")),
        "castling right without king on its back rank (a king on d1 is Chess960 castling)"
    );
    assert!(
        is_illegal(&err("4k3/8/8/8/8/8/8/4K3 w - e6 0 1")),
        "ep without a pawn that double-stepped"
    );
    assert!(is_illegal(&err("QQQQQQQQ/QQQQQQQQ/8/8/8/8/8/k1K5 w - - 0 1")), "impossible material");
}

#[test]
fn accepted_variants() {
    // Clocks are optional; an en-passant square with no legal capture is dropped.
    let pos = Chess::from_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -").unwrap();
    assert_eq!(pos.fen(), Chess::START_FEN);
    let pos =
        Chess::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1").unwrap();
    assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
    let pos =
        Chess::from_fen("rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3").unwrap();
    assert_eq!(pos.fen(), "rnbqkbnr/ppp1pppp/8/8/3pP3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 3");
    for fen in movegen_chess::BENCH_FENS {
        assert_eq!(Chess::from_fen(fen).unwrap().fen(), *fen);
    }
}

fn check_accepted(text: &str) {
    if let Ok(mut pos) = Chess::from_fen(text) {
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        let fen = pos.fen();
        assert_eq!(Chess::from_fen(&fen).map(|p| p.fen()), Ok(fen.clone()), "from {text:?}");
        for &m in list.iter() {
            pos.make(m);
            pos.unmake();
        }
        assert_eq!(pos.fen(), fen);
        let _ = pos.game_verdict();
    }
}

#[test]
fn random_and_mutated_fens_never_panic() {
    let mut rng = SplitMix64::new(0xF00D);
    let alphabet: Vec<char> = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789x".chars().collect();
    let bases: Vec<String> = chess_common::seed_fens().iter().map(|s| s.to_string()).collect();
    let mut accepted = 0;
    for round in 0..20_000 {
        let text: String = if round % 4 == 0 {
            let len = rng.below(90);
            (0..len).map(|_| alphabet[rng.below(alphabet.len())]).collect()
        } else {
            let mut chars: Vec<char> = bases[rng.below(bases.len())].chars().collect();
            for _ in 0..1 + rng.below(3) {
                let i = rng.below(chars.len());
                match rng.below(3) {
                    0 => chars[i] = alphabet[rng.below(alphabet.len())],
                    1 => {
                        chars.remove(i);
                    }
                    _ => chars.insert(i, alphabet[rng.below(alphabet.len())]),
                }
                if chars.is_empty() {
                    break;
                }
            }
            chars.into_iter().collect()
        };
        if Chess::from_fen(&text).is_ok() {
            accepted += 1;
        }
        check_accepted(&text);
    }
    // Mutations keep some positions valid; those went through generation and make/unmake.
    assert!(accepted > 100, "only {accepted} mutated FENs were valid");
    // Arbitrary bytes, including non-ASCII.
    for _ in 0..2000 {
        let bytes: Vec<u8> = (0..rng.below(100)).map(|_| rng.next_u64() as u8).collect();
        check_accepted(&String::from_utf8_lossy(&bytes));
    }
}
