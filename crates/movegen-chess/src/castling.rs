//! Castling for standard chess and Chess960 (Fischer Random, and Double Fischer Random where the
//! two sides' placements differ) with one set of rules.
//!
//! Why it looks like this:
//! - A right is one of four bits (white/black × king side/queen side), and the position keeps,
//!   per right, the square of *its* rook, fixed when the position is set up (rights are only ever
//!   lost, so a game never changes which rook a right belongs to). Everything a castling move
//!   needs (the squares that must be empty, the king's path, which moves drop which rights, the
//!   zobrist key of each rights mask) is derived once at setup into [`CastlingRules`], so the
//!   move generator and `make` do table lookups, as they did when the squares were constants.
//! - The king and rook always land where they do in standard chess (king on g/c, rook on f/d),
//!   whatever their start squares; either may not move at all, and each may stand where the
//!   other lands. That is why the move is encoded king-takes-own-rook (as Stockfish does): it is
//!   unambiguous even when the king does not move, and [`castle_king_to`] recovers the king's
//!   destination from the move alone.
//! - The key of a rights mask is keyed by rook colour and file, with the four standard rights
//!   (rooks on the a- and h-files) keeping exactly the keys they had before Chess960 existed,
//!   so standard-chess keys (and so `bench`) are unchanged, while two 960 positions that differ
//!   only in which rook a right belongs to get different keys.

use crate::bitboard::{bit, Bitboard};
use crate::tables::between;
use crate::zobrist::KEYS;

// Castling rights are bits of `Chess::castling`, in FEN order: right `i` is bit `1 << i`; its
// colour is `i / 2` (white first) and it is the king side when `i` is even.

/// The square the king lands on when castling with the rook on `rook` from `king` (same rank).
#[inline(always)]
pub const fn castle_king_to(king: usize, rook: usize) -> usize {
    (king & 56) + if rook > king { 6 } else { 2 }
}

/// The square the rook lands on when castling with the rook on `rook` from `king`.
#[inline(always)]
pub const fn castle_rook_to(king: usize, rook: usize) -> usize {
    (king & 56) + if rook > king { 5 } else { 3 }
}

/// What castling needs, derived from the kings' and the rights' rooks' start squares.
#[derive(Clone, Debug)]
pub(crate) struct CastlingRules {
    /// The rook of each right (meaningful only for rights held at setup).
    pub rook_from: [u8; 4],
    /// Squares that must be empty for each right: the king's and the rook's paths and
    /// destinations, minus the king and that rook themselves.
    pub empty: [Bitboard; 4],
    /// Squares strictly between the king's start and destination, which must not be attacked.
    pub king_path: [Bitboard; 4],
    /// Rights that survive a move from or to each square.
    pub kept: [u8; 64],
    /// The zobrist key of each rights mask.
    pub keys: [u64; 16],
}

impl CastlingRules {
    /// Standard chess: kings on e1/e8, rooks in the corners.
    pub fn standard() -> Self {
        Self::new([4, 60], [7, 0, 63, 56], 0b1111)
    }

    /// Rules for kings on `kings` (white, black) and rights `rights` whose rooks stand on
    /// `rooks` (indexed by right). The caller has checked each held right's rook is on its
    /// king's rank, on the right side of the king.
    pub fn new(kings: [usize; 2], rooks: [usize; 4], rights: u8) -> Self {
        let mut rules = CastlingRules {
            rook_from: [0; 4],
            empty: [0; 4],
            king_path: [0; 4],
            kept: [0b1111; 64],
            keys: [0; 16],
        };
        let mut single = [0u64; 4];
        for i in 0..4 {
            let king = kings[i / 2];
            let rook = rooks[i];
            rules.rook_from[i] = rook as u8;
            single[i] = KEYS.castle_file[i / 2][rook & 7];
            if rights & (1 << i) == 0 {
                continue;
            }
            let king_to = castle_king_to(king, rook);
            let rook_to = castle_rook_to(king, rook);
            let travelled =
                between(king, king_to) | bit(king_to) | between(rook, rook_to) | bit(rook_to);
            rules.empty[i] = travelled & !bit(king) & !bit(rook);
            rules.king_path[i] = between(king, king_to);
            rules.kept[king] &= !(0b11 << (i / 2 * 2));
            rules.kept[rook] &= !(1 << i);
        }
        for (mask, key) in rules.keys.iter_mut().enumerate() {
            for (i, k) in single.iter().enumerate() {
                if mask & (1 << i) != 0 {
                    *key ^= k;
                }
            }
        }
        rules
    }
}
