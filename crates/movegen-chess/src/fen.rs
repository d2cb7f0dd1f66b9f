//! FEN in and out. Parsing is strict and total: every malformed or impossible input becomes a
//! typed [`FenError`], never a panic, and an accepted position is one the move generator can
//! handle (one king each, no pawn on a back rank, the side not to move not in check, castling
//! rights backed by king and rook on their back rank (`fen_castling.rs`, Chess960 included), at most 16 men a side with no more
//! promoted pieces than missing pawns, an en-passant square that a double step could have made).

use crate::bitboard::*;
use crate::position::Chess;
use crate::types::*;
use game_api::{Color, FenError};

fn piece_from_letter(c: char) -> Option<u8> {
    let kind = KIND_LETTERS.iter().position(|&l| l == c.to_ascii_uppercase())?;
    let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
    Some(piece_of(color, kind))
}

fn illegal(why: &str) -> FenError {
    FenError::Illegal(why.to_owned())
}

impl Chess {
    pub(crate) fn parse_fen(text: &str) -> Result<Chess, FenError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        match fields.len() {
            0 => return Err(FenError::MissingField("board")),
            1 => return Err(FenError::MissingField("side to move")),
            2 => return Err(FenError::MissingField("castling")),
            3 => return Err(FenError::MissingField("en passant")),
            4..=6 => {}
            _ => return Err(FenError::BadField("trailing", fields[6..].join(" "))),
        }
        let mut pos = Chess::empty();
        pos.parse_board(fields[0])?;
        pos.side = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return Err(FenError::BadField("side to move", other.to_owned())),
        };
        pos.parse_castling(fields[2])?;
        if let Some(text) = fields.get(4) {
            pos.halfmove = parse_counter(text, "halfmove clock", 0)?;
        }
        if let Some(text) = fields.get(5) {
            pos.fullmove = parse_counter(text, "fullmove number", 1)?;
        }
        pos.validate_material()?;
        pos.parse_en_passant(fields[3])?;
        pos.checkers = pos.compute_checkers();
        if crate::bitboard::Squares(pos.checkers).count() > 2 {
            return Err(illegal("the side to move is in check from more than two pieces"));
        }
        // The side not to move must not be in check.
        let them = !pos.side;
        if pos.attacked_by(pos.king_square(them), pos.side, pos.occupied()) {
            return Err(illegal("the side not to move is in check"));
        }
        pos.rep_window = pos.halfmove;
        pos.key = pos.compute_key();
        Ok(pos)
    }

    fn parse_board(&mut self, board: &str) -> Result<(), FenError> {
        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(FenError::RankCount(ranks.len()));
        }
        for (index, rank_text) in ranks.iter().enumerate() {
            let rank = 7 - index;
            let mut file = 0usize;
            let mut previous_digit = false;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 || previous_digit {
                        return Err(FenError::BadField("board", rank_text.to_string()));
                    }
                    previous_digit = true;
                    file += d as usize;
                } else {
                    previous_digit = false;
                    let piece = piece_from_letter(c).ok_or(FenError::BadPiece(c))?;
                    if file < 8 {
                        self.put(piece, rank * 8 + file);
                    }
                    file += 1;
                }
                if file > 8 {
                    return Err(FenError::FileCount(index + 1, file));
                }
            }
            if file != 8 {
                return Err(FenError::FileCount(index + 1, file));
            }
        }
        Ok(())
    }

    fn validate_material(&self) -> Result<(), FenError> {
        for color in [Color::White, Color::Black] {
            let name = if color == Color::White { "white" } else { "black" };
            let count = |kind| self.pieces(color, kind).count_ones() as i32;
            if count(KING) != 1 {
                return Err(FenError::Illegal(format!("{name} has {} kings", count(KING))));
            }
            if self.by_color[color.index()].count_ones() > 16 {
                return Err(FenError::Illegal(format!("{name} has more than 16 men")));
            }
            let promoted = (count(KNIGHT) - 2).max(0)
                + (count(BISHOP) - 2).max(0)
                + (count(ROOK) - 2).max(0)
                + (count(QUEEN) - 1).max(0);
            if count(PAWN) + promoted > 8 {
                return Err(FenError::Illegal(format!(
                    "{name} has more promoted pieces than missing pawns"
                )));
            }
        }
        if self.by_kind[PAWN] & (RANK_1 | RANK_8) != 0 {
            return Err(illegal("a pawn stands on the first or last rank"));
        }
        Ok(())
    }

    /// Accepts a square a double step could have just made; keeps it only when an en-passant
    /// capture is legal (otherwise the position is the same as with `-`).
    fn parse_en_passant(&mut self, text: &str) -> Result<(), FenError> {
        if text == "-" {
            return Ok(());
        }
        let ep = parse_square(text.as_bytes())
            .ok_or_else(|| FenError::BadField("en passant", text.to_owned()))?;
        let us = self.side;
        let them = !us;
        let ep_rank = if us == Color::White { 5 } else { 2 };
        if rank_of(ep) != ep_rank {
            return Err(FenError::BadField("en passant", text.to_owned()));
        }
        let (pawn_sq, origin) =
            if us == Color::White { (ep - 8, ep + 8) } else { (ep + 8, ep - 8) };
        if self.board[pawn_sq] != piece_of(them, PAWN)
            || self.board[ep] != NO_PIECE
            || self.board[origin] != NO_PIECE
        {
            return Err(FenError::Illegal(format!(
                "en-passant square {text} without a pawn that just made a double step"
            )));
        }
        // Legality needs a consistent position: only look once the kings are known to exist.
        let capturers = crate::tables::PAWN_ATTACKS[them.index()][ep] & self.pieces(us, PAWN);
        if Squares(capturers).any(|from| self.en_passant_is_legal(from, ep)) {
            self.ep = ep as u8;
        }
        Ok(())
    }

    pub(crate) fn write_fen(&self) -> String {
        self.write_fen_with(false)
    }

    /// The FEN, with a Shredder-FEN castling field when `shredder` (X-FEN otherwise).
    pub(crate) fn write_fen_with(&self, shredder: bool) -> String {
        let mut out = String::with_capacity(90);
        for rank in (0..8).rev() {
            let mut empty = 0;
            for file in 0..8 {
                let p = self.board[rank * 8 + file];
                if p == NO_PIECE {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    out.push(char::from(b'0' + empty));
                    empty = 0;
                }
                let letter = KIND_LETTERS[kind_of(p)];
                out.push(if color_of(p) == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                });
            }
            if empty > 0 {
                out.push(char::from(b'0' + empty));
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out.push(' ');
        out.push(if self.side == Color::White { 'w' } else { 'b' });
        out.push(' ');
        self.write_castling(&mut out, shredder);
        out.push(' ');
        if self.ep == NO_SQUARE {
            out.push('-');
        } else {
            out.extend(square_name(self.ep as usize));
        }
        out.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        out
    }
}

fn parse_counter(text: &str, field: &'static str, min: u32) -> Result<u32, FenError> {
    match text.parse::<u32>() {
        Ok(n) if n >= min && n <= 1_000_000 && text.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(FenError::BadField(field, text.to_owned())),
    }
}
