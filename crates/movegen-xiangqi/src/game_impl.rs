//! `game_api::Game` for `Xiangqi`: the glue between the contract and the modules that do the
//! work.

use crate::encoding::{from_sq, to_sq};
use crate::position::Xiangqi;
use crate::types::{Kind, KINDS, PIECES, SQUARES};
use crate::{fen, movegen, notation, rules, see};
use game_api::{
    Color, FenError, Game, GameKind, GenKind, Move, MoveError, MoveList, SquareSet, Verdict,
};

impl Game for Xiangqi {
    const NAME: &'static str = "xiangqi";
    const KIND: Option<GameKind> = Some(GameKind::Xiangqi);
    const SQUARES: usize = SQUARES;
    const PIECES: usize = PIECES;
    const COLOR_NAMES: [&'static str; 2] = ["red", "black"];
    const BENCH_FENS: &'static [&'static str] = &[
        // Start position and two common openings (central cannon; elephant opening).
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        "rnbakab1r/9/1c4nc1/p1p1p1p1p/9/9/P1P1P1P1P/1C2B2C1/9/RN1AKABNR w - - 2 2",
        // Middlegames.
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        "r2akab1r/3n5/4b3n/p1p1pRp1p/9/2P3P2/P3P3c/N2C3C1/4A4/1RBAK1B2 w - - 0 1",
        // Endgames.
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        "3ak4/4a4/9/9/9/9/9/9/9/4K1R2 w - - 0 1",
    ];
    const START_FEN: &'static str =
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

    fn startpos() -> Self {
        match Self::from_fen(Self::START_FEN) {
            Ok(pos) => pos,
            Err(e) => unreachable!("the start FEN is valid: {e}"),
        }
    }

    fn from_fen(text: &str) -> Result<Self, FenError> {
        let parsed = fen::parse(text)?;
        Ok(Xiangqi::from_board(parsed.board, parsed.clock, parsed.fullmove))
    }

    fn fen(&self) -> String {
        fen::write(&self.board, self.clock, self.fullmove())
    }

    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let m = notation::parse(text.trim()).ok_or_else(|| MoveError::Syntax(text.to_owned()))?;
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(text.to_owned()))
        }
    }

    fn write_move(&self, m: Move) -> String {
        notation::write(m)
    }

    #[inline]
    fn side_to_move(&self) -> Color {
        self.board.side
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.board.key
    }

    /// The soldiers' placement (the slow-moving skeleton of a xiangqi position).
    #[inline]
    fn structure_key(&self) -> Option<u64> {
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            let piece = crate::types::Piece::new(color, Kind::Pawn).index();
            for sq in self.board.of(color, Kind::Pawn) {
                key ^= crate::zobrist::piece_square(piece, sq);
            }
        }
        Some(key)
    }

    /// The placement key, plus the plies left before the move-count limit once that is near:
    /// a score that depends on reaching the limit must not be reused where it is farther away.
    #[inline]
    fn tt_key(&self) -> u64 {
        self.board.key ^ crate::zobrist::clock_fold(self.move_limit.saturating_sub(self.clock))
    }

    /// Exact for every move: the placement key moved, the side flipped, and the clock's fold
    /// for a clock that a capture resets.
    #[inline]
    fn tt_key_after(&self, m: Move) -> Option<u64> {
        let (from, to) = (crate::encoding::from_sq(m), crate::encoding::to_sq(m));
        let b = &self.board;
        let piece = b.squares[from].index();
        let mut key = b.key
            ^ crate::zobrist::SIDE
            ^ crate::zobrist::piece_square(piece, from)
            ^ crate::zobrist::piece_square(piece, to);
        let victim = b.squares[to];
        let clock = if victim == crate::types::NO_PIECE {
            self.clock + 1
        } else {
            key ^= crate::zobrist::piece_square(victim.index(), to);
            0
        };
        Some(key ^ crate::zobrist::clock_fold(self.move_limit.saturating_sub(clock)))
    }

    /// Plies since the last capture against the configured move-count limit.
    #[inline]
    fn move_rule_clock(&self) -> Option<(u32, u32)> {
        Some((self.clock, self.move_limit))
    }

    #[inline]
    fn in_check(&self) -> bool {
        self.in_check
    }

    #[inline]
    fn has_non_pawn_material(&self, side: Color) -> bool {
        let b = &self.board;
        (b.of(side, Kind::Rook) | b.of(side, Kind::Horse) | b.of(side, Kind::Cannon)).any()
    }

    #[inline]
    fn history_len(&self) -> usize {
        self.history.len()
    }

    #[inline]
    fn moved_piece(&self, m: Move) -> usize {
        // Meant for legal moves; anything else still gets an in-range index, never a panic.
        self.piece_at(from_sq(m)).index().min(PIECES - 1)
    }

    #[inline]
    fn captured_kind(&self, m: Move) -> Option<usize> {
        let p = self.piece_at(to_sq(m));
        (!p.is_none()).then(|| p.kind() as usize)
    }

    #[inline]
    fn kind_value(kind: usize) -> i32 {
        Kind::VALUES[kind.min(KINDS - 1)]
    }

    #[inline]
    fn from_square(m: Move) -> usize {
        from_sq(m)
    }

    #[inline]
    fn to_square(m: Move) -> usize {
        to_sq(m)
    }

    #[inline]
    fn is_tactical(&self, m: Move) -> bool {
        !self.piece_at(to_sq(m)).is_none()
    }

    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        from_sq(m) < SQUARES && to_sq(m) < SQUARES && see::see_ge(&self.board, m, threshold)
    }

    #[inline]
    fn threatened_squares(&self) -> SquareSet {
        self.board.attacked_squares(!self.board.side).0
    }

    #[inline]
    fn generate(&self, kind: GenKind, list: &mut MoveList) {
        movegen::generate(&self.board, self.in_check, kind, list);
    }

    #[inline]
    fn is_legal(&self, m: Move) -> bool {
        let (from, to) = (from_sq(m), to_sq(m));
        m.0 >> 14 == 0
            && from < SQUARES
            && to < SQUARES
            && movegen::is_legal_move(&self.board, self.in_check, from, to)
    }

    fn gives_check(&mut self, m: Move) -> bool {
        // Meant for legal moves; the guard only keeps a stray word from indexing off the board.
        let mover = self.piece_at(from_sq(m));
        if mover.is_none()
            || mover.color() != self.board.side
            || to_sq(m) >= SQUARES
            || from_sq(m) == to_sq(m)
        {
            return false;
        }
        let mut after = self.board;
        after.apply(from_sq(m), to_sq(m));
        after.in_check(after.side)
    }

    #[inline]
    fn make(&mut self, m: Move) {
        self.make_move(m);
    }

    #[inline]
    fn unmake(&mut self) {
        self.unmake_move();
    }

    fn make_null(&mut self) {
        self.make_null_move();
    }

    fn unmake_null(&mut self) {
        self.unmake_move();
    }

    fn reserve(&mut self, plies: usize) {
        self.history.reserve(plies);
    }

    #[inline]
    fn verdict(&self, ply_from_root: usize) -> Option<Verdict> {
        rules::verdict(self, ply_from_root)
    }

    fn no_moves_verdict(&self) -> Verdict {
        let reason =
            if self.in_check { game_api::Reason::Checkmate } else { game_api::Reason::Stalemate };
        Verdict::win(!self.board.side, reason)
    }
}
