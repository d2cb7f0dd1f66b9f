//! The chess rules layer: everything about chess that the engine needs, behind
//! [`game_api::Game`] — board representation, legal move generation, make/unmake, FEN,
//! coordinate notation, SEE, zobrist keys and the rules that end a game.
//!
//! Design:
//! - Bitboards (`u64`, a1 = bit 0) by kind and by colour, plus a mailbox for "what stands
//!   here". Sliders use fancy magic bitboards whose table `build.rs` generates from magics found
//!   by `magic_search` (optional `pext` feature, off by default: slow on AMD Zen 1/2).
//! - Generation is fully legal (check mask, pin lines, king moves tested with the king lifted,
//!   en passant by simulation), monomorphized per `GenKind` and per output: the same code
//!   fills a move list or only counts (popcounts, for perft leaves and mate/stalemate tests).
//! - The position owns its undo stack; `make` updates the zobrist key incrementally, and the key
//!   includes the en-passant file only when an en-passant capture is actually legal, so
//!   repetition follows the FIDE definition. The keys of the pawn and piece skeletons (which
//!   the search's correction tables read at every node) are kept the same way, by the three
//!   board edits every move is made of (`put`, `remove`, `shift`); `unmake` restores them
//!   from its record, as it does the key.
//! - Moves are 16 bits: from (0-5), to (6-11), flag (12-15: normal, en passant, castling,
//!   promotion to N/B/R/Q). Castling is encoded king-takes-own-rook, which covers every
//!   Chess960 placement (`castling.rs`); it is written `e1g1` in standard notation and `e1h1`
//!   in Chess960 notation ([`Chess::set_chess960`]).

mod bitboard;
mod castling;
mod chess960_start;
mod chess_move;
mod fen;
mod fen_castling;
mod game_impl;
mod legality;
mod magic;
mod magic_numbers;
pub mod magic_search;
mod make_move;
mod move_output;
mod movegen;
mod notation;
mod piece_board;
mod position;
mod rules;
mod see;
mod slider_geometry;
mod tables;
mod types;
mod zobrist;

pub use chess960_start::{chess960_back_rank, chess960_start_fen, dfrc_start_fen};
pub use game_impl::{encode_move, BENCH_FENS};
pub use position::Chess;

/// Piece kinds as [`Chess::pieces_of`] and [`game_api::Game::moved_piece`] number them.
pub mod kinds {
    pub use crate::types::{BISHOP, KINDS, KING, KNIGHT, PAWN, QUEEN, ROOK};
}

/// Move flags for [`encode_move`].
pub mod flags {
    pub use crate::chess_move::{CASTLING, EN_PASSANT, NORMAL, PROMOTION};
}

/// Slider attacks: the magic lookups the engine uses, and the slow ray walks they are built
/// from (tests compare the two; evaluation uses the fast ones).
pub mod reference {
    pub use crate::bitboard::pawn_attacks_of;
    pub use crate::magic::{bishop_attacks, queen_attacks, rook_attacks};
    pub use crate::slider_geometry::{
        relevant_mask, walk_attacks, BISHOP_DIRECTIONS, ROOK_DIRECTIONS,
    };
}
