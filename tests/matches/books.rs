//! The premise of the opening books and the runner's guard against replayed games: at fixed
//! nodes with one search thread, the same opening and colours give the same game, so a
//! fixed-node match of more games than twice its distinct openings replays game pairs. The
//! runner says so before the first game and refuses such an SPRT unless `--allow-replays`.

use crate::match_common;

use match_common::*;
use std::process::{Command, Output};

/// An EPD file of `lines`, in this test's folder.
fn book_file(tag: &str, lines: &[&str]) -> String {
    let path = temp_dir(tag).join("book.epd");
    std::fs::write(&path, lines.join("\n") + "\n").expect("write book");
    path.display().to_string()
}

fn premise(game: &str, fen: &str) {
    let k = kientuong().display().to_string();
    // One position listed twice: games 1 and 3 (and 2 and 4) have the same opening and colours.
    let book = book_file(&format!("premise-{game}"), &[fen, fen]);
    let summary = run_match(&format!(
        "--game {game} --engine cmd={k} name=a --engine cmd={k} name=b --each nodes=1500 \
         option.Threads=1 option.Hash=16 --games 2 --rounds 2 --repeat --concurrency 2 \
         --openings file={book} format=epd"
    ));
    let mut games = summary.records.clone();
    games.sort_by_key(|r| r.number);
    assert_eq!(games.len(), 4);
    for (x, y) in [(0, 2), (1, 3)] {
        let (g, h) = (&games[x], &games[y]);
        assert_eq!((g.white, g.black), (h.white, h.black), "same colours");
        // Moves and each search's score and depth; only the time taken may differ.
        let line = |r: &tournament::game::record::MatchGame| -> Vec<String> {
            r.moves
                .iter()
                .map(|m| {
                    let note = m.note.as_deref().unwrap_or("");
                    format!("{} {}", m.text, note.split_whitespace().next().unwrap_or(""))
                })
                .collect()
        };
        assert_eq!(line(g), line(h), "{game}: games {} and {} differ", g.number, h.number);
        assert_eq!(g.end.outcome, h.end.outcome);
    }
    assert_ne!(games[0].white, games[1].white, "the pair swaps colours");
}

#[test]
fn at_fixed_nodes_the_same_opening_and_colours_give_the_same_chess_game() {
    premise("chess", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -");
}

#[test]
fn at_fixed_nodes_the_same_opening_and_colours_give_the_same_xiangqi_game() {
    premise("xiangqi", "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - -");
}

fn match_cmd(book: &str, extra: &str) -> Output {
    let k = kientuong().display().to_string();
    let mut args = words(&format!(
        "match --game chess --engine cmd={k} name=a --engine cmd={k} name=b \
         --each option.Threads=1 option.Hash=8 --games 2 --rounds 3 --repeat --concurrency 2 \
         --openings file={book} format=epd {extra}"
    ));
    args.retain(|a| !a.is_empty());
    Command::new(kientuong()).args(&args).output().expect("run kientuong match")
}

const TWO: [&str; 2] = [
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
    "rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -",
];

#[test]
fn a_fixed_node_match_longer_than_twice_its_book_is_warned_before_the_first_game() {
    let book = book_file("warn", &TWO);
    let out = match_cmd(&book, "--each nodes=300");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(
        stderr.contains("warning: 6 fixed-node games from 2 distinct openings"),
        "stderr: {stderr}"
    );
    // The same schedule under a clock is not decided by its openings: no warning.
    let out = match_cmd(&book, "--each tc=0.5+0.01 timemargin=300 --movelimit 20");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
    // Nor is a fixed-node match that fits its book.
    let four = book_file("fits", &[TWO[0], TWO[1], TWO[0].replace(" w ", " b ").as_str()]);
    let out = match_cmd(&four, "--each nodes=300");
    assert!(!String::from_utf8_lossy(&out.stderr).contains("warning"));
}

#[test]
fn a_fixed_node_sprt_that_would_replay_games_is_refused_unless_allowed() {
    let book = book_file("sprt", &TWO);
    let sprt = "--each nodes=300 --sprt elo0=0 elo1=10";
    let out = match_cmd(&book, sprt);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "the SPRT ran: {stderr}");
    assert!(stderr.contains("refusing the SPRT"), "stderr: {stderr}");
    assert!(stderr.contains("--allow-replays"));
    assert!(String::from_utf8_lossy(&out.stdout).is_empty(), "no game was played");
    let out = match_cmd(&book, &format!("{sprt} --allow-replays"));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{stderr}");
    assert!(stderr.contains("warning: 6 fixed-node games"), "stderr: {stderr}");
}
