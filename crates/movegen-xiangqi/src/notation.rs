//! ICCS coordinate notation: `h2e2` = from h2 to e2, files a-i, ranks 0-9 from Red's side.
//! Upper-case input (`H2E2`) is accepted; output is lower case.

use crate::encoding::{encode, from_sq, to_sq};
use crate::types::{file_of, rank_of, square};
use game_api::Move;

fn parse_square(file: u8, rank: u8) -> Option<usize> {
    let f = file.to_ascii_lowercase();
    if !(b'a'..=b'i').contains(&f) || !rank.is_ascii_digit() {
        return None;
    }
    Some(square((f - b'a') as usize, (rank - b'0') as usize))
}

/// The move word for a syntactically valid ICCS token (legality is the caller's business).
pub fn parse(text: &str) -> Option<Move> {
    let bytes = text.as_bytes();
    if bytes.len() != 4 {
        return None;
    }
    let from = parse_square(bytes[0], bytes[1])?;
    let to = parse_square(bytes[2], bytes[3])?;
    Some(encode(from, to))
}

pub fn square_name(sq: usize) -> String {
    format!("{}{}", (b'a' + file_of(sq) as u8) as char, rank_of(sq))
}

pub fn write(m: Move) -> String {
    format!("{}{}", square_name(from_sq(m)), square_name(to_sq(m)))
}
