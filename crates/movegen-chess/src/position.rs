//! The position: bitboards by kind and by colour plus a mailbox, the state the rules need
//! (castling rights, en passant, clocks), the zobrist key, the checkers of the side to move,
//! and the undo stack that `make`/`unmake` push and pop. This file holds the representation and
//! the attack queries every other module builds on.

use crate::bitboard::{bit, lsb, more_than_one, pawn_attacks_of, Bitboard, Squares};
use crate::castling::CastlingRules;
use crate::magic::{bishop_attacks, rook_attacks, BISHOP_RAYS, ROOK_RAYS};
use crate::tables::{between, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};
use crate::types::*;
use crate::zobrist::KEYS;
use game_api::{Color, Move, PieceKeys};

/// What `unmake` needs to restore the state before a move (or a null move, `mv == NONE`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Undo {
    pub key: u64,
    pub skeleton: SkeletonKeys,
    pub checkers: Bitboard,
    pub mv: Move,
    pub captured: u8,
    pub castling: u8,
    pub ep: u8,
    pub halfmove: u32,
    pub rep_window: u32,
}

/// The Zobrist keys of the pawns and of the other pieces' skeletons, each the XOR of its
/// pieces' `piece_square` keys.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct SkeletonKeys {
    pub pawns: u64,
    pub pieces: PieceKeys,
}

impl SkeletonKeys {
    /// Adds or takes away (the same XOR) `key` of a `piece` in each skeleton it belongs to.
    #[inline(always)]
    fn toggle(&mut self, piece: u8, key: u64) {
        let kind = kind_of(piece);
        if kind == PAWN {
            self.pawns ^= key;
            return;
        }
        self.pieces.non_pawn[color_of(piece).index()] ^= key;
        if matches!(kind, KNIGHT | BISHOP | KING) {
            self.pieces.minor ^= key;
        }
    }
}

/// A chess position with its game history since setup. See the crate docs for the design.
#[derive(Clone)]
pub struct Chess {
    pub(crate) by_kind: [Bitboard; KINDS],
    pub(crate) by_color: [Bitboard; 2],
    pub(crate) board: [u8; 64],
    pub(crate) side: Color,
    pub(crate) castling: u8,
    /// Where each right's rook stands and what follows from it (`castling.rs`).
    pub(crate) castle: CastlingRules,
    /// Chess960 notation: castling written and read as king-takes-rook (`UCI_Chess960`). The
    /// rules do not depend on it; only [`Chess::write_coordinate_move`] does.
    pub(crate) chess960: bool,
    /// The en-passant target square, set only when an en-passant capture is actually legal,
    /// so that the key (and so repetition) follows the FIDE rule.
    pub(crate) ep: u8,
    pub(crate) halfmove: u32,
    pub(crate) fullmove: u32,
    /// How many plies back a repetition can reach: the halfmove clock, but also reset by null
    /// moves (a repetition across a null move is not a real one).
    pub(crate) rep_window: u32,
    pub(crate) key: u64,
    /// The keys of the piece skeletons (`Game::structure_key`, `Game::piece_keys`), kept by
    /// `put`, `remove` and `shift` because the search reads them at every node.
    pub(crate) skeleton: SkeletonKeys,
    /// Enemy pieces giving check to the side to move.
    pub(crate) checkers: Bitboard,
    pub(crate) history: Vec<Undo>,
}

impl Chess {
    /// An empty board, the starting point of FEN parsing.
    pub(crate) fn empty() -> Self {
        Chess {
            by_kind: [0; KINDS],
            by_color: [0; 2],
            board: [NO_PIECE; 64],
            side: Color::White,
            castling: 0,
            castle: CastlingRules::standard(),
            chess960: false,
            ep: NO_SQUARE,
            halfmove: 0,
            fullmove: 1,
            rep_window: 0,
            key: 0,
            skeleton: SkeletonKeys::default(),
            checkers: 0,
            history: Vec::with_capacity(256),
        }
    }

    #[inline(always)]
    pub(crate) fn pieces(&self, color: Color, kind: usize) -> Bitboard {
        self.by_kind[kind] & self.by_color[color.index()]
    }

    #[inline(always)]
    pub(crate) fn occupied(&self) -> Bitboard {
        self.by_color[0] | self.by_color[1]
    }

    #[inline(always)]
    pub(crate) fn king_square(&self, color: Color) -> usize {
        lsb(self.pieces(color, KING))
    }

    #[inline(always)]
    pub(crate) fn diagonal_sliders(&self, color: Color) -> Bitboard {
        (self.by_kind[BISHOP] | self.by_kind[QUEEN]) & self.by_color[color.index()]
    }

    #[inline(always)]
    pub(crate) fn straight_sliders(&self, color: Color) -> Bitboard {
        (self.by_kind[ROOK] | self.by_kind[QUEEN]) & self.by_color[color.index()]
    }

    /// Pieces of either colour attacking `sq` given the occupancy `occupied`.
    #[inline(always)]
    pub(crate) fn attackers_to(&self, sq: usize, occupied: Bitboard) -> Bitboard {
        (PAWN_ATTACKS[1][sq] & self.pieces(Color::White, PAWN))
            | (PAWN_ATTACKS[0][sq] & self.pieces(Color::Black, PAWN))
            | (KNIGHT_ATTACKS[sq] & self.by_kind[KNIGHT])
            | (KING_ATTACKS[sq] & self.by_kind[KING])
            | (bishop_attacks(sq, occupied) & (self.by_kind[BISHOP] | self.by_kind[QUEEN]))
            | (rook_attacks(sq, occupied) & (self.by_kind[ROOK] | self.by_kind[QUEEN]))
    }

    /// Whether `by` attacks `sq` when the board's occupancy is `occupied` (which may differ from
    /// the real one, e.g. without the moving king).
    #[inline(always)]
    pub(crate) fn attacked_by(&self, sq: usize, by: Color, occupied: Bitboard) -> bool {
        let theirs = self.by_color[by.index()];
        (PAWN_ATTACKS[(!by).index()][sq] & self.by_kind[PAWN] & theirs) != 0
            || (KNIGHT_ATTACKS[sq] & self.by_kind[KNIGHT] & theirs) != 0
            || (KING_ATTACKS[sq] & self.by_kind[KING] & theirs) != 0
            || (bishop_attacks(sq, occupied) & self.diagonal_sliders(by)) != 0
            || (rook_attacks(sq, occupied) & self.straight_sliders(by)) != 0
    }

    /// Every square `by` attacks with the current occupancy, squares of its own pieces
    /// included (a defended piece is an attacked square): the pawns by two shifts, every other
    /// piece by one table or magic lookup.
    pub(crate) fn attacked_squares(&self, by: Color) -> Bitboard {
        let occupied = self.occupied();
        let mut attacked = pawn_attacks_of(by, self.pieces(by, PAWN));
        for sq in Squares(self.pieces(by, KNIGHT)) {
            attacked |= KNIGHT_ATTACKS[sq];
        }
        for sq in Squares(self.diagonal_sliders(by)) {
            attacked |= bishop_attacks(sq, occupied);
        }
        for sq in Squares(self.straight_sliders(by)) {
            attacked |= rook_attacks(sq, occupied);
        }
        // A loop rather than `king_square`, which would index past the table on a kingless
        // board; a position always has its king, so this runs once.
        for sq in Squares(self.pieces(by, KING)) {
            attacked |= KING_ATTACKS[sq];
        }
        attacked
    }

    /// Enemy pieces attacking the king of the side to move.
    #[inline(always)]
    pub(crate) fn compute_checkers(&self) -> Bitboard {
        let us = self.side;
        let ksq = self.king_square(us);
        self.attackers_to(ksq, self.occupied()) & self.by_color[(!us).index()]
    }

    /// Pieces of `us` that stand alone between their king (on `ksq`) and an enemy slider.
    #[inline(always)]
    pub(crate) fn pinned(&self, us: Color, ksq: usize) -> Bitboard {
        let them = !us;
        let occupied = self.occupied();
        let snipers = (ROOK_RAYS[ksq] & self.straight_sliders(them))
            | (BISHOP_RAYS[ksq] & self.diagonal_sliders(them));
        let mut pinned = 0;
        for sniper in Squares(snipers) {
            let blockers = between(ksq, sniper) & occupied;
            if blockers != 0 && !more_than_one(blockers) {
                pinned |= blockers;
            }
        }
        pinned & self.by_color[us.index()]
    }

    /// Whether the side to move may capture en passant from `from` onto `ep` without leaving
    /// its king attacked. Simulated on the occupancy after the capture, which also covers the
    /// rank pin where both pawns leave the king's rank at once.
    pub(crate) fn en_passant_is_legal(&self, from: usize, ep: usize) -> bool {
        let us = self.side;
        let them = !us;
        let captured = ep ^ 8;
        let occupied = (self.occupied() ^ bit(from) ^ bit(captured)) | bit(ep);
        let ksq = self.king_square(us);
        let theirs = self.by_color[them.index()] & !bit(captured);
        let attackers = (PAWN_ATTACKS[us.index()][ksq] & self.by_kind[PAWN])
            | (KNIGHT_ATTACKS[ksq] & self.by_kind[KNIGHT])
            | (bishop_attacks(ksq, occupied) & (self.by_kind[BISHOP] | self.by_kind[QUEEN]))
            | (rook_attacks(ksq, occupied) & (self.by_kind[ROOK] | self.by_kind[QUEEN]));
        attackers & theirs == 0
    }

    /// Places `piece` on the empty square `sq`, keeping the skeleton keys.
    #[inline(always)]
    pub(crate) fn put(&mut self, piece: u8, sq: usize) {
        self.skeleton.toggle(piece, KEYS.piece_square[piece as usize][sq]);
        self.place(piece, sq);
    }

    /// Takes `piece` off `sq`, keeping the skeleton keys.
    #[inline(always)]
    pub(crate) fn remove(&mut self, piece: u8, sq: usize) {
        self.skeleton.toggle(piece, KEYS.piece_square[piece as usize][sq]);
        self.lift(piece, sq);
    }

    /// Moves `piece` from `from` to the empty square `to`, keeping the skeleton keys.
    #[inline(always)]
    pub(crate) fn shift(&mut self, piece: u8, from: usize, to: usize) {
        let keys = &KEYS.piece_square[piece as usize];
        self.skeleton.toggle(piece, keys[from] ^ keys[to]);
        self.slide(piece, from, to);
    }

    // The same three edits on the board alone, for `unmake`, which restores the skeleton keys
    // from its record instead.

    #[inline(always)]
    pub(crate) fn place(&mut self, piece: u8, sq: usize) {
        self.board[sq] = piece;
        self.by_kind[kind_of(piece)] |= bit(sq);
        self.by_color[color_of(piece).index()] |= bit(sq);
    }

    #[inline(always)]
    pub(crate) fn lift(&mut self, piece: u8, sq: usize) {
        self.board[sq] = NO_PIECE;
        self.by_kind[kind_of(piece)] ^= bit(sq);
        self.by_color[color_of(piece).index()] ^= bit(sq);
    }

    #[inline(always)]
    pub(crate) fn slide(&mut self, piece: u8, from: usize, to: usize) {
        let both = bit(from) | bit(to);
        self.board[from] = NO_PIECE;
        self.board[to] = piece;
        self.by_kind[kind_of(piece)] ^= both;
        self.by_color[color_of(piece).index()] ^= both;
    }

    /// The key computed from scratch; `make`/`unmake` keep `self.key` equal to it.
    pub fn compute_key(&self) -> u64 {
        let mut key = 0;
        for sq in Squares(self.occupied()) {
            key ^= KEYS.piece_square[self.board[sq] as usize][sq];
        }
        key ^= self.castle.keys[self.castling as usize];
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[self.ep as usize & 7];
        }
        if self.side == Color::Black {
            key ^= KEYS.black_to_move;
        }
        key
    }

    /// The skeleton keys computed from scratch; `make`/`unmake` keep `self.skeleton` equal to
    /// them.
    pub fn compute_skeleton_keys(&self) -> (u64, PieceKeys) {
        let mut keys = SkeletonKeys::default();
        for sq in Squares(self.occupied()) {
            let piece = self.board[sq];
            keys.toggle(piece, KEYS.piece_square[piece as usize][sq]);
        }
        (keys.pawns, keys.pieces)
    }

    /// Side-independent piece at `sq` (`None` when empty), as (colour, kind).
    pub fn piece_at(&self, sq: usize) -> Option<(Color, usize)> {
        let p = *self.board.get(sq)?;
        (p != NO_PIECE).then(|| (color_of(p), kind_of(p)))
    }

    /// Halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove
    }

    /// Bitboard of one colour's pieces of one kind (kind `0..6` = P, N, B, R, Q, K).
    pub fn pieces_of(&self, color: Color, kind: usize) -> u64 {
        if kind < KINDS {
            self.pieces(color, kind)
        } else {
            0
        }
    }

    /// How many pieces stand on the board, kings included.
    pub fn piece_count(&self) -> u32 {
        (self.by_color[0] | self.by_color[1]).count_ones()
    }

    /// The en-passant target square, only when an en-passant capture is legal.
    pub fn ep_square(&self) -> Option<usize> {
        (self.ep != NO_SQUARE).then_some(self.ep as usize)
    }

    /// Whether either side may still castle (tablebases hold no such position).
    pub fn has_castling_rights(&self) -> bool {
        self.castling != 0
    }

    /// Whether some position since the last capture, pawn move or null move occurred twice:
    /// a tablebase root then ranks winning moves strictly by distance, so that a shuffle
    /// cannot repeat its way into a draw.
    pub fn has_repeated(&self) -> bool {
        let n = self.history.len();
        let window = (self.rep_window as usize).min(n);
        // Keys of the positions in the window, newest first: the current one, then the
        // position before each move, back to the window's start.
        let key_at = |back: usize| if back == 0 { self.key } else { self.history[n - back].key };
        (0..=window).any(|i| (i + 4..=window).step_by(2).any(|j| key_at(j) == key_at(i)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bitboard::{FILE_A, FILE_H, RANK_6, RANK_7, RANK_8};
    use crate::game_impl::BENCH_FENS;
    use game_api::{Game, SquareSet};

    /// Bench positions, plus pawns on both edge files of both colours (where a careless shift
    /// wraps), pins, an en-passant square and a promotion-ready pawn.
    const FENS: &[&str] = &[
        "4k3/P6p/8/1p4P1/1P4p1/8/p6P/4K3 w - - 0 1",
        "4k3/P6p/8/1p4P1/1P4p1/8/p6P/4K3 b - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 b - - 0 1",
        "2k5/8/8/q7/8/8/3R4/4K3 w - - 0 1",
    ];

    /// Slow reference: square by square, does any piece of `by` attack it?
    fn attacked_one_by_one(pos: &Chess, by: Color) -> Bitboard {
        let occupied = pos.occupied();
        (0..64).filter(|&sq| pos.attacked_by(sq, by, occupied)).fold(0, |set, sq| set | bit(sq))
    }

    #[test]
    fn attacked_squares_match_the_square_by_square_test() {
        for fen in FENS.iter().chain(BENCH_FENS) {
            let pos = Chess::parse_fen(fen).expect("test FEN");
            for by in [Color::White, Color::Black] {
                assert_eq!(
                    pos.attacked_squares(by),
                    attacked_one_by_one(&pos, by),
                    "{fen}, attacked by {by:?}"
                );
            }
            let opponent = pos.attacked_squares(!pos.side);
            assert_eq!(pos.threatened_squares(), SquareSet::from(opponent), "{fen}");
        }
    }

    #[test]
    fn move_rule_clock_is_the_halfmove_clock_against_100_plies() {
        let mut pos = Chess::parse_fen("4k3/8/8/8/8/8/4P3/R3K3 w - - 37 60").expect("test FEN");
        assert_eq!(pos.move_rule_clock(), Some((37, 100)));
        for (text, clock) in [("a1a2", 38), ("e8d8", 39), ("e2e4", 0)] {
            let m = pos.parse_move(text).expect("legal in the test line");
            pos.make(m);
            assert_eq!(pos.move_rule_clock(), Some((clock, 100)), "after {text}");
        }
        pos.unmake();
        assert_eq!(pos.move_rule_clock(), Some((39, 100)));
    }

    #[test]
    fn black_attacks_in_the_start_position() {
        // Pawns cover rank 6, the back rank covers rank 7, and on rank 8 only the corner
        // rooks stand where no piece of theirs reaches.
        let pos = Chess::startpos();
        let corners = bit(56) | bit(63);
        let expected = RANK_6 | RANK_7 | (RANK_8 & !corners);
        assert_eq!(pos.attacked_squares(Color::Black), expected);
        assert_eq!(pos.threatened_squares(), SquareSet::from(expected));
    }

    #[test]
    fn edge_pawns_do_not_wrap() {
        // A white pawn on a2 attacks only b3; one on h2 only g3; black mirrors.
        assert_eq!(pawn_attacks_of(Color::White, bit(8)), bit(17));
        assert_eq!(pawn_attacks_of(Color::White, bit(15)), bit(22));
        assert_eq!(pawn_attacks_of(Color::Black, bit(48)), bit(41));
        assert_eq!(pawn_attacks_of(Color::Black, bit(55)), bit(46));
        assert_eq!(pawn_attacks_of(Color::White, FILE_A | FILE_H) & (FILE_A | FILE_H), 0);
    }
}
