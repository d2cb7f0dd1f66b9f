//! Our own engine in matches, through the `kientuong match` command: self-play in both games
//! with two games at a time, and mini-matches against Stockfish (chess) and Fairy-Stockfish
//! (xiangqi, over UCCI and over UCI). Our engine must never lose by misbehaving: no time
//! forfeit, illegal move, crash or stall; the PGN must read back.

use crate::match_common;

use match_common::*;
use std::process::Command;
use tournament::game::record::Termination;

fn assert_clean_games(summary: &tournament::MatchSummary, ours: &[usize]) {
    for r in &summary.records {
        if r.end.termination == Termination::Normal
            || r.end.termination == Termination::Adjudication
        {
            continue;
        }
        let loser_is_ours = match r.end.outcome {
            game_api::Outcome::Win(game_api::Color::White) => ours.contains(&r.black),
            game_api::Outcome::Win(game_api::Color::Black) => ours.contains(&r.white),
            game_api::Outcome::Draw => true,
        };
        assert!(!loser_is_ours, "game {}: our engine {}", r.number, r.end.comment);
    }
}

fn selfplay(game: &str) {
    let k = kientuong().display().to_string();
    let pgn = temp_pgn(&format!("selfplay-{game}"));
    let summary = run_match(&format!(
        "--game {game} --engine cmd={k} name=k1 --engine cmd={k} name=k2 --each tc=1+0.02 timemargin=300 \
         --games 2 --rounds 4 --repeat --concurrency 2 --pgnout file={}",
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 8);
    assert_clean_games(&summary, &[0, 1]);
    assert_pgn_matches(&summary, &pgn, game);
    assert_clock_lows(&summary, &pgn);
}

/// On a 1-second clock each side's least time left is recorded (a game that reaches both
/// sides' moves has both), is at most the starting second, and goes into the PGN's tags.
fn assert_clock_lows(summary: &tournament::MatchSummary, pgn: &std::path::Path) {
    let text = std::fs::read_to_string(pgn).expect("the PGN is written");
    for r in &summary.records {
        let engine_moves = r.moves.iter().filter(|m| m.note.as_deref() != Some("book")).count();
        if engine_moves < 2 {
            continue;
        }
        for (side, low) in ["White", "Black"].into_iter().zip(r.clock_low) {
            let low = low.unwrap_or_else(|| panic!("game {}: no clock low for {side}", r.number));
            assert!(low <= std::time::Duration::from_secs(1), "game {}: {low:?}", r.number);
            let tag = format!("[{side}ClockLow \"{:.3}\"]", low.as_secs_f64());
            assert!(text.contains(&tag), "game {}: {tag} not in the PGN", r.number);
        }
    }
}

#[test]
fn chess_selfplay_eight_games_two_at_a_time() {
    selfplay("chess");
}

#[test]
fn xiangqi_selfplay_eight_games_two_at_a_time() {
    selfplay("xiangqi");
}

#[test]
fn chess_mini_match_against_stockfish() {
    let k = kientuong().display().to_string();
    let pgn = temp_pgn("vs-stockfish");
    let summary = run_match(&format!(
        "--game chess --engine cmd={k} name=kientuong tc=2+0.05 timemargin=300 --engine cmd={STOCKFISH} name=stockfish \
         tc=2+0.05 nodes=1000 option.Threads=1 option.Hash=8 --games 2 --repeat --concurrency 2 --pgnout file={}",
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 2);
    assert_clean_games(&summary, &[0]);
    assert_pgn_matches(&summary, &pgn, "chess");
}

#[test]
fn xiangqi_mini_matches_against_fairy_stockfish_over_ucci_and_uci() {
    let k = kientuong().display().to_string();
    for proto in ["ucci", "uci"] {
        let pgn = temp_pgn(&format!("vs-fairy-{proto}"));
        let summary = run_match(&format!(
            "--game xiangqi --engine cmd={k} name=kientuong --engine cmd={FAIRY} name=fairy nodes=2000 \
             --each proto={proto} tc=2+0.05 timemargin=300 --games 2 --repeat --concurrency 2 --pgnout file={}",
            pgn.display()
        ));
        assert_eq!(summary.records.len(), 2);
        assert_clean_games(&summary, &[0]);
        // Fairy-Stockfish must not lose by misbehaving either: that would mean our notation or
        // clock conversion for it is wrong.
        assert_clean_games(&summary, &[1]);
        assert_pgn_matches(&summary, &pgn, "xiangqi");
    }
}

#[test]
fn the_match_command_prints_progress_and_the_final_table() {
    let k = kientuong();
    let out = Command::new(&k)
        .args(words(&format!(
            "match --game chess --engine cmd={STOCKFISH} name=A nodes=500 --engine cmd={STOCKFISH} name=B nodes=500 \
             --each tc=30 --games 2 --repeat --sprt elo0=0 elo1=10 alpha=0.05 beta=0.05"
        )))
        .output()
        .expect("run kientuong match");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Finished game 1 (A vs B): "), "{text}");
    assert!(text.contains("Games: 2, W/D/L: "), "{text}");
    assert!(text.contains("LLR: "), "{text}");
    assert!(text.contains("Score of A vs B: "), "{text}");
    assert!(text.contains("Elo difference: "), "{text}");
    let bad =
        Command::new(&k).args(["match", "--game", "chess", "--games", "x"]).output().expect("run");
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("'x'"));
}

/// An option whose name holds spaces reaches a UCCI engine whole: UCCI's `setoption x y` would
/// hand the engine only the first word (which it ignores silently, as UCCI asks), so the runner
/// uses the UCI form there, which UCCI engines such as ours also read. Plain names keep the UCCI
/// form. The engine's input is recorded by a wrapper script.
#[test]
fn a_ucci_option_name_with_spaces_is_sent_whole() {
    let dir = temp_dir("ucci-options");
    let log = dir.join("engine-input.txt");
    let wrapper = dir.join("engine.sh");
    std::fs::write(
        &wrapper,
        format!("#!/bin/sh\ntee -a '{}' | exec '{}'\n", log.display(), kientuong().display()),
    )
    .expect("write the wrapper");
    let mut args = words(&format!(
        "--game xiangqi --engine cmd=/bin/sh arg={} name=wrapped proto=ucci",
        wrapper.display()
    ));
    args.push("option.Use NNUE=false".into());
    args.extend(words(&format!(
        "option.hashsize=8 --engine cmd={} name=plain proto=ucci --each depth=1 --games 2 --repeat",
        kientuong().display()
    )));
    let summary = match tournament::run_from_args(&args, &mut tournament::Silent) {
        Ok(summary) => summary,
        Err(e) => panic!("match failed: {e}"),
    };
    assert_eq!(summary.records.len(), 2);
    let sent = std::fs::read_to_string(&log).expect("the wrapper logged the engine's input");
    let lines: Vec<&str> = sent.lines().collect();
    assert!(lines.contains(&"setoption name Use NNUE value false"), "{sent}");
    assert!(lines.contains(&"setoption hashsize 8"), "{sent}");
    assert!(!lines.iter().any(|l| l.starts_with("setoption Use ")), "{sent}");
}
