//! A stopped match goes on where it stopped (`--state`, `--resume`) and ends as it would have
//! unbroken: same W-L-D, same pentanomial, the same games in the PGN, and an SPRT that decides at
//! the same game. Our engine at fixed nodes with one thread plays the same game from the same
//! opening every time (`ucinewgame` clears its tables), so the totals must match exactly. A
//! damaged state, or one for another match, is refused and leaves the files as they were.

use crate::match_common;

use match_common::*;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::OnceLock;
use std::time::{Duration, Instant};
use tournament::state::match_state::MatchState;
use tournament::{MatchSummary, Sink};

/// Self-play at fixed nodes, 8 games (4 colour-swapped pairs), random openings.
fn selfplay_args(pgn: &Path) -> String {
    let k = kientuong().display().to_string();
    format!(
        "--game chess --engine cmd={k} name=k1 --engine cmd={k} name=k2 option.Hash=2 \
         --each nodes=300 option.Threads=1 --games 2 --rounds 4 --repeat \
         --openings order=random --seed 11 --pgnout file={}",
        pgn.display()
    )
}

/// The unbroken run every resumed run is compared with: (the report's totals, the PGN games).
struct Baseline {
    totals: Vec<String>,
    games: Vec<(String, usize)>,
}

fn baseline() -> &'static Baseline {
    static BASE: OnceLock<Baseline> = OnceLock::new();
    BASE.get_or_init(|| {
        let pgn = temp_pgn("baseline");
        let summary = run_match(&selfplay_args(&pgn));
        assert_eq!(summary.records.len(), 8);
        Baseline { totals: totals(&summary.report), games: read_back(&pgn, "chess") }
    })
}

/// The lines of a final report that hold the totals: W-L-D and the pentanomial counts.
fn totals(report: &str) -> Vec<String> {
    report
        .lines()
        .filter(|l| l.starts_with("Score of ") || l.starts_with("Ptnml(0-2): "))
        .map(str::to_owned)
        .collect()
}

struct Lines(Vec<String>);

impl Sink for Lines {
    fn line(&mut self, text: &str) {
        self.0.push(text.to_owned());
    }
}

fn run_lines(args: &str) -> (MatchSummary, Vec<String>) {
    let mut lines = Lines(Vec::new());
    match tournament::run_from_args(&words(args), &mut lines) {
        Ok(summary) => (summary, lines.0),
        Err(e) => panic!("match failed: {e}\nargs: {args}"),
    }
}

fn binary(args: &str) -> Output {
    Command::new(kientuong()).arg("match").args(words(args)).output().expect("run kientuong match")
}

fn sorted(mut v: Vec<(String, usize)>) -> Vec<(String, usize)> {
    v.sort();
    v
}

#[test]
fn a_stopped_match_resumed_ends_as_the_unbroken_one() {
    let base = baseline();
    let pgn = temp_pgn("stopped");
    let state = temp_path("stopped.state");
    // Two at a time: games finish out of order and the stop drops the one still being played.
    let (first, _) = run_lines(&format!(
        "{} --concurrency 2 --state {} --stop-after-games 3",
        selfplay_args(&pgn),
        state.display()
    ));
    assert_eq!(first.records.len(), 3);
    let saved = MatchState::load(&state).expect("the state was written");
    assert_eq!(saved.games.len(), 3);
    assert!(saved.finished.is_none());
    assert_eq!(read_back(&pgn, "chess").len(), 3);

    // Only the state file and a new concurrency: the stored arguments define the match.
    let (rest, lines) = run_lines(&format!("--resume {} --concurrency 1", state.display()));
    assert!(lines.iter().any(|l| l == "Resuming: 3 of 8 games already played."), "{lines:?}");
    assert_eq!(rest.records.len(), 5);
    assert_eq!(rest.tally.games, 8);
    assert_eq!(totals(&rest.report), base.totals);
    assert_eq!(sorted(read_back(&pgn, "chess")), sorted(base.games.clone()));

    // Once more: the match is over, and it says so.
    let again = binary(&format!("--resume {}", state.display()));
    let text = String::from_utf8_lossy(&again.stdout);
    assert!(again.status.success(), "{text}{}", String::from_utf8_lossy(&again.stderr));
    assert!(text.contains("already finished (8 games)"), "{text}");
    assert_eq!(totals(&text), base.totals);
}

#[test]
fn a_killed_match_resumed_ends_as_the_unbroken_one() {
    let base = baseline();
    let pgn = temp_pgn("killed");
    let state = temp_path("killed.state");
    let mut child = Command::new(kientuong())
        .arg("match")
        .args(words(&format!("{} --state {}", selfplay_args(&pgn), state.display())))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("start kientuong match");
    let started = Instant::now();
    let played = loop {
        let n = MatchState::load(&state).map(|s| s.games.len()).unwrap_or(0);
        if n >= 3 || started.elapsed() > Duration::from_secs(120) {
            break n;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    child.kill().expect("kill -9 the match");
    let _ = child.wait();
    assert!((3..8).contains(&played), "games before the kill: {played}");

    let out = binary(&format!("--resume {}", state.display()));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("Resuming: "), "{text}");
    assert_eq!(totals(&text), base.totals);
    assert_eq!(read_back(&pgn, "chess"), base.games, "the PGN holds each game once, in order");
}

/// A state carried to another machine arrives without its PGN: the resume writes a new one with
/// the games still to play, says so, and ends with the unbroken run's totals.
#[test]
fn a_resume_without_its_pgn_starts_a_new_one() {
    let base = baseline();
    let pgn = temp_pgn("carried");
    let state = temp_path("carried.state");
    let out = binary(&format!(
        "{} --state {} --stop-after-games 3",
        selfplay_args(&pgn),
        state.display()
    ));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let first = read_back(&pgn, "chess");
    assert_eq!(first.len(), 3);
    std::fs::remove_file(&pgn).expect("remove the PGN");

    let out = binary(&format!("--resume {}", state.display()));
    let (text, err) = (String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "{text}{err}");
    assert!(
        err.contains("is missing: the 3 games") && err.contains("a PGN that is not here"),
        "{err}"
    );
    assert_eq!(totals(&text), base.totals);
    let rest = read_back(&pgn, "chess");
    assert_eq!(rest.len(), 5, "the new PGN holds the games played after the move");
    let mut both = first;
    both.extend(rest);
    assert_eq!(sorted(both), sorted(base.games.clone()));
    let saved = MatchState::load(&state).expect("state");
    let len = std::fs::metadata(&pgn).expect("pgn").len();
    assert_eq!(saved.pgn_bytes, Some(len), "the state counts the new PGN");
}

/// A stronger engine against a weaker one, loose bounds: the SPRT decides once its ten pairs are
/// played or a little later (the exact game follows the engine's play, which every search change
/// moves), well after the resumed run's stop at game 7.
fn sprt_args(pgn: &Path) -> String {
    let k = kientuong().display().to_string();
    format!(
        "--game chess --engine cmd={k} name=strong nodes=600 --engine cmd={k} name=weak nodes=250 \
         --each option.Threads=1 option.Hash=2 --games 2 --rounds 40 --repeat --seed 3 \
         --openings order=random --sprt elo0=0 elo1=250 alpha=0.2 beta=0.2 --pgnout file={}",
        pgn.display()
    )
}

#[test]
fn a_resumed_sprt_decides_at_the_same_game() {
    let whole = run_match(&sprt_args(&temp_pgn("sprt-whole")));
    assert!(whole.sprt_stopped, "{}", whole.report);
    let decided_at = whole.tally.games;
    // The SPRT waits for ten pairs; the stop below (game 7) must come before the decision.
    assert!((20..80).contains(&decided_at), "decided after {decided_at} games: {}", whole.report);

    let pgn = temp_pgn("sprt-resumed");
    let state = temp_path("sprt.state");
    // Stop inside a pair, so that a half-finished pair has to be carried over.
    let (first, _) =
        run_lines(&format!("{} --state {} --stop-after-games 7", sprt_args(&pgn), state.display()));
    assert!(!first.sprt_stopped);
    let (rest, _) = run_lines(&format!("{} --resume {}", sprt_args(&pgn), state.display()));
    assert!(rest.sprt_stopped, "{}", rest.report);
    assert_eq!(rest.tally.games, decided_at);
    assert_eq!(rest.report, whole.report, "same totals, same LLR, same verdict");
    assert_eq!(read_back(&pgn, "chess").len(), decided_at);
    let saved = MatchState::load(&state).expect("state");
    assert_eq!(saved.finished, Some(tournament::state::match_state::Finish::Sprt));
}

/// Copies of the files a refusal must leave alone.
fn snapshot(files: &[&PathBuf]) -> Vec<Vec<u8>> {
    files.iter().map(|f| std::fs::read(f).expect("read")).collect()
}

fn assert_refused(args: &str, needles: &[&str], files: &[&PathBuf]) {
    let before = snapshot(files);
    let out = binary(args);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{args}: {err}");
    for needle in needles {
        assert!(err.contains(needle), "{args}: expected '{needle}' in: {err}");
    }
    assert_eq!(snapshot(files), before, "{args}: a refused resume changed a file");
}

#[test]
fn a_damaged_or_foreign_state_is_refused_and_nothing_changes() {
    let pgn = temp_pgn("refused");
    let state = temp_path("refused.state");
    let args = selfplay_args(&pgn);
    let out = binary(&format!("{args} --state {} --stop-after-games 1", state.display()));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let files = [&state, &pgn];

    // Another match: other seed, other node count, other game.
    let s = state.display();
    assert_refused(
        &format!("{} --seed 12 --resume {s}", args),
        &["belongs to a different match", "seed: stored 11, given 12"],
        &files,
    );
    assert_refused(
        &format!("{} --resume {s}", args.replace("nodes=300", "nodes=301")),
        &["belongs to a different match", "tc/limits"],
        &files,
    );
    assert_refused(
        &format!("{} --resume {s}", args.replace("--game chess", "--game xiangqi")),
        &["game: stored chess, given xiangqi"],
        &files,
    );
    // Flags laid over the stored arguments are checked too.
    assert_refused(
        &format!("--resume {s} --rounds 5 --concurrency 2"),
        &["rounds: stored 4, given 5"],
        &files,
    );
    // A fresh --state must not overwrite a match in progress.
    assert_refused(&format!("{args} --state {s}"), &["already exists", "--resume"], &files);

    // A PGN that lost games the state counts.
    let text = std::fs::read(&pgn).expect("pgn");
    let short = temp_path("refused-short.pgn");
    std::fs::write(&short, &text[..text.len() / 2]).expect("write");
    let moved = temp_path("refused-moved.state");
    let stored = std::fs::read_to_string(&state).expect("state");
    std::fs::write(
        &moved,
        stored.replace(&pgn.display().to_string(), &short.display().to_string()),
    )
    .expect("write");
    assert_refused(
        &format!("--resume {}", moved.display()),
        &["PGN was changed"],
        &[&moved, &short],
    );

    // Damaged files: cut short, garbage, a bad result, not a state at all.
    let damaged = temp_path("damaged.state");
    for (text, needle) in [
        (&stored[..stored.len() - 4], "cut short"),
        ("\u{0}\u{1}binary", "first line"),
        (
            &stored.replace("1/2-1/2", "draw").replace("1-0", "draw").replace("0-1", "draw"),
            "not a result",
        ),
        (&stored.replace("game 1 ", "game 2 "), "schedule"),
    ] {
        std::fs::write(&damaged, text).expect("write");
        assert_refused(
            &format!("--resume {}", damaged.display()),
            &["damaged.state", needle],
            &[&damaged, &pgn],
        );
    }
    let missing = temp_path("missing.state");
    assert_refused(&format!("--resume {}", missing.display()), &["missing.state"], &[&pgn]);

    // The real state still resumes after all that.
    let out = binary(&format!("--resume {s}"));
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    assert_eq!(read_back(&pgn, "chess").len(), 8);
}
