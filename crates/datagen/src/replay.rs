//! Positions out of game records: each game is replayed from its start FEN and every ply the
//! filter accepts becomes a [`PositionRecord`], the type the tuner and the net trainer already consume.
//!
//! The filter is applied here, when the data is read, and not when datagen writes it: a file
//! keeps every searched position, and a trainer can choose another selection without a new
//! datagen run. [`Filter::default`] is exactly the selection datagen's position files
//! (`format.rs`) make when they are written (`selfplay.rs`): not in check, best move not a
//! capture or promotion, no mate score.

use crate::error::DataError;
use crate::format::PositionRecord;
use crate::record_format::{is_mate, GameRecord};
use game_api::{Game, Move};

/// Which replayed positions are kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Filter {
    /// Drop positions whose side to move is in check.
    pub skip_in_check: bool,
    /// Drop positions whose recorded best move is tactical (a capture or promotion).
    pub skip_tactical: bool,
    /// Drop positions with a mate score.
    pub skip_mates: bool,
    /// Keep only plies `min_ply..=max_ply` of a record (0 is its start position).
    pub min_ply: usize,
    pub max_ply: usize,
}

impl Default for Filter {
    fn default() -> Filter {
        Filter {
            skip_in_check: true,
            skip_tactical: true,
            skip_mates: true,
            min_ply: 0,
            max_ply: usize::MAX,
        }
    }
}

impl Filter {
    /// Every recorded position.
    pub fn all() -> Filter {
        Filter {
            skip_in_check: false,
            skip_tactical: false,
            skip_mates: false,
            ..Filter::default()
        }
    }

    fn keeps<G: Game>(&self, pos: &G, ply: usize, mv: Move, score: i16) -> bool {
        (self.min_ply..=self.max_ply).contains(&ply)
            && !(self.skip_mates && is_mate(score))
            && !(self.skip_in_check && pos.in_check())
            && !(self.skip_tactical && mv.is_some() && pos.is_tactical(mv))
    }
}

/// Replays game number `index` of a file (for error messages) and hands the kept positions to
/// `sink` in order. Every move is checked with `Game::is_legal` before it is made.
pub fn replay<G: Game>(
    game: &GameRecord,
    index: u64,
    filter: &Filter,
    mut sink: impl FnMut(PositionRecord),
) -> Result<(), DataError> {
    let mut pos =
        G::from_fen(&game.start_fen).map_err(|_| DataError::BadFen(game.start_fen.clone()))?;
    pos.reserve(game.plies.len());
    let last = game.plies.len().saturating_sub(1);
    for (ply, p) in game.plies.iter().enumerate() {
        let mv = Move(p.mv);
        // `Move::NONE` only on the last ply: a position whose move is not known.
        let known = mv.is_some() && pos.is_legal(mv);
        if !known && (mv.is_some() || ply != last) {
            return Err(DataError::IllegalMove { game: index, ply });
        }
        if filter.keeps(&pos, ply, mv, p.score) {
            let stm = pos.side_to_move();
            sink(PositionRecord {
                fen: pos.fen(),
                score: white_view(p.score, stm.sign()),
                result: game.result,
                stm: stm.index() as u8,
            });
        }
        if known {
            pos.make(mv);
        }
    }
    Ok(())
}

/// A stored (side to move's) score from White's (Red's) view, as position files hold it.
fn white_view(score: i16, sign: i32) -> i16 {
    (i32::from(score) * sign).clamp(i16::MIN.into(), i16::MAX.into()) as i16
}
