//! `is_legal` for an arbitrary 16-bit word, without generating the move list: decode, check the
//! move is pseudo-legal for the piece on the from-square, then apply the same king-safety
//! rules as the generator (check mask, pin line, king destination not attacked).

use crate::bitboard::*;
use crate::chess_move::{flag, from_sq, to_sq, CASTLING, EN_PASSANT, PROMOTION};
use crate::magic::{bishop_attacks, queen_attacks, rook_attacks};
use crate::position::Chess;
use crate::tables::{between, line, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};
use crate::types::*;
use game_api::{Color, Move, MoveList};

impl Chess {
    pub(crate) fn move_is_legal(&self, m: Move) -> bool {
        let from = from_sq(m);
        let to = to_sq(m);
        let flag = flag(m);
        let us = self.side;
        let piece = self.board[from];
        if from == to || piece == NO_PIECE || color_of(piece) != us {
            return false;
        }
        if flag == CASTLING {
            // Encoded king-takes-own-rook: the one move whose target holds a piece of ours.
            if kind_of(piece) != KING || self.checkers != 0 {
                return false;
            }
            let mut list = MoveList::new();
            self.castling_moves_into(&mut list);
            return list.contains(m);
        }
        if self.by_color[us.index()] & bit(to) != 0 {
            return false;
        }
        let kind = kind_of(piece);
        let occupied = self.occupied();
        let theirs = self.by_color[(!us).index()];
        match flag {
            EN_PASSANT => {
                kind == PAWN
                    && self.ep as usize == to
                    && PAWN_ATTACKS[us.index()][from] & bit(to) != 0
                    && self.en_passant_is_legal(from, to)
            }
            f if f == 0 || (PROMOTION..PROMOTION + 4).contains(&f) => {
                let promotes = f >= PROMOTION;
                let reachable = match kind {
                    PAWN => {
                        let last_rank = if us == Color::White { RANK_8 } else { RANK_1 };
                        if promotes != (bit(to) & last_rank != 0) {
                            return false;
                        }
                        self.pawn_reach(from, to, occupied, theirs)
                    }
                    _ if promotes => false,
                    KNIGHT => KNIGHT_ATTACKS[from] & bit(to) != 0,
                    BISHOP => bishop_attacks(from, occupied) & bit(to) != 0,
                    ROOK => rook_attacks(from, occupied) & bit(to) != 0,
                    QUEEN => queen_attacks(from, occupied) & bit(to) != 0,
                    _ => {
                        return KING_ATTACKS[from] & bit(to) != 0
                            && !self.attacked_by(to, !us, occupied ^ bit(from));
                    }
                };
                reachable && self.keeps_king_safe(from, to)
            }
            _ => false,
        }
    }

    fn pawn_reach(&self, from: usize, to: usize, occupied: Bitboard, theirs: Bitboard) -> bool {
        let us = self.side;
        if PAWN_ATTACKS[us.index()][from] & theirs & bit(to) != 0 {
            return true;
        }
        let (one, start_rank) =
            if us == Color::White { (from + 8, RANK_2) } else { (from.wrapping_sub(8), RANK_7) };
        if one >= 64 || occupied & bit(one) != 0 {
            return false;
        }
        if to == one {
            return true;
        }
        let two = if us == Color::White { one + 8 } else { one.wrapping_sub(8) };
        bit(from) & start_rank != 0 && to == two && occupied & bit(two) == 0
    }

    /// For a non-king move: does it resolve any check and respect a pin?
    fn keeps_king_safe(&self, from: usize, to: usize) -> bool {
        let us = self.side;
        let ksq = self.king_square(us);
        let checkers = self.checkers;
        if more_than_one(checkers) {
            return false;
        }
        if checkers != 0 && (between(ksq, lsb(checkers)) | checkers) & bit(to) == 0 {
            return false;
        }
        self.pinned(us, ksq) & bit(from) == 0 || line(ksq, from) & bit(to) != 0
    }
}
