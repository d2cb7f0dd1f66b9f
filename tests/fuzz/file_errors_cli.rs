//! The damaged input files of the file fuzzers, end to end through the `kientuong` binary (uses
//! `target/<profile>/kientuong`): for each kind of file a tool reads (opening books and PGN,
//! match and SPSA state, SPSA params, game records and position files, manifests, and the
//! engine's `genfens` book), a few damaged copies (cut short, random bytes, a folder in the
//! file's place). A tool exits non-zero with a message that names the file; the engine says so
//! in an `info string` and keeps serving; nothing panics and nothing runs past its deadline.
//! The in-process fuzzers with thousands of cases per kind live beside the parsers.

use crate::file_fuzz_common;

use datagen::{Filter, GameRecord, Ply, RecordWriter, ResultCode, Writer};
use file_fuzz_common::{mutate, scratch, Encoding};
use game_api::{GameKind, SplitMix64};
use kientuong_suite::kientuong_bin;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const DEADLINE: Duration = Duration::from_secs(60);

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
}

/// Runs the binary with `args` (and `stdin`), killing it at the deadline.
fn kientuong(args: &[String], stdin: &str) -> Run {
    let mut child = Command::new(kientuong_bin())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start kientuong");
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    let started = Instant::now();
    while child.try_wait().expect("poll kientuong").is_none() {
        if started.elapsed() > DEADLINE {
            let _ = child.kill();
            panic!("kientuong {args:?} ran past {} s", DEADLINE.as_secs());
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().expect("collect the output");
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(str::to_owned).collect()
}

/// Three damaged versions of `original`: cut short, random bytes behind its first bytes, and a
/// folder where the file should be (`None`).
fn damaged(original: &[u8], encoding: Encoding, seed: u64) -> Vec<Option<Vec<u8>>> {
    let mut rng = SplitMix64::new(seed);
    let mut cut = original.to_vec();
    cut.truncate(original.len() * 2 / 3);
    vec![Some(cut), Some(mutate(original, 5, encoding, &mut rng)), None]
}

/// Puts each damaged version at `path` and runs `args`: a tool must fail naming the file.
fn tool_refuses(what: &str, path: &Path, versions: &[Option<Vec<u8>>], args: &[String]) {
    let name = path.file_name().and_then(|n| n.to_str()).expect("a file name");
    for (i, version) in versions.iter().enumerate() {
        let _ = std::fs::remove_dir_all(path);
        let _ = std::fs::remove_file(path);
        match version {
            Some(bytes) => std::fs::write(path, bytes).expect("write the damaged file"),
            None => std::fs::create_dir(path).expect("a folder in the file's place"),
        }
        let run = kientuong(args, "");
        assert!(!run.stderr.contains("panicked"), "{what} #{i}: {}", run.stderr);
        assert!(run.code.is_some_and(|c| c != 0), "{what} #{i}: exit {:?}", run.code);
        assert!(
            run.stderr.contains(name),
            "{what} #{i}: the message must name {name}: {}",
            run.stderr
        );
    }
    let _ = std::fs::remove_dir_all(path);
    let _ = std::fs::remove_file(path);
}

fn records_bytes() -> Vec<u8> {
    let mut w = RecordWriter::new(Vec::new(), GameKind::Chess, "e2e").expect("header");
    // 1. e4 e5 2. Nf3 as the game's own move words, then its result.
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_owned();
    let mut pos = <movegen_chess::Chess as game_api::Game>::startpos();
    let mut plies = Vec::new();
    for text in ["e2e4", "e7e5", "g1f3"] {
        let m = game_api::Game::parse_move(&pos, text).expect("a legal move");
        plies.push(Ply { mv: m.0, score: 20 });
        game_api::Game::make(&mut pos, m);
    }
    w.write_game(&GameRecord { start_fen: fen, plies, result: ResultCode::Draw }).expect("a game");
    w.finish().expect("trailer")
}

fn positions_bytes() -> Vec<u8> {
    let mut w = Writer::new(Vec::new(), GameKind::Chess).expect("header");
    let game = GameRecord {
        start_fen: "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".into(),
        plies: vec![Ply { mv: 0, score: 15 }],
        result: ResultCode::Win,
    };
    datagen::replay::replay::<movegen_chess::Chess>(&game, 0, &Filter::all(), |r| {
        w.write(&r).expect("a record")
    })
    .expect("the start position");
    w.into_inner()
}

fn dir(tag: &str) -> PathBuf {
    scratch(&format!("cli_{tag}"))
}

#[test]
fn match_refuses_damaged_books_and_states_by_name() {
    let d = dir("match");
    let bin = kientuong_bin().display().to_string();
    let engines = format!("--game chess --engine cmd={bin} nodes=1 --engine cmd={bin} nodes=1");
    let book = d.join("openings.pgn");
    let pgn = b"[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n";
    let mut args = words(&format!("match {engines} --openings format=pgn file="));
    let last = args.len() - 1;
    args[last].push_str(&book.display().to_string());
    tool_refuses("PGN book", &book, &damaged(pgn, Encoding::Text, 1), &args);

    let state = d.join("match.state");
    let text = format!(
        "kientuong-match-state 1\narg --game\narg chess\narg --engine\narg cmd={bin}\narg \
         nodes=1\narg --engine\narg cmd={bin}\narg nodes=1\npgn-bytes none\ngame 1 0 1 0 1-0\nend\n"
    );
    let args = vec!["match".to_owned(), "--resume".to_owned(), state.display().to_string()];
    tool_refuses("match state", &state, &damaged(text.as_bytes(), Encoding::Text, 2), &args);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn spsa_refuses_damaged_params_and_states_by_name() {
    let d = dir("spsa");
    let params = d.join("tune.params");
    let text = b"X, int, 20, 0, 100, 5, 0.1\nY, float, 0.5, 0, 1, 0.05, 0.002\n";
    let args = words(&format!(
        "spsa --engine cmd=none nodes=1 --game chess --pairs 2 --params {}",
        params.display()
    ));
    let mut versions = damaged(text, Encoding::Text, 3);
    versions[0] = Some(b"X, int, 20, 0, 100, 5".to_vec());
    tool_refuses("SPSA params", &params, &versions, &args);

    let state = d.join("tune.state");
    let text = "kientuong-spsa-state 1\ngame chess\nseed 3\npairs 10\nbatch 1\ndone 2\n\
                param X, int, 20, 0, 100, 5, 0.1\ntheta X, 21.5, 21.5\n";
    let args = words(&format!("spsa --engine cmd=none nodes=1 --resume {}", state.display()));
    tool_refuses("SPSA state", &state, &damaged(text.as_bytes(), Encoding::Text, 4), &args);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn data_tools_refuse_damaged_records_positions_and_manifests_by_name() {
    let d = dir("data");
    let binary = Encoding::Binary { header: 16 };
    let out = d.join("out.ktgr").display().to_string();

    let positions = d.join("old.ktdg");
    let args = words(&format!("datagen-convert --in {} --out {out}", positions.display()));
    tool_refuses("position file", &positions, &damaged(&positions_bytes(), binary, 5), &args);

    let records = d.join("games.ktgr");
    let manifest = d.join("data.manifest").display().to_string();
    let args = words(&format!(
        "data-check --manifest {manifest} --dir {} --write games.ktgr",
        d.display()
    ));
    tool_refuses("game records", &records, &damaged(&records_bytes(), binary, 6), &args);
    let args = words(&format!(
        "train-nnue --game chess --data {} --out {} --epochs 1",
        records.display(),
        d.join("net.nnue").display()
    ));
    tool_refuses("training data", &records, &damaged(&records_bytes(), binary, 7), &args);

    std::fs::write(&records, records_bytes()).expect("a good data file");
    let sha = "0".repeat(64);
    let text = format!("# manifest\ngames.ktgr 1 3 {sha}\n");
    let manifest = d.join("data.manifest");
    let args =
        words(&format!("data-check --manifest {} --dir {}", manifest.display(), d.display()));
    let mut versions = damaged(text.as_bytes(), Encoding::Text, 8);
    versions[0] = Some(format!("games.ktgr 1 3 {}", &sha[..40]).into_bytes());
    tool_refuses("manifest", &manifest, &versions, &args);
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn the_engine_reports_a_damaged_genfens_book_and_keeps_serving() {
    let d = dir("genfens");
    let book = d.join("book.epd");
    let epd = b"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -\n";
    for (i, version) in damaged(epd, Encoding::Text, 9).iter().enumerate() {
        let _ = std::fs::remove_dir_all(&book);
        let _ = std::fs::remove_file(&book);
        match version {
            // A cut line may still hold a position; only the refused ones are this test's.
            Some(bytes) if i == 0 => std::fs::write(&book, &bytes[..10]).expect("write"),
            Some(bytes) => std::fs::write(&book, bytes).expect("write"),
            None => std::fs::create_dir(&book).expect("a folder"),
        }
        let script = format!("uci\ngenfens 2 seed 1 book {}\nisready\nquit\n", book.display());
        let run = kientuong(&[], &script);
        assert!(!run.stderr.contains("panicked"), "#{i}: {}", run.stderr);
        assert_eq!(run.code, Some(0), "#{i}: {}", run.stderr);
        let note = run.stdout.lines().find(|l| l.starts_with("info string genfens: "));
        assert!(note.is_some_and(|l| l.contains("book.epd")), "#{i}: {}", run.stdout);
        assert!(run.stdout.lines().any(|l| l == "readyok"), "#{i}: {}", run.stdout);
    }
    let _ = std::fs::remove_dir_all(&d);
}
