//! Squares, colours, piece kinds and coloured pieces: the small vocabulary every other module
//! speaks. A square is `rank * 9 + file` with rank 0 Red's back rank and file 0 the a-file.

use game_api::Color;

pub const FILES: usize = 9;
pub const RANKS: usize = 10;
pub const SQUARES: usize = FILES * RANKS;

#[inline(always)]
pub const fn square(file: usize, rank: usize) -> usize {
    rank * FILES + file
}

#[inline(always)]
pub const fn file_of(sq: usize) -> usize {
    sq % FILES
}

#[inline(always)]
pub const fn rank_of(sq: usize) -> usize {
    sq / FILES
}

/// Whether `sq` lies on `side`'s own half of the board (before the river).
#[inline(always)]
pub const fn on_own_half(sq: usize, side: Color) -> bool {
    match side {
        Color::White => rank_of(sq) <= 4,
        Color::Black => rank_of(sq) >= 5,
    }
}

/// Piece kinds in order of the index `captured_kind` reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(u8)]
pub enum Kind {
    Pawn = 0,
    Advisor = 1,
    Elephant = 2,
    Horse = 3,
    Cannon = 4,
    Rook = 5,
    King = 6,
}

pub const KINDS: usize = 7;

impl Kind {
    pub const ALL: [Kind; KINDS] = [
        Kind::Pawn,
        Kind::Advisor,
        Kind::Elephant,
        Kind::Horse,
        Kind::Cannon,
        Kind::Rook,
        Kind::King,
    ];

    #[inline(always)]
    pub const fn from_index(i: usize) -> Kind {
        Kind::ALL[i]
    }

    /// Upper-case FEN letter (Red's spelling).
    pub const fn letter(self) -> char {
        match self {
            Kind::Pawn => 'P',
            Kind::Advisor => 'A',
            Kind::Elephant => 'B',
            Kind::Horse => 'N',
            Kind::Cannon => 'C',
            Kind::Rook => 'R',
            Kind::King => 'K',
        }
    }

    /// Reads a FEN letter of either case, with the common aliases E (elephant) and H (horse).
    pub fn from_letter(c: char) -> Option<(Kind, Color)> {
        let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
        let kind = match c.to_ascii_uppercase() {
            'P' => Kind::Pawn,
            'A' => Kind::Advisor,
            'B' | 'E' => Kind::Elephant,
            'N' | 'H' => Kind::Horse,
            'C' => Kind::Cannon,
            'R' => Kind::Rook,
            'K' => Kind::King,
            _ => return None,
        };
        Some((kind, color))
    }

    /// Centipawn values for MVV-LVA and SEE. The king's value only has to exceed any exchange.
    pub const VALUES: [i32; KINDS] = [100, 200, 200, 420, 450, 950, 20_000];

    #[inline(always)]
    pub const fn value(self) -> i32 {
        Kind::VALUES[self as usize]
    }
}

/// A coloured piece: `color * 7 + kind`, in `0..14`. [`NO_PIECE`] marks an empty mailbox square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece(pub u8);

pub const NO_PIECE: Piece = Piece(14);
pub const PIECES: usize = 14;

impl Piece {
    #[inline(always)]
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece(color as u8 * KINDS as u8 + kind as u8)
    }

    #[inline(always)]
    pub const fn is_none(self) -> bool {
        self.0 >= PIECES as u8
    }

    #[inline(always)]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    #[inline(always)]
    pub const fn kind(self) -> Kind {
        Kind::from_index(self.0 as usize % KINDS)
    }

    #[inline(always)]
    pub const fn color(self) -> Color {
        if (self.0 as usize) < KINDS {
            Color::White
        } else {
            Color::Black
        }
    }

    pub fn letter(self) -> char {
        let c = self.kind().letter();
        match self.color() {
            Color::White => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }
}
