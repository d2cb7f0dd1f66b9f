//! Fully legal move generation. The king's moves are tested square by square with the king
//! lifted off the board; every other piece is restricted up front by the check mask (the
//! checker and the squares between it and the king) and, when pinned, by the pin line, so no
//! move is ever made to test it. En passant, the one capture that removes a piece from a third
//! square, is checked by simulating the resulting occupancy.
//!
//! `TACTICAL` and `QUIET` are const parameters so each `GenKind` gets its own branch-free copy.
//! The output is a type parameter too ([`MoveOutput`]): the same code fills a move list or,
//! for [`Chess::count_legal_moves`], only counts, so the two cannot drift apart.

use crate::bitboard::*;
use crate::castling::{castle_king_to, castle_rook_to};
use crate::chess_move::{CASTLING, EN_PASSANT, NORMAL};
use crate::magic::{bishop_attacks, rook_attacks};
use crate::move_output::{MoveCount, MoveOutput};
use crate::position::Chess;
use crate::tables::{between, line, KING_ATTACKS, KNIGHT_ATTACKS, PAWN_ATTACKS};
use crate::types::*;
use game_api::{Color, MoveList};

impl Chess {
    #[inline(always)]
    pub(crate) fn generate_legal<const TACTICAL: bool, const QUIET: bool>(
        &self,
        list: &mut MoveList,
    ) {
        list.append_with(|sink| self.generate_into::<_, TACTICAL, QUIET>(sink));
    }

    /// The number of legal moves: what `generate_legal::<true, true>` would append, found by
    /// the same code with popcounts in place of writes.
    pub(crate) fn count_legal_moves(&self) -> usize {
        let mut count = MoveCount::default();
        self.generate_into::<_, true, true>(&mut count);
        count.0
    }

    #[inline(always)]
    fn generate_into<O: MoveOutput, const TACTICAL: bool, const QUIET: bool>(&self, out: &mut O) {
        let us = self.side;
        let them = !us;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occupied = ours | theirs;
        let ksq = self.king_square(us);

        let mut wanted = 0;
        if TACTICAL {
            wanted |= theirs;
        }
        if QUIET {
            wanted |= !occupied;
        }

        let lifted = occupied ^ bit(ksq);
        for to in Squares(KING_ATTACKS[ksq] & wanted) {
            if !self.attacked_by(to, them, lifted) {
                out.one(ksq, to, NORMAL);
            }
        }

        let checkers = self.checkers;
        if more_than_one(checkers) {
            return;
        }
        let check_mask = if checkers == 0 { !0 } else { between(ksq, lsb(checkers)) | checkers };
        let targets = wanted & check_mask;
        let pinned = self.pinned(us, ksq);

        for from in Squares(self.pieces(us, KNIGHT) & !pinned) {
            out.moves_from(from, KNIGHT_ATTACKS[from] & targets);
        }
        let diagonal = self.diagonal_sliders(us);
        for from in Squares(diagonal & !pinned) {
            out.moves_from(from, bishop_attacks(from, occupied) & targets);
        }
        let straight = self.straight_sliders(us);
        for from in Squares(straight & !pinned) {
            out.moves_from(from, rook_attacks(from, occupied) & targets);
        }
        // A pinned slider keeps the moves along its pin line; a pinned knight has none.
        if pinned != 0 {
            for from in Squares(diagonal & pinned) {
                out.moves_from(from, bishop_attacks(from, occupied) & targets & line(ksq, from));
            }
            for from in Squares(straight & pinned) {
                out.moves_from(from, rook_attacks(from, occupied) & targets & line(ksq, from));
            }
        }

        if us == Color::White {
            self.pawn_moves::<_, true, TACTICAL, QUIET>(out, check_mask, pinned, ksq);
        } else {
            self.pawn_moves::<_, false, TACTICAL, QUIET>(out, check_mask, pinned, ksq);
        }

        if QUIET && checkers == 0 {
            self.castling_moves(out, ksq, occupied);
        }
    }

    #[inline(always)]
    fn pawn_moves<O: MoveOutput, const WHITE: bool, const TACTICAL: bool, const QUIET: bool>(
        &self,
        out: &mut O,
        check_mask: Bitboard,
        pinned: Bitboard,
        ksq: usize,
    ) {
        let (us, them) =
            if WHITE { (Color::White, Color::Black) } else { (Color::Black, Color::White) };
        let up = |b: Bitboard| if WHITE { b << 8 } else { b >> 8 };
        // Target minus source of a push, as a wrapping offset.
        let step: usize = if WHITE { 8 } else { 8usize.wrapping_neg() };
        let last_rank = if WHITE { RANK_8 } else { RANK_1 };
        let third_rank = if WHITE { RANK_3 } else { RANK_6 };
        let empty = !self.occupied();
        let theirs = self.by_color[them.index()];
        let pawns = self.pieces(us, PAWN);
        let free = pawns & !pinned;

        let single = up(free) & empty;
        if QUIET {
            out.shifted(single & check_mask & !last_rank, step);
            out.shifted(up(single & third_rank) & empty & check_mask, step.wrapping_add(step));
        }
        if TACTICAL {
            out.shifted_promotions(single & check_mask & last_rank, step);
            let victims = theirs & check_mask;
            // Captures towards the a-file, then towards the h-file.
            let (west, east) = if WHITE {
                ((free & !FILE_A) << 7, (free & !FILE_H) << 9)
            } else {
                ((free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
            };
            let (west_step, east_step): (usize, usize) =
                if WHITE { (7, 9) } else { (9usize.wrapping_neg(), 7usize.wrapping_neg()) };
            for (hits, delta) in [(west & victims, west_step), (east & victims, east_step)] {
                out.shifted(hits & !last_rank, delta);
                out.shifted_promotions(hits & last_rank, delta);
            }
            if self.ep != NO_SQUARE {
                let ep = self.ep as usize;
                for from in Squares(PAWN_ATTACKS[them.index()][ep] & pawns) {
                    if self.en_passant_is_legal(from, ep) {
                        out.one(from, ep, EN_PASSANT);
                    }
                }
            }
        }

        // Pinned pawns (rare): one at a time, kept on their pin line.
        for from in Squares(pawns & pinned) {
            let allowed = line(ksq, from) & check_mask;
            let mut targets = 0;
            if TACTICAL {
                targets |= PAWN_ATTACKS[us.index()][from] & theirs;
            }
            let one = up(bit(from)) & empty;
            if QUIET {
                targets |= one;
                if bit(from) & (if WHITE { RANK_2 } else { RANK_7 }) != 0 {
                    targets |= up(one) & empty;
                }
            } else if TACTICAL {
                targets |= one & last_rank;
            }
            for to in Squares(targets & allowed) {
                if bit(to) & last_rank != 0 {
                    if TACTICAL {
                        out.promotions(from, to);
                    }
                } else {
                    out.one(from, to, NORMAL);
                }
            }
        }
    }

    /// Castling moves alone, for `is_legal` (the caller has checked the king is not in check).
    pub(crate) fn castling_moves_into(&self, list: &mut MoveList) {
        list.append_with(|sink| {
            self.castling_moves(sink, self.king_square(self.side), self.occupied())
        });
    }

    /// Castling with each right the side still holds (the caller has checked the king is not in
    /// check). As python-chess and the FIDE Chess960 rules have it: the squares between the
    /// king's start and destination must not be attacked (king lifted), and the king must be
    /// safe on its destination once the rook has moved (a rook leaving the back rank's line can
    /// uncover an attack on the king there, in Chess960 only).
    #[inline(always)]
    fn castling_moves<O: MoveOutput>(&self, out: &mut O, ksq: usize, occupied: Bitboard) {
        let first = if self.side == Color::White { 0 } else { 2 };
        let them = !self.side;
        let lifted = occupied ^ bit(ksq);
        for right in first..first + 2 {
            if self.castling & (1 << right) == 0 || occupied & self.castle.empty[right] != 0 {
                continue;
            }
            let rook = self.castle.rook_from[right] as usize;
            if Squares(self.castle.king_path[right]).any(|sq| self.attacked_by(sq, them, lifted)) {
                continue;
            }
            let after = (lifted ^ bit(rook)) | bit(castle_rook_to(ksq, rook));
            if !self.attacked_by(castle_king_to(ksq, rook), them, after) {
                out.one(ksq, rook, CASTLING);
            }
        }
    }
}
