//! Shared by the Syzygy test files: where the test tables are, and a seeded generator of legal
//! 3- and 4-piece chess positions (both sides to move, some with a capturable en-passant
//! square, some with a fifty-move clock near its end).
//!
//! The tables are the 3- and 4-piece set that python-chess's source distribution ships
//! (`scripts/test` fetches it into `target/syzygy/regular`); `KIENTUONG_SYZYGY` names another
//! folder. Without them the tests skip loudly, and with `CI` set they fail.
#![allow(dead_code)] // each test file uses a different part

use game_api::{Game, GenKind, MoveList, Wdl};
use movegen_chess::Chess;
use std::path::PathBuf;
use syzygy::{to_shakmaty, Tables};

pub use kientuong_suite::SplitMix64;

/// The folder of the test tables, or `None` (after saying so on stderr) when there is none
/// outside CI. Panics when `CI` is set and the tables are missing.
pub fn tables_dir() -> Option<PathBuf> {
    let dir = match std::env::var_os("KIENTUONG_SYZYGY") {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target/syzygy/regular"),
    };
    // One table that every 3-4 piece set holds: a folder without it is not the test set.
    if dir.join("KQvK.rtbw").is_file() && dir.join("KQvK.rtbz").is_file() {
        return Some(dir);
    }
    let why = format!(
        "no Syzygy test tables in {} (scripts/test fetches them from python-chess's source \
         distribution; KIENTUONG_SYZYGY names another folder)",
        dir.display()
    );
    if std::env::var_os("CI").is_some() {
        panic!("CI is set but there are {why}");
    }
    eprintln!("################################################################");
    eprintln!("## SKIPPING: {why}");
    eprintln!("################################################################");
    None
}

/// `dir` as the text of a `SyzygyPath`.
pub fn path_text(dir: &std::path::Path) -> &str {
    dir.to_str().expect("the tables' folder is valid UTF-8")
}

/// How a sample was made, for coverage counts and failure messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A random placement with a fresh clock (0).
    Fresh,
    /// A random placement with a clock of 1 to 89.
    MidClock,
    /// A random placement with a clock of 90 to 99.
    LateClock,
    /// The position right after a double pawn step that can be taken en passant.
    EnPassant,
}

pub struct Sample {
    pub pos: Chess,
    pub origin: Origin,
}

const PIECE_LETTERS: [char; 5] = ['P', 'N', 'B', 'R', 'Q'];

/// A FEN from a square -> letter board (a1 = 0).
pub fn fen_of(board: &[Option<char>; 64], white_to_move: bool, clock: u32) -> String {
    let mut text = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                Some(c) => {
                    if empty > 0 {
                        text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    text.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            text.push_str(&empty.to_string());
        }
        if rank > 0 {
            text.push('/');
        }
    }
    let side = if white_to_move { 'w' } else { 'b' };
    format!("{text} {side} - - {clock} 1")
}

/// A random empty square; pawns only on ranks 2 to 7.
pub fn empty_square(rng: &mut SplitMix64, board: &[Option<char>; 64], pawn: bool) -> usize {
    loop {
        let sq = rng.below(64);
        if board[sq].is_none() && (!pawn || (8..56).contains(&sq)) {
            return sq;
        }
    }
}

/// Kings and `extra` other men (colours and kinds at random), or `None` when the placement is
/// not a legal position (the rules layer's FEN reader judges: kings apart, the side not to
/// move not in check, no pawn on a back rank).
fn random_placement(rng: &mut SplitMix64, extra: usize, clock: u32) -> Option<Chess> {
    let mut board = [None; 64];
    let wk = empty_square(rng, &board, false);
    board[wk] = Some('K');
    let bk = empty_square(rng, &board, false);
    board[bk] = Some('k');
    for _ in 0..extra {
        let letter = PIECE_LETTERS[rng.below(5)];
        let sq = empty_square(rng, &board, letter == 'P');
        board[sq] = Some(if rng.below(2) == 0 { letter } else { letter.to_ascii_lowercase() });
    }
    Chess::from_fen(&fen_of(&board, rng.below(2) == 0, clock)).ok()
}

/// A pawn of the side to move on its second rank, an enemy pawn beside the square its double
/// step reaches, both kings anywhere else; the double step played. `None` when that placement
/// is illegal or the step cannot be taken en passant (a pin, a check, a blocked square).
fn after_double_step(rng: &mut SplitMix64) -> Option<Chess> {
    let mut board = [None; 64];
    let white = rng.below(2) == 0;
    let file = rng.below(8);
    let side_file = if file == 0 || (file < 7 && rng.below(2) == 0) { file + 1 } else { file - 1 };
    let (from_rank, to_rank) = if white { (1, 3) } else { (6, 4) };
    let (mover, taker) = if white { ('P', 'p') } else { ('p', 'P') };
    board[from_rank * 8 + file] = Some(mover);
    board[to_rank * 8 + side_file] = Some(taker);
    let wk = empty_square(rng, &board, false);
    board[wk] = Some('K');
    let bk = empty_square(rng, &board, false);
    board[bk] = Some('k');
    let mut pos = Chess::from_fen(&fen_of(&board, white, 0)).ok()?;
    let step = format!(
        "{}{}{}{}",
        (b'a' + file as u8) as char,
        from_rank + 1,
        (b'a' + file as u8) as char,
        to_rank + 1
    );
    let mv = pos.parse_move(&step).ok()?;
    pos.make(mv);
    pos.ep_square()?;
    // A fresh position from the FEN, as every other sample: no history behind it.
    Chess::from_fen(&pos.fen()).ok()
}

/// `count` distinct legal positions with 3 or 4 men, kings included: a tenth right after a
/// double step that can be taken en passant; of the rest, half with a fresh clock, a quarter
/// with a clock of 1 to 89 and a quarter with 90 to 99. Positions with no legal move (mate,
/// stalemate) are kept: the tables answer for them too.
pub fn random_positions(rng: &mut SplitMix64, count: usize) -> Vec<Sample> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let (pos, origin) = if out.len() % 10 == 9 {
            match after_double_step(rng) {
                Some(pos) => (pos, Origin::EnPassant),
                None => continue,
            }
        } else {
            let (clock, origin) = match rng.below(4) {
                0 | 1 => (0, Origin::Fresh),
                2 => (1 + rng.below(89) as u32, Origin::MidClock),
                _ => (90 + rng.below(10) as u32, Origin::LateClock),
            };
            let extra = 1 + rng.below(2);
            match random_placement(rng, extra, clock) {
                Some(pos) => (pos, origin),
                None => continue,
            }
        };
        if seen.insert(pos.fen()) {
            out.push(Sample { pos, origin });
        }
    }
    out
}

/// Legal moves of `pos`.
pub fn legal_moves(pos: &Chess) -> MoveList {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list
}

/// Material in pawns' worth (P 1, N 3, B 3, R 5, Q 9) of White minus Black.
pub fn material_balance(pos: &Chess) -> i32 {
    const WORTH: [i32; 5] = [1, 3, 3, 5, 9];
    let side = |c| (0..5).map(|k| WORTH[k] * pos.pieces_of(c, k).count_ones() as i32).sum::<i32>();
    side(game_api::Color::White) - side(game_api::Color::Black)
}

/// The result with the fifty-move rule: 1 a win, 0 a draw (cursed wins and blessed losses
/// included), -1 a loss.
pub fn outcome50(w: Wdl) -> i32 {
    match w {
        Wdl::Win => 1,
        Wdl::Loss => -1,
        _ => 0,
    }
}

/// The tables' result (with the clock) for the side that just moved into `child`; `None` only
/// where DTZ rounding leaves it ambiguous.
pub fn mover_outcome(tables: &Tables, child: &Chess) -> Option<i32> {
    if child.count_legal() == 0 {
        return Some(i32::from(child.in_check()));
    }
    let sp = to_shakmaty(child).expect("a child of a position in the tables");
    let w = tables.wdl(&sp).expect("probe")?;
    Some(-outcome50(w))
}
