//! `Bitboard`: a set of squares in the low 90 bits of a `u128`, bit `rank * 9 + file`.

use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bitboard(pub u128);

/// Every square of the board.
pub const BOARD_MASK: u128 = (1u128 << 90) - 1;

/// `1 << i` for a bit index below 128, read from a table: a variable 128-bit shift is several
/// instructions (two-word shift and selects), and the occupancy updates of every move make
/// four of them.
#[inline(always)]
pub const fn bit(i: usize) -> u128 {
    BITS[i & 127]
}

const BITS: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = 1u128 << i;
        i += 1;
    }
    t
};

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);
    pub const FULL: Bitboard = Bitboard(BOARD_MASK);

    #[inline(always)]
    pub const fn from_square(sq: usize) -> Bitboard {
        Bitboard(bit(sq))
    }

    #[inline(always)]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline(always)]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline(always)]
    pub const fn has(self, sq: usize) -> bool {
        (self.0 >> sq) & 1 != 0
    }

    #[inline(always)]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// More than one square set.
    #[inline(always)]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The lowest square (the set must not be empty).
    #[inline(always)]
    pub const fn lsb(self) -> usize {
        self.0.trailing_zeros() as usize
    }

    /// The squares, lowest first, walked as two 64-bit halves (cheaper than 128-bit bit
    /// tricks on every step).
    #[inline(always)]
    pub const fn squares(self) -> Squares {
        Squares { lo: self.0 as u64, hi: (self.0 >> 64) as u64 }
    }

    #[inline(always)]
    pub fn pop_lsb(&mut self) -> usize {
        let sq = self.lsb();
        self.0 &= self.0 - 1;
        sq
    }
}

/// Iterator over a bitboard's squares; see [`Bitboard::squares`].
pub struct Squares {
    lo: u64,
    hi: u64,
}

impl Iterator for Squares {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.lo != 0 {
            let sq = self.lo.trailing_zeros() as usize;
            self.lo &= self.lo - 1;
            Some(sq)
        } else if self.hi != 0 {
            let sq = 64 + self.hi.trailing_zeros() as usize;
            self.hi &= self.hi - 1;
            Some(sq)
        } else {
            None
        }
    }
}

impl Iterator for Bitboard {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            Some(self.pop_lsb())
        }
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline(always)]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline(always)]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline(always)]
    fn not(self) -> Bitboard {
        Bitboard(!self.0 & BOARD_MASK)
    }
}
