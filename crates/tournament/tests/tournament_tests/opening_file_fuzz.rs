//! Seeded mutation fuzzing of opening books, as `match --openings file=… format=epd|pgn` (and
//! the SPSA driver) read them through `openings::load`: EPD and PGN books of both games,
//! truncated, bit-flipped, overwritten with random bytes, given huge or negative numbers (move
//! numbers, clocks), spliced (lines dropped, repeated, swapped, cut), replaced by random files,
//! emptied, or replaced by a folder. Every case loads or is refused with a message that names the
//! book; none panics, hangs or allocates beyond what the file's size justifies.
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

use crate::file_fuzz_common;

use file_fuzz_common::{Encoding, Fuzzer};
use game_api::Game;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use tournament::config::{GameKind, OpeningConfig, OpeningFormat};
use tournament::schedule::openings::load;

const CHESS_EPD: &str = "\
# a few positions of the built-in book, with opcodes and full FENs
rnbqkbnr/1ppp1pp1/7p/p7/2P1p2P/3P2B1/PP2PPP1/RN1QKBNR w KQkq - id \"one\";
1rbqkb1r/pppppppp/n7/8/2PP2n1/NP3N2/P3PPPP/R1BQKB1R b KQk - hmvc 0; fmvn 5;
rn1qkbnr/1b1p1ppp/1p6/pPp1p3/3P4/2P2P2/P3P1PP/RNBQKBNR w KQkq - 0 7
rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2
r3k2r/8/8/8/8/8/8/R3K2R w KQkq -
";

const XIANGQI_EPD: &str = "\
rnbaka2r/9/5cncb/p1p1p1p1p/9/6P2/P1P1P3P/R6C1/1C2A4/1NBAK1BNR b - - id \"one\";
rnbakabnr/9/4c2c1/p1p3pC1/4p3p/9/P1P1P1P1P/6C1B/9/RNBAKA1NR w - - 0 12
rnbaka2r/9/1c2b1n2/p1p1p3p/5cp2/9/P1P1P1P1P/3C1C3/9/RNBAKABNR w - -
";

const CHESS_PGN: &str = "\
[Event \"Sample\"]
[Opening \"Sicilian\"]

1. e4 c5 2. Nf3 {a comment} d6 (2... Nc6 3. d4) 3. d4 $1 cxd4 4. Nxd4 Nf6 5. Nc3 a6 *

[Event \"From a FEN\"]
[FEN \"rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR w KQkq c6 0 2\"]

2. Nf3 Nc6 3. Bb5 g6 4. O-O Bg7 1/2-1/2

[Event \"Coordinates\"]

1. d2d4 g8f6 2. c2c4 e7e6 3. g1f3 d7d5 1-0
";

const XIANGQI_PGN: &str = "\
[Event \"Central cannon\"]
[Game \"Chinese Chess\"]

1. H2-E2 H9-G7 2. H0-G2 B9-C7 *

[Event \"Coordinates\"]
[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\"]

1. h2e2 h7e7 2. h0g2 h9g7 0-1
";

fn fuzz<G: Game>(name: &str, seed: u64, text: &str, format: OpeningFormat, game: GameKind) {
    let file_name = format!("{name}.book");
    let check = |path: &std::path::Path| {
        let cfg = OpeningConfig { file: Some(path.to_owned()), format, ..OpeningConfig::default() };
        load::<G>(&cfg, game, false, 7).map(|_| ())
    };
    let original = text.as_bytes();
    let good = std::env::temp_dir().join(format!("{file_name}-{}", std::process::id()));
    std::fs::write(&good, original).expect("write the sample book");
    let loaded = check(&good);
    let _ = std::fs::remove_file(&good);
    assert!(loaded.is_ok(), "{name}: the undamaged sample must load: {loaded:?}");
    let fuzzer = Fuzzer {
        name,
        seed,
        encoding: Encoding::Text,
        file_name: &file_name,
        names_file: true,
        reseal: None,
    };
    fuzzer.run(original, check).assert_clean(name);
}

#[test]
fn damaged_chess_epd_books_are_refused_by_name_or_load() {
    fuzz::<Chess>("chess_epd", 0xB00C_0001, CHESS_EPD, OpeningFormat::Epd, GameKind::Chess);
}

#[test]
fn damaged_xiangqi_epd_books_are_refused_by_name_or_load() {
    fuzz::<Xiangqi>("xiangqi_epd", 0xB00C_0002, XIANGQI_EPD, OpeningFormat::Epd, GameKind::Xiangqi);
}

#[test]
fn damaged_chess_pgn_books_are_refused_by_name_or_load() {
    fuzz::<Chess>("chess_pgn", 0xB00C_0003, CHESS_PGN, OpeningFormat::Pgn, GameKind::Chess);
}

#[test]
fn damaged_xiangqi_pgn_books_are_refused_by_name_or_load() {
    fuzz::<Xiangqi>("xiangqi_pgn", 0xB00C_0004, XIANGQI_PGN, OpeningFormat::Pgn, GameKind::Xiangqi);
}

/// The fuzzer's first finding: a book whose lines did not replay, or that held none, was
/// refused as "opening 3: …" or "no openings found", without saying which file.
#[test]
fn every_refusal_of_a_book_names_it() {
    let dir = file_fuzz_common::scratch("named_books");
    for (text, format, why) in [
        ("1. e4 Zz9 *\n", OpeningFormat::Pgn, "is not a legal move"),
        ("[FEN \"8/8/8 w\"]\n\n1. e4 *\n", OpeningFormat::Pgn, "PGN opening"),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNZ w KQkq -\n", OpeningFormat::Epd, "opening 1"),
        ("# nothing but a comment\n", OpeningFormat::Epd, "no openings found"),
    ] {
        let path = dir.join("named.book");
        std::fs::write(&path, text).expect("write the book");
        let cfg = OpeningConfig { file: Some(path.clone()), format, ..OpeningConfig::default() };
        let e = load::<Chess>(&cfg, GameKind::Chess, false, 1).expect_err(text);
        assert!(e.contains(&path.display().to_string()) && e.contains(why), "{text:?}: {e}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
