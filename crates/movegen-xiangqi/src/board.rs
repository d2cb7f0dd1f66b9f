//! `Board`: the placement, side to move and zobrist key, and nothing else, so that it is `Copy`
//! and the rules can replay a repetition cycle on a stack copy without touching the heap.
//! Attack queries and the one king-safety test that legal generation relies on live here.

use crate::attacks::{
    advisor_attacks, cannon_captures, cannon_threats, elephant_attacks, horse_attackers_from,
    horse_attacks, king_attacks, lines_through, pawn_attackers_from, pawn_attacks, rook_attacks,
    Occupancy,
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
        // Rooks and cannons attack only along the square's rank and file: most SEE calls find
        // none there and skip the line lookups.
        let lines = lines_through(sq);
        let (rooks, cannons) = (self.of(by, Kind::Rook), self.of(by, Kind::Cannon));
        let mut a = Bitboard::EMPTY;
        if (lines & rooks).any() {
            a |= rook_attacks(sq, occ) & rooks;
        }
        if (lines & cannons).any() {
            a |= cannon_captures(sq, occ) & cannons;
        }
        a |= horse_attackers_from(sq, live) & self.of(by, Kind::Horse);
        a |= pawn_attackers_from(by, sq) & self.of(by, Kind::Pawn);
        a |= advisor_attacks(sq) & self.of(by, Kind::Advisor);
        a |= elephant_attacks(sq, live) & self.of(by, Kind::Elephant);
        a |= king_attacks(sq) & self.of(by, Kind::King);
        a & live
    }

    /// Every square `by` attacks in the current placement: where one of its pieces could
    /// capture a piece of the other side, squares of its own pieces included (a defended piece
    /// is an attacked square). The king counts by its palace steps, as in `attackers_to`: the
    /// flying general rules out a king move, it never captures anything but a king.
    pub fn attacked_squares(&self, by: Color) -> Bitboard {
        let occ = self.occ;
        let live = occ.bb();
        let mut a = Bitboard::EMPTY;
        for sq in self.of(by, Kind::Rook).squares() {
            a |= rook_attacks(sq, occ);
        }
        for sq in self.of(by, Kind::Cannon).squares() {
            a |= cannon_threats(sq, occ);
        }
        for sq in self.of(by, Kind::Horse).squares() {
            a |= horse_attacks(sq, live);
        }
        for sq in self.of(by, Kind::Elephant).squares() {
            a |= elephant_attacks(sq, live);
        }
        for sq in self.of(by, Kind::Advisor).squares() {
            a |= advisor_attacks(sq);
        }
        for sq in self.of(by, Kind::Pawn).squares() {
            a |= pawn_attacks(by, sq);
        }
        a | king_attacks(self.king(by))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::attacks::palace;
    use crate::position::Xiangqi;
    use crate::types::{file_of, on_own_half, rank_of, square, SQUARES};
    use game_api::Game;

    /// Cannons with one screen, with two, and with a piece beyond the screen; a horse whose leg
    /// is blocked; an elephant whose eye is blocked; pawns on both sides of the river.
    const FENS: &[&str] = &[
        "3k5/9/9/9/9/c3P4/9/9/9/4K4 w - - 0 1",
        "3k5/9/9/9/9/c3P2R1/9/9/9/4K4 w - - 0 1",
        "3k5/9/9/9/9/c1P1P4/9/9/9/4K4 w - - 0 1",
        "4k4/9/9/4n4/4P4/9/9/9/9/3K5 w - - 0 1",
        "2b1k4/3P5/9/9/9/9/9/9/9/3K5 b - - 0 1",
        "4ka3/4a4/4b4/2p3p2/2P1p4/9/p1P5C/9/4A4/3K1A3 w - - 0 1",
        "4ka3/4a4/4b4/2p3p2/2P1p4/9/p1P5C/9/4A4/3K1A3 b - - 0 1",
    ];

    /// Slow reference, from the rules' geometry square by square: could the piece on `from`
    /// capture a piece of the other colour standing on `to`?
    fn could_capture(board: &Board, from: usize, to: usize) -> bool {
        let occupied = |f: i32, r: i32| !board.squares[square(f as usize, r as usize)].is_none();
        let (ff, fr) = (file_of(from) as i32, rank_of(from) as i32);
        let (df, dr) = (file_of(to) as i32 - ff, rank_of(to) as i32 - fr);
        // Pieces strictly between `from` and `to` when they share a line.
        let between = || {
            if (df != 0 && dr != 0) || from == to {
                return None;
            }
            let steps = df.abs().max(dr.abs());
            let count = (1..steps)
                .filter(|&i| occupied(ff + df.signum() * i, fr + dr.signum() * i))
                .count();
            Some(count)
        };
        let piece = board.squares[from];
        match piece.kind() {
            Kind::Rook => between() == Some(0),
            Kind::Cannon => between() == Some(1),
            Kind::Horse => match (df.abs(), dr.abs()) {
                (2, 1) => !occupied(ff + df / 2, fr),
                (1, 2) => !occupied(ff, fr + dr / 2),
                _ => false,
            },
            Kind::Elephant => {
                df.abs() == 2
                    && dr.abs() == 2
                    && !occupied(ff + df / 2, fr + dr / 2)
                    && on_own_half(to, piece.color())
            }
            Kind::Advisor => df.abs() == 1 && dr.abs() == 1 && palace(to),
            Kind::King => df.abs() + dr.abs() == 1 && palace(to),
            Kind::Pawn => {
                let forward = if piece.color() == Color::White { 1 } else { -1 };
                let crossed = !on_own_half(from, piece.color());
                (df == 0 && dr == forward) || (crossed && dr == 0 && df.abs() == 1)
            }
        }
    }

    fn attacked_one_by_one(board: &Board, by: Color) -> Bitboard {
        let mut set = Bitboard::EMPTY;
        for to in 0..SQUARES {
            let attacked = (0..SQUARES).any(|from| {
                let p = board.squares[from];
                !p.is_none() && p.color() == by && could_capture(board, from, to)
            });
            // The fast square-by-square query must agree with the geometry too.
            assert_eq!(attacked, board.attackers_to(to, by, board.occ).any(), "square {to}");
            if attacked {
                set |= Bitboard::from_square(to);
            }
        }
        set
    }

    fn board_of(fen: &str) -> Board {
        Xiangqi::from_fen(fen).expect("test FEN").board
    }

    #[test]
    fn attacked_squares_match_the_square_by_square_test() {
        for fen in FENS.iter().chain(Xiangqi::BENCH_FENS) {
            let board = board_of(fen);
            for by in [Color::White, Color::Black] {
                let expected = attacked_one_by_one(&board, by);
                assert_eq!(board.attacked_squares(by), expected, "{fen}, attacked by {by:?}");
            }
            let pos = Xiangqi::from_fen(fen).expect("test FEN");
            assert_eq!(pos.threatened_squares(), board.attacked_squares(!board.side).0, "{fen}");
        }
    }

    fn at(name: &str) -> usize {
        let b = name.as_bytes();
        square(usize::from(b[0] - b'a'), usize::from(b[1] - b'0'))
    }

    #[test]
    fn a_cannon_threatens_beyond_its_screen_up_to_the_next_piece() {
        // The cannon on a4 jumps the pawn on e4.
        let lone_screen = board_of(FENS[0]).attacked_squares(Color::Black);
        for sq in ["f4", "g4", "h4", "i4"] {
            assert!(lone_screen.has(at(sq)), "{sq}");
        }
        for sq in ["b4", "c4", "d4", "e4"] {
            assert!(!lone_screen.has(at(sq)), "{sq}");
        }
        // A rook on h4 stops the threat there.
        let stopped = board_of(FENS[1]).attacked_squares(Color::Black);
        assert!(stopped.has(at("h4")) && !stopped.has(at("i4")));
        // Two screens: only the first piece beyond the first screen, nothing behind it.
        let two_screens = board_of(FENS[2]).attacked_squares(Color::Black);
        assert!(two_screens.has(at("d4")) && two_screens.has(at("e4")));
        assert!(!two_screens.has(at("f4")) && !two_screens.has(at("b4")));
    }

    #[test]
    fn blocked_legs_and_eyes_stop_horses_and_elephants() {
        // The horse on e6 has its leg e5 blocked: neither d4 nor f4, but c5 and g7.
        let horse = board_of(FENS[3]).attacked_squares(Color::Black);
        assert!(!horse.has(at("d4")) && !horse.has(at("f4")));
        assert!(horse.has(at("c5")) && horse.has(at("g7")));
        // The elephant on c9 has its eye d8 blocked: a7 but not e7.
        let elephant = board_of(FENS[4]).attacked_squares(Color::Black);
        assert!(elephant.has(at("a7")) && !elephant.has(at("e7")));
    }
}
