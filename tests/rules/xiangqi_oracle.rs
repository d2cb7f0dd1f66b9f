//! Legal move sets against Fairy-Stockfish (`pyffish`) on a few thousand positions from random
//! playouts. pyffish numbers ranks 1-10; we use ICCS ranks 0-9 (`h3e3` there is `h2e2` here).
//! Without pyffish the test is skipped, unless `CI` is set, where that is a failure.

use game_api::{Game, GenKind, MoveList};
use movegen_xiangqi::Xiangqi;
use std::io::Write;
use std::process::{Command, Stdio};

use kientuong_suite::SplitMix64;

const ORACLE: &str = r#"
import sys
import pyffish as sf
for line in sys.stdin:
    fen = line.strip()
    if fen:
        print(" ".join(sorted(sf.legal_moves("xiangqi", fen, []))), flush=False)
"#;

fn pyffish_available() -> bool {
    Command::new("python3")
        .args(["-c", "import pyffish"])
        .status()
        .map(|s| s.success())
        .unwrap_or(false)
}

/// pyffish `h10g8` -> ICCS `h9g7`.
fn to_iccs(token: &str) -> String {
    let bytes = token.as_bytes();
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        out.push(bytes[i] as char);
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            i += 1;
        }
        let rank: u32 = token[start..i].parse().expect("pyffish rank");
        out.push_str(&(rank - 1).to_string());
    }
    out
}

#[test]
fn legal_moves_agree_with_fairy_stockfish() {
    if !pyffish_available() {
        assert!(std::env::var_os("CI").is_none(), "CI is set but python3 cannot import pyffish");
        eprintln!("pyffish not installed: skipping the oracle comparison");
        return;
    }
    let mut rng = SplitMix64::new(7);
    let mut positions: Vec<Xiangqi> = Vec::new();
    while positions.len() < 3000 {
        let mut pos = Xiangqi::startpos();
        for _ in 0..(rng.next_u64() % 200) {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            if list.is_empty() {
                break;
            }
            // Prefer captures now and then so that sparse endgames get covered too.
            let mut captures = MoveList::new();
            pos.generate(GenKind::Tactical, &mut captures);
            let m = if !captures.is_empty() && rng.next_u64().is_multiple_of(3) {
                captures[(rng.next_u64() % captures.len() as u64) as usize]
            } else {
                list[(rng.next_u64() % list.len() as u64) as usize]
            };
            pos.make(m);
            if rng.next_u64().is_multiple_of(8) {
                positions.push(Xiangqi::from_fen(&pos.fen()).expect("own FEN"));
            }
        }
    }
    let mut child = Command::new("python3")
        .args(["-c", ORACLE])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("spawn python3");
    // Feed the FENs from another thread: python's replies would otherwise fill the stdout
    // pipe while we are still blocked writing to its stdin.
    let fens: Vec<String> = positions.iter().map(|p| p.fen()).collect();
    let mut stdin = child.stdin.take().expect("stdin");
    let writer = std::thread::spawn(move || {
        for fen in fens {
            writeln!(stdin, "{fen}").expect("write FEN");
        }
    });
    let output = child.wait_with_output().expect("python3 output");
    writer.join().expect("writer thread");
    assert!(output.status.success(), "oracle failed: {}", String::from_utf8_lossy(&output.stderr));
    let text = String::from_utf8(output.stdout).expect("utf8");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), positions.len(), "one oracle line per position");
    let mut total = 0;
    for (pos, line) in positions.iter().zip(lines) {
        let mut theirs: Vec<String> = line.split_whitespace().map(to_iccs).collect();
        theirs.sort();
        let mut list = MoveList::new();
        pos.generate(GenKind::All, &mut list);
        let mut ours: Vec<String> = list.iter().map(|&m| pos.write_move(m)).collect();
        ours.sort();
        assert_eq!(ours, theirs, "legal moves differ at {}", pos.fen());
        total += ours.len();
    }
    assert!(total > 50_000, "only {total} moves compared");
}
