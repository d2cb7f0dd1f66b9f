//! Position files (`format.rs`) to game records (`record_format.rs`), so data made before the
//! records existed is read by the same code and takes a tenth of the space.
//!
//! A position file holds positions, not games: datagen left out the positions in check, with a
//! tactical best move or a mate score, and never wrote the moves. So the converter chains what
//! it can: a position joins the game record of the one before it when a quiet legal move leads
//! from that one to exactly this FEN (the game played its best move, and datagen writes a game's
//! positions in order) and both carry the same result; anything else starts a new record. The
//! last position of each record has no known move and gets `Move::NONE`. Each position keeps
//! its score and result, and the default read filter ([`crate::Filter::default`]) keeps every
//! one of them: the converted file replays to the very positions of the original, in order.

use crate::error::DataError;
use crate::format::{PositionRecord, Reader};
use crate::record_format::{GameRecord, Ply, RecordWriter, CP_LIMIT};
use game_api::{Game, GenKind, Move, MoveList};
use std::io::{Read, Write};

/// What a conversion did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConvertStats {
    pub positions: u64,
    /// Game records written (chains of positions).
    pub records: u64,
}

struct Chain<G> {
    pos: G,
    record: GameRecord,
}

/// The score of a position file's record (White's view) from the side to move's view.
fn side_to_move_score(r: &PositionRecord) -> Result<i16, DataError> {
    if r.score.unsigned_abs() > CP_LIMIT as u16 {
        return Err(DataError::Corrupt("a score beyond the centipawn range"));
    }
    Ok(if r.stm == 0 { r.score } else { -r.score })
}

/// The quiet legal move of `pos` that leads to `target` (same FEN), if any.
fn move_to<G: Game>(pos: &mut G, target: &G, target_fen: &str) -> Option<Move> {
    let mut list = MoveList::new();
    pos.generate(GenKind::Quiet, &mut list);
    for &m in list.iter() {
        pos.make(m);
        let found = pos.hash() == target.hash() && pos.fen() == target_fen;
        pos.unmake();
        if found {
            return Some(m);
        }
    }
    None
}

/// Converts a position file of game `G` into game records written to `out` (which the caller
/// finishes).
pub fn convert<G: Game, R: Read, W: Write>(
    input: &mut Reader<R>,
    out: &mut RecordWriter<W>,
) -> Result<ConvertStats, DataError> {
    let mut stats = ConvertStats::default();
    let mut chain: Option<Chain<G>> = None;
    while let Some(r) = input.next_record()? {
        stats.positions += 1;
        let score = side_to_move_score(&r)?;
        let target = G::from_fen(&r.fen).map_err(|_| DataError::BadFen(r.fen.clone()))?;
        if let Some(c) = chain.as_mut().filter(|c| c.record.result == r.result) {
            if let Some(m) = move_to(&mut c.pos, &target, &r.fen) {
                if let Some(last) = c.record.plies.last_mut() {
                    last.mv = m.raw();
                }
                c.pos.make(m);
                c.record.plies.push(Ply { mv: 0, score });
                continue;
            }
        }
        if let Some(done) = chain.take() {
            out.write_game(&done.record)?;
            stats.records += 1;
        }
        chain = Some(Chain {
            pos: target,
            record: GameRecord {
                start_fen: r.fen,
                plies: vec![Ply { mv: 0, score }],
                result: r.result,
            },
        });
    }
    if let Some(done) = chain {
        out.write_game(&done.record)?;
        stats.records += 1;
    }
    Ok(stats)
}
