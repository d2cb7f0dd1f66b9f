//! A read-only look at a position's pieces through its FEN text, so that the notation (SAN) and
//! the CXQ rules can ask "which piece stands on e4" without knowing a game's internals.
//! Chess ranks are numbered 1–8, xiangqi ranks 0–9 (as in each game's move notation).

use game_api::{Game, GameKind};

pub struct BoardView {
    /// `cells[rank_index][file]`, rank_index 0 = the lowest rank; `None` is empty.
    cells: Vec<Vec<Option<char>>>,
    /// The number of the lowest rank in move text (1 in chess, 0 in xiangqi).
    rank_base: u32,
}

/// A square as written in move text: file index from 0 (`a`), rank index from 0 (lowest rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Coord {
    pub file: usize,
    pub rank: usize,
}

impl BoardView {
    pub fn of<G: Game>(pos: &G) -> BoardView {
        let rank_base = if G::KIND == Some(GameKind::Chess) { 1 } else { 0 };
        Self::from_fen(&pos.fen(), rank_base)
    }

    pub fn from_fen(fen: &str, rank_base: u32) -> BoardView {
        let board = fen.split_whitespace().next().unwrap_or("");
        let mut cells: Vec<Vec<Option<char>>> = board
            .split('/')
            .map(|row| {
                let mut out = Vec::new();
                let mut digits = String::new();
                for c in row.chars() {
                    if c.is_ascii_digit() {
                        digits.push(c);
                        continue;
                    }
                    if !digits.is_empty() {
                        out.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
                        digits.clear();
                    }
                    out.push(Some(c));
                }
                if !digits.is_empty() {
                    out.extend(std::iter::repeat_n(None, digits.parse().unwrap_or(0)));
                }
                out
            })
            .collect();
        cells.reverse();
        BoardView { cells, rank_base }
    }

    pub fn ranks(&self) -> usize {
        self.cells.len()
    }

    pub fn at(&self, c: Coord) -> Option<char> {
        self.cells.get(c.rank).and_then(|row| row.get(c.file)).copied().flatten()
    }

    /// Parses the square at the start of `text` (`e4`, `h10` never occurs in our notation).
    /// Returns the square and the rest of the text.
    pub fn square<'a>(&self, text: &'a str) -> Option<(Coord, &'a str)> {
        let mut chars = text.char_indices();
        let (_, f) = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let (_, r) = chars.next()?;
        let rank = r.to_digit(10)?.checked_sub(self.rank_base)? as usize;
        Some((Coord { file: (f as u8 - b'a') as usize, rank }, &text[2..]))
    }

    /// (from, to, rest) of a coordinate move such as `e2e4` or `e7e8q`.
    pub fn squares_of_move<'a>(&self, text: &'a str) -> Option<(Coord, Coord, &'a str)> {
        let (from, rest) = self.square(text)?;
        let (to, rest) = self.square(rest)?;
        Some((from, to, rest))
    }

    pub fn square_name(&self, c: Coord) -> String {
        format!("{}{}", (b'a' + c.file as u8) as char, c.rank as u32 + self.rank_base)
    }
}
