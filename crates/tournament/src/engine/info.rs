//! What the runner reads from `info` lines: the last score and depth, for adjudication and the
//! PGN comments.

/// A search score from the engine's side-to-move point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    Cp(i32),
    /// Mate in this many moves (negative: the engine is being mated).
    Mate(i32),
}

impl Score {
    /// Centipawns for adjudication; mates count as a huge score.
    pub fn as_cp(self) -> i32 {
        match self {
            Score::Cp(cp) => cp,
            Score::Mate(n) if n >= 0 => 100_000 - n,
            Score::Mate(n) => -100_000 - n,
        }
    }

    /// cutechess style: `+0.35`, `+M5`, `-M3`.
    pub fn pgn_text(self) -> String {
        match self {
            Score::Cp(cp) => format!("{:+.2}", f64::from(cp) / 100.0),
            Score::Mate(n) if n >= 0 => format!("+M{n}"),
            Score::Mate(n) => format!("-M{}", -n),
        }
    }
}

/// Score and depth of an `info` line, when it has them. UCI writes `score cp N`/`score mate N`;
/// UCCI writes a bare `score N` (mate scores are ±(10000 − plies) there).
pub fn parse_info(line: &str) -> (Option<Score>, Option<u32>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    let mut score = None;
    let mut depth = None;
    let mut i = 1;
    while i < words.len() {
        match words[i] {
            "depth" => {
                depth = words.get(i + 1).and_then(|w| w.parse().ok());
                i += 2;
            }
            "score" => {
                match words.get(i + 1).copied() {
                    Some("cp") => {
                        score = words.get(i + 2).and_then(|w| w.parse().ok()).map(Score::Cp);
                        i += 3;
                    }
                    Some("mate") => {
                        score = words.get(i + 2).and_then(|w| w.parse().ok()).map(Score::Mate);
                        i += 3;
                    }
                    Some(w) => {
                        score = w.parse::<i32>().ok().map(ucci_score);
                        i += 2;
                    }
                    None => i += 1,
                }
            }
            // The PV and strings come last; nothing after them is a field.
            "pv" | "string" => break,
            _ => i += 1,
        }
    }
    (score, depth)
}

fn ucci_score(value: i32) -> Score {
    const MATE: i32 = 10_000;
    if value.abs() >= MATE - 500 {
        let plies = MATE - value.abs();
        let moves = (plies + 1) / 2;
        Score::Mate(if value > 0 { moves } else { -moves })
    } else {
        Score::Cp(value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_uci_and_ucci_scores() {
        let uci = "info depth 12 seldepth 14 multipv 1 score cp -32 upperbound nodes 53577 pv c7c5 g1f3";
        assert_eq!(parse_info(uci), (Some(Score::Cp(-32)), Some(12)));
        assert_eq!(parse_info("info depth 9 score mate -3 pv a1a2"), (Some(Score::Mate(-3)), Some(9)));
        assert_eq!(parse_info("info depth 7 score 45 pv h2e2"), (Some(Score::Cp(45)), Some(7)));
        assert_eq!(parse_info("info depth 7 score 9995 pv h2e2").0, Some(Score::Mate(3)));
        assert_eq!(parse_info("info string score cp 99"), (None, None));
        assert_eq!(parse_info("info time 5 nodes 100"), (None, None));
        assert_eq!(parse_info("info depth"), (None, None));
        assert_eq!(Score::Cp(31).pgn_text(), "+0.31");
        assert_eq!(Score::Mate(-2).pgn_text(), "-M2");
    }
}
