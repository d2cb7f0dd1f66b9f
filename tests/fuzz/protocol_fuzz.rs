//! Thousands of random and mutated lines through the real binary, in both dialects: the
//! engine must neither die nor wedge, every line it writes must be a protocol line, and
//! afterwards it must still answer `readyok` and play a legal move.

use crate::protocol_driver;

use movegen_chess::Chess;
use protocol_driver::{assert_legal, Engine};
use std::time::Duration;

/// Lines of both dialects, valid and nearly valid, to mutate.
const SEEDS: &[&str] = &[
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "debug on",
    "setoption name UCI_Variant value xiangqi",
    "setoption name UCI_Variant value chess",
    "setoption name Move Overhead value 30",
    "setoption name UCI_ShowWDL value true",
    "setoption name Ponder value true",
    "setoption usemillisec false",
    "setoption usemillisec true",
    "setoption newgame",
    "setoption name Clear Hash",
    "setoption name Xiangqi Move Limit value 150",
    "position startpos",
    "position startpos moves e2e4 e7e5 g1f3 b8c6",
    "position startpos moves h2e2 h9g7 h0g2",
    "position fen rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1 moves e7e5",
    "position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8",
    "position fen 3k5/9/9/9/9/9/9/9/9/4K4 w",
    "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves h2e2",
    "startpos moves e2e4",
    "banmoves h2e2 b2e2",
    "banmoves e2e4",
    "go depth 2",
    "go depth 3 searchmoves e2e4 d2d4",
    "go nodes 500",
    "go movetime 5",
    "go wtime 100 btime 100 winc 0 binc 0",
    "go time 100 increment 0 opptime 100 oppincrement 0",
    "go infinite",
    "go depth infinite",
    "go ponder wtime 100 btime 100",
    "go draw depth 2",
    "go mate 2",
    "stop",
    "ponderhit",
    "ponderhit draw",
    "probe",
    "probe startpos moves h2e2",
    "d",
    "eval",
];

/// Words that would make the run slow or end it: `quit` ends it, `batch` turns off the mid-search
/// stop the test relies on, huge hash/thread/multipv settings and deep perfts take long. Those
/// paths have their own tests.
const AVOID: &[&str] = &["quit", "batch", "hash", "thread", "perft", "multipv"];

use kientuong_suite::SplitMix64;

fn random_token(rng: &mut SplitMix64) -> Vec<u8> {
    let words: &[&str] = &[
        "0",
        "-1",
        "-99999",
        "18446744073709551616",
        "2.5",
        "e2e4",
        "h0g2",
        "a9a0",
        "e7e8q",
        "z9z9",
        "moves",
        "fen",
        "startpos",
        "name",
        "value",
        "depth",
        "wtime",
        "infinite",
        "ponder",
        "draw",
        "searchmoves",
        "go",
        "position",
        "8/8/8",
        "w",
        "b",
        "r",
        "-",
        "(none)",
        "💥",
        "\u{feff}",
        "\t",
        "\r",
    ];
    match rng.below(4) {
        0 => {
            let n = 1 + rng.below(8);
            (0..n)
                .map(|_| rng.next_u64() as u8)
                .map(|b| if b == b'\n' { b' ' } else { b })
                .collect()
        }
        _ => words[rng.below(words.len())].as_bytes().to_vec(),
    }
}

fn mutate(rng: &mut SplitMix64, line: &str) -> Vec<u8> {
    let mut words: Vec<Vec<u8>> = line.split(' ').map(|w| w.as_bytes().to_vec()).collect();
    for _ in 0..rng.below(4) {
        let i = rng.below(words.len().max(1));
        match rng.below(5) {
            0 if words.len() > 1 => {
                words.remove(i);
            }
            1 => {
                let w = words.get(i).cloned().unwrap_or_default();
                words.insert(i, w);
            }
            2 => {
                let j = rng.below(words.len().max(1));
                if i < words.len() && j < words.len() {
                    words.swap(i, j);
                }
            }
            3 => {
                let token = random_token(rng);
                if i < words.len() {
                    words[i] = token;
                } else {
                    words.push(token);
                }
            }
            _ => words.insert(i.min(words.len()), random_token(rng)),
        }
    }
    let mut bytes = words.join(&b' ');
    if rng.below(10) == 0 {
        bytes.truncate(rng.below(bytes.len() + 1));
    }
    bytes
}

/// The script, and how many of its lines the engine will read as `isready`.
fn fuzz_lines(seed: u64, count: usize) -> (Vec<u8>, usize) {
    let mut rng = SplitMix64::new(seed);
    let mut script = Vec::new();
    let mut kept = 0;
    let mut readies = 0;
    while kept < count {
        let line = if rng.below(10) == 0 {
            let n = rng.below(40);
            (0..n).map(|_| rng.next_u64() as u8).collect()
        } else {
            let seed_line = SEEDS[rng.below(SEEDS.len())];
            if rng.below(3) == 0 {
                seed_line.as_bytes().to_vec()
            } else {
                mutate(&mut rng, seed_line)
            }
        };
        let line: Vec<u8> = line.into_iter().map(|b| if b == b'\n' { b' ' } else { b }).collect();
        let lower = String::from_utf8_lossy(&line).to_ascii_lowercase();
        if AVOID.iter().any(|w| lower.contains(w)) {
            continue;
        }
        let ending: &[u8] = if rng.below(4) == 0 { b"\r\n" } else { b"\n" };
        let as_read = String::from_utf8_lossy(&[line.as_slice(), ending].concat()).into_owned();
        if protocol::parse(&as_read, protocol::Dialect::Uci) == Ok(protocol::Command::IsReady) {
            readies += 1;
        }
        script.extend_from_slice(&line);
        script.extend_from_slice(ending);
        kept += 1;
    }
    (script, readies)
}

/// Whether `line` is something this engine may say.
fn is_protocol_line(line: &str) -> bool {
    const PREFIXES: &[&str] = &[
        "id ",
        "option ",
        "uciok",
        "ucciok",
        "readyok",
        "info ",
        "bestmove ",
        "nobestmove",
        "pophash",
        "Game: ",
        "Fen: ",
        "Key: ",
        "Side to move: ",
        "In check: ",
        "Legal moves ",
        "Banned: ",
        "Status: ",
        "Evaluation: ",
    ];
    PREFIXES.iter().any(|p| line.starts_with(p)) && !line.contains('\r')
}

/// `KIENTUONG_FUZZ_SEED=<n>` replays or explores another stream.
fn seed_or(default: u64) -> u64 {
    std::env::var("KIENTUONG_FUZZ_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(default)
}

fn survive(first: &str, seed: u64) {
    let seed = seed_or(seed);
    let mut e = Engine::start();
    e.send(first);
    let (script, readies) = fuzz_lines(seed, 3000);
    e.send_raw(&script);
    // Stop whatever the stream left running or queued, then get back to plain chess UCI (the
    // handshake first: a UCCI session refuses UCI_Variant).
    e.send("stop");
    e.send("uci");
    e.send("setoption name UCI_Variant value chess");
    e.send("isready");
    // The last `readyok` is owed until every line before it has been dealt with: after it,
    // every search the stream started has answered, and the next answer is ours.
    for _ in 0..=readies {
        e.read_until(Duration::from_secs(180), |l| l == "readyok");
    }
    e.send("position startpos moves e2e4");
    e.send("go depth 3");
    let best = e.read_until(Duration::from_secs(60), |l| l.starts_with("bestmove"));
    assert_legal::<Chess>(None, &["e2e4"], best.last().expect("answer"));
    let odd: Vec<&String> = e.transcript.iter().filter(|l| !is_protocol_line(l)).collect();
    assert!(odd.is_empty(), "lines that are not protocol: {odd:?}");
    assert!(e.wait_exit(Duration::ZERO).is_none(), "the engine died");
}

#[test]
fn fuzzed_uci_session_survives() {
    survive("uci", 0x9E37_79B9_7F4A_7C15);
}

#[test]
fn fuzzed_ucci_session_survives() {
    survive("ucci", 0xD1B5_4A32_D192_ED03);
}
