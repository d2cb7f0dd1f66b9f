//! Fuzz-style checks of the parser: thousands of random and mutated lines must never panic and
//! must keep the parser's promises; random `go` lines must read back exactly what was written.

use game_api::SplitMix64;
use protocol::{
    parse, parse_with_clock, text_line, BestMove, ClockUnit, Command, Dialect, GoParams, Offer,
    ProtocolError,
};

/// A random entry of a word list.
fn pick<'a>(rng: &mut SplitMix64, items: &[&'a str]) -> &'a str {
    items[rng.below(items.len())]
}

const WORDS: &[&str] = &[
    "uci",
    "ucci",
    "isready",
    "ucinewgame",
    "setoption",
    "name",
    "value",
    "position",
    "startpos",
    "fen",
    "moves",
    "banmoves",
    "go",
    "stop",
    "ponderhit",
    "draw",
    "probe",
    "quit",
    "d",
    "eval",
    "perft",
    "debug",
    "on",
    "off",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "ponder",
    "searchmoves",
    "time",
    "increment",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "0",
    "1",
    "-1",
    "42",
    "3.5",
    ".",
    "-",
    "+7",
    "1e9",
    "99999999999999999999999999",
    "e2e4",
    "E7E8Q",
    "h2e2",
    "h9g7",
    "(none)",
    "w",
    "b",
    "r",
    "-",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
    "KQkq",
    "Hash",
    "Clear",
    "Hash",
    "hashsize",
    "usemillisec",
    "true",
    "false",
    "UCI_Variant",
    "xiangqi",
    "",
    "\r",
    "\t",
    "\u{feff}",
    "é",
    "象棋",
    "\u{0}",
    "\u{7f}",
    "🙂",
    "ß",
    "İ",
];

fn random_line(rng: &mut SplitMix64) -> String {
    let n = rng.below(14);
    let mut line = String::new();
    for _ in 0..n {
        if rng.below(10) == 0 {
            line.push(random_char(rng));
        } else {
            line.push_str(pick(rng, WORDS));
        }
        line.push_str(pick(rng, &[" ", " ", " ", "  ", "\t", "", "\r\n"]));
    }
    line
}

fn random_char(rng: &mut SplitMix64) -> char {
    loop {
        // Mostly ASCII, sometimes any scalar value.
        let code = if rng.below(4) == 0 { rng.below(0x11_0000) } else { rng.below(0x80) };
        if let Some(c) = char::from_u32(code as u32) {
            return c;
        }
    }
}

const VALID: &[&str] = &[
    "position startpos moves e2e4 e7e5 g1f3",
    "position fen rnbakabnr/9/1c2c4/p1p1C1p1p/9/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 2 moves d9e8",
    "fen rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r moves h2e2",
    "go wtime 60000 btime 60000 winc 1000 binc 1000 movestogo 30",
    "go draw time 300000 increment 2000 opptime 300000 oppincrement 2000",
    "go ponder depth infinite",
    "go searchmoves e2e4 d2d4 nodes 5000",
    "setoption name Move Overhead value 30",
    "setoption usemillisec false",
    "banmoves h2e2 h0g2",
    "probe startpos moves h2e2",
    "ponderhit draw",
    "go perft 3",
];

/// Deletes, duplicates, swaps or corrupts parts of a valid line, always on char boundaries.
fn mutate(rng: &mut SplitMix64, line: &str) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    for _ in 0..=rng.below(4) {
        if chars.is_empty() {
            break;
        }
        let at = rng.below(chars.len());
        match rng.below(6) {
            0 => {
                chars.remove(at);
            }
            1 => chars.insert(at, random_char(rng)),
            2 => chars.truncate(at),
            3 => {
                let other = rng.below(chars.len());
                chars.swap(at, other);
            }
            4 => chars[at] = chars[at].to_ascii_uppercase(),
            _ => {
                let word = pick(rng, WORDS);
                for (k, c) in format!(" {word} ").chars().enumerate() {
                    chars.insert((at + k).min(chars.len()), c);
                }
            }
        }
    }
    chars.into_iter().collect()
}

/// What every successful parse promises, whatever the input.
fn check_promises(line: &str, result: &Result<Command, ProtocolError>) {
    match result {
        Ok(Command::Position(spec)) | Ok(Command::Probe(Some(spec))) => {
            if let Some(fen) = &spec.fen {
                assert!(!fen.is_empty(), "{line:?}");
                assert_eq!(fen.split_whitespace().collect::<Vec<_>>().join(" "), *fen, "{line:?}");
            }
            for m in &spec.moves {
                assert!(!m.is_empty() && !m.contains(char::is_whitespace), "{line:?}");
                assert_eq!(*m, m.to_ascii_lowercase(), "{line:?}");
            }
        }
        Ok(Command::BanMoves(moves)) => {
            assert!(moves.iter().all(|m| !m.contains(char::is_whitespace)), "{line:?}");
        }
        Ok(Command::Go(go)) => {
            assert!(go.ignored.iter().all(|w| !w.is_empty()), "{line:?}");
            assert!(go.searchmoves.iter().all(|m| !m.contains(char::is_whitespace)));
        }
        Ok(Command::SetOption(set)) => assert!(!set.name.is_empty(), "{line:?}"),
        Ok(_) => {}
        Err(ProtocolError::EmptyLine) => {
            assert!(line.trim_start_matches('\u{feff}').trim().is_empty())
        }
        Err(e) => assert!(!e.to_string().is_empty()),
    }
    // Control commands are recognised whatever follows them.
    let head = line.trim_start_matches('\u{feff}').split_whitespace().next();
    if let Some(head) = head {
        if head.eq_ignore_ascii_case("stop") {
            assert_eq!(result, &Ok(Command::Stop), "{line:?}");
        }
        if head.eq_ignore_ascii_case("isready") {
            assert_eq!(result, &Ok(Command::IsReady), "{line:?}");
        }
        if head.eq_ignore_ascii_case("go") {
            assert!(matches!(result, Ok(Command::Go(_)) | Ok(Command::Perft(_)) | Err(_)));
            let has_perft = line.split_whitespace().any(|w| w.eq_ignore_ascii_case("perft"));
            assert!(has_perft || matches!(result, Ok(Command::Go(_))), "{line:?}");
        }
    }
}

fn parse_everywhere(line: &str) {
    for dialect in [Dialect::Uci, Dialect::Ucci] {
        let first = parse(line, dialect);
        assert_eq!(first, parse(line, dialect), "parse must be deterministic: {line:?}");
        check_promises(line, &first);
        let seconds = parse_with_clock(line, dialect, ClockUnit::Seconds);
        check_promises(line, &seconds);
        // Echoing any of it back to a GUI stays one line.
        if let Err(e) = &first {
            let out = text_line(dialect, &e.to_string());
            assert!(!out.contains(['\n', '\r']), "{out:?}");
        }
        let out = BestMove {
            best: Some(line.to_owned()),
            ponder: Some(line.to_owned()),
            offer: Some(Offer::Draw),
        }
        .line(dialect);
        assert!(!out.contains(['\n', '\r']), "{out:?}");
    }
}

#[test]
fn random_lines_never_panic() {
    let mut rng = SplitMix64::new(0x5EED_0001);
    for _ in 0..20_000 {
        parse_everywhere(&random_line(&mut rng));
    }
}

#[test]
fn mutated_valid_lines_never_panic() {
    let mut rng = SplitMix64::new(0x5EED_0002);
    for _ in 0..20_000 {
        let base = pick(&mut rng, VALID);
        parse_everywhere(&mutate(&mut rng, base));
    }
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = SplitMix64::new(0x5EED_0003);
    for _ in 0..5_000 {
        let bytes: Vec<u8> = (0..rng.below(64)).map(|_| rng.next_u64() as u8).collect();
        parse_everywhere(&String::from_utf8_lossy(&bytes));
    }
}

/// Random `go` lines built from keyword/value pairs in random order must read back exactly.
#[test]
fn random_go_lines_round_trip() {
    let mut rng = SplitMix64::new(0x5EED_0004);
    for _ in 0..5_000 {
        let mut expected = GoParams::default();
        let mut pairs: Vec<String> = Vec::new();
        let unit = if rng.below(2) == 0 { ClockUnit::Millis } else { ClockUnit::Seconds };
        let per = unit.millis_per_unit();
        let clock =
            |rng: &mut SplitMix64, key: &str, slot: &mut Option<u64>, pairs: &mut Vec<String>| {
                if rng.below(2) == 0 {
                    let v = rng.next_u64() % 1_000_000;
                    *slot = Some(v * per);
                    pairs.push(format!("{key} {v}"));
                }
            };
        clock(&mut rng, "wtime", &mut expected.wtime, &mut pairs);
        clock(&mut rng, "btime", &mut expected.btime, &mut pairs);
        clock(&mut rng, "winc", &mut expected.winc, &mut pairs);
        clock(&mut rng, "binc", &mut expected.binc, &mut pairs);
        clock(&mut rng, "time", &mut expected.time, &mut pairs);
        clock(&mut rng, "increment", &mut expected.increment, &mut pairs);
        clock(&mut rng, "opptime", &mut expected.opptime, &mut pairs);
        clock(&mut rng, "oppincrement", &mut expected.oppincrement, &mut pairs);
        clock(&mut rng, "movetime", &mut expected.movetime, &mut pairs);
        let count32 =
            |rng: &mut SplitMix64, key: &str, slot: &mut Option<u32>, pairs: &mut Vec<String>| {
                if rng.below(2) == 0 {
                    let v = (rng.next_u64() % 500) as u32;
                    *slot = Some(v);
                    pairs.push(format!("{key} {v}"));
                }
            };
        count32(&mut rng, "movestogo", &mut expected.movestogo, &mut pairs);
        count32(&mut rng, "oppmovestogo", &mut expected.oppmovestogo, &mut pairs);
        count32(&mut rng, "depth", &mut expected.depth, &mut pairs);
        count32(&mut rng, "mate", &mut expected.mate, &mut pairs);
        if rng.below(2) == 0 {
            let v = rng.next_u64() >> rng.below(64);
            expected.nodes = Some(v);
            pairs.push(format!("nodes {v}"));
        }
        for (flag, word) in [
            (&mut expected.infinite, "infinite"),
            (&mut expected.ponder, "ponder"),
            (&mut expected.draw, "draw"),
        ] {
            if rng.below(3) == 0 {
                *flag = true;
                pairs.push(word.to_owned());
            }
        }
        // Shuffle the pairs (Fisher-Yates), then put searchmoves last so it ends at the line's end
        // or at the next keyword either way.
        for i in (1..pairs.len()).rev() {
            let j = rng.below(i + 1);
            pairs.swap(i, j);
        }
        if rng.below(3) == 0 {
            expected.searchmoves = vec!["e2e4".into(), "h2e2".into()];
            let at = rng.below(pairs.len() + 1);
            pairs.insert(at, "searchmoves e2e4 H2E2".into());
        }
        let line = format!("go {}", pairs.join(" "));
        let dialect = if rng.below(2) == 0 { Dialect::Uci } else { Dialect::Ucci };
        assert_eq!(parse_with_clock(&line, dialect, unit), Ok(Command::Go(expected)), "{line}");
    }
}
