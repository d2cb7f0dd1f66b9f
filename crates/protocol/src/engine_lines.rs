//! Reading what an engine writes: the inverse of `output/`, for the match runner and for tests
//! that drive an engine. [`SearchInfo::parse`] reads an `info` line, [`BestMove::parse`] the line
//! that ends a search. Both dialects are read whatever the session speaks: a UCCI bare score
//! and a UCI `score cp`/`score mate` come out as the same [`Score`]. Like [`crate::parse`], they
//! never panic; a field with a bad value is left out.

use crate::{BestMove, Bound, Offer, Score, SearchInfo, Wdl, UCCI_MATE};

/// The widest mate distance a bare UCCI score is read as: `±(10000 − plies)` for `plies` up to
/// this; anything nearer zero is centipawns.
const UCCI_MATE_WINDOW: i32 = 500;

impl SearchInfo {
    /// Reads an `info` line; `None` if the line is not one. Free text (`info string …`, UCCI
    /// `info message …`) ends the fields, as does the `pv`, which runs to the end of the line.
    pub fn parse(line: &str) -> Option<SearchInfo> {
        let mut words = line.split_whitespace();
        if words.next() != Some("info") {
            return None;
        }
        let mut info = SearchInfo::default();
        let mut words = words.peekable();
        while let Some(word) = words.next() {
            match word {
                "depth" => info.depth = words.next().and_then(|w| w.parse().ok()),
                "seldepth" => info.seldepth = words.next().and_then(|w| w.parse().ok()),
                "multipv" => info.multipv = words.next().and_then(|w| w.parse().ok()),
                "nodes" => info.nodes = words.next().and_then(|w| w.parse().ok()),
                "nps" => info.nps = words.next().and_then(|w| w.parse().ok()),
                "hashfull" => info.hashfull = words.next().and_then(|w| w.parse().ok()),
                "tbhits" => info.tbhits = words.next().and_then(|w| w.parse().ok()),
                "time" => info.time_ms = words.next().and_then(|w| w.parse().ok()),
                "currmove" => info.currmove = words.next().map(str::to_owned),
                "currmovenumber" => {
                    info.currmovenumber = words.next().and_then(|w| w.parse().ok());
                }
                "score" => {
                    info.score = match words.peek().copied() {
                        Some("cp") => {
                            words.next();
                            words.next().and_then(|w| w.parse().ok()).map(Score::Cp)
                        }
                        Some("mate") => {
                            words.next();
                            words.next().and_then(|w| w.parse().ok()).map(uci_mate)
                        }
                        Some(bare) => match bare.parse() {
                            Ok(value) => {
                                words.next();
                                Some(ucci_score(value))
                            }
                            Err(_) => None,
                        },
                        None => None,
                    };
                }
                "lowerbound" => info.bound = Bound::Lower,
                "upperbound" => info.bound = Bound::Upper,
                "wdl" => {
                    let mut next = || words.next().and_then(|w| w.parse().ok());
                    info.wdl = match (next(), next(), next()) {
                        (Some(win), Some(draw), Some(loss)) => Some(Wdl { win, draw, loss }),
                        _ => None,
                    };
                }
                "pv" => {
                    info.pv = words.map(str::to_owned).collect();
                    break;
                }
                "string" | "message" => break,
                _ => {}
            }
        }
        Some(info)
    }
}

/// UCI `mate N`, in moves: N > 0 mates in 2N − 1 plies; N ≤ 0 is mated in 2|N| (`mate 0`: the
/// side to move is mated now). The inverse of how [`Score`] writes itself.
fn uci_mate(moves: i64) -> Score {
    let plies = |n: u64| u32::try_from(n).unwrap_or(u32::MAX);
    if moves > 0 {
        Score::MateIn(plies(moves.unsigned_abs().saturating_mul(2) - 1))
    } else {
        Score::MatedIn(plies(moves.unsigned_abs().saturating_mul(2)))
    }
}

/// A bare UCCI score: `±(10000 − plies)` near the mate value, else centipawns.
fn ucci_score(value: i32) -> Score {
    let distance = UCCI_MATE - value.saturating_abs();
    match u32::try_from(distance) {
        Ok(plies) if distance <= UCCI_MATE_WINDOW && value > 0 => Score::MateIn(plies),
        Ok(plies) if distance <= UCCI_MATE_WINDOW => Score::MatedIn(plies),
        _ => Score::Cp(value),
    }
}

impl BestMove {
    /// Reads the line that ends a search: `bestmove m [ponder p] [draw|resign]`, or UCCI's
    /// `nobestmove`; `None` for any other line. `bestmove (none)`, `bestmove 0000` and
    /// `bestmove none` (as engines write "no move") give `best: None`. Moves are kept as the
    /// engine wrote them.
    pub fn parse(line: &str) -> Option<BestMove> {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("nobestmove") => return Some(BestMove::default()),
            Some("bestmove") => {}
            _ => return None,
        }
        let best = match words.next() {
            None | Some("(none)" | "0000" | "none") => None,
            Some(m) => Some(m.to_owned()),
        };
        let mut reply = BestMove { best, ponder: None, offer: None };
        while let Some(word) = words.next() {
            match word {
                "ponder" => reply.ponder = words.next().map(str::to_owned),
                "draw" => reply.offer = Some(Offer::Draw),
                "resign" => reply.offer = Some(Offer::Resign),
                _ => {}
            }
        }
        Some(reply)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Dialect;

    #[test]
    fn reads_uci_and_ucci_scores() {
        let uci = "info depth 12 seldepth 14 multipv 1 score cp -32 upperbound nodes 53577 \
                   pv c7c5 g1f3";
        let info = SearchInfo::parse(uci).unwrap_or_default(); // None fails every field below
        assert_eq!((info.depth, info.seldepth, info.multipv), (Some(12), Some(14), Some(1)));
        assert_eq!((info.score, info.bound), (Some(Score::Cp(-32)), Bound::Upper));
        assert_eq!(info.nodes, Some(53577));
        assert_eq!(info.pv, ["c7c5", "g1f3"]);
        let score = |line: &str| SearchInfo::parse(line).and_then(|i| i.score);
        assert_eq!(score("info depth 9 score mate -3 pv a1a2"), Some(Score::MatedIn(6)));
        assert_eq!(score("info depth 9 score mate 2"), Some(Score::MateIn(3)));
        assert_eq!(score("info depth 1 score mate 0"), Some(Score::MatedIn(0)));
        assert_eq!(score("info depth 7 score 45 pv h2e2"), Some(Score::Cp(45)));
        assert_eq!(score("info depth 7 score 9995 pv h2e2"), Some(Score::MateIn(5)));
        assert_eq!(score("info depth 7 score -9998"), Some(Score::MatedIn(2)));
        assert_eq!(score("info depth 7 score -9400"), Some(Score::Cp(-9400)));
    }

    #[test]
    fn free_text_and_bad_values_give_no_fields() {
        assert_eq!(SearchInfo::parse("info string score cp 99"), Some(SearchInfo::default()));
        assert_eq!(SearchInfo::parse("info message depth 3"), Some(SearchInfo::default()));
        assert_eq!(SearchInfo::parse("info time 5 nodes 100").map(|i| i.depth), Some(None));
        assert_eq!(SearchInfo::parse("info depth"), Some(SearchInfo::default()));
        assert_eq!(SearchInfo::parse("info depth x score cp"), Some(SearchInfo::default()));
        assert_eq!(SearchInfo::parse("bestmove e2e4"), None);
        assert_eq!(SearchInfo::parse(""), None);
    }

    #[test]
    fn reads_back_what_the_writer_wrote() {
        let written = SearchInfo {
            depth: Some(8),
            seldepth: Some(11),
            multipv: Some(1),
            score: Some(Score::MatedIn(4)),
            bound: Bound::Lower,
            wdl: Some(Wdl { win: 0, draw: 10, loss: 990 }),
            nodes: Some(12345),
            nps: Some(100_000),
            hashfull: Some(7),
            tbhits: Some(2),
            time_ms: Some(123),
            currmove: None,
            currmovenumber: None,
            pv: vec!["e2e4".into(), "e7e5".into()],
        };
        assert_eq!(SearchInfo::parse(&written.line(Dialect::Uci)), Some(written.clone()));
        for score in [Score::Cp(-7), Score::MateIn(9), Score::MatedIn(2)] {
            let ucci = SearchInfo { depth: Some(3), score: Some(score), ..SearchInfo::default() };
            assert_eq!(SearchInfo::parse(&ucci.line(Dialect::Ucci)), Some(ucci));
        }
    }

    #[test]
    fn reads_bestmove_lines() {
        let reply = BestMove::parse("bestmove h2e2 ponder h9g7 draw").unwrap_or_default();
        assert_eq!(reply.best.as_deref(), Some("h2e2"));
        assert_eq!(reply.ponder.as_deref(), Some("h9g7"));
        assert_eq!(reply.offer, Some(Offer::Draw));
        for none in ["bestmove (none)", "bestmove 0000", "bestmove none", "bestmove", "nobestmove"]
        {
            assert_eq!(BestMove::parse(none), Some(BestMove::default()), "{none}");
        }
        assert_eq!(BestMove::parse("info depth 1"), None);
        assert_eq!(BestMove::parse("readyok"), None);
    }
}
