use std::ops::Not;

/// The side to move. Xiangqi's Red is [`Color::White`]: the side that moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Color {
    /// White in chess, Red in xiangqi: moves first.
    White = 0,
    /// Black in both games.
    Black = 1,
}

impl Color {
    /// Xiangqi's name for the side that moves first.
    pub const RED: Color = Color::White;

    /// 0 for White/Red, 1 for Black: an index into per-side tables.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// +1 for White/Red, -1 for Black: turns a White-relative score into a side-relative one.
    #[inline]
    pub const fn sign(self) -> i32 {
        match self {
            Color::White => 1,
            Color::Black => -1,
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}
