//! Properties of the chess rules layer over many random playouts: make/unmake restores the
//! position exactly, the incremental keys (the position's and the skeletons') equal the
//! recomputed ones, FEN round-trips, the
//! generator kinds partition the legal moves, `is_legal` accepts exactly the generated moves
//! (checked on all 65536 words for a sample), and the cheap `gives_check` matches making the move.

use crate::chess_common;

use chess_common::{random_playout_positions, seed_fens, SplitMix64};
use game_api::{Game, GenKind, Move, MoveList};
use movegen_chess::Chess;
use std::collections::HashSet;

fn moves(pos: &Chess, kind: GenKind) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(kind, &mut list);
    list.as_slice().to_vec()
}

#[test]
fn make_unmake_restores_fen_and_key_and_keys_are_incremental() {
    let mut rng = SplitMix64::new(11);
    let mut exact_guesses = 0;
    for fen in seed_fens() {
        for _game in 0..20 {
            let mut pos = Chess::from_fen(fen).unwrap();
            for _ply in 0..200 {
                let all = moves(&pos, GenKind::All);
                if all.is_empty() {
                    break;
                }
                let before_fen = pos.fen();
                let before_key = pos.hash();
                // Every move must take back cleanly, not only the one played on.
                for &m in &all {
                    let key_after = pos.tt_key_after(m);
                    pos.make(m);
                    check_key_guess(key_after, &pos, &before_fen, &mut exact_guesses);
                    assert_eq!(
                        pos.hash(),
                        pos.compute_key(),
                        "incremental key after {}",
                        before_fen
                    );
                    assert_skeleton_keys_incremental(&pos, &before_fen);
                    pos.unmake();
                    assert_eq!(pos.fen(), before_fen);
                    assert_eq!(pos.hash(), before_key);
                    assert_skeleton_keys_incremental(&pos, &before_fen);
                }
                if !pos.in_check() {
                    pos.make_null();
                    assert_eq!(
                        pos.hash(),
                        pos.compute_key(),
                        "key after null move in {before_fen}"
                    );
                    assert!(!pos.in_check());
                    pos.unmake_null();
                    assert_eq!(pos.fen(), before_fen);
                    assert_eq!(pos.hash(), before_key);
                }
                pos.make(all[rng.below(all.len())]);
            }
        }
    }
    assert!(exact_guesses > 10_000, "only {exact_guesses} moves where the key guess must be exact");
}

/// `tt_key_after`, the key the search prefetches the child's TT bucket by, is exact for every
/// move that leaves the castling rights alone and makes no en-passant square; castling itself
/// gives no guess.
fn check_key_guess(guess: Option<u64>, after: &Chess, before_fen: &str, exact: &mut usize) {
    let fields = |fen: &str| -> (String, String) {
        let f: Vec<&str> = fen.split(' ').collect();
        (f[2].to_string(), f[3].to_string())
    };
    let (rights_before, _) = fields(before_fen);
    let (rights_after, ep_after) = fields(&after.fen());
    if let Some(guess) = guess {
        if rights_after == rights_before && ep_after == "-" {
            assert_eq!(guess, after.tt_key(), "key guess after {before_fen} -> {}", after.fen());
            *exact += 1;
        }
    }
}

/// The pawn and piece skeleton keys the search reads at every node are kept by make and unmake;
/// they must equal the ones computed from the board.
fn assert_skeleton_keys_incremental(pos: &Chess, context: &str) {
    let (pawns, pieces) = pos.compute_skeleton_keys();
    assert_eq!(pos.structure_key(), Some(pawns), "pawn key in {} from {context}", pos.fen());
    assert_eq!(pos.piece_keys(), Some(pieces), "piece keys in {} from {context}", pos.fen());
}

#[test]
fn fen_round_trips_and_reparsed_key_matches() {
    let mut rng = SplitMix64::new(12);
    for pos in random_playout_positions(&mut rng, 5000) {
        let fen = pos.fen();
        let again = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN {fen} refused: {e}"));
        assert_eq!(again.fen(), fen);
        // The key depends on the position only, not on how it was reached.
        assert_eq!(again.hash(), pos.hash(), "{fen}");
        assert_eq!(again.in_check(), pos.in_check(), "{fen}");
    }
}

#[test]
fn tactical_and_quiet_partition_all() {
    let mut rng = SplitMix64::new(13);
    for pos in random_playout_positions(&mut rng, 5000) {
        let all: HashSet<Move> = moves(&pos, GenKind::All).into_iter().collect();
        let tactical = moves(&pos, GenKind::Tactical);
        let quiet = moves(&pos, GenKind::Quiet);
        assert_eq!(all.len(), moves(&pos, GenKind::All).len(), "duplicate moves in {}", pos.fen());
        assert_eq!(tactical.len() + quiet.len(), all.len(), "{}", pos.fen());
        let union: HashSet<Move> = tactical.iter().chain(&quiet).copied().collect();
        assert_eq!(union, all, "{}", pos.fen());
        for &m in &tactical {
            assert!(pos.is_tactical(m), "{} {}", pos.fen(), pos.write_move(m));
        }
        for &m in &quiet {
            assert!(!pos.is_tactical(m), "{} {}", pos.fen(), pos.write_move(m));
            assert_eq!(pos.captured_kind(m), None);
        }
    }
}

#[test]
fn is_legal_accepts_exactly_the_generated_moves() {
    let mut rng = SplitMix64::new(14);
    let positions = random_playout_positions(&mut rng, 4000);
    for (index, pos) in positions.iter().enumerate() {
        let all: HashSet<u16> = moves(pos, GenKind::All).iter().map(|m| m.raw()).collect();
        assert!(!pos.is_legal(Move::NONE));
        if index % 20 == 0 {
            for word in 0..=u16::MAX {
                assert_eq!(
                    pos.is_legal(Move(word)),
                    all.contains(&word),
                    "{} word {word:#06x}",
                    pos.fen()
                );
            }
        } else {
            for &word in &all {
                assert!(pos.is_legal(Move(word)), "{}", pos.fen());
            }
            for _ in 0..200 {
                let word = rng.next_u64() as u16;
                assert_eq!(
                    pos.is_legal(Move(word)),
                    all.contains(&word),
                    "{} word {word:#06x}",
                    pos.fen()
                );
            }
        }
    }
}

#[test]
fn gives_check_matches_making_the_move() {
    let mut rng = SplitMix64::new(15);
    for mut pos in random_playout_positions(&mut rng, 3000) {
        for m in moves(&pos, GenKind::All) {
            let claimed = pos.gives_check(m);
            pos.make(m);
            let actual = pos.in_check();
            pos.unmake();
            assert_eq!(claimed, actual, "{} {}", pos.fen(), pos.write_move(m));
        }
    }
}

#[test]
fn parse_move_accepts_generated_moves_and_refuses_others() {
    let mut rng = SplitMix64::new(16);
    for pos in random_playout_positions(&mut rng, 1000) {
        for m in moves(&pos, GenKind::All) {
            let text = pos.write_move(m);
            assert_eq!(pos.parse_move(&text), Ok(m), "{} {text}", pos.fen());
            // A promotion needs its piece letter.
            assert_eq!(pos.parse_move(&text[..4]).is_ok(), text.len() == 4, "{} {text}", pos.fen());
            if text.len() == 5 {
                let upper = format!("{}{}", &text[..4], text[4..].to_uppercase());
                assert_eq!(pos.parse_move(&upper), Ok(m));
            }
        }
        for bad in ["", "e2", "e2e4e", "i2i4", "e2e4k", "e9e1", "0000", "e2e4 ", "é2e4"] {
            let Err(_) = pos.parse_move(bad) else { panic!("{bad} accepted in {}", pos.fen()) };
        }
    }
}

/// The piece skeletons the search's correction history is keyed by: a pawn move changes none
/// of them, a move changes the other colour's non-pawn key only by a capture, and the minor key
/// only when a knight, bishop or king moves, is captured or is promoted to; a knight, bishop,
/// rook or queen move always changes its colour's non-pawn key.
#[test]
fn piece_keys_follow_only_their_pieces() {
    let mut rng = SplitMix64::new(23);
    for fen in seed_fens() {
        let mut pos = Chess::from_fen(fen).unwrap();
        for _ply in 0..300 {
            let all = moves(&pos, GenKind::All);
            if all.is_empty() {
                break;
            }
            let m = all[(rng.next_u64() % all.len() as u64) as usize];
            let (us, them) = (pos.side_to_move().index(), 1 - pos.side_to_move().index());
            let before = pos.piece_keys().unwrap();
            let mover = pos.moved_piece(m) % 6;
            let captured = pos.captured_kind(m);
            let before_fen = pos.fen();
            pos.make(m);
            let after = pos.piece_keys().unwrap();
            if (1..=4).contains(&mover) {
                assert_ne!(after.non_pawn[us], before.non_pawn[us], "{before_fen} {m:?}");
            }
            if captured.is_none_or(|kind| kind == 0) {
                assert_eq!(after.non_pawn[them], before.non_pawn[them], "{before_fen} {m:?}");
            }
            let promotes = mover == 0 && after.non_pawn[us] != before.non_pawn[us];
            if mover == 0 && !promotes && captured.is_none_or(|kind| kind == 0) {
                assert_eq!(after, before, "a pawn move, {before_fen} {m:?}");
            }
            let minor_touched = matches!(mover, 1 | 2 | 5) || matches!(captured, Some(1 | 2));
            if minor_touched {
                assert_ne!(after.minor, before.minor, "{before_fen} {m:?}");
            } else if !promotes {
                assert_eq!(after.minor, before.minor, "{before_fen} {m:?}");
            }
        }
    }
}
