//! Seeded mutation fuzzing of match state files, as `kientuong match --resume FILE` reads them
//! (`resume::prepare`: the state parsed, its stored command line parsed again, its games checked
//! against that match's schedule): truncated, bit-flipped, overwritten with random bytes, given
//! huge or negative numbers (game numbers, engine indices, PGN byte counts, and the stored
//! `--games`/`--rounds`), spliced, replaced by random files, emptied, or replaced by a folder.
//! Every case resumes or is refused with a message that names the state file; none panics,
//! hangs or allocates beyond what the file's size justifies.
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

use crate::file_fuzz_common;

use file_fuzz_common::{Encoding, Fuzzer};
use game_api::{Color, Outcome};
use tournament::state::match_state::{Finish, FinishedGame, MatchState};
use tournament::state::resume::prepare;

fn words(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn sample() -> MatchState {
    let game =
        |number, white, black, pair, outcome| FinishedGame { number, white, black, pair, outcome };
    MatchState {
        args: words(
            "--game chess --engine cmd=a name=A --engine cmd=b name=B --each nodes=300 \
             --games 2 --rounds 3 --repeat --seed 5 --pgnout out.pgn",
        ),
        pgn_bytes: Some(1234),
        games: vec![
            game(2, 1, 0, 0, Outcome::Draw),
            game(1, 0, 1, 0, Outcome::Win(Color::White)),
            game(3, 0, 1, 1, Outcome::Win(Color::Black)),
        ],
        finished: None,
        notes: vec!["A vs B: 1-1-1".into()],
    }
}

fn resume(path: &std::path::Path) -> Result<(), String> {
    let args = vec!["--resume".to_owned(), path.display().to_string()];
    prepare(&args).map(|_| ())
}

#[test]
fn damaged_match_states_are_refused_by_name_or_resume() {
    let original = sample().to_text();
    let fuzzer = Fuzzer {
        name: "match_state",
        seed: 0x57A7_E001,
        encoding: Encoding::Text,
        file_name: "match.state",
        names_file: true,
        reseal: None,
    };
    let dir = file_fuzz_common::scratch("match_state_good");
    let good = dir.join("match.state");
    std::fs::write(&good, &original).expect("write the sample state");
    assert_eq!(resume(&good), Ok(()), "the undamaged sample must resume");
    let _ = std::fs::remove_dir_all(&dir);
    fuzzer.run(original.as_bytes(), resume).assert_clean("match_state");
}

#[test]
fn a_finished_state_round_trips() {
    let state = MatchState { finished: Some(Finish::Sprt), ..sample() };
    let back = MatchState::parse(&state.to_text(), std::path::Path::new("m")).expect("parse");
    assert_eq!(back, MatchState { notes: vec![], ..state });
}

/// The fuzzer's first finding: a state whose stored `--games` became 4294967295 made the resume
/// build a schedule of 13 billion games (a hang, then the machine's memory). The same number on
/// the command line did the same; both are now refused at once.
#[test]
fn a_state_asking_for_billions_of_games_is_refused_at_once() {
    let dir = file_fuzz_common::scratch("huge_schedule");
    let path = dir.join("huge.state");
    let text = sample().to_text().replace("arg --games\narg 2\n", "arg --games\narg 4294967295\n");
    std::fs::write(&path, text).expect("write the state");
    let started = std::time::Instant::now();
    let e = resume(&path).expect_err("billions of games");
    assert!(e.contains("huge.state") && e.contains("at most 1000000"), "{e}");
    assert!(started.elapsed().as_secs() < 5);
    let line =
        words("--game chess --engine cmd=a nodes=1 --engine cmd=b nodes=1 --rounds 4294967295");
    let e = tournament::parse_args(&line).expect_err("billions of rounds");
    assert!(e.0.contains("4294967295 games"), "{}", e.0);
    let _ = std::fs::remove_dir_all(&dir);
}
