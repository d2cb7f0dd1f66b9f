//! The engine's chess position as shakmaty's, which the prober reads. Built from the bitboards
//! directly (no FEN text), so a probe in the search allocates nothing.

use game_api::{Color, Game};
use movegen_chess::Chess;
use shakmaty::{Bitboard, Board, ByColor, ByRole, CastlingMode, FromSetup, Setup, Square};
use std::num::NonZeroU32;

use movegen_chess::kinds::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

/// `pos` as a shakmaty position; `None` for a position that tablebases do not hold (castling
/// rights) or that shakmaty refuses (never for a position the rules layer reached).
pub fn to_shakmaty(pos: &Chess) -> Option<shakmaty::Chess> {
    if pos.has_castling_rights() {
        return None;
    }
    let kind = |k: usize| Bitboard(pos.pieces_of(Color::White, k) | pos.pieces_of(Color::Black, k));
    let side = |c: Color| Bitboard((0..6).fold(0, |acc, k| acc | pos.pieces_of(c, k)));
    let by_role = ByRole {
        pawn: kind(PAWN),
        knight: kind(KNIGHT),
        bishop: kind(BISHOP),
        rook: kind(ROOK),
        queen: kind(QUEEN),
        king: kind(KING),
    };
    let by_color = ByColor { white: side(Color::White), black: side(Color::Black) };
    let board = Board::try_from_bitboards(by_role, by_color).ok()?;
    let turn = match pos.side_to_move() {
        Color::White => shakmaty::Color::White,
        Color::Black => shakmaty::Color::Black,
    };
    let setup = Setup {
        board,
        promoted: Bitboard::EMPTY,
        pockets: None,
        turn,
        castling_rights: Bitboard::EMPTY,
        ep_square: pos.ep_square().filter(|&sq| sq < 64).map(|sq| Square::new(sq as u32)),
        remaining_checks: None,
        halfmoves: pos.halfmove_clock(),
        fullmoves: NonZeroU32::MIN,
    };
    shakmaty::Chess::from_setup(setup, CastlingMode::Standard).ok()
}
