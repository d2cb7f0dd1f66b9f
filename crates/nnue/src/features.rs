//! Piece-square inputs from one side's perspective. The perspective's own pieces come first and
//! the board is mirrored top to bottom for Black, so that both perspectives share one feature
//! transformer: a white knight on g1 seen by White is the same input as a black knight on g8
//! seen by Black.

use crate::format::LoadError;
use crate::net::Net;
use game_api::{Color, GameKind, PieceBoard};
use std::sync::Arc;

/// What a game adds to [`PieceBoard`] for NNUE: its tag in the file format, its number of piece
/// kinds, and how a square looks from the other side. Coloured pieces are numbered
/// `color * KINDS + kind` in both games. Its endgame knowledge ([`endgame::DrawScale`]) comes
/// with it, since the evaluation the engine runs scales every score by it.
pub trait NnueGame: PieceBoard + endgame::DrawScale {
    const TAG: GameKind;
    /// Piece kinds per side (chess 6, xiangqi 7).
    const KINDS: usize;
    /// Inputs per perspective: 2 colours × kinds × squares (chess 768, xiangqi 1260).
    const INPUTS: usize = 2 * Self::KINDS * Self::SQUARES;
    /// `sq` with the ranks mirrored: how Black sees White's square.
    fn mirror(sq: usize) -> usize;
    /// The king's piece kind where the game offers king buckets (chess); `None` elsewhere.
    const KING_KIND: Option<usize> = None;
    /// `sq` with the files mirrored (chess king buckets, and the trainer's mirror augmentation:
    /// xiangqi is symmetric left to right, chess without castling rights).
    #[inline(always)]
    fn flip_file(sq: usize) -> usize {
        sq
    }
    /// The game's embedded net, parsed once per process and shared; `None` only if the
    /// committed file fails its own checks (a broken build).
    fn embedded_net() -> Option<Arc<Net>>;
}

// The generic readers live here, beside the trait, so that `net.rs` need not know `NnueGame`
// (which names `Net` in `embedded_net`): that would be an import cycle between the two files.
impl Net {
    /// Parses a net file for game `G`, checking header, size, checksum and weight ranges.
    pub fn from_bytes<G: NnueGame>(bytes: &[u8]) -> Result<Net, LoadError> {
        Net::parse(bytes, G::TAG, G::INPUTS)
    }

    /// Reads and parses a net file for game `G`.
    pub fn load<G: NnueGame>(path: &std::path::Path) -> Result<Net, LoadError> {
        let bytes =
            std::fs::read(path).map_err(|e| LoadError::Io(format!("{}: {e}", path.display())))?;
        Net::from_bytes::<G>(&bytes)
    }
}

/// The input index of `piece` on `sq`, seen by `perspective`.
#[inline(always)]
pub fn feature<G: NnueGame>(perspective: Color, piece: usize, sq: usize) -> usize {
    let color = piece / G::KINDS;
    let kind = piece % G::KINDS;
    let (own, sq) = match perspective {
        Color::White => (color, sq),
        Color::Black => (1 - color, G::mirror(sq)),
    };
    (own * G::KINDS + kind) * G::SQUARES + sq
}
