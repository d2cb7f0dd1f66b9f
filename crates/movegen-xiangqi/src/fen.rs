//! FEN reading and writing with strict validation. The board field lists ranks 9 down to 0,
//! files a to i; Red is upper case. Fields after the side to move are optional.
//!
//! A position is refused if no game could have reached it: pieces on squares their kind can
//! never visit, wrong piece counts, a missing or extra king, kings facing each other, or the
//! side that is not to move standing in check.

use crate::attacks::palace;
use crate::bitboard::Bitboard;
use crate::board::Board;
use crate::types::{file_of, rank_of, square, Kind, Piece, FILES, RANKS};
use game_api::{Color, FenError};

/// What a FEN describes besides the placement.
pub struct Parsed {
    pub board: Board,
    /// Plies since the last capture (the FEN's fifth field).
    pub clock: u32,
    pub fullmove: u32,
}

/// Most pieces of each kind one side may have (pawn, advisor, elephant, horse, cannon, rook, king).
const MAX_COUNT: [u32; 7] = [5, 2, 2, 2, 2, 2, 1];

/// Whether a piece of this colour and kind can ever stand on `sq`.
pub fn square_allowed(color: Color, kind: Kind, sq: usize) -> bool {
    // Work in Red's frame: mirror Black's ranks.
    let rank = match color {
        Color::White => rank_of(sq),
        Color::Black => RANKS - 1 - rank_of(sq),
    };
    let file = file_of(sq);
    let own = square(file, rank);
    match kind {
        Kind::King => palace(own) && rank <= 2,
        Kind::Advisor => {
            matches!((file, rank), (3, 0) | (5, 0) | (4, 1) | (3, 2) | (5, 2))
        }
        Kind::Elephant => {
            matches!((file, rank), (2, 0) | (6, 0) | (0, 2) | (4, 2) | (8, 2) | (2, 4) | (6, 4))
        }
        // Before the river a pawn only advances, so it stays on its starting file.
        Kind::Pawn => rank >= 5 || (rank >= 3 && file.is_multiple_of(2)),
        Kind::Horse | Kind::Cannon | Kind::Rook => true,
    }
}

fn parse_board(field: &str) -> Result<Board, FenError> {
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() != RANKS {
        return Err(FenError::RankCount(rows.len()));
    }
    let mut board = Board::empty();
    let mut counts = [[0u32; 7]; 2];
    for (row_index, row) in rows.iter().enumerate() {
        let rank = RANKS - 1 - row_index;
        let mut file = 0usize;
        for c in row.chars() {
            if let Some(d) = c.to_digit(10) {
                if d == 0 {
                    return Err(FenError::BadPiece(c));
                }
                file += d as usize;
                continue;
            }
            let (kind, color) = Kind::from_letter(c).ok_or(FenError::BadPiece(c))?;
            if file >= FILES {
                return Err(FenError::FileCount(row_index, file + 1));
            }
            let sq = square(file, rank);
            if !square_allowed(color, kind, sq) {
                return Err(FenError::Illegal(format!(
                    "{c} cannot stand on {}{}",
                    (b'a' + file as u8) as char,
                    rank
                )));
            }
            counts[color.index()][kind as usize] += 1;
            board.put(Piece::new(color, kind), sq);
            file += 1;
        }
        if file != FILES {
            return Err(FenError::FileCount(row_index, file));
        }
    }
    for color in [Color::White, Color::Black] {
        let name = if color == Color::White { "red" } else { "black" };
        let c = &counts[color.index()];
        if c[Kind::King as usize] != 1 {
            return Err(FenError::Illegal(format!("{name} has {} kings", c[Kind::King as usize])));
        }
        for kind in Kind::ALL {
            if c[kind as usize] > MAX_COUNT[kind as usize] {
                return Err(FenError::Illegal(format!(
                    "{name} has {} pieces of kind {}",
                    c[kind as usize],
                    kind.letter()
                )));
            }
        }
        let total: u32 = c.iter().sum();
        if total > 16 {
            return Err(FenError::Illegal(format!("{name} has {total} pieces")));
        }
        // Two pawns of one side on one file before the river cannot happen either.
        let pawns = board.of(color, Kind::Pawn);
        for file in 0..FILES {
            let uncrossed = pawns
                .filter(|&sq| file_of(sq) == file && square_allowed(color, Kind::Pawn, sq))
                .filter(|&sq| {
                    let r = rank_of(sq);
                    match color {
                        Color::White => r <= 4,
                        Color::Black => r >= 5,
                    }
                })
                .count();
            if uncrossed > 1 {
                return Err(FenError::Illegal(format!(
                    "{name} has two uncrossed pawns on one file"
                )));
            }
        }
    }
    Ok(board)
}

pub fn parse(text: &str) -> Result<Parsed, FenError> {
    let mut fields = text.split_whitespace();
    let placement = fields.next().ok_or(FenError::MissingField("board"))?;
    let side_text = fields.next().ok_or(FenError::MissingField("side to move"))?;
    let mut board = parse_board(placement)?;
    let side = match side_text {
        "w" | "r" | "W" | "R" => Color::White,
        "b" | "B" => Color::Black,
        other => return Err(FenError::BadField("side to move", other.to_owned())),
    };
    if side == Color::Black {
        board.flip_side();
    }
    // Castling and en-passant mean nothing in xiangqi: they are "-", but GUIs that reuse chess
    // code may fill them in. Up to two non-numeric fields there are accepted and ignored.
    let rest: Vec<&str> = fields.collect();
    let skipped =
        rest.iter().take(2).take_while(|w| !w.bytes().all(|b| b.is_ascii_digit())).count();
    let numbers = &rest[skipped..];
    if numbers.len() > 2 {
        return Err(FenError::BadField("trailing", numbers[2..].join(" ")));
    }
    let clock = match numbers.first() {
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 10_000)
            .ok_or_else(|| FenError::BadField("halfmove clock", (*t).to_owned()))?,
        None => 0,
    };
    let fullmove = match numbers.get(1) {
        Some(t) => t
            .parse::<u32>()
            .ok()
            .filter(|&n| n <= 1_000_000)
            .ok_or_else(|| FenError::BadField("fullmove number", (*t).to_owned()))?,
        None => 1,
    }
    .max(1);

    let mover = board.side;
    let kings_facing = {
        let (r, b) = (board.king(Color::White), board.king(Color::Black));
        file_of(r) == file_of(b) && {
            let between = Bitboard::FULL.filter(|&sq| {
                file_of(sq) == file_of(r) && rank_of(sq) > rank_of(r) && rank_of(sq) < rank_of(b)
            });
            between.filter(|&sq| board.occ.bb().has(sq)).count() == 0
        }
    };
    if kings_facing {
        return Err(FenError::Illegal("the kings face each other".to_owned()));
    }
    if board.in_check(!mover) {
        return Err(FenError::Illegal("the side not to move is in check".to_owned()));
    }
    Ok(Parsed { board, clock, fullmove })
}

pub fn write(board: &Board, clock: u32, fullmove: u32) -> String {
    let mut s = String::with_capacity(90);
    for rank in (0..RANKS).rev() {
        let mut empty = 0;
        for file in 0..FILES {
            let p = board.squares[square(file, rank)];
            if p.is_none() {
                empty += 1;
            } else {
                if empty > 0 {
                    s.push(char::from(b'0' + empty));
                    empty = 0;
                }
                s.push(p.letter());
            }
        }
        if empty > 0 {
            s.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            s.push('/');
        }
    }
    let side = if board.side == Color::White { 'w' } else { 'b' };
    format!("{s} {side} - - {clock} {fullmove}")
}
