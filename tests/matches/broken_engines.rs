//! Engines that crash, play illegal moves, offer no move, never answer or never finish the
//! handshake lose their games with the right termination, and the match always finishes
//! (each new game gets a fresh process).

use crate::match_common;

use game_api::{Color, Outcome};
use match_common::*;
use tournament::game::record::Termination;

fn against_broken(game: &str, good: &str, mode: &str, limits: &str) -> tournament::MatchSummary {
    let broken = fixture("broken_engine.py");
    run_match(&format!(
        "--game {game} --engine cmd={good} name=good nodes=500 tc=30 option.Threads=1 \
         --engine cmd=python3 arg={broken} arg={mode} name=broken {limits} --games 2 --rounds 2 --concurrency 2"
    ))
}

fn assert_broken_loses_all(
    summary: &tournament::MatchSummary,
    termination: Termination,
    words: &str,
) {
    assert_eq!(summary.records.len(), 4, "the match finished");
    for r in &summary.records {
        let broken_side = if r.white == 1 { Color::White } else { Color::Black };
        assert_eq!(
            r.end.outcome,
            Outcome::Win(!broken_side),
            "game {}: {}",
            r.number,
            r.end.comment
        );
        assert_eq!(r.end.termination, termination, "game {}: {}", r.number, r.end.comment);
        assert!(r.end.comment.contains(words), "game {}: {}", r.number, r.end.comment);
    }
    let (wdl, _) = summary.tally.between(0, 1);
    assert_eq!((wdl.wins, wdl.draws, wdl.losses), (4, 0, 0));
}

#[test]
fn a_crashing_engine_loses_every_game() {
    let s = against_broken("chess", STOCKFISH, "crash", "tc=5");
    assert_broken_loses_all(&s, Termination::Abandoned, "disconnects");
}

#[test]
fn an_illegal_move_loses_and_is_reported() {
    let s = against_broken("chess", STOCKFISH, "illegal", "tc=5");
    assert_broken_loses_all(&s, Termination::RulesInfraction, "illegal move: a1a4");
    let s = against_broken("xiangqi", FAIRY, "illegal", "tc=5 proto=ucci");
    assert_broken_loses_all(&s, Termination::RulesInfraction, "illegal move");
}

#[test]
fn silence_on_a_clock_is_a_time_forfeit() {
    let s = against_broken("chess", STOCKFISH, "silent", "tc=0.3 timemargin=50");
    assert_broken_loses_all(&s, Termination::TimeForfeit, "loses on time");
}

#[test]
fn silence_without_a_clock_is_a_stalled_connection() {
    let s = against_broken("chess", STOCKFISH, "silent", "nodes=100 hang=3");
    assert_broken_loses_all(&s, Termination::Stalled, "stalls");
}

#[test]
fn no_handshake_and_no_move_lose_too() {
    let s = against_broken("chess", STOCKFISH, "mute", "tc=5 hang=0.3");
    assert_broken_loses_all(&s, Termination::Abandoned, "handshake");
    let s = against_broken("xiangqi", FAIRY, "nomove", "tc=5 hang=5");
    assert_broken_loses_all(&s, Termination::RulesInfraction, "no move");
}

#[test]
fn a_missing_program_loses_without_stopping_the_match() {
    let s = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} nodes=200 tc=30 --engine cmd=/nonexistent/engine tc=5 --games 2 --rounds 2"
    ));
    assert_broken_loses_all(&s, Termination::Abandoned, "fails to start");
}
