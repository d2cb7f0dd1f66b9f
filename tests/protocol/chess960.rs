//! `UCI_Chess960` against the real binary: castling written and read as king-takes-rook in
//! Chess960 mode (`e1h1`, `g1h1` for a king that does not move) and as the king's move outside
//! it (`e1g1`), Shredder-FEN and X-FEN accepted by `position fen`, and a search that plays the
//! castling move in the notation of the mode.

use crate::protocol_driver;

use protocol_driver::{Engine, PATIENCE};

const FRC: &str = "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1";
const STANDARD_CASTLES: &str = "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1";

/// The lines of `d` for the position set last.
fn display(e: &mut Engine) -> Vec<String> {
    e.send("d");
    e.read_until(PATIENCE, |l| l.starts_with("Status:"))
}

fn field<'a>(lines: &'a [String], prefix: &str) -> &'a str {
    lines.iter().find_map(|l| l.strip_prefix(prefix)).unwrap_or("")
}

fn legal(lines: &[String]) -> Vec<&str> {
    field(lines, "Legal moves ").split_once(": ").map_or(vec![], |(_, m)| m.split(' ').collect())
}

#[test]
fn the_option_is_announced_and_off_by_default() {
    let mut e = Engine::start();
    let lines = e.handshake_uci();
    assert!(
        lines.contains(&"option name UCI_Chess960 type check default false".to_owned()),
        "{lines:?}"
    );
    e.send(&format!("position fen {STANDARD_CASTLES}"));
    let d = display(&mut e);
    assert!(legal(&d).contains(&"e1g1") && legal(&d).contains(&"e1c1"), "{d:?}");
    e.sync();
}

/// Found by the million-line fuzz run: a bare `setoption name UCI_Chess960` used to switch the
/// mode on (UCCI's "no value means on"), and the next `go` answered `e8h8` for `e8g8`. UCI has
/// no such form: the line is refused and the mode stays off.
#[test]
fn a_bare_setoption_leaves_chess960_off() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_Chess960");
    let said = e.expect_prefix("info string");
    assert!(said.contains("UCI_Chess960") && said.contains("true or false"), "{said}");
    e.send(&format!("position fen {STANDARD_CASTLES}"));
    let d = display(&mut e);
    assert!(legal(&d).contains(&"e1g1") && !legal(&d).contains(&"e1h1"), "{d:?}");
    e.sync();
}

#[test]
fn castling_is_king_takes_rook_in_chess960_mode() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send("setoption name UCI_Chess960 value true");
    e.send(&format!("position fen {STANDARD_CASTLES}"));
    let d = display(&mut e);
    assert!(legal(&d).contains(&"e1h1") && legal(&d).contains(&"e1a1"), "{d:?}");
    assert!(!legal(&d).contains(&"e1g1"), "{d:?}");

    // A king on g1 castles short by taking its rook on h1 without moving.
    e.send(&format!("position fen {FRC} moves g1h1 g8a8"));
    let d = display(&mut e);
    assert_eq!(field(&d, "Fen: "), "2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 w - - 2 2", "{d:?}");

    // X-FEN with KQkq means the outermost rooks: the same position.
    e.send("position fen r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w KQkq - 0 1 moves g1a1");
    let d = display(&mut e);
    assert_eq!(field(&d, "Fen: "), "r5kr/pppppppp/8/8/8/8/PPPPPPPP/2KR3R b kq - 1 1", "{d:?}");

    // The search answers in the mode's notation.
    e.send(&format!("position fen {FRC}"));
    e.send("go depth 3 searchmoves g1h1");
    assert_eq!(e.expect_bestmove().split(' ').nth(1), Some("g1h1"));

    // Turning the mode off re-applies to the current position.
    e.send("setoption name UCI_Chess960 value false");
    let d = display(&mut e);
    assert!(legal(&d).contains(&"g1g1") && legal(&d).contains(&"g1c1"), "{d:?}");
    e.sync();
}

#[test]
fn standard_castling_is_king_move_outside_chess960_mode() {
    let mut e = Engine::start();
    e.handshake_uci();
    e.send(&format!("position fen {STANDARD_CASTLES}"));
    e.send("go depth 3 searchmoves e1g1");
    assert_eq!(e.expect_bestmove().split(' ').nth(1), Some("e1g1"));
    // King-takes-rook from a GUI in standard mode is understood too.
    e.send(&format!("position fen {STANDARD_CASTLES} moves e1h1"));
    let d = display(&mut e);
    assert_eq!(field(&d, "Fen: "), "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1", "{d:?}");
    e.sync();
}

#[test]
fn genfens_reads_a_dfrc_book() {
    use game_api::Game;
    let book = std::env::temp_dir().join(format!("dfrc_book_{}.epd", std::process::id()));
    let lines: Vec<String> = [(0, 959), (17, 402), (518, 12)]
        .iter()
        .filter_map(|&(w, b)| movegen_chess::dfrc_start_fen(w, b))
        .collect();
    std::fs::write(&book, lines.join("\n")).expect("write the book");
    let mut e = Engine::start();
    e.handshake_uci();
    e.send(&format!("genfens 12 seed 3 book {}", book.display()));
    e.send("isready");
    let out = e.read_until(PATIENCE, |l| l == "readyok");
    let _ = std::fs::remove_file(&book);
    let fens: Vec<&str> =
        out.iter().filter_map(|l| l.strip_prefix("info string genfens ")).collect();
    assert_eq!(fens.len(), 12, "{out:?}");
    for fen in fens {
        let pos = movegen_chess::Chess::from_fen(fen).expect("a valid DFRC position");
        assert_eq!(pos.fen(), fen);
        assert_ne!(fen.split(' ').nth(2), Some("-"), "castling rights kept: {fen}");
    }
}
