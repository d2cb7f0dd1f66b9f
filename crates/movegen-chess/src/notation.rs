//! Coordinate notation (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).

use crate::chess_move::{from_sq, promotion_kind, to_sq};
use crate::position::Chess;
use crate::types::*;
use game_api::{GenKind, Move, MoveError, MoveList};

impl Chess {
    pub(crate) fn parse_coordinate_move(&self, text: &str) -> Result<Move, MoveError> {
        let syntax = || MoveError::Syntax(text.to_owned());
        let bytes = text.as_bytes();
        if bytes.len() != 4 && bytes.len() != 5 {
            return Err(syntax());
        }
        let from = parse_square(&bytes[0..2]).ok_or_else(syntax)?;
        let to = parse_square(&bytes[2..4]).ok_or_else(syntax)?;
        let promotion = match bytes.get(4).map(u8::to_ascii_lowercase) {
            None => None,
            Some(b'n') => Some(KNIGHT),
            Some(b'b') => Some(BISHOP),
            Some(b'r') => Some(ROOK),
            Some(b'q') => Some(QUEEN),
            Some(_) => return Err(syntax()),
        };
        let mut list = MoveList::new();
        self.generate_kind(GenKind::All, &mut list);
        list.iter()
            .copied()
            .find(|&m| from_sq(m) == from && to_sq(m) == to && promotion_kind(m) == promotion)
            .ok_or_else(|| MoveError::Illegal(text.to_owned()))
    }

    pub(crate) fn write_coordinate_move(m: Move) -> String {
        let mut out = String::with_capacity(5);
        out.extend(square_name(from_sq(m)));
        out.extend(square_name(to_sq(m)));
        if let Some(kind) = promotion_kind(m) {
            out.push(KIND_LETTERS[kind].to_ascii_lowercase());
        }
        out
    }

    #[inline(always)]
    pub(crate) fn generate_kind(&self, kind: GenKind, list: &mut MoveList) {
        match kind {
            GenKind::All => self.generate_legal::<true, true>(list),
            GenKind::Tactical => self.generate_legal::<true, false>(list),
            GenKind::Quiet => self.generate_legal::<false, true>(list),
        }
    }
}
