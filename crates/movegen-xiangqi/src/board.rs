//! `Board`: the placement, side to move and zobrist key, and nothing else, so that it is `Copy`
//! and the rules can replay a repetition cycle on a stack copy without touching the heap.
//! Attack queries and the one king-safety test that legal generation relies on live here.

use crate::attacks::{
    advisor_attacks, cannon_captures, elephant_attacks, horse_attackers_from, horse_attacks,
    king_attacks, pawn_attackers_from, pawn_attacks, rook_attacks, Occupancy,
};
use crate::bitboard::Bitboard;
use crate::types::{Kind, Piece, NO_PIECE, PIECES, SQUARES};
use crate::zobrist;
use game_api::Color;

#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Board {
    pub squares: [Piece; SQUARES],
    pub pieces: [Bitboard; PIECES],
    pub colors: [Bitboard; 2],
    pub occ: Occupancy,
    pub side: Color,
    pub key: u64,
    /// King squares by colour. Meaningless while a FEN is still being validated.
    pub kings: [u8; 2],
}

impl Board {
    pub fn empty() -> Board {
        Board {
            squares: [NO_PIECE; SQUARES],
            pieces: [Bitboard::EMPTY; PIECES],
            colors: [Bitboard::EMPTY; 2],
            occ: Occupancy { by_rank: 0, by_file: 0 },
            side: Color::White,
            key: 0,
            kings: [0; 2],
        }
    }

    #[inline(always)]
    pub fn of(&self, color: Color, kind: Kind) -> Bitboard {
        self.pieces[Piece::new(color, kind).index()]
    }

    #[inline(always)]
    pub fn king(&self, color: Color) -> usize {
        self.kings[color.index()] as usize
    }

    #[inline(always)]
    pub fn put(&mut self, piece: Piece, sq: usize) {
        let bit = Bitboard::from_square(sq);
        self.squares[sq] = piece;
        self.pieces[piece.index()] |= bit;
        self.colors[piece.color().index()] |= bit;
        self.occ.toggle(sq);
        self.key ^= zobrist::piece_square(piece.index(), sq);
        if piece.kind() == Kind::King {
            self.kings[piece.color().index()] = sq as u8;
        }
    }

    #[inline(always)]
    pub fn remove(&mut self, sq: usize) -> Piece {
        let piece = self.squares[sq];
        let bit = Bitboard::from_square(sq);
        self.squares[sq] = NO_PIECE;
        self.pieces[piece.index()] ^= bit;
        self.colors[piece.color().index()] ^= bit;
        self.occ.toggle(sq);
        self.key ^= zobrist::piece_square(piece.index(), sq);
        piece
    }

    #[inline(always)]
    pub fn flip_side(&mut self) {
        self.side = !self.side;
        self.key ^= zobrist::SIDE;
    }

    /// Plays `from -> to` (assumed legal) and passes the turn; returns the captured piece.
    #[inline(always)]
    pub fn apply(&mut self, from: usize, to: usize) -> Piece {
        let captured = self.squares[to];
        if !captured.is_none() {
            self.remove(to);
        }
        let piece = self.remove(from);
        self.put(piece, to);
        self.flip_side();
        captured
    }

    /// Takes back `apply(from, to)` that captured `captured`.
    #[inline(always)]
    pub fn retract(&mut self, from: usize, to: usize, captured: Piece) {
        self.flip_side();
        let piece = self.remove(to);
        self.put(piece, from);
        if !captured.is_none() {
            self.put(captured, to);
        }
    }

    /// The key recomputed from scratch (for tests of the incremental key).
    pub fn compute_key(&self) -> u64 {
        let mut key = if self.side == Color::Black { zobrist::SIDE } else { 0 };
        for sq in 0..SQUARES {
            let p = self.squares[sq];
            if !p.is_none() {
                key ^= zobrist::piece_square(p.index(), sq);
            }
        }
        key
    }

    /// Whether a king of the other colour on `ksq` would be attacked by `by` with occupancy
    /// `occ`, ignoring `by`'s pieces on `excluded` (a piece just captured). Includes the
    /// flying general: the enemy king counts as a rook along the file (it can never share a
    /// rank with the other king, so the rank part of the rook lookup cannot misfire).
    #[inline(always)]
    pub fn king_in_danger(
        &self,
        ksq: usize,
        by: Color,
        occ: Occupancy,
        excluded: Bitboard,
    ) -> bool {
        let keep = !excluded;
        let rooks = (self.of(by, Kind::Rook) | self.of(by, Kind::King)) & keep;
        if (rook_attacks(ksq, occ) & rooks).any() {
            return true;
        }
        if (cannon_captures(ksq, occ) & self.of(by, Kind::Cannon) & keep).any() {
            return true;
        }
        if (horse_attackers_from(ksq, occ.bb()) & self.of(by, Kind::Horse) & keep).any() {
            return true;
        }
        (pawn_attackers_from(by, ksq) & self.of(by, Kind::Pawn) & keep).any()
    }

    /// Whether `side`'s king is attacked in the current placement.
    #[inline(always)]
    pub fn in_check(&self, side: Color) -> bool {
        self.king_in_danger(self.king(side), !side, self.occ, Bitboard::EMPTY)
    }

    /// Whether the side to move may play `from -> to` (a pseudo-legal move) without leaving
    /// its king attacked or facing the other king.
    #[inline(always)]
    pub fn move_is_safe(&self, from: usize, to: usize) -> bool {
        let us = self.side;
        let ksq = if self.squares[from].kind() == Kind::King { to } else { self.king(us) };
        let occ = self.occ.after_move(from, to);
        !self.king_in_danger(ksq, !us, occ, Bitboard::from_square(to))
    }

    /// Every piece of `by` that attacks `sq` (could capture a piece there) given `occ`, king
    /// steps included. Used by SEE and the chase rules, not by generation.
    pub fn attackers_to(&self, sq: usize, by: Color, occ: Occupancy) -> Bitboard {
        let live = Bitboard(occ.by_rank);
        let mut a = rook_attacks(sq, occ) & self.of(by, Kind::Rook);
        a |= cannon_captures(sq, occ) & self.of(by, Kind::Cannon);
        a |= horse_attackers_from(sq, live) & self.of(by, Kind::Horse);
        a |= pawn_attackers_from(by, sq) & self.of(by, Kind::Pawn);
        a |= advisor_attacks(sq) & self.of(by, Kind::Advisor);
        a |= elephant_attacks(sq, live) & self.of(by, Kind::Elephant);
        a |= king_attacks(sq) & self.of(by, Kind::King);
        a & live
    }

    /// Squares the piece on `from` could move to, ignoring king safety and the colour of what
    /// stands there (callers mask out their own pieces).
    #[inline(always)]
    pub fn reach(&self, from: usize) -> Bitboard {
        let piece = self.squares[from];
        let occ = self.occ;
        match piece.kind() {
            Kind::Rook => rook_attacks(from, occ),
            Kind::Cannon => {
                (rook_attacks(from, occ) & !occ.bb()) | (cannon_captures(from, occ) & occ.bb())
            }
            Kind::Horse => horse_attacks(from, occ.bb()),
            Kind::Elephant => elephant_attacks(from, occ.bb()),
            Kind::Advisor => advisor_attacks(from),
            Kind::King => king_attacks(from),
            Kind::Pawn => pawn_attacks(piece.color(), from),
        }
    }
}
