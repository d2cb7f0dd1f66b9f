//! Standard algebraic notation for chess moves (PGN output and PGN opening files), written from
//! the generic rules interface: the piece letters come from the FEN, ambiguity and check from
//! the legal move list.

use crate::notation::board_view::BoardView;
use game_api::{Game, GenKind, Move, MoveList};

/// SAN of a legal move `m` in `pos` (chess). Falls back to coordinate text when the move text
/// cannot be read.
pub fn san<G: Game>(pos: &mut G, m: Move) -> String {
    let view = BoardView::of(pos);
    // Castling is told by the king taking its own rook, which Chess960 notation always shows
    // (standard notation writes `g1g1` for a Chess960 king that does not move).
    let text = {
        let mut chess960 = pos.clone();
        chess960.set_chess960(true);
        chess960.write_move(m)
    };
    let Some((from, to, promo)) = view.squares_of_move(&text) else {
        return text;
    };
    let Some(piece) = view.at(from).map(|c| c.to_ascii_uppercase()) else {
        return text;
    };
    let target = view.at(to);
    let own_piece_on_target = target.is_some_and(|t| {
        t.is_ascii_uppercase() == view.at(from).is_some_and(|c| c.is_ascii_uppercase())
    });
    let mut out = String::new();
    if piece == 'K' && own_piece_on_target {
        out.push_str(if to.file > from.file { "O-O" } else { "O-O-O" });
    } else {
        let capture = pos.captured_kind(m).is_some() || (piece == 'P' && from.file != to.file);
        if piece == 'P' {
            if capture {
                out.push((b'a' + from.file as u8) as char);
            }
        } else {
            out.push(piece);
            out.push_str(&disambiguation(pos, &view, m, piece, from, to));
        }
        if capture {
            out.push('x');
        }
        out.push_str(&view.square_name(to));
        if !promo.is_empty() {
            out.push('=');
            out.push_str(&promo.to_ascii_uppercase());
        }
    }
    pos.make(m);
    if pos.in_check() {
        let mut replies = MoveList::new();
        pos.generate(GenKind::All, &mut replies);
        out.push(if replies.is_empty() { '#' } else { '+' });
    }
    pos.unmake();
    out
}

fn disambiguation<G: Game>(
    pos: &G,
    view: &BoardView,
    m: Move,
    piece: char,
    from: crate::notation::board_view::Coord,
    to: crate::notation::board_view::Coord,
) -> String {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    let rivals: Vec<_> = list
        .iter()
        .filter(|&&other| other != m)
        .filter_map(|&other| view.squares_of_move(&pos.write_move(other)).map(|(f, t, _)| (f, t)))
        .filter(|&(f, t)| {
            t == to && f != from && view.at(f).map(|c| c.to_ascii_uppercase()) == Some(piece)
        })
        .map(|(f, _)| f)
        .collect();
    if rivals.is_empty() {
        return String::new();
    }
    let name = view.square_name(from);
    if rivals.iter().all(|r| r.file != from.file) {
        name[..1].to_owned()
    } else if rivals.iter().all(|r| r.rank != from.rank) {
        name[1..].to_owned()
    } else {
        name
    }
}

/// Finds the legal move that `token` names: coordinate notation first, then SAN (check and
/// annotation marks ignored).
pub fn parse_any<G: Game>(pos: &mut G, token: &str) -> Option<Move> {
    if let Ok(m) = pos.parse_move(token) {
        return Some(m);
    }
    let clean =
        |s: &str| s.trim_end_matches(['+', '#', '!', '?']).replace("0-0", "O-O").replace('=', "");
    let wanted = clean(token);
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.iter().copied().find(|&m| clean(&san(pos, m)) == wanted)
}
