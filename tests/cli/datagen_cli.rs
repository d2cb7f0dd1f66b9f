//! `kientuong datagen`, `datagen-convert` and `texel` end to end (uses `target/ci/kientuong`):
//! the data is reproducible from the seed whatever the thread count, a game-record file replays
//! to exactly the positions a position file of the same seed holds, the converter keeps every
//! position, every record is a legal position that a static evaluation can judge, and the tuner
//! reads it and lowers the loss (under its old name, `tune`, for chess: scripts still call that).

use datagen::data_file::{open, read_positions};
use datagen::{Filter, PositionRecord};
use game_api::{Game, GameKind};
use kientuong_suite::kientuong_bin;
use std::path::Path;
use std::process::Command;

fn kientuong(args: &[&str], out: &Path) -> String {
    let output = Command::new(kientuong_bin())
        .args(args)
        .arg("--out")
        .arg(out)
        .output()
        .expect("run kientuong");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    stderr
}

fn datagen(game: &str, threads: usize, format: &str, out: &Path) -> String {
    let threads = threads.to_string();
    kientuong(
        &[
            "datagen",
            "--game",
            game,
            "--games",
            "3",
            "--nodes",
            "400",
            "--seed",
            "11",
            "--threads",
            &threads,
            "--format",
            format,
        ],
        out,
    )
}

fn records<G: Game>(path: &Path) -> (GameKind, Vec<PositionRecord>) {
    let game = open(path).unwrap().game();
    let mut out = Vec::new();
    read_positions::<G>(path, &Filter::default(), |r| out.push(r)).unwrap();
    (game, out)
}

/// `texel` is the name the Texel tuner is run under (`texel`, or its old name `tune`).
fn check<G: Game>(game: &str, id: GameKind, texel: &str) {
    let dir = std::env::temp_dir().join(format!("kientuong-datagen-{game}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (one, two) = (dir.join("one.ktgr"), dir.join("two.ktgr"));
    let stderr = datagen(game, 1, "records", &one);
    assert!(stderr.contains("positions/s/thread"), "{stderr}");
    datagen(game, 2, "records", &two);
    assert_eq!(
        std::fs::read(&one).unwrap(),
        std::fs::read(&two).unwrap(),
        "{game}: same seed, same data"
    );
    assert!(!dir.join("one.ktgr.part").exists());

    // The same games written the old way: the same positions, scores and results.
    let (ktdg, converted) = (dir.join("one.ktdg"), dir.join("converted.ktgr"));
    datagen(game, 2, "ktdg", &ktdg);
    let (file_game, recs) = records::<G>(&one);
    let (_, old) = records::<G>(&ktdg);
    assert_eq!(recs, old, "{game}: records replay to the position file");
    kientuong(&["datagen-convert", "--in", ktdg.to_str().unwrap()], &converted);
    assert_eq!(records::<G>(&converted).1, old, "{game}: the converter keeps every position");

    assert_eq!(file_game, id);
    assert!(recs.len() > 20, "{game}: {} positions", recs.len());
    for r in &recs {
        let pos = G::from_fen(&r.fen).unwrap_or_else(|e| panic!("{}: {e}", r.fen));
        assert!(!pos.in_check(), "{game}: in check: {}", r.fen);
        assert_eq!(r.stm as usize, pos.side_to_move().index(), "{}", r.fen);
        assert!(r.score.abs() < 20000, "{game}: mate score kept: {}", r.fen);
    }

    let tune = Command::new(kientuong_bin())
        .args([texel, "--game", game, "--steps", "30", "--lr", "2", "--data"])
        .arg(&one)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run kientuong texel");
    let err = String::from_utf8_lossy(&tune.stderr);
    assert!(tune.status.success(), "{err}");
    assert!(
        String::from_utf8_lossy(&tune.stdout).contains("pub const WEIGHTS: Weights = Weights {")
    );
    let loss = |key: &str| -> f64 {
        let at = err.find(key).unwrap_or_else(|| panic!("no '{key}' in {err}")) + key.len();
        err[at..].split_whitespace().next().unwrap().trim_end_matches(',').parse().unwrap()
    };
    assert!(loss("loss after = ") < loss("loss before = "), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn xiangqi_datagen_and_texel() {
    check::<movegen_xiangqi::Xiangqi>("xiangqi", GameKind::Xiangqi, "texel");
}

#[test]
fn chess_datagen_and_texel_by_its_old_name() {
    check::<movegen_chess::Chess>("chess", GameKind::Chess, "tune");
}
