//! `scripts/calibrate-elo.sh` turns its matches into the table the engine is built with. The
//! matches are faked (a stand-in for `kientuong` prints each pair's summary as the match runner
//! would, and `stockfish` on the PATH is a stub that is never run), so the test checks what the
//! script makes of them: each level's Elo from its rung, a self-play row placed from the level
//! it played, a 0 %-or-100 % pair left out, two levels measured out of order pooled, the game's
//! rows and comment rewritten and the other game's left alone; a few levels measured again
//! replacing their span and keeping the other rows and what measured them; a table that would no
//! longer rise refused, the file unchanged. And the README gives the range the engine announces.

use std::fs;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The table the runs start from (the engine's own changes with every calibration).
const START_TABLE: &str = "# game, level, Elo
# xiangqi: measured before
xiangqi\t0\t1100
xiangqi\t20\t3000
# chess: measured before
chess\t0\t900
chess\t5\t1300
chess\t8\t1500
chess\t10\t1700
chess\t16\t1950
chess\t20\t2400
";

/// The stand-in engine: `bench` gives a signature, `match` a summary whose Elo difference
/// depends on the level of `kientuong-levelL` (level 3 scores nothing: an infinite error).
const FAKE_KIENTUONG: &str = r#"#!/usr/bin/env bash
case $1 in
  bench) echo "Bench: 42 nodes 1 nps"; exit 0 ;;
  match) ;;
  *) exit 2 ;;
esac
level=
for a in "$@"; do
  case $a in "name=kientuong-level"*) [ -n "$level" ] || level=${a#name=kientuong-level} ;; esac
done
case $level in
  0) d="-400.0 +/- 90.0" ;; 3) d="-inf +/- inf" ;; 5) d="15.0 +/- 70.0" ;;
  10) d="-50.0 +/- 70.0" ;; 15) d="100.0 +/- 70.0" ;; 16) d="-40.0 +/- 70.0" ;;
  20) d="0.0 +/- 70.0" ;; *) exit 3 ;;
esac
echo "Score of kientuong-level$level vs them: 40 - 40 - 0  [0.500] 80"
echo "Elo difference: $d, LOS: 50.0 %, DrawRatio: 0.0 %"
echo "Ptnml(0-2): [10, 0, 20, 0, 10], pentanomial Elo: 0.0 +/- 1.0, LOS: 50.0 %"
"#;

fn executable(path: &Path, text: &str) {
    fs::write(path, text).expect("write a stand-in");
    fs::set_permissions(path, fs::Permissions::from_mode(0o755)).expect("make it executable");
}

struct Work {
    dir: PathBuf,
}

impl Work {
    fn new(tag: &str) -> Work {
        let dir =
            std::env::temp_dir().join(format!("kientuong-calibrate-{tag}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(dir.join("bin")).expect("make the work folder");
        executable(&dir.join("kientuong"), FAKE_KIENTUONG);
        executable(&dir.join("bin/stockfish"), "#!/bin/sh\nexit 1\n");
        fs::write(dir.join("table.tsv"), START_TABLE).expect("write the table");
        Work { dir }
    }

    fn calibrate(&self, pairs: &[&str]) -> Output {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let path = format!(
            "{}:{}",
            self.dir.join("bin").display(),
            std::env::var("PATH").unwrap_or_default()
        );
        Command::new("bash")
            .arg(root.join("scripts/calibrate-elo.sh"))
            .arg("-k")
            .arg(self.dir.join("kientuong"))
            .arg("-o")
            .arg(self.dir.join("out"))
            .arg("chess")
            .args(pairs)
            .env("PATH", path)
            .env("ELO_TABLE", self.dir.join("table.tsv"))
            .output()
            .expect("run scripts/calibrate-elo.sh")
    }

    fn table(&self) -> String {
        fs::read_to_string(self.dir.join("table.tsv")).expect("read the table")
    }
}

impl Drop for Work {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.dir);
    }
}

fn rows(table: &str, game: &str) -> Vec<String> {
    table.lines().filter(|l| l.starts_with(&format!("{game}\t"))).map(str::to_owned).collect()
}

#[test]
fn the_calibration_writes_the_games_rows_of_the_table() {
    let work = Work::new("writes");
    let before = work.table();
    let run =
        work.calibrate(&["5:1350", "10:1700", "15:1900", "16:2000", "20:2300", "0:@5", "3:1350"]);
    let stdout = String::from_utf8_lossy(&run.stdout);
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{stdout}\n{stderr}");
    assert!(stderr.contains("level 3 against 1350 measured nothing"), "{stderr}");
    let table = work.table();
    // 1350+15; 1700-50; 1900+100 and 2000-40 out of order, pooled at level 15; 2300; 1365-400.
    let expected: Vec<String> = [(0, 965), (5, 1365), (10, 1650), (15, 1980), (20, 2300)]
        .iter()
        .map(|(l, e)| format!("chess\t{l}\t{e}"))
        .collect();
    assert_eq!(rows(&table, "chess"), expected, "{table}");
    assert_eq!(rows(&table, "xiangqi"), rows(&before, "xiangqi"));
    let comments: Vec<&str> = table.lines().filter(|l| l.starts_with("# chess:")).collect();
    assert_eq!(comments.len(), 1, "{table}");
    assert!(comments[0].contains("Bench 42") && comments[0].contains("0:@5"), "{table}");
    // Finished pairs are read back, not replayed: a second run with no engine gives the same.
    fs::remove_file(work.dir.join("kientuong")).expect("remove the stand-in");
    executable(
        &work.dir.join("kientuong"),
        "#!/bin/sh\n[ \"$1\" = bench ] && echo 'Bench: 42 nodes 1 nps'\n",
    );
    let again = work.calibrate(&["5:1350", "10:1700", "15:1900", "16:2000", "20:2300", "0:@5"]);
    assert!(again.status.success(), "{}", String::from_utf8_lossy(&again.stderr));
    assert_eq!(rows(&work.table(), "chess"), expected);
}

#[test]
fn levels_measured_again_replace_their_span_and_keep_the_rest() {
    let work = Work::new("partial");
    // 1900+100 and 2000-40 out of order: pooled at level 15, and the old rows from 15 to 16 go.
    let run = work.calibrate(&["15:1900", "16:2000"]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let table = work.table();
    let expected: Vec<String> =
        [(0, 900), (5, 1300), (8, 1500), (10, 1700), (15, 1980), (20, 2400)]
            .iter()
            .map(|(l, e)| format!("chess\t{l}\t{e}"))
            .collect();
    assert_eq!(rows(&table, "chess"), expected, "{table}");
    let comments: Vec<&str> = table.lines().filter(|l| l.starts_with("# chess:")).collect();
    assert_eq!(comments.len(), 2, "{table}");
    assert_eq!(comments[0], "# chess: measured before");
    assert!(comments[1].starts_with("# chess: levels 15-16 measured"), "{table}");
}

#[test]
fn a_calibration_that_breaks_the_rise_leaves_the_table_alone() {
    let work = Work::new("refuses");
    let before = work.table();
    // Level 16 at 2460 would stand above full strength's 2400.
    let run = work.calibrate(&["16:2500"]);
    assert!(!run.status.success());
    assert!(String::from_utf8_lossy(&run.stderr).contains("from level 0 to level 20 and rise"));
    assert_eq!(work.table(), before);
}

/// The `UCI_Elo` range the engine announces (from the table it was built with) is the one the
/// README gives, in both places it gives it.
#[test]
fn the_readme_gives_the_uci_elo_range_the_engine_announces() {
    let run = Command::new(kientuong_suite::kientuong_bin())
        .args(["uci", "quit"])
        .output()
        .expect("run kientuong");
    let stdout = String::from_utf8_lossy(&run.stdout);
    let line = stdout
        .lines()
        .find(|l| l.starts_with("option name UCI_Elo "))
        .unwrap_or_else(|| panic!("no UCI_Elo option:\n{stdout}"));
    let word_after = |key: &str| -> String {
        let words: Vec<&str> = line.split_whitespace().collect();
        let at = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{line}"));
        words[at + 1].to_owned()
    };
    let range = format!("{}–{}", word_after("min"), word_after("max"));
    let readme = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("read the README");
    assert_eq!(readme.matches(&format!("({range}")).count(), 2, "README should give ({range}");
}
