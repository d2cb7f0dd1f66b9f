//! `PieceBoard::dirty_pieces` says exactly what a move changes: replaying the record on a copy of
//! the mailbox gives the board after `make`, for every legal move along random playouts of both
//! games (chess positions chosen so that castling, en passant and every promotion occur).

use game_api::{Game, GenKind, MoveList, PieceBoard, SplitMix64};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;

/// Counts of the move kinds seen, so the test proves it covered them.
#[derive(Default, Debug)]
struct Seen {
    moves: usize,
    captures: usize,
    two_off_two_on: usize,
    one_off_other_on: usize,
}

fn mailbox<G: PieceBoard>(pos: &G) -> Vec<Option<usize>> {
    (0..G::SQUARES).map(|sq| pos.piece_on(sq)).collect()
}

fn check_position<G: PieceBoard>(pos: &mut G, seen: &mut Seen) {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let before = mailbox(pos);
    for &m in list.as_slice() {
        let dirty = pos.dirty_pieces(m);
        let mut replay = before.clone();
        for r in dirty.removed() {
            assert_eq!(
                replay[r.square as usize],
                Some(r.piece as usize),
                "{}: removed piece not there",
                pos.fen()
            );
            replay[r.square as usize] = None;
        }
        for a in dirty.added() {
            assert_eq!(
                replay[a.square as usize],
                None,
                "{}: added onto an occupied square",
                pos.fen()
            );
            replay[a.square as usize] = Some(a.piece as usize);
        }
        pos.make(m);
        assert_eq!(replay, mailbox(pos), "{} then {:?}", pos.fen(), m);
        pos.unmake();
        seen.moves += 1;
        seen.captures += usize::from(dirty.removed().len() > dirty.added().len());
        seen.two_off_two_on += usize::from(dirty.removed().len() == 2 && dirty.added().len() == 2);
        let changes_kind =
            dirty.removed().iter().all(|r| dirty.added().iter().all(|a| a.piece != r.piece));
        seen.one_off_other_on += usize::from(dirty.added().len() == 1 && changes_kind);
    }
}

/// Random playouts from `fen`; checks every legal move of every position on the way.
fn playouts<G: PieceBoard>(fen: &str, games: u64, plies: usize, seen: &mut Seen) {
    let mut rng = SplitMix64::new(fen.len() as u64);
    for _ in 0..games {
        let Ok(mut pos) = G::from_fen(fen) else { panic!("bad test FEN {fen}") };
        for _ in 0..plies {
            check_position(&mut pos, seen);
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            pos.make(list.as_slice()[rng.below(list.len())]);
        }
    }
}

#[test]
fn chess_dirty_pieces_replay_every_move_kind() {
    let mut seen = Seen::default();
    for fen in [
        Chess::START_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    ] {
        playouts::<Chess>(fen, 8, 60, &mut seen);
    }
    assert!(
        seen.captures > 100 && seen.two_off_two_on > 0 && seen.one_off_other_on > 0,
        "{seen:?}"
    );
}

#[test]
fn xiangqi_dirty_pieces_replay_every_move() {
    let mut seen = Seen::default();
    playouts::<Xiangqi>(Xiangqi::START_FEN, 12, 120, &mut seen);
    assert!(seen.captures > 100, "{seen:?}");
}
