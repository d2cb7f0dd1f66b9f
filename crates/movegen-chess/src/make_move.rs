//! make / unmake. `make` updates the keys incrementally and pushes an [`Undo`]; `unmake` moves
//! the pieces back and restores everything else from that record rather than recomputing it.

use crate::castling::{castle_king_to, castle_rook_to};
use crate::chess_move::{flag, from_sq, promotion_kind, to_sq, CASTLING, EN_PASSANT, NORMAL};
use crate::position::{Chess, Undo};
use crate::tables::PAWN_ATTACKS;
use crate::types::*;
use crate::zobrist::KEYS;
use game_api::{Color, Move};

impl Chess {
    #[inline]
    pub(crate) fn do_move(&mut self, m: Move) {
        let from = from_sq(m);
        let to = to_sq(m);
        let flag = flag(m);
        let piece = self.board[from];
        let us = self.side;
        let them = !us;
        // Castling is encoded king-takes-own-rook: the rook on `to` is not captured.
        let captured = match flag {
            EN_PASSANT => piece_of(them, PAWN),
            CASTLING => NO_PIECE,
            _ => self.board[to],
        };
        self.history.push(Undo {
            key: self.key,
            skeleton: self.skeleton,
            checkers: self.checkers,
            mv: m,
            captured,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            rep_window: self.rep_window,
        });

        let ps = &KEYS.piece_square;
        let mut key = self.key ^ KEYS.black_to_move;
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[self.ep as usize & 7];
            self.ep = NO_SQUARE;
        }
        self.halfmove = self.halfmove.saturating_add(1);
        self.rep_window = self.rep_window.saturating_add(1);
        let is_pawn = kind_of(piece) == PAWN;
        if is_pawn || captured != NO_PIECE {
            self.halfmove = 0;
            self.rep_window = 0;
        }

        match flag {
            NORMAL => {
                if captured != NO_PIECE {
                    self.remove(captured, to);
                    key ^= ps[captured as usize][to];
                }
                self.shift(piece, from, to);
                key ^= ps[piece as usize][from] ^ ps[piece as usize][to];
            }
            EN_PASSANT => {
                let victim_sq = to ^ 8;
                self.remove(captured, victim_sq);
                self.shift(piece, from, to);
                key ^= ps[captured as usize][victim_sq]
                    ^ ps[piece as usize][from]
                    ^ ps[piece as usize][to];
            }
            CASTLING => {
                // Both leave before either lands: in Chess960 each may land where the other
                // stood, or not move at all.
                let (rook_from, king_to, rook_to) =
                    (to, castle_king_to(from, to), castle_rook_to(from, to));
                let rook = piece_of(us, ROOK);
                self.remove(piece, from);
                self.remove(rook, rook_from);
                self.put(piece, king_to);
                self.put(rook, rook_to);
                key ^= ps[piece as usize][from]
                    ^ ps[piece as usize][king_to]
                    ^ ps[rook as usize][rook_from]
                    ^ ps[rook as usize][rook_to];
            }
            _ => {
                let promoted = piece_of(us, promotion_kind(m).unwrap_or(QUEEN));
                if captured != NO_PIECE {
                    self.remove(captured, to);
                    key ^= ps[captured as usize][to];
                }
                self.remove(piece, from);
                self.put(promoted, to);
                key ^= ps[piece as usize][from] ^ ps[promoted as usize][to];
            }
        }

        if self.castling != 0 {
            let kept = self.castling & self.castle.kept[from] & self.castle.kept[to];
            if kept != self.castling {
                key ^= self.castle.keys[self.castling as usize] ^ self.castle.keys[kept as usize];
                self.castling = kept;
                self.rep_window = 0;
            }
        }

        self.side = them;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.checkers = self.compute_checkers();

        // A double step records its en-passant square only if the capture is really legal.
        if is_pawn && from ^ to == 16 {
            let ep = (from + to) / 2;
            let capturers = PAWN_ATTACKS[us.index()][ep] & self.pieces(them, PAWN);
            if capturers != 0 && self.any_legal_en_passant(capturers, ep) {
                self.ep = ep as u8;
                key ^= KEYS.ep_file[ep & 7];
            }
        }
        self.key = key;
    }

    #[cold]
    fn any_legal_en_passant(&self, capturers: u64, ep: usize) -> bool {
        crate::bitboard::Squares(capturers).any(|from| self.en_passant_is_legal(from, ep))
    }

    #[inline]
    pub(crate) fn undo_move(&mut self) {
        let Some(undo) = self.history.pop() else {
            debug_assert!(false, "unmake without a move to take back");
            return;
        };
        let them = self.side;
        let us = !them;
        self.side = us;
        if us == Color::Black {
            self.fullmove = self.fullmove.saturating_sub(1);
        }
        self.key = undo.key;
        self.skeleton = undo.skeleton;
        self.checkers = undo.checkers;
        self.castling = undo.castling;
        self.ep = undo.ep;
        self.halfmove = undo.halfmove;
        self.rep_window = undo.rep_window;

        let m = undo.mv;
        if m.is_none() {
            return;
        }
        let from = from_sq(m);
        let to = to_sq(m);
        match flag(m) {
            NORMAL => {
                let piece = self.board[to];
                self.slide(piece, to, from);
                if undo.captured != NO_PIECE {
                    self.place(undo.captured, to);
                }
            }
            EN_PASSANT => {
                let piece = self.board[to];
                self.slide(piece, to, from);
                self.place(undo.captured, to ^ 8);
            }
            CASTLING => {
                let (king_to, rook_to) = (castle_king_to(from, to), castle_rook_to(from, to));
                let (king, rook) = (piece_of(us, KING), piece_of(us, ROOK));
                self.lift(king, king_to);
                self.lift(rook, rook_to);
                self.place(king, from);
                self.place(rook, to);
            }
            _ => {
                let promoted = self.board[to];
                self.lift(promoted, to);
                self.place(piece_of(us, PAWN), from);
                if undo.captured != NO_PIECE {
                    self.place(undo.captured, to);
                }
            }
        }
    }

    /// Passes the turn. Only called when not in check, so the opponent is not in check either.
    pub(crate) fn do_null(&mut self) {
        self.history.push(Undo {
            key: self.key,
            skeleton: self.skeleton,
            checkers: self.checkers,
            mv: Move::NONE,
            captured: NO_PIECE,
            castling: self.castling,
            ep: self.ep,
            halfmove: self.halfmove,
            rep_window: self.rep_window,
        });
        let mut key = self.key ^ KEYS.black_to_move;
        if self.ep != NO_SQUARE {
            key ^= KEYS.ep_file[self.ep as usize & 7];
            self.ep = NO_SQUARE;
        }
        self.key = key;
        self.halfmove = self.halfmove.saturating_add(1);
        self.rep_window = 0;
        if self.side == Color::Black {
            self.fullmove = self.fullmove.saturating_add(1);
        }
        self.side = !self.side;
        self.checkers = self.compute_checkers();
    }
}
