//! XBoard's algebraic notation for xiangqi, read against our legal moves. Piece letters K A E H
//! R C, pawns bare; files a-i, ranks 0-9 from red's side, the squares ICCS names (so `Che2` is
//! our `h2e2`); a moving piece's file, rank or both when another of its kind could reach the
//! same square (`Ege7`, `E4e2`, `E0i2`); a pawn's file whenever it moves sideways (`ab3`); `x`, `+`
//! and `#` as in chess.

use game_api::{Game, GenKind, Move, MoveList};
use movegen_xiangqi::Xiangqi;
use tournament::board_view::BoardView;

/// Our FEN letter (upper case) for XBoard's piece letter; `None` for a letter XBoard does not
/// write.
fn fen_letter(xboard: char) -> Option<char> {
    Some(match xboard {
        'K' => 'K',
        'A' => 'A',
        'E' => 'B',
        'H' => 'N',
        'R' => 'R',
        'C' => 'C',
        'P' => 'P',
        _ => return None,
    })
}

/// The legal move `token` names in `pos`, or why there is not exactly one.
pub fn resolve(pos: &mut Xiangqi, token: &str) -> Result<Move, String> {
    let text: String =
        token.chars().filter(|c| !matches!(c, 'x' | '+' | '#' | '!' | '?')).collect();
    let mut chars = text.chars().peekable();
    let piece = match chars.peek() {
        Some(c) if c.is_ascii_uppercase() => {
            let letter = *c;
            chars.next();
            fen_letter(letter).ok_or_else(|| format!("unknown piece letter {letter}"))?
        }
        _ => 'P',
    };
    let rest: Vec<char> = chars.collect();
    if rest.len() < 2 {
        return Err("no target square".to_owned());
    }
    let (hint, target) = rest.split_at(rest.len() - 2);
    let view = BoardView::of(pos);
    let target: String = target.iter().collect();
    let (to, after) = view.square(&target).ok_or_else(|| format!("bad square {target}"))?;
    if !after.is_empty() {
        return Err(format!("bad square {target}"));
    }
    let hint_file =
        hint.iter().find(|c| c.is_ascii_lowercase()).map(|&c| c as usize - 'a' as usize);
    let hint_rank = hint.iter().find_map(|c| c.to_digit(10)).map(|d| d as usize);
    if hint.len() > usize::from(hint_file.is_some()) + usize::from(hint_rank.is_some()) {
        return Err(format!("cannot read {hint:?} before the target square"));
    }
    // As for a chess pawn, a pawn's file is written whenever it changes: a bare `g3` is the
    // pawn straight ahead, even when another pawn could step sideways onto g3.
    let hint_file = if piece == 'P' { hint_file.or(Some(to.file)) } else { hint_file };
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let matching: Vec<Move> = list
        .iter()
        .copied()
        .filter(|&m| {
            let Some((from, dest, _)) = view.squares_of_move(&pos.write_move(m)) else {
                return false;
            };
            let mover = view.at(from).map(|c| c.to_ascii_uppercase());
            dest == to
                && mover == Some(piece)
                && hint_file.is_none_or(|f| from.file == f)
                && hint_rank.is_none_or(|r| from.rank == r)
        })
        .collect();
    match matching.as_slice() {
        [m] => Ok(*m),
        [] => Err("no legal move matches".to_owned()),
        several => Err(format!(
            "ambiguous: {}",
            several.iter().map(|&m| pos.write_move(m)).collect::<Vec<_>>().join(" ")
        )),
    }
}
