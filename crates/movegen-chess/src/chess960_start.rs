//! The 960 start positions of Fischer Random chess by their standard (Scharnagl) numbers, so
//! that tools can name a start position the way GUIs, books and python-chess's
//! `Board.from_chess960_pos` do: number 518 is the standard start position.

/// Knight placements among the five squares left after the bishops and the queen.
const KNIGHTS: [(usize, usize); 10] =
    [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)];

/// The back rank of start position `n` (`0..960`), white's letters from the a-file.
pub fn chess960_back_rank(n: usize) -> Option<[char; 8]> {
    if n >= 960 {
        return None;
    }
    let mut rank = [' '; 8];
    let mut n = n;
    rank[2 * (n % 4) + 1] = 'B';
    n /= 4;
    rank[2 * (n % 4)] = 'B';
    n /= 4;
    let place = |rank: &mut [char; 8], index: usize, piece: char| {
        if let Some(sq) = (0..8).filter(|&f| rank[f] == ' ').nth(index) {
            rank[sq] = piece;
        }
    };
    place(&mut rank, n % 6, 'Q');
    n /= 6;
    let (a, b) = KNIGHTS[n];
    // The second knight's index counts the empty squares before the first is placed.
    place(&mut rank, b, 'N');
    place(&mut rank, a, 'N');
    for piece in ['R', 'K', 'R'] {
        place(&mut rank, 0, piece);
    }
    Some(rank)
}

/// The FEN of Chess960 start position `n` (`0..960`) with X-FEN castling (`KQkq`).
pub fn chess960_start_fen(n: usize) -> Option<String> {
    let white: String = chess960_back_rank(n)?.iter().collect();
    let black = white.to_ascii_lowercase();
    Some(format!("{black}/pppppppp/8/8/8/8/PPPPPPPP/{white} w KQkq - 0 1"))
}

/// A Double Fischer Random start: white's back rank from position `white`, black's from
/// `black`.
pub fn dfrc_start_fen(white: usize, black: usize) -> Option<String> {
    let w: String = chess960_back_rank(white)?.iter().collect();
    let b: String = chess960_back_rank(black)?.iter().collect::<String>().to_ascii_lowercase();
    Some(format!("{b}/pppppppp/8/8/8/8/PPPPPPPP/{w} w KQkq - 0 1"))
}
