//! `game_api::Game` for [`Chess`]: thin wiring to the modules that do the work, marked
//! `#[inline]` so the generic perft and search can inline across the crate boundary.

use crate::bitboard::bit;
use crate::castling::castle_king_to;
use crate::chess_move::{self, flag, from_sq, promotion_kind, to_sq, CASTLING, EN_PASSANT, NORMAL};
use crate::magic::{bishop_attacks, rook_attacks};
use crate::position::Chess;
use crate::tables::{KNIGHT_ATTACKS, PAWN_ATTACKS};
use crate::types::*;
use crate::zobrist::KEYS;
use game_api::{
    Color, FenError, Game, GenKind, Move, MoveError, MoveList, Outcome, PieceKeys, Reason,
    SquareSet, Verdict,
};

/// Positions for `kientuong bench`: the start, the classic perft test positions, middlegames
/// and a few endgames.
pub const BENCH_FENS: &[&str] = &[
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10",
    "r1bqkb1r/pp2pppp/2np1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 2 6",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
    "8/8/8/4k3/8/2K5/3P4/8 w - - 0 1",
    "8/8/3q4/8/8/3k4/8/3K2Q1 w - - 0 1",
];

impl Chess {
    /// Exact check test for ordinary moves without making them: a direct check from the
    /// destination, or a discovered one through the vacated square. `None` for the special
    /// moves, which are left to make/unmake.
    fn gives_check_directly(&self, m: Move) -> Option<bool> {
        if flag(m) != NORMAL {
            return None;
        }
        let from = from_sq(m);
        let to = to_sq(m);
        let us = self.side;
        let target = self.king_square(!us);
        let occupied = (self.occupied() ^ bit(from)) | bit(to);
        let direct = match kind_of(self.board[from]) {
            PAWN => PAWN_ATTACKS[us.index()][to] & bit(target) != 0,
            KNIGHT => KNIGHT_ATTACKS[to] & bit(target) != 0,
            BISHOP => bishop_attacks(to, occupied) & bit(target) != 0,
            ROOK => rook_attacks(to, occupied) & bit(target) != 0,
            QUEEN => (bishop_attacks(to, occupied) | rook_attacks(to, occupied)) & bit(target) != 0,
            _ => false,
        };
        let movers = !bit(from);
        Some(
            direct
                || bishop_attacks(target, occupied) & self.diagonal_sliders(us) & movers != 0
                || rook_attacks(target, occupied) & self.straight_sliders(us) & movers != 0,
        )
    }
}

impl Game for Chess {
    const NAME: &'static str = "chess";
    const KIND: Option<game_api::GameKind> = Some(game_api::GameKind::Chess);
    const SQUARES: usize = 64;
    const PIECES: usize = 12;
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
    const BENCH_FENS: &'static [&'static str] = BENCH_FENS;
    const START_FEN: &'static str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

    fn startpos() -> Self {
        match Chess::parse_fen(Self::START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start position FEN is valid: {e}"),
        }
    }

    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Chess::parse_fen(fen)
    }

    fn fen(&self) -> String {
        self.write_fen()
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.parse_coordinate_move(text)
    }

    fn write_move(&self, m: Move) -> String {
        self.write_coordinate_move(m)
    }

    fn set_chess960(&mut self, on: bool) {
        self.chess960 = on;
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.key
    }

    /// The key after `m` as far as the pieces, the side and the en-passant square that `m`
    /// clears tell it: a castling or a changed castling right or a new en-passant square is
    /// not seen, and only cost the prefetch (`None` for castling, whose rook this leaves out).
    #[inline]
    fn tt_key_after(&self, m: Move) -> Option<u64> {
        let (from, to) = (from_sq(m), to_sq(m));
        let ps = &KEYS.piece_square;
        let piece = self.board[from];
        let mut key = self.key ^ KEYS.black_to_move ^ ps[piece as usize][from];
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[self.ep as usize & 7];
        }
        let landing = match flag(m) {
            NORMAL => piece,
            EN_PASSANT => {
                key ^= ps[piece_of(!self.side, PAWN) as usize][to ^ 8];
                piece
            }
            CASTLING => return None,
            _ => piece_of(self.side, promotion_kind(m).unwrap_or(QUEEN)),
        };
        let victim = self.board[to];
        if victim != NO_PIECE {
            key ^= ps[victim as usize][to];
        }
        Some(key ^ ps[landing as usize][to])
    }

    /// The halfmove clock against the fifty-move rule.
    #[inline]
    fn move_rule_clock(&self) -> Option<(u32, u32)> {
        Some((self.halfmove, crate::rules::FIFTY_MOVE_PLIES))
    }

    #[inline]
    fn structure_key(&self) -> Option<u64> {
        Some(self.skeleton.pawns)
    }

    #[inline]
    fn piece_keys(&self) -> Option<PieceKeys> {
        Some(self.skeleton.pieces)
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.checkers != 0
    }

    #[inline]
    fn has_non_pawn_material(&self, side: Color) -> bool {
        let officers =
            self.by_kind[KNIGHT] | self.by_kind[BISHOP] | self.by_kind[ROOK] | self.by_kind[QUEEN];
        officers & self.by_color[side.index()] != 0
    }

    #[inline]
    fn history_len(&self) -> usize {
        self.history.len()
    }

    #[inline]
    fn moved_piece(&self, m: Move) -> usize {
        // An empty from-square (never for a legal move) maps into range rather than past it.
        self.board[from_sq(m)] as usize % Self::PIECES
    }

    #[inline]
    fn captured_kind(&self, m: Move) -> Option<usize> {
        match flag(m) {
            EN_PASSANT => Some(PAWN),
            CASTLING => None,
            _ => {
                let p = self.board[to_sq(m)];
                (p != NO_PIECE).then(|| kind_of(p))
            }
        }
    }

    #[inline]
    fn kind_value(kind: usize) -> i32 {
        KIND_VALUE.get(kind).copied().unwrap_or(0)
    }

    #[inline]
    fn from_square(m: Move) -> usize {
        from_sq(m)
    }

    /// Where the moved piece lands: for castling (encoded king-takes-rook) the king's square, so
    /// history tables see castling as they always did.
    #[inline]
    fn to_square(m: Move) -> usize {
        let to = to_sq(m);
        if flag(m) == CASTLING {
            castle_king_to(from_sq(m), to)
        } else {
            to
        }
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        match flag(m) {
            EN_PASSANT => true,
            CASTLING => false,
            _ => promotion_kind(m).is_some() || self.board[to_sq(m)] != NO_PIECE,
        }
    }

    #[inline]
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.static_exchange_at_least(m, threshold)
    }

    #[inline]
    fn threatened_squares(&self) -> SquareSet {
        SquareSet::from(self.attacked_squares(!self.side))
    }

    #[inline]
    fn generate(&self, kind: GenKind, list: &mut MoveList) {
        self.generate_kind(kind, list);
    }

    #[inline]
    fn count_legal(&self) -> usize {
        self.count_legal_moves()
    }

    #[inline]
    fn is_legal(&self, m: Move) -> bool {
        self.move_is_legal(m)
    }

    #[inline]
    fn gives_check(&mut self, m: Move) -> bool {
        match self.gives_check_directly(m) {
            Some(check) => check,
            None => {
                self.do_move(m);
                let check = self.checkers != 0;
                self.undo_move();
                check
            }
        }
    }

    #[inline]
    fn make(&mut self, m: Move) {
        self.do_move(m);
    }

    #[inline]
    fn unmake(&mut self) {
        self.undo_move();
    }

    #[inline]
    fn make_null(&mut self) {
        self.do_null();
    }

    #[inline]
    fn unmake_null(&mut self) {
        self.undo_move();
    }

    fn reserve(&mut self, plies: usize) {
        self.history.reserve(plies);
    }

    #[inline]
    fn verdict(&self, ply_from_root: usize) -> Option<Verdict> {
        self.rules_verdict(ply_from_root)
    }

    fn no_moves_verdict(&self) -> Verdict {
        if self.checkers != 0 {
            Verdict { outcome: Outcome::Win(!self.side), reason: Reason::Checkmate }
        } else {
            Verdict::draw(Reason::Stalemate)
        }
    }
}

impl std::fmt::Debug for Chess {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Chess({})", self.write_fen())
    }
}

/// Re-exported for tools that build moves by hand (tests, the referee).
pub use chess_move::encode as encode_move;
