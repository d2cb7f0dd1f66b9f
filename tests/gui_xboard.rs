//! XBoard, the GUI most xiangqi and many chess users plug engines into, plays real matches with
//! our engine on both sides: two games, headless under `xvfb-run`, at a short clock, each side
//! behind the adapter a user would put in front of it: polyglot for chess over UCI, uci2wb for
//! xiangqi over UCCI (`-x`) and over UCI-xiangqi (`-c`). XBoard's PGN is read back and refereed
//! by our rules (`tests/xboard_common/pgn.rs`): exactly two games, every move legal, a result
//! for each that the Result tag and the movetext agree on, no forfeit, time loss, illegal-move
//! claim or crash in the closing comment, and a mate that our rules call a mate for the same
//! side. XBoard draws a game at 80 moves (`-adjudicateDrawMoves`), to keep a match under two
//! minutes.
//!
//! uci2wb 4.1 loses track of a game now and then (a race in its command queue; the evidence is
//! in `tests/xboard_common/adapter.rs`). Its debug output is read back too: a match where it
//! sent the engine a position that was not the game's, or relayed a stopped search's answer, is
//! void and played again (at most `MATCH_ATTEMPTS` in all); an answer the engine gave unasked
//! fails the test.
//!
//! The matches run one at a time (a lock below): four engines at once on a shared two-core
//! machine would turn the short clocks into time losses that say nothing about the engine.
//!
//! Needs `apt-get install xboard polyglot uci2wb xvfb xauth` (xboard, polyglot and uci2wb in
//! /usr/games). Without them the tests skip, unless `CI` is set: then they fail.
//!
//! Its own test binary, not a module of a group (`tests/matches/`): real XBoard matches on a short
//! clock, where tests of the same binary would run beside them and load the machine.

mod xboard_common;

use game_api::Game;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use std::sync::Mutex;
use std::time::Duration;
use xboard_common::adapter::{fault, Fault};
use xboard_common::pgn::{referee, split_games, PgnGame};
use xboard_common::run::{play_match, tools_present, MatchRun};

/// One XBoard match at a time across the tests of this file.
static ONE_MATCH: Mutex<()> = Mutex::new(());
/// Two games take one to two minutes on the loaded test machine; past this the match is hung.
const MATCH_LIMIT: Duration = Duration::from_secs(240);
const GAMES: usize = 2;
/// uci2wb loses track of a game now and then (`xboard_common/adapter.rs`); a match it spoiled
/// is played again, this many times in all.
const MATCH_ATTEMPTS: usize = 3;
/// XBoard's clock for every match: base minutes:seconds and increment in seconds. The engines
/// keep their default Move Overhead, as a user's would. The increment is what keeps a clock
/// alive: everything between the engine and XBoard's clock (the adapter, XBoard's loop, Xvfb,
/// the scheduler of a loaded machine) is charged to the engine, and CI lost games on time at
/// 5 s + 0.05 s, where the clock settles at about 30 x (increment - lag). At 0.2 s the margin
/// is four times larger. This test is about talking to the GUI, not about fast clocks
/// (`tests/clock_lag.rs` and `scripts/clock-stress.sh` are).
const CLOCK: [&str; 4] = ["-tc", "0:05", "-inc", "0.2"];
/// XBoard draws a game still going after this many moves (`{Xboard adjudication: long game}`),
/// which bounds a game's clock time at 2 x (5 s + 80 x 0.2 s) = 42 s: drawn endgames between
/// equal engines otherwise ran to 570 plies and the match past a minute.
const LONG_GAME_MOVES: u32 = 80;

fn engine() -> String {
    kientuong_suite::kientuong_bin().display().to_string()
}

/// The engines' part of the command line, then the match length and the clock.
fn match_args(engines: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = engines.iter().map(|s| s.to_string()).collect();
    out.extend(["-mg".to_owned(), GAMES.to_string()]);
    out.extend(CLOCK.iter().map(|s| s.to_string()));
    out.extend(["-adjudicateDrawMoves".to_owned(), LONG_GAME_MOVES.to_string()]);
    out
}

/// The match itself, under the lock; a test that failed while holding it does not stop the
/// others (their own checks are still worth having).
fn run_locked(label: &str, args: &[String]) -> MatchRun {
    let _one = ONE_MATCH.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    play_match(label, args, MATCH_LIMIT)
}

/// XBoard's closing line, `xboard: Match … final score W-L-D`: the games it counted.
fn games_scored(console: &str) -> Option<u32> {
    let line = console.lines().find(|l| l.contains("final score"))?;
    let score = line.rsplit("final score").next()?.split_whitespace().next()?;
    score.split('-').map(|n| n.parse::<u32>().ok()).sum()
}

/// Referees every game of the match with `resolve` and reports them.
fn check_match<G: Game>(
    label: &str,
    run: &MatchRun,
    mut resolve: impl FnMut(&mut G, &str) -> Result<game_api::Move, String>,
    draws_by_our_rules: bool,
) -> Vec<PgnGame> {
    let games = split_games(&run.pgn);
    assert_eq!(
        games.len(),
        GAMES,
        "{label}: {} games in the PGN:\n{}\n{}",
        games.len(),
        run.pgn,
        run.traffic()
    );
    assert_eq!(
        games_scored(&run.console),
        Some(GAMES as u32),
        "{label}: XBoard's final score does not count {GAMES} games:\n{}\n{}",
        run.console,
        run.traffic()
    );
    for (i, game) in games.iter().enumerate() {
        match referee::<G>(game, &mut resolve, draws_by_our_rules) {
            Ok(s) => eprintln!(
                "{label} game {}: {} in {} plies {{{}}}",
                i + 1,
                s.result,
                s.plies,
                s.end_comment
            ),
            // The traffic first: CI shows only the head of a failing test's output.
            Err(e) => panic!(
                "{label} game {}: {e}\n--- the engines' traffic, newest last ---\n{}\n\
                 --- the game ---\n{}",
                i + 1,
                run.traffic(),
                game.movetext
            ),
        }
    }
    eprintln!("{label}: {GAMES} games in {:.1} s", run.wall.as_secs_f64());
    games
}

fn resolve_chess(pos: &mut Chess, token: &str) -> Result<game_api::Move, String> {
    tournament::san::parse_any(pos, token).ok_or_else(|| "not a legal move".to_owned())
}

#[test]
fn xboard_polyglot_chess_match() {
    if !tools_present(&["xvfb-run", "xboard", "polyglot"]) {
        return;
    }
    let k = engine();
    // `-fUCI`: XBoard starts polyglot in front of the engine itself.
    let run =
        run_locked("chess-polyglot", &match_args(&["-fcp", &k, "-fUCI", "-scp", &k, "-sUCI"]));
    let games = check_match::<Chess>("chess-polyglot", &run, resolve_chess, true);
    // The match runner's own PGN reader (its opening books) must read XBoard's file too.
    let parsed = tournament::openings::parse_pgn::<Chess>(&run.pgn)
        .unwrap_or_else(|e| panic!("parse_pgn refuses XBoard's PGN: {e}\n{}", run.pgn));
    assert_eq!(parsed.len(), games.len());
}

fn xiangqi_match(label: &str, uci2wb_mode: &str) {
    if !tools_present(&["xvfb-run", "xboard", "uci2wb"]) {
        return;
    }
    // `debug`: uci2wb echoes its engine's side of the talk into XBoard's debug log, and with it
    // every position it sends.
    let adapter = format!("uci2wb debug {uci2wb_mode} {}", engine());
    let args = match_args(&["-variant", "xiangqi", "-fcp", &adapter, "-scp", &adapter]);
    for attempt in 1..=MATCH_ATTEMPTS {
        let run = run_locked(label, &args);
        // A match where uci2wb lost track of the game (its queue bug, `xboard_common/adapter.rs`)
        // tested the adapter, not the engine: it is played again, and only a match where the
        // adapter kept track throughout counts.
        match fault::<Xiangqi>(&run.debug_log) {
            Some(Fault::Adapter(why)) => {
                eprintln!(
                    "{label}: match {attempt} of {MATCH_ATTEMPTS} void, uci2wb lost track of \
                     the game: {why}"
                );
                continue;
            }
            Some(Fault::Engine(why)) => {
                panic!(
                    "{label}: the engine answered what it was not asked: {why}\n{}",
                    run.traffic()
                )
            }
            None => {}
        }
        // XBoard's 50-move and repetition draws are not our xiangqi rules (the 120-ply rule,
        // perpetual check and chase): only its mates are held to ours.
        check_match::<Xiangqi>(label, &run, xboard_common::xiangqi_san::resolve, false);
        return;
    }
    panic!("{label}: uci2wb lost track of the game in all {MATCH_ATTEMPTS} matches");
}

/// uci2wb `-x`: the engine speaks UCCI.
#[test]
fn xboard_uci2wb_xiangqi_ucci_match() {
    xiangqi_match("xiangqi-ucci", "-x");
}

/// uci2wb `-c`: the engine speaks UCI with xiangqi positions (Pikafish style).
#[test]
fn xboard_uci2wb_xiangqi_uci_match() {
    xiangqi_match("xiangqi-uci", "-c");
}
