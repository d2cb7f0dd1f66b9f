//! `Xiangqi`: the board plus what the rules need over time — the undo stack (which doubles as
//! the game history for repetition judgement), the capture clock and the move-count limit.

use crate::board::Board;
use crate::encoding::{from_sq, to_sq};
use crate::types::Piece;
use game_api::Move;

/// Default move-count rule: 120 plies (60 moves each) without a capture.
pub const DEFAULT_MOVE_LIMIT: u32 = 120;
pub const MIN_MOVE_LIMIT: u32 = 100;
pub const MAX_MOVE_LIMIT: u32 = 300;

/// What `make` saves so `unmake` can restore it, and what the repetition rules read back.
#[derive(Clone, Copy, Debug)]
pub struct Undo {
    /// The move made (`Move::NONE` for a null move).
    pub mv: Move,
    pub captured: Piece,
    /// State of the position *before* the move.
    pub key: u64,
    pub in_check: bool,
    pub clock: u32,
    pub since_null: u32,
}

#[derive(Clone)]
pub struct Xiangqi {
    pub(crate) board: Board,
    /// Whether the side to move is in check (computed at make time: the generator and the
    /// perpetual-check rule both need it).
    pub(crate) in_check: bool,
    /// Plies since the last capture (or since the FEN's clock).
    pub(crate) clock: u32,
    /// Plies since the last null move: repetition never looks across one.
    pub(crate) since_null: u32,
    pub(crate) history: Vec<Undo>,
    pub(crate) start_fullmove: u32,
    pub(crate) move_limit: u32,
}

impl Xiangqi {
    pub(crate) fn from_board(board: Board, clock: u32, fullmove: u32) -> Xiangqi {
        let in_check = board.in_check(board.side);
        Xiangqi {
            board,
            in_check,
            clock,
            since_null: 0,
            history: Vec::with_capacity(256),
            start_fullmove: fullmove,
            move_limit: DEFAULT_MOVE_LIMIT,
        }
    }

    /// Sets the move-count rule: a draw after `plies` plies without a capture (clamped to
    /// 100..=300).
    pub fn set_move_limit(&mut self, plies: u32) {
        self.move_limit = plies.clamp(MIN_MOVE_LIMIT, MAX_MOVE_LIMIT);
    }

    pub fn move_limit(&self) -> u32 {
        self.move_limit
    }

    /// The piece on `sq`, or `NO_PIECE` for an empty or off-board square.
    #[inline(always)]
    pub(crate) fn piece_at(&self, sq: usize) -> Piece {
        self.board.squares.get(sq).copied().unwrap_or(crate::types::NO_PIECE)
    }

    /// Plies since the last capture.
    pub fn capture_clock(&self) -> u32 {
        self.clock
    }

    /// The key recomputed from the placement (tests compare it with the incremental key).
    pub fn recomputed_key(&self) -> u64 {
        self.board.compute_key()
    }

    pub(crate) fn fullmove(&self) -> u32 {
        // Count Black moves since the FEN: each completes a full move.
        let start_black = self.start_side_black();
        let plies = self.history.len() as u32 + u32::from(start_black);
        self.start_fullmove + plies / 2
    }

    fn start_side_black(&self) -> bool {
        let black_now = self.board.side == game_api::Color::Black;
        black_now ^ (self.history.len() % 2 == 1)
    }

    #[inline(always)]
    pub(crate) fn make_move(&mut self, m: Move) {
        let from = from_sq(m);
        let to = to_sq(m);
        let undo = Undo {
            mv: m,
            captured: self.board.squares[to],
            key: self.board.key,
            in_check: self.in_check,
            clock: self.clock,
            since_null: self.since_null,
        };
        self.history.push(undo);
        let captured = self.board.apply(from, to);
        self.clock = if captured.is_none() { self.clock + 1 } else { 0 };
        self.since_null += 1;
        self.in_check = self.board.in_check(self.board.side);
    }

    #[inline(always)]
    pub(crate) fn unmake_move(&mut self) {
        let Some(undo) = self.history.pop() else {
            debug_assert!(false, "unmake with an empty history");
            return;
        };
        if undo.mv.is_none() {
            self.board.flip_side();
        } else {
            self.board.retract(from_sq(undo.mv), to_sq(undo.mv), undo.captured);
        }
        self.in_check = undo.in_check;
        self.clock = undo.clock;
        self.since_null = undo.since_null;
    }

    pub(crate) fn make_null_move(&mut self) {
        self.history.push(Undo {
            mv: Move::NONE,
            captured: crate::types::NO_PIECE,
            key: self.board.key,
            in_check: self.in_check,
            clock: self.clock,
            since_null: self.since_null,
        });
        self.board.flip_side();
        self.clock += 1;
        self.since_null = 0;
        self.in_check = false;
    }

    /// Whether the side to move is in check at history index `ply` (`history.len()` = now).
    #[inline]
    pub(crate) fn in_check_at(&self, ply: usize) -> bool {
        if ply == self.history.len() {
            self.in_check
        } else {
            self.history[ply].in_check
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Xiangqi;
    use game_api::Game;

    #[test]
    fn move_rule_clock_counts_plies_since_a_capture_against_the_limit() {
        let mut pos =
            Xiangqi::from_fen("4k4/9/9/9/9/9/4p4/4R4/9/3K5 w - - 11 30").expect("test FEN");
        assert_eq!(pos.move_rule_clock(), Some((11, pos.move_limit())));
        pos.set_move_limit(200);
        for (text, clock) in [("d0d1", 12), ("e9f9", 13), ("e2e3", 0)] {
            let m = pos.parse_move(text).expect("legal in the test line");
            pos.make(m);
            assert_eq!(pos.move_rule_clock(), Some((clock, 200)), "after {text}");
        }
    }
}
