//! `kientuong datagen` and `kientuong tune` end to end (uses `target/ci/kientuong`): the data
//! is reproducible from the seed whatever the thread count, every record is a legal position
//! that a static evaluation can judge, and the tuner reads it and lowers the loss.

use datagen::{GameId, Reader, Record};
use game_api::Game;
use kientuong_suite::kientuong_bin;
use std::process::Command;

fn datagen(game: &str, threads: usize, out: &std::path::Path) -> String {
    let output = Command::new(kientuong_bin())
        .args(["datagen", "--game", game, "--games", "3", "--nodes", "400", "--seed", "11"])
        .args(["--threads", &threads.to_string(), "--out"])
        .arg(out)
        .output()
        .expect("run kientuong datagen");
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    assert!(output.status.success(), "{stderr}");
    stderr
}

fn records(path: &std::path::Path) -> (GameId, Vec<Record>) {
    let mut reader = Reader::new(std::fs::File::open(path).unwrap()).unwrap();
    let mut out = Vec::new();
    while let Some(r) = reader.next_record().unwrap() {
        out.push(r);
    }
    (reader.game, out)
}

fn check<G: Game>(game: &str, id: GameId) {
    let dir = std::env::temp_dir().join(format!("kientuong-datagen-{game}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (one, two) = (dir.join("one.bin"), dir.join("two.bin"));
    let stderr = datagen(game, 1, &one);
    assert!(stderr.contains("positions/s/thread"), "{stderr}");
    datagen(game, 2, &two);
    assert_eq!(
        std::fs::read(&one).unwrap(),
        std::fs::read(&two).unwrap(),
        "{game}: same seed, same data"
    );

    let (file_game, recs) = records(&one);
    assert_eq!(file_game, id);
    assert!(recs.len() > 20, "{game}: {} positions", recs.len());
    for r in &recs {
        let pos = G::from_fen(&r.fen).unwrap_or_else(|e| panic!("{}: {e}", r.fen));
        assert!(!pos.in_check(), "{game}: in check: {}", r.fen);
        assert_eq!(r.stm as usize, pos.side_to_move().index(), "{}", r.fen);
        assert!(r.score.abs() < 20000, "{game}: mate score kept: {}", r.fen);
    }

    let tune = Command::new(kientuong_bin())
        .args(["tune", "--game", game, "--steps", "30", "--lr", "2", "--data"])
        .arg(&one)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("run kientuong tune");
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
fn xiangqi_datagen_and_tune() {
    check::<movegen_xiangqi::Xiangqi>("xiangqi", GameId::Xiangqi);
}

#[test]
fn chess_datagen_and_tune() {
    check::<movegen_chess::Chess>("chess", GameId::Chess);
}
