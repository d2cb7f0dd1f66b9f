//! Syzygy tablebases around the engine: `kientuong match --tb` adjudicates a chess game as soon
//! as the tables know its result, and `kientuong datagen --tb` ends a self-play game there with
//! that result. Every game is replayed and held against the tables: it ends at the first
//! position the tables know (never later, never earlier), with their result, unless the rules
//! ended it first.
//!
//! The tables are the 3- and 4-piece test set: `KIENTUONG_SYZYGY`, or `target/syzygy/regular`
//! where scripts/test fetches it. Without them the tests that need them skip loudly, and fail
//! when `CI` is set. The refusals (xiangqi, a folder without tables) need no tables.

use crate::match_common;
use crate::syzygy_common;

use datagen::record_format::{GameRecord, RecordReader};
use datagen::{play_game, play_game_with, DrawRule, GameSettings, ResultCode};
use eval_chess::ChessEval;
use game_api::{Color, Game, Move, Outcome, Wdl};
use match_common::*;
use movegen_chess::Chess;
use search::Engine;
use std::path::{Path, PathBuf};
use std::process::Command;
use syzygy::Tables;
use syzygy_common::tables_dir;
use tournament::game::record::{MatchGame, Termination};

fn open_tables(dir: &Path) -> Tables {
    Tables::open(dir.to_str().expect("UTF-8 path")).expect("the test tables open")
}

/// What the tables say of `pos`, as the game's outcome: a cursed win or blessed loss is a draw.
fn tb_outcome(tables: &Tables, pos: &Chess) -> Option<Outcome> {
    let side = pos.side_to_move();
    Some(match syzygy::game_result(tables, pos, tables.max_pieces())? {
        Wdl::Win => Outcome::Win(side),
        Wdl::Loss => Outcome::Win(!side),
        Wdl::Draw | Wdl::CursedWin | Wdl::BlessedLoss => Outcome::Draw,
    })
}

/// Starts of 5 and 6 pieces, no castling rights: a back-rank mate in one (the rules end it), a
/// rook to take at once into a 4-piece ending, a queen trade into king and pawn endings, and a
/// rook ending with pawns that needs a few captures.
const STARTS: [&str; 4] = [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "4k3/8/8/8/8/8/r6p/R3K3 w - - 0 1",
    "8/5p2/3k4/8/3q4/8/3Q1P2/4K3 w - - 0 1",
    "8/8/4k3/1p6/1P3r2/4K3/8/5R2 w - - 0 1",
];

fn write_starts(tag: &str, starts: &[&str]) -> PathBuf {
    let path = temp_path(&format!("{tag}.epd"));
    std::fs::write(&path, starts.join("\n") + "\n").expect("write the starts");
    path
}

/// Self-play at fixed nodes from the `starts` starts in `epd`, each with both colours, with
/// `--tb`.
fn match_args(k: &Path, epd: &Path, tb: &Path, starts: usize) -> String {
    format!(
        "--game chess --engine cmd={} name=k1 --engine cmd={0} name=k2 --each nodes=2000 \
         option.Threads=1 option.Hash=8 --games 2 --rounds {starts} --repeat \
         --openings file={} format=epd order=sequential --tb {}",
        k.display(),
        epd.display(),
        tb.display()
    )
}

/// Replays a match game and checks how it ended against the rules and the tables. Returns
/// whether the tables ended it.
fn check_match_game(tables: &Tables, game: &MatchGame) -> bool {
    let fen = game.start_fen.as_deref().expect("a start FEN");
    let mut pos = Chess::from_fen(fen).expect("the start parses");
    let what = format!("game {} from {fen}", game.number);
    let last = game.moves.len();
    assert!(last > 0, "{what}: no move played");
    for (i, played) in game.moves.iter().enumerate() {
        let m = pos.parse_move(&played.text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
        pos.make(m);
        let at = format!("{what}, after move {} ({})", i + 1, pos.fen());
        if let Some(verdict) = pos.game_verdict() {
            assert_eq!(i + 1, last, "{at}: the rules ended the game here");
            assert_eq!(game.end.termination, Termination::Normal, "{at}: {}", game.end.comment);
            assert_eq!(game.end.outcome, verdict.outcome, "{at}");
            return false;
        }
        if let Some(outcome) = tb_outcome(tables, &pos) {
            assert_eq!(i + 1, last, "{at}: the tables know this position; the game goes on");
            assert_eq!(game.end.termination, Termination::Adjudication, "{at}");
            assert!(
                game.end.comment.starts_with("TB adjudication: "),
                "{at}: {}",
                game.end.comment
            );
            assert_eq!(game.end.outcome, outcome, "{at}: {}", game.end.comment);
            return true;
        }
    }
    panic!("{what}: ended without the rules or the tables: {:?}", game.end);
}

#[test]
fn a_match_with_tb_ends_games_at_the_first_position_the_tables_know() {
    let Some(dir) = tables_dir() else { return };
    let tables = open_tables(&dir);
    let epd = write_starts("tb-starts", &STARTS);
    let pgn = temp_pgn("tb-match");
    let summary = run_match(&format!(
        "{} --concurrency 2 --pgnout file={}",
        match_args(&kientuong(), &epd, &dir, STARTS.len()),
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 2 * STARTS.len());
    let by_tb = summary.records.iter().filter(|g| check_match_game(&tables, g)).count();
    assert!(by_tb >= 2, "only {by_tb} games adjudicated by the tables");
    assert!(
        summary.records.iter().any(|g| g.end.termination == Termination::Normal),
        "the mate in one ends by the rules"
    );
    let text = std::fs::read_to_string(&pgn).expect("the PGN");
    assert!(text.contains("{TB adjudication: "), "{text}");
    assert!(text.contains("[Termination \"adjudication\"]"), "{text}");
    assert_pgn_matches(&summary, &pgn, "chess");
}

#[test]
fn a_resumed_match_keeps_tb() {
    let Some(dir) = tables_dir() else { return };
    let tables = open_tables(&dir);
    let epd = write_starts("tb-resume-starts", &STARTS[..2]);
    let state = temp_path("tb-resume.state");
    let args = match_args(&kientuong(), &epd, &dir, 2);
    let first = tournament::run_from_args(
        &words(&format!("{args} --state {} --stop-after-games 1", state.display())),
        &mut tournament::Silent,
    )
    .expect("the first part");
    assert_eq!(first.records.len(), 1);
    let stored = tournament::state::match_state::MatchState::load(&state).expect("the state");
    let at = stored.args.iter().position(|a| a == "--tb").expect("--tb is stored");
    assert_eq!(stored.args[at + 1], dir.display().to_string());

    // The same match without --tb is another match.
    let without = args.split(" --tb ").next().expect("args").to_owned();
    let refused = tournament::run_from_args(
        &words(&format!("{without} --resume {}", state.display())),
        &mut tournament::Silent,
    )
    .err()
    .expect("a resume without --tb is refused");
    assert!(refused.contains("tb: stored Some"), "{refused}");

    // `--resume FILE` alone goes on with the stored --tb: the Rxa2 games are adjudicated.
    let rest = tournament::run_from_args(
        &words(&format!("--resume {}", state.display())),
        &mut tournament::Silent,
    )
    .expect("the resumed part");
    assert_eq!(rest.records.len(), 3);
    let by_tb = rest.records.iter().filter(|g| check_match_game(&tables, g)).count();
    assert!(by_tb >= 1, "no game of the resumed part adjudicated by the tables");
}

#[test]
fn tb_is_refused_for_xiangqi_and_for_a_folder_without_tables() {
    let k = kientuong();
    let empty = temp_dir("tb-empty");
    let missing = empty.join("nothing-here");
    for (game, tb, needle) in [
        ("xiangqi", empty.as_path(), "chess only"),
        ("chess", empty.as_path(), "no Syzygy table files"),
        ("chess", missing.as_path(), "no such folder"),
    ] {
        let out = Command::new(&k)
            .args(["match", "--game", game, "--engine", &format!("cmd={}", k.display())])
            .args(["--engine", &format!("cmd={}", k.display()), "--each", "nodes=100"])
            .arg("--tb")
            .arg(tb)
            .output()
            .expect("run kientuong match");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{game} --tb {}: accepted", tb.display());
        assert!(stderr.contains(needle), "{game} --tb {}: {stderr}", tb.display());

        let data = temp_path("tb-refused.ktgr");
        let out = Command::new(&k)
            .args(["datagen", "--game", game, "--games", "1", "--nodes", "100", "--tb"])
            .arg(tb)
            .arg("--out")
            .arg(&data)
            .output()
            .expect("run kientuong datagen");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "datagen {game} --tb {}: accepted", tb.display());
        assert!(stderr.contains(needle), "datagen {game} --tb {}: {stderr}", tb.display());
        assert!(!data.exists(), "no data is written");
    }
}

/// A game record's positions, from its start through every ply.
fn positions(game: &GameRecord) -> Vec<Chess> {
    let mut pos = Chess::from_fen(&game.start_fen).expect("the start parses");
    let mut out = vec![pos.clone()];
    for ply in &game.plies {
        let m = Move(ply.mv);
        assert!(pos.is_legal(m), "{}: an illegal ply", game.start_fen);
        pos.make(m);
        out.push(pos.clone());
    }
    out
}

fn result_code(outcome: Outcome) -> ResultCode {
    match outcome {
        Outcome::Win(Color::White) => ResultCode::Win,
        Outcome::Win(Color::Black) => ResultCode::Loss,
        Outcome::Draw => ResultCode::Draw,
    }
}

/// Holds a game played with the tables against the same game played without them: the same
/// moves up to the first position (not ended by the rules) that the tables know, where the
/// game with the tables stopped with their result; without such a position, the same game.
/// Returns whether the tables ended it.
fn check_cut(tables: &Tables, with_tb: &GameRecord, plain: &GameRecord) -> bool {
    assert_eq!(with_tb.start_fen, plain.start_fen);
    let what = format!("game from {}", plain.start_fen);
    let known = positions(plain).iter().enumerate().find_map(|(i, pos)| {
        if pos.game_verdict().is_some() {
            return None;
        }
        tb_outcome(tables, pos).map(|outcome| (i, outcome))
    });
    match known {
        Some((ply, outcome)) => {
            assert_eq!(with_tb.plies[..], plain.plies[..ply], "{what}: the moves before the cut");
            assert_eq!(with_tb.result, result_code(outcome), "{what}: the tables' result");
            true
        }
        None => {
            assert_eq!((&with_tb.plies, with_tb.result), (&plain.plies, plain.result), "{what}");
            false
        }
    }
}

#[test]
fn datagen_games_end_at_tablebase_positions_with_the_tablebase_result() {
    let Some(dir) = tables_dir() else { return };
    let tables = open_tables(&dir);
    let settings = GameSettings {
        nodes: 400,
        random_plies: 1,
        opening_cp: i32::MAX,
        adjudicate_cp: 0,
        max_plies: 300,
        draw: DrawRule::OFF,
        start_fen: Some(|r| Some(STARTS[(r % STARTS.len() as u64) as usize].to_owned())),
    };
    let probe = |pos: &Chess| tb_outcome(&tables, pos);
    let mut engine = Engine::<Chess, ChessEval>::new(4, 1);
    let (mut cut, games) = (0, 12);
    for index in 0..games {
        let plain = play_game(&mut engine, 3, index, &settings);
        let played = play_game_with(&mut engine, 3, index, &settings, Some(&probe));
        let by_tb = check_cut(&tables, &played.record, &plain.record);
        assert_eq!(played.by_tablebase, by_tb, "game {index}");
        assert!(!plain.by_tablebase);
        // The positions kept for training carry the tables' result.
        assert!(played.kept.iter().all(|r| r.result == played.record.result), "game {index}");
        let none = play_game_with(&mut engine, 3, index, &settings, None);
        assert_eq!(none.record, plain.record, "game {index}: no tables, the same game");
        cut += usize::from(by_tb);
    }
    assert!(cut >= games as usize / 3, "only {cut} of {games} games reached the tables");
}

fn read_records(path: &Path) -> (String, Vec<GameRecord>) {
    let file = std::fs::File::open(path).expect("open the records");
    let mut reader = RecordReader::new(std::io::BufReader::new(file)).expect("a record file");
    let mut games = Vec::new();
    while let Some(game) = reader.next_game().expect("a whole file") {
        games.push(game);
    }
    (reader.recipe.clone(), games)
}

#[test]
fn datagen_with_tb_cuts_the_same_games_at_the_tables() {
    let Some(dir) = tables_dir() else { return };
    let tables = open_tables(&dir);
    let datagen = |extra: &[&str], name: &str| {
        let out = temp_path(name);
        let run = Command::new(kientuong())
            .args(["datagen", "--game", "chess", "--games", "6", "--nodes", "500", "--seed", "4"])
            .args(["--net", "hand", "--adjudicate-cp", "0", "--draw-plies", "0"])
            .args(extra)
            .arg("--out")
            .arg(&out)
            .output()
            .expect("run kientuong datagen");
        let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
        assert!(run.status.success(), "{stderr}");
        (read_records(&out), stderr)
    };
    let ((plain_recipe, plain), _) = datagen(&[], "tb-plain.ktgr");
    let tb = dir.to_str().expect("UTF-8 path");
    let ((recipe, with_tb), stderr) = datagen(&["--tb", tb], "tb-cut.ktgr");
    assert!(!plain_recipe.contains("tb="), "{plain_recipe}");
    assert_eq!(recipe, format!("{plain_recipe} tb=4"));
    assert_eq!(with_tb.len(), plain.len());
    let cut = with_tb.iter().zip(&plain).filter(|(t, p)| check_cut(&tables, t, p)).count();
    assert!(
        stderr.contains(&format!("datagen: {cut} of 6 games ended by the tablebase")),
        "{stderr}"
    );
    eprintln!("{cut} of 6 games reached the tables");
}
