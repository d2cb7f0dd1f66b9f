//! The engine measures the clock's transport lag from the clocks a GUI sends
//! (`engine-bin/src/session/facade/lag.rs`). Here the test is the GUI: it plays Black's replies
//! itself and runs White's clock, charging the engine its real thinking time as seen from the
//! pipe plus a fixed lag per move, the way an adapter and a loaded machine do. With a lag far
//! above the default `Move Overhead` (10 ms), the engine must say that it plans with at least
//! that lag, and never run out of time; without an added lag, what it announces must stay far
//! below the lag of the other game (a meter that forgot to subtract its own thinking time
//! would announce hundreds of milliseconds here).
//!
//! Its own test binary, not a module of `tests/protocol/`: it measures the lag the engine
//! announces, which must not share the process (and the machine's two cores) with heavy tests.

mod protocol_driver;

use game_api::{Game, GenKind, MoveList};
use movegen_chess::Chess;
use protocol_driver::{bestmove_parts, Engine};
use std::time::Instant;

const START_MS: u64 = 3000;
const INC_MS: u64 = 100;
const MOVES: usize = 16;

/// Plays up to [`MOVES`] engine moves with `lag_ms` charged on top of each; returns the
/// overheads the engine announced and the lowest clock it had left.
fn play_with_lag(lag_ms: u64) -> (Vec<u64>, i64) {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("ucinewgame");
    e.sync();
    let mut pos = Chess::startpos();
    let mut moves: Vec<String> = Vec::new();
    let mut white_ms = START_MS as i64;
    let mut lowest = white_ms;
    for _ in 0..MOVES {
        e.send(&format!("position startpos moves {}", moves.join(" ")));
        let go = format!("go wtime {white_ms} btime {START_MS} winc {INC_MS} binc {INC_MS}");
        let asked = Instant::now();
        e.send(&go);
        let best = e.expect_bestmove();
        let spent = asked.elapsed().as_millis() as i64;
        white_ms -= spent + lag_ms as i64;
        lowest = lowest.min(white_ms);
        white_ms += INC_MS as i64;
        let (token, _) = bestmove_parts(&best);
        let Ok(m) = pos.parse_move(&token) else { panic!("illegal {best}: {:?}", e.transcript) };
        pos.make(m);
        moves.push(token);
        let mut replies = MoveList::new();
        pos.generate(GenKind::All, &mut replies);
        let Some(&reply) = replies.iter().next() else { break };
        moves.push(pos.write_move(reply));
        pos.make(reply);
        let mut ours = MoveList::new();
        pos.generate(GenKind::All, &mut ours);
        if ours.is_empty() {
            break;
        }
    }
    let announced = e
        .transcript
        .iter()
        .filter_map(|l| l.strip_prefix("info string clock lag: the GUI charges about "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .collect();
    (announced, lowest)
}

#[test]
fn a_lag_above_the_move_overhead_is_measured_and_planned_with() {
    let lag = 150;
    let (announced, lowest) = play_with_lag(lag);
    assert!(lowest > 0, "lost on time: {lowest} ms left");
    let first = announced.first().copied();
    assert!(first.is_some_and(|ms| ms >= lag), "announced {announced:?} for a {lag} ms lag");
}

#[test]
fn no_added_lag_announces_no_large_one() {
    let (announced, lowest) = play_with_lag(0);
    assert!(lowest > 0, "lost on time: {lowest} ms left");
    assert!(announced.iter().all(|&ms| ms < 75), "announced {announced:?} without a lag");
}
