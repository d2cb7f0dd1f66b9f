//! The subcommands run with stdout a pipe whose reader has already gone (`kientuong perft … |
//! head -1` once head has exited): every write fails with a broken pipe. They must finish their
//! work and exit cleanly instead of panicking on the first line (uses `target/ci/kientuong`).

use kientuong_suite::kientuong_bin;
use std::process::{Command, Output};

fn run_with_closed_stdout(args: &[&str]) -> Output {
    let (reader, writer) = std::io::pipe().expect("create a pipe");
    drop(reader);
    Command::new(kientuong_bin())
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(writer)
        .output()
        .expect("run kientuong")
}

fn assert_clean(args: &[&str]) {
    let out = run_with_closed_stdout(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {:?}\n{stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{args:?}:\n{stderr}");
}

#[test]
fn perft_and_judge_survive_a_closed_stdout() {
    assert_clean(&["perft", "--game", "chess", "--depth", "2", "--divide"]);
    assert_clean(&["perft", "--game", "xiangqi", "--depth", "2"]);
    assert_clean(&["judge", "--game", "xiangqi", "--moves", "h2e2 h9g7"]);
    assert_clean(&["match", "--help"]);
}

#[test]
fn train_nnue_still_writes_its_net_when_stdout_is_closed() {
    let dir = std::env::temp_dir().join(format!("kientuong-closed-stdout-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (data, net) = (dir.join("data.bin"), dir.join("net.nnue"));
    let (data_arg, net_arg) = (data.to_str().unwrap(), net.to_str().unwrap());
    let datagen = Command::new(kientuong_bin())
        .args(["datagen", "--game", "chess", "--games", "2", "--nodes", "300", "--seed", "3"])
        .args(["--threads", "1", "--out", data_arg])
        .output()
        .expect("run kientuong datagen");
    assert!(datagen.status.success(), "{}", String::from_utf8_lossy(&datagen.stderr));
    assert_clean(&[
        "train-nnue",
        "--game",
        "chess",
        "--data",
        data_arg,
        "--epochs",
        "2",
        "--out",
        net_arg,
    ]);
    assert!(std::fs::metadata(&net).unwrap().len() > 0, "the net was not written");
    let _ = std::fs::remove_dir_all(&dir);
}
