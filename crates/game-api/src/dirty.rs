//! What a move changes on the board, piece by piece: the record an incrementally updated
//! evaluation (an NNUE accumulator) needs, so that no game logic leaks into the evaluator or the
//! search. The game fills it ([`PieceBoard::dirty_pieces`]); the evaluator subtracts the removed
//! pieces' features and adds the added ones.

/// A coloured piece (an index in `0..Game::PIECES`, as [`crate::Game::moved_piece`] numbers them)
/// on a square (`0..Game::SQUARES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct PieceSquare {
    /// The coloured piece, as the game numbers it.
    pub piece: u8,
    /// The square it leaves or reaches.
    pub square: u8,
}

/// Most pieces a move of either game takes off or puts on the board: castling moves two pieces
/// (2 off, 2 on); a capturing promotion takes off the pawn and the victim.
pub const MAX_DIRTY: usize = 2;

/// The pieces a move takes off the board and puts on it. A piece that moves appears in both
/// lists (off its from-square, on its to-square). Fixed size: filled at every node, never
/// allocates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct DirtyPieces {
    removed: [PieceSquare; MAX_DIRTY],
    added: [PieceSquare; MAX_DIRTY],
    removed_len: u8,
    added_len: u8,
}

impl DirtyPieces {
    /// No change (a null move).
    pub const NONE: DirtyPieces = DirtyPieces {
        removed: [PieceSquare { piece: 0, square: 0 }; MAX_DIRTY],
        added: [PieceSquare { piece: 0, square: 0 }; MAX_DIRTY],
        removed_len: 0,
        added_len: 0,
    };

    /// Records `piece` leaving `square`. More than [`MAX_DIRTY`] is a game bug: debug builds
    /// assert, release builds drop the extra entry.
    #[inline]
    pub fn remove(&mut self, piece: usize, square: usize) {
        debug_assert!((self.removed_len as usize) < MAX_DIRTY, "too many removed pieces");
        if let Some(slot) = self.removed.get_mut(self.removed_len as usize) {
            *slot = PieceSquare { piece: piece as u8, square: square as u8 };
            self.removed_len += 1;
        }
    }

    /// Records `piece` arriving on `square`.
    #[inline]
    pub fn add(&mut self, piece: usize, square: usize) {
        debug_assert!((self.added_len as usize) < MAX_DIRTY, "too many added pieces");
        if let Some(slot) = self.added.get_mut(self.added_len as usize) {
            *slot = PieceSquare { piece: piece as u8, square: square as u8 };
            self.added_len += 1;
        }
    }

    /// A piece moving from one square to another.
    #[inline]
    pub fn shift(&mut self, piece: usize, from: usize, to: usize) {
        self.remove(piece, from);
        self.add(piece, to);
    }

    /// The pieces taken off the board, each on the square it left.
    #[inline]
    pub fn removed(&self) -> &[PieceSquare] {
        &self.removed[..self.removed_len as usize]
    }

    /// The pieces put on the board, each on the square it reached.
    #[inline]
    pub fn added(&self) -> &[PieceSquare] {
        &self.added[..self.added_len as usize]
    }
}

/// A game whose board an evaluation can read piece by piece: what a full accumulator refresh and
/// an incremental update need. Implemented by the games that have NNUE inference; the search
/// never uses it (it only forwards make/unmake to the [`crate::Evaluator`] hooks).
pub trait PieceBoard: crate::Game {
    /// The coloured piece on `sq` (`0..PIECES`), if any.
    fn piece_on(&self, sq: usize) -> Option<usize>;
    /// What `m` (legal in this position, not yet made) changes on the board.
    fn dirty_pieces(&self, m: crate::Move) -> DirtyPieces;
}
