//! How the runner reads an engine's score: `protocol::Score` (parsed by
//! `protocol::SearchInfo::parse`, either dialect) as a number for adjudication and as text for
//! the PGN comments. Mate distances are shown in moves, as cutechess does.

use protocol::Score;

/// Moves to mate (rounded up from plies), positive when the side to move mates.
fn mate_moves(score: Score) -> Option<i32> {
    let moves = |plies: u32| i32::try_from(plies.div_ceil(2)).unwrap_or(i32::MAX);
    match score {
        Score::Cp(_) => None,
        Score::MateIn(plies) => Some(moves(plies)),
        Score::MatedIn(plies) => Some(-moves(plies)),
    }
}

/// Centipawns for adjudication; mates count as a huge score (nearer mates larger).
pub fn as_cp(score: Score) -> i32 {
    match (score, mate_moves(score)) {
        (Score::Cp(cp), _) => cp,
        (Score::MateIn(_), Some(n)) => 100_000 - n,
        (_, n) => -100_000 - n.unwrap_or(0),
    }
}

/// cutechess style: `+0.35`, `+M5`, `-M3`.
pub fn pgn_text(score: Score) -> String {
    match (score, mate_moves(score)) {
        (Score::Cp(cp), _) => format!("{:+.2}", f64::from(cp) / 100.0),
        (Score::MateIn(_), Some(n)) => format!("+M{n}"),
        (_, n) => format!("-M{}", -n.unwrap_or(0)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_in_moves_and_centipawns() {
        assert_eq!(pgn_text(Score::Cp(31)), "+0.31");
        assert_eq!(pgn_text(Score::Cp(-250)), "-2.50");
        // UCI `mate -2` is mated in 4 plies; UCCI 9995 is mate in 5 plies, 3 moves.
        assert_eq!(pgn_text(Score::MatedIn(4)), "-M2");
        assert_eq!(pgn_text(Score::MateIn(5)), "+M3");
        assert_eq!(as_cp(Score::Cp(-32)), -32);
        assert_eq!(as_cp(Score::MateIn(5)), 99_997);
        assert_eq!(as_cp(Score::MatedIn(6)), -99_997);
        assert!(as_cp(Score::MateIn(1)) > as_cp(Score::MateIn(3)));
        assert!(as_cp(Score::MatedIn(0)) < as_cp(Score::MatedIn(2)));
    }
}
