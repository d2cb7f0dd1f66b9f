//! Coordinate notation (`e2e4`, `e7e8q`). Castling is written as the king's move (`e1g1`) in
//! standard notation and as king-takes-rook (`e1h1`) in Chess960 notation, as UCI has it.
//! Reading accepts both forms in both modes, because a king never takes its own rook otherwise;
//! where the king's-move form of a Chess960 castling coincides with an ordinary king move (king
//! b1, rook a1: `b1c1`), the ordinary move wins, since a GUI in Chess960 mode writes the other.

use crate::castling::castle_king_to;
use crate::chess_move::{flag, from_sq, promotion_kind, to_sq, CASTLING};
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
        let same = |m: Move| from_sq(m) == from && promotion_kind(m) == promotion;
        let exact = list.iter().copied().find(|&m| same(m) && to_sq(m) == to);
        let king_move = || {
            list.iter().copied().find(|&m| {
                same(m) && flag(m) == CASTLING && castle_king_to(from_sq(m), to_sq(m)) == to
            })
        };
        exact.or_else(king_move).ok_or_else(|| MoveError::Illegal(text.to_owned()))
    }

    /// The move in coordinate notation; castling as king-takes-rook only in Chess960 mode.
    pub(crate) fn write_coordinate_move(&self, m: Move) -> String {
        let mut out = String::with_capacity(5);
        let to = if flag(m) == CASTLING && !self.chess960 {
            castle_king_to(from_sq(m), to_sq(m))
        } else {
            to_sq(m)
        };
        out.extend(square_name(from_sq(m)));
        out.extend(square_name(to));
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
