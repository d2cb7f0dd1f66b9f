//! Chess960 (Fischer Random) and Double Fischer Random in the chess rules layer: perft against
//! python-chess's counts (`tests/data/perft960.tsv`), the castling field of FEN in X-FEN and
//! Shredder-FEN, castling notation in and out of Chess960 mode, and the zobrist key staying
//! what a from-scratch computation gives through castling and lost rights.

use game_api::{perft::perft, Game, GenKind, MoveList};
use kientuong_suite::perft960_cases;
use movegen_chess::Chess;

fn pos(fen: &str) -> Chess {
    Chess::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

#[test]
fn perft_matches_python_chess() {
    let cases = perft960_cases();
    assert!(cases.len() >= 50, "expected the rows of perft960.tsv, found {}", cases.len());
    for case in cases {
        let mut p = pos(&case.fen);
        assert_eq!(p.shredder_fen(), case.fen, "{}: Shredder-FEN round trip", case.name);
        let nodes = perft(&mut p, case.depth);
        assert_eq!(nodes, case.nodes, "{} depth {}: {}", case.name, case.depth, case.fen);
        assert_eq!(p.shredder_fen(), case.fen, "{}: perft left the position changed", case.name);
    }
}

/// (X-FEN as python-chess's `board.fen()` writes it, Shredder-FEN as `board.shredder_fen()`).
const FEN_PAIRS: &[(&str, &str)] = &[
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
    ),
    (
        "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1",
        "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
    ),
    ("rr2k2r/8/8/8/8/8/8/RR2K1RR w GBkb - 0 1", "rr2k2r/8/8/8/8/8/8/RR2K1RR w GBhb - 0 1"),
    ("2k4r/8/8/8/8/8/8/rRK4R w KQk - 0 1", "2k4r/8/8/8/8/8/8/rRK4R w HBh - 0 1"),
    (
        "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
        "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b gb - 1 1",
    ),
];

#[test]
fn fen_round_trips_in_x_fen_and_shredder_fen() {
    for &(xfen, shredder) in FEN_PAIRS {
        for input in [xfen, shredder] {
            let p = pos(input);
            assert_eq!(p.fen(), xfen, "X-FEN written from {input}");
            assert_eq!(p.shredder_fen(), shredder, "Shredder-FEN written from {input}");
            assert_eq!(p.hash(), pos(xfen).hash(), "same key from {input}");
        }
    }
    // Mixed fields, as some GUIs write them: an outer right as K, an inner one as a letter.
    assert_eq!(
        pos("rr2k2r/8/8/8/8/8/8/RR2K1RR w KBkb - 0 1").shredder_fen().split(' ').nth(2),
        Some("HBhb")
    );
}

#[test]
fn bad_castling_fields_are_refused() {
    for fen in [
        "4k3/8/8/8/8/8/8/4K3 w K - 0 1",    // no rook at all
        "4k3/8/8/8/8/8/8/R3K3 w K - 0 1",   // no rook on the king side
        "4k3/8/8/8/8/8/8/4K2R w C - 0 1",   // no rook on the c-file
        "4k3/8/8/8/8/8/4K3/7R w K - 0 1",   // king off its back rank
        "4k3/8/8/8/8/8/8/4KR1R w KF - 0 1", // two king-side rights
        "4k3/8/8/8/8/8/8/4K2R w X - 0 1",   // not a castling letter
    ] {
        assert!(Chess::from_fen(fen).is_err(), "accepted {fen}");
    }
}

/// The castling moves in Chess960 notation: the legal moves onto a rook of the mover's.
fn castling_moves(p: &Chess) -> Vec<String> {
    let mut list = MoveList::new();
    p.generate(GenKind::All, &mut list);
    let mut q = p.clone();
    q.set_chess960(true);
    let mut out: Vec<String> =
        list.iter().map(|&m| q.write_move(m)).filter(|t| is_own_rook(p, &t[2..4])).collect();
    out.sort();
    out
}

fn is_own_rook(p: &Chess, square: &str) -> bool {
    let b = square.as_bytes();
    let sq = (b[1] - b'1') as usize * 8 + (b[0] - b'a') as usize;
    matches!(p.piece_at(sq), Some((c, 3)) if c == p.side_to_move())
}

#[test]
fn castling_is_king_takes_rook_in_960_mode_and_king_move_outside() {
    // King g1 castles short without moving; king b1-equivalent long castle lands on c1.
    let fen = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1";
    let mut p = pos(fen);
    assert_eq!(castling_moves(&p), ["g1a1", "g1h1"]);
    let short = p.parse_move("g1h1").expect("king-takes-rook is read outside 960 mode");
    assert_eq!(p.write_move(short), "g1g1", "standard notation writes the king's move");
    assert_eq!(p.parse_move("g1g1").ok(), Some(short));
    p.set_chess960(true);
    assert_eq!(p.write_move(short), "g1h1");
    p.make(short);
    assert_eq!(p.shredder_fen(), "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b ha - 1 1");
    p.unmake();
    let long = p.parse_move("g1a1").expect("long castle");
    p.make(long);
    assert_eq!(p.shredder_fen(), "r5kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b ha - 1 1");
    assert_eq!(p.hash(), p.compute_key());
    p.unmake();
    assert_eq!(p.shredder_fen(), fen);

    // Standard chess: e1g1 outside 960 mode, e1h1 inside; both read in both modes.
    let mut p = pos("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let castle = p.parse_move("e1g1").expect("e1g1");
    assert_eq!(p.parse_move("e1h1").ok(), Some(castle));
    assert_eq!(p.write_move(castle), "e1g1");
    p.set_chess960(true);
    assert_eq!(p.write_move(castle), "e1h1");
    assert_eq!(p.parse_move("e1g1").ok(), Some(castle));
    assert_eq!(p.write_move(p.parse_move("e1c1").expect("e1c1")), "e1a1");

    // King b1, rook a1: b1c1 is the ordinary king move; castling is b1a1.
    let mut p = pos("rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK6 w Aa - 0 1");
    p.set_chess960(true);
    let step = p.parse_move("b1c1").expect("king step");
    let castle = p.parse_move("b1a1").expect("castle");
    assert_ne!(step, castle);
    p.make(castle);
    assert_eq!(p.shredder_fen(), "rk5r/pppppppp/8/8/8/8/PPPPPPPP/2KR4 b a - 1 1");
}

#[test]
fn castling_uncovering_an_attack_on_the_king_is_illegal() {
    // The rook on b1 shields the king on c1 from the rook on a1: castling long would uncover it.
    let p = pos("1rk4r/8/8/8/8/8/8/rRK4R w HBhb - 0 1");
    assert_eq!(castling_moves(&p), ["c1h1"]);
}

#[test]
fn rights_follow_their_rook_and_the_key_stays_exact() {
    // The inner rook g1 holds the right; moving the outer h1 rook keeps it.
    let mut p = pos("rr2k2r/8/8/8/8/8/8/RR2K1RR w GBhb - 0 1");
    p.set_chess960(true);
    for (text, rights) in [("h1h5", "GBhb"), ("b8b7", "GBh"), ("g1g5", "Bh"), ("h8h5", "B")] {
        let m = p.parse_move(text).expect(text);
        p.make(m);
        assert_eq!(p.shredder_fen().split(' ').nth(2), Some(rights), "after {text}");
        assert_eq!(p.hash(), p.compute_key(), "key after {text}");
    }
    // A capture of a castling rook removes its right.
    let mut p = pos("r3k2r/8/8/8/8/8/6q1/R3K1R1 b Qkq - 0 1");
    let m = p.parse_move("g2a2").expect("queen move");
    p.make(m);
    let m = p.parse_move("a1a2").expect("rook takes");
    p.make(m);
    assert_eq!(p.fen().split(' ').nth(2), Some("kq"));
    assert_eq!(p.hash(), p.compute_key());
    // Different rooks holding "the king-side right" are different positions.
    assert_ne!(
        pos("4k3/8/8/8/8/8/8/4KR1R w F - 0 1").hash(),
        pos("4k3/8/8/8/8/8/8/4KR1R w H - 0 1").hash()
    );
}

#[test]
fn numbered_start_positions_match_python_chess() {
    use movegen_chess::{chess960_start_fen, dfrc_start_fen};
    // `chess.Board.from_chess960_pos(n).fen()`.
    for (n, fen) in [
        (0, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1"),
        (1, "bqnbnrkr/pppppppp/8/8/8/8/PPPPPPPP/BQNBNRKR w KQkq - 0 1"),
        (100, "qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w KQkq - 0 1"),
        (300, "qbnrkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBNRKRBN w KQkq - 0 1"),
        (518, "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
        (777, "qrkbbnrn/pppppppp/8/8/8/8/PPPPPPPP/QRKBBNRN w KQkq - 0 1"),
        (959, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w KQkq - 0 1"),
    ] {
        assert_eq!(chess960_start_fen(n).as_deref(), Some(fen), "position {n}");
    }
    assert_eq!(chess960_start_fen(960), None);
    for n in 0..960 {
        let fen = chess960_start_fen(n).expect("0..960");
        assert_eq!(pos(&fen).fen(), fen, "position {n} round trip");
    }
    let dfrc = dfrc_start_fen(0, 959).expect("dfrc");
    assert_eq!(dfrc, "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
    assert_eq!(pos(&dfrc).fen(), dfrc);
}
