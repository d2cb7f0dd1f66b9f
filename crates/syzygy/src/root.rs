//! The root ranking: each root move scored by what the tables say of the position it leads to,
//! so that the search only chooses among the moves that keep the best result.
//!
//! Ranks follow the scheme strong engines share (Stockfish's `root_probe`): with DTZ tables, a
//! win that zeroes the fifty-move clock in time ranks at the top, equal with every other such
//! win, so the search picks among them by its own lights; a win that the clock would spoil, or
//! any win once a position has repeated, ranks by its distance, so progress is forced; losses
//! rank equally unless the clock could save them. Without DTZ tables, WDL ranks the moves.

use crate::convert::to_shakmaty;
use crate::tables::Tables;
use game_api::{Game, Move, TbRootMove, TbRootRanking, TbValue, Wdl};
use movegen_chess::Chess;

/// Larger than any distance to zeroing a table holds.
const MAX_DTZ: i32 = 1 << 18;

/// Ranks `moves` of `pos` by DTZ, or by WDL where a DTZ probe fails; `None` when neither can.
pub fn rank(
    tables: &Tables,
    pos: &Chess,
    moves: &[Move],
    fifty_move_rule: bool,
) -> Option<TbRootRanking> {
    let mut child = pos.clone();
    by_dtz(tables, &mut child, moves, fifty_move_rule)
        .or_else(|| by_wdl(tables, &mut child, moves, fifty_move_rule))
}

/// The rank of a move whose DTZ, seen from the root, is `dtz`, with `clock` plies already on
/// the fifty-move clock; `repeated` when a position repeated since the last zeroing move.
pub fn dtz_rank(dtz: i32, clock: i32, repeated: bool) -> i32 {
    if dtz > 0 {
        if dtz + clock <= 99 && !repeated {
            MAX_DTZ
        } else {
            MAX_DTZ - (dtz + clock)
        }
    } else if dtz < 0 {
        if -dtz * 2 + clock < 100 {
            -MAX_DTZ
        } else {
            -MAX_DTZ + (-dtz + clock)
        }
    } else {
        0
    }
}

/// What a rank means for the side at the root: a win or loss beyond `bound` (all of them when
/// the fifty-move rule is off), else a small score that grows as the real result comes near.
fn dtz_value(rank: i32, fifty_move_rule: bool) -> TbValue {
    let bound = if fifty_move_rule { MAX_DTZ - 100 } else { 1 };
    if rank >= bound {
        TbValue::Win
    } else if rank > 0 {
        TbValue::Centipawns((rank - (MAX_DTZ - 200)).max(3) / 2)
    } else if rank == 0 {
        TbValue::Centipawns(0)
    } else if rank > -bound {
        TbValue::Centipawns((rank + (MAX_DTZ - 200)).min(-3) / 2)
    } else {
        TbValue::Loss
    }
}

fn by_dtz(tables: &Tables, pos: &mut Chess, moves: &[Move], fifty: bool) -> Option<TbRootRanking> {
    let clock = pos.halfmove_clock() as i32;
    let repeated = pos.has_repeated();
    let mut ranked = Vec::with_capacity(moves.len());
    for &mv in moves {
        pos.make(mv);
        let dtz = dtz_after(tables, pos);
        pos.unmake();
        let rank = dtz_rank(dtz?, clock, repeated);
        ranked.push(TbRootMove { mv, rank, value: dtz_value(rank, fifty) });
    }
    Some(TbRootRanking { moves: ranked, by_dtz: true })
}

/// The DTZ of the move just made, from the view of the side that made it.
fn dtz_after(tables: &Tables, child: &Chess) -> Option<i32> {
    if child.count_legal() == 0 {
        // Mate is the fastest win there is; stalemate a draw.
        return Some(i32::from(child.in_check()));
    }
    let sp = to_shakmaty(child)?;
    if child.halfmove_clock() == 0 {
        // A zeroing move: its distance is the move itself.
        let wdl = tables.wdl_after_zeroing(&sp).ok()?.flipped();
        return Some(match wdl {
            Wdl::Loss => -1,
            Wdl::BlessedLoss => -101,
            Wdl::Draw => 0,
            Wdl::CursedWin => 101,
            Wdl::Win => 1,
        });
    }
    let dtz = -tables.dtz(&sp).ok()?;
    Some(dtz + dtz.signum())
}

fn by_wdl(tables: &Tables, pos: &mut Chess, moves: &[Move], fifty: bool) -> Option<TbRootRanking> {
    let mut ranked = Vec::with_capacity(moves.len());
    for &mv in moves {
        pos.make(mv);
        let wdl = wdl_after(tables, pos);
        pos.unmake();
        let wdl = wdl?;
        let rank = match wdl {
            Wdl::Loss => -MAX_DTZ,
            Wdl::BlessedLoss => -MAX_DTZ + 101,
            Wdl::Draw => 0,
            Wdl::CursedWin => MAX_DTZ - 101,
            Wdl::Win => MAX_DTZ,
        };
        let value = match wdl {
            Wdl::Win => TbValue::Win,
            Wdl::CursedWin if !fifty => TbValue::Win,
            Wdl::CursedWin => TbValue::Centipawns(2),
            Wdl::Draw => TbValue::Centipawns(0),
            Wdl::BlessedLoss if !fifty => TbValue::Loss,
            Wdl::BlessedLoss => TbValue::Centipawns(-2),
            Wdl::Loss => TbValue::Loss,
        };
        ranked.push(TbRootMove { mv, rank, value });
    }
    Some(TbRootRanking { moves: ranked, by_dtz: false })
}

/// The WDL of the move just made (its clock read as zero), for the side that made it.
fn wdl_after(tables: &Tables, child: &Chess) -> Option<Wdl> {
    if child.count_legal() == 0 {
        return Some(if child.in_check() { Wdl::Win } else { Wdl::Draw });
    }
    Some(tables.wdl_after_zeroing(&to_shakmaty(child)?).ok()?.flipped())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wins_in_time_rank_equal_and_above_slow_ones() {
        assert_eq!(dtz_rank(5, 0, false), dtz_rank(60, 30, false));
        assert!(dtz_rank(5, 0, true) > dtz_rank(7, 0, true));
        assert!(dtz_rank(60, 50, false) < dtz_rank(5, 0, false));
        assert!(dtz_rank(60, 50, false) > 0);
        assert_eq!(dtz_rank(0, 40, false), 0);
        assert!(dtz_rank(-5, 0, false) < 0);
        // A loss the clock may still save ranks above one it cannot.
        assert!(dtz_rank(-60, 0, false) > dtz_rank(-5, 0, false));
    }

    #[test]
    fn values_follow_the_fifty_move_rule_setting() {
        let cursed = dtz_rank(101, 0, false);
        assert_eq!(dtz_value(dtz_rank(3, 0, false), true), TbValue::Win);
        assert!(matches!(dtz_value(cursed, true), TbValue::Centipawns(cp) if cp > 0 && cp < 100));
        assert_eq!(dtz_value(cursed, false), TbValue::Win);
        assert_eq!(dtz_value(0, true), TbValue::Centipawns(0));
        assert_eq!(dtz_value(dtz_rank(-101, 0, false), false), TbValue::Loss);
    }
}
