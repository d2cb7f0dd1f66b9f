//! `scripts/train-net.sh`, the recipe the committed nets are reproduced with, end to end at a
//! tiny size (uses `target/ci/kientuong` through `BIN`): a SEEDS list that mixes generations
//! (`hand/1` and a plain seed played by `PLAY`) makes one data folder per generation, the
//! `hand/` entry really is played by the hand-written evaluation, and the trainer reads both
//! folders and writes a net of the embedded one's size.

use kientuong_suite::kientuong_bin;
use std::path::Path;
use std::process::Command;

const NET: &str = "crates/nnue/nets/xiangqi.nnue";

#[test]
fn a_recipe_mixing_generations_trains_on_all_of_them() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = std::env::temp_dir().join(format!("kientuong-train-net-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let net_out = work.join("out.nnue");

    let run = Command::new("bash")
        .arg(root.join("scripts/train-net.sh"))
        .arg("xiangqi")
        .current_dir(root)
        .env("BIN", kientuong_bin())
        .env("CARGO_TARGET_DIR", &work)
        .env("SEEDS", "hand/1 7")
        .env("PLAY", NET)
        .env("PLAY_REV", "")
        .envs([("GAMES", "2"), ("NODES", "300"), ("EPOCHS", "1"), ("JOBS", "1")])
        .env("TRAIN_THREADS", "1")
        .env("NET", &net_out)
        .output()
        .expect("run scripts/train-net.sh");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("training on 2 data file(s)"), "{stdout}");

    let hand_file = work.join("datagen-xiangqi-hand-n300-g2-seeds/xiangqi-1.bin");
    let net_file = work.join("datagen-xiangqi-xiangqi-n300-g2-seeds/xiangqi-7.bin");

    // Each file is what datagen makes directly with that seed and that evaluation.
    for (file, seed, eval) in [(&hand_file, "1", "hand"), (&net_file, "7", NET)] {
        let direct = work.join(format!("direct-{seed}.bin"));
        let datagen = Command::new(kientuong_bin())
            .args(["datagen", "--game", "xiangqi", "--games", "2", "--nodes", "300"])
            .args(["--seed", seed, "--threads", "1", "--net", eval, "--out"])
            .arg(&direct)
            .current_dir(root)
            .output()
            .expect("run kientuong datagen");
        assert!(datagen.status.success(), "{}", String::from_utf8_lossy(&datagen.stderr));
        assert_eq!(std::fs::read(file).unwrap(), std::fs::read(&direct).unwrap(), "seed {seed}");
    }

    let trained = std::fs::metadata(&net_out).unwrap().len();
    assert_eq!(trained, std::fs::metadata(root.join(NET)).unwrap().len());
    let _ = std::fs::remove_dir_all(&work);
}
