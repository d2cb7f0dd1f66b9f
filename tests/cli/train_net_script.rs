//! `scripts/train-net.sh`, the recipe the committed nets are reproduced with, end to end at a
//! tiny size (uses `target/ci/kientuong` through `BIN`): a SEEDS list that mixes generations
//! (`hand/1` and a plain seed played by `PLAY`) makes one data folder per generation in the data
//! cache (`KIENTUONG_DATA`), named by the playing net's hash; the `hand/` entry really is played
//! by the hand-written evaluation; the trainer reads both folders and writes a net of the
//! embedded one's size. Then the cache is damaged (a file missing with a stale `.part` beside
//! it, another altered) and a file of another seed laid beside them: `data-check` reports the
//! damage, and a second run with the first run's manifest makes exactly the same bytes again
//! and trains on the recipe's two files only.
//!
//! The retired `train-net`: the binary names the last commit that has it, that commit does,
//! and `TRAINER=train-net` runs the build of that very commit (a stub put where
//! `scripts/lib/build-of.sh` keeps builds, so that the test builds no history).

use kientuong_suite::kientuong_bin;
use std::path::Path;
use std::process::{Command, Output};

const NET: &str = "crates/nnue/nets/xiangqi.nnue";

fn script(root: &Path, work: &Path, manifest_var: (&str, &Path)) -> Output {
    let run = Command::new("bash")
        .arg(root.join("scripts/train-net.sh"))
        .arg("xiangqi")
        .current_dir(root)
        .env("BIN", kientuong_bin())
        .env("KIENTUONG_DATA", work.join("data"))
        .env("SEEDS", "hand/1 7")
        .env("PLAY", NET)
        .env("PLAY_REV", "")
        .envs([("GAMES", "2"), ("NODES", "300"), ("EPOCHS", "1"), ("JOBS", "1")])
        .env("TRAIN_THREADS", "1")
        .env("NET", work.join("out.nnue"))
        .env(manifest_var.0, manifest_var.1)
        .output()
        .expect("run scripts/train-net.sh");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stdout}\n{stderr}");
    assert!(stdout.contains("training on 2 data file(s)"), "{stdout}");
    run
}

#[test]
fn a_recipe_mixing_generations_trains_on_all_of_them_and_resumes() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = std::env::temp_dir().join(format!("kientuong-train-net-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work).unwrap();
    let manifest = work.join("recipe.manifest");
    script(root, &work, ("WRITE_MANIFEST", &manifest));

    let net_hash = {
        let mut h = datagen::sha256::Sha256::new();
        h.update(&std::fs::read(root.join(NET)).unwrap());
        h.hex()[..12].to_string()
    };
    let data = work.join("data");
    let hand_file = data.join("xiangqi-hand-n300-g2/xiangqi-1.ktgr");
    let net_file = data.join(format!("xiangqi-{net_hash}-n300-g2/xiangqi-7.ktgr"));

    // Each file is what datagen makes directly with that seed and that evaluation.
    for (file, seed, eval) in [(&hand_file, "1", "hand"), (&net_file, "7", NET)] {
        let direct = work.join(format!("direct-{seed}.ktgr"));
        let datagen = Command::new(kientuong_bin())
            .args(["datagen", "--game", "xiangqi", "--games", "2", "--nodes", "300"])
            .args(["--seed", seed, "--threads", "1", "--net", eval, "--draw-plies", "0", "--out"])
            .arg(&direct)
            .current_dir(root)
            .output()
            .expect("run kientuong datagen");
        assert!(datagen.status.success(), "{}", String::from_utf8_lossy(&datagen.stderr));
        assert_eq!(std::fs::read(file).unwrap(), std::fs::read(&direct).unwrap(), "seed {seed}");
    }
    let trained = std::fs::metadata(work.join("out.nnue")).unwrap().len();
    assert_eq!(trained, std::fs::metadata(root.join(NET)).unwrap().len());

    // Damage the cache: a run stopped while making one file, another file altered.
    let (hand_bytes, net_bytes) =
        (std::fs::read(&hand_file).unwrap(), std::fs::read(&net_file).unwrap());
    std::fs::remove_file(&net_file).unwrap();
    std::fs::write(net_file.with_extension("ktgr.part"), &net_bytes[..net_bytes.len() / 2])
        .unwrap();
    let mut altered = hand_bytes.clone();
    altered[20] ^= 1;
    std::fs::write(&hand_file, &altered).unwrap();
    let check = Command::new(kientuong_bin())
        .args(["data-check", "--manifest"])
        .arg(&manifest)
        .arg("--dir")
        .arg(&data)
        .output()
        .expect("run kientuong data-check");
    let report = String::from_utf8_lossy(&check.stdout);
    assert!(!check.status.success(), "{report}");
    assert!(report.contains("altered xiangqi-hand-n300-g2/xiangqi-1.ktgr"), "{report}");
    assert!(
        report.contains(&format!("missing xiangqi-{net_hash}-n300-g2/xiangqi-7.ktgr")),
        "{report}"
    );

    // A file of another recipe in the same folder (the flywheel's folders hold more seeds than
    // a recipe takes) is not trained on: `script` asserts two files.
    let stranger = net_file.with_file_name("xiangqi-8.ktgr");
    std::fs::write(&stranger, &net_bytes).unwrap();

    // The recipe makes what is missing or altered again, byte for byte, and checks it.
    script(root, &work, ("MANIFEST", &manifest));
    assert_eq!(std::fs::read(&hand_file).unwrap(), hand_bytes);
    assert_eq!(std::fs::read(&net_file).unwrap(), net_bytes);
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn the_retired_train_net_runs_from_the_build_of_the_commit_the_binary_names() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let retired = Command::new(kientuong_bin())
        .args(["train-net", "--game", "xiangqi", "--data", "x.ktgr", "--out", "x.nnue"])
        .output()
        .expect("run kientuong train-net");
    let err = String::from_utf8_lossy(&retired.stderr);
    assert!(!retired.status.success(), "{err}");
    assert!(err.contains("train-net was retired") && err.contains("TRAINER=train-net"), "{err}");
    let rev = err
        .split("the last commit that has it is ")
        .nth(1)
        .and_then(|rest| rest.get(..7))
        .unwrap_or_else(|| panic!("no commit named: {err}"));
    let has_it = Command::new("git")
        .args(["cat-file", "-e", &format!("{rev}:engine-bin/src/train_net_cmd.rs")])
        .current_dir(root)
        .status()
        .expect("run git");
    assert!(has_it.success(), "commit {rev} has no train-net");

    let work = std::env::temp_dir().join(format!("kientuong-train-net-rev-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let build = work.join(format!("data/builds/{rev}"));
    std::fs::create_dir_all(&build).unwrap();
    let stub = build.join("kientuong");
    std::fs::write(&stub, "#!/bin/sh\nprintf '%s\\n' \"$@\" >\"$(dirname \"$0\")/args\"\n")
        .unwrap();
    std::fs::set_permissions(&stub, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let run = Command::new("bash")
        .arg(root.join("scripts/train-net.sh"))
        .arg("xiangqi")
        .current_dir(root)
        .env("BIN", kientuong_bin())
        .env("KIENTUONG_DATA", work.join("data"))
        .envs([("SEEDS", "hand/1"), ("GAMES", "2"), ("NODES", "300"), ("JOBS", "1")])
        .envs([("TRAINER", "train-net"), ("INIT", ""), ("MANIFEST", "")])
        .env("NET", work.join("out.nnue"))
        .output()
        .expect("run scripts/train-net.sh");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}\n{}", String::from_utf8_lossy(&run.stderr));
    let args = std::fs::read_to_string(build.join("args")).expect("the build was not run");
    let args: Vec<&str> = args.lines().collect();
    assert_eq!(args[..3], ["train-net", "--game", "xiangqi"], "{args:?}");
    let data = work.join("data/xiangqi-hand-n300-g2/xiangqi-1.ktgr");
    assert!(args.contains(&data.to_str().unwrap()), "{args:?}");
    let _ = std::fs::remove_dir_all(&work);
}

#[test]
fn a_seeds_entry_with_a_variant_plays_that_variant_in_its_own_folder() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let work = std::env::temp_dir().join(format!("kientuong-train-net-960-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&work);
    let run = Command::new("bash")
        .arg(root.join("scripts/train-net.sh"))
        .arg("chess")
        .current_dir(root)
        .env("BIN", kientuong_bin())
        .env("KIENTUONG_DATA", work.join("data"))
        .env("SEEDS", "hand/3 hand/5@fischerandom hand/5@dfrc")
        .envs([("GAMES", "2"), ("NODES", "300"), ("JOBS", "1"), ("DATA_ONLY", "1")])
        .output()
        .expect("run scripts/train-net.sh");
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(run.status.success(), "{out}\n{}", String::from_utf8_lossy(&run.stderr));
    assert!(out.contains("DATA_ONLY: 3 data file(s) made"), "{out}");
    for (folder, seed, variant) in [("", "3", "standard"), ("-fischerandom", "5", "fischerandom")]
        .into_iter()
        .chain([("-dfrc", "5", "dfrc")])
    {
        let made = work.join(format!("data/chess-hand-n300-g2{folder}/chess-{seed}.ktgr"));
        let direct = work.join(format!("direct-{variant}.ktgr"));
        let datagen = Command::new(kientuong_bin())
            .args(["datagen", "--game", "chess", "--games", "2", "--nodes", "300", "--seed", seed])
            .args(["--threads", "1", "--net", "hand", "--draw-plies", "0", "--variant", variant])
            .arg("--out")
            .arg(&direct)
            .current_dir(root)
            .output()
            .expect("run kientuong datagen");
        assert!(datagen.status.success(), "{}", String::from_utf8_lossy(&datagen.stderr));
        let made = std::fs::read(&made).unwrap_or_else(|e| panic!("{}: {e}", made.display()));
        assert_eq!(made, std::fs::read(&direct).unwrap(), "{variant}");
    }
    // The Chess960 and DFRC games of one seed are different games.
    let [a, b] = ["-fischerandom", "-dfrc"]
        .map(|f| std::fs::read(work.join(format!("data/chess-hand-n300-g2{f}/chess-5.ktgr"))));
    assert_ne!(a.unwrap(), b.unwrap());
    let _ = std::fs::remove_dir_all(&work);
}
