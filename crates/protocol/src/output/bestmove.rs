//! The lines that end a search (`bestmove`, `nobestmove`) and UCCI's `pophash`.

use super::{one_line, push_word};
use crate::Dialect;

/// What the engine says alongside its move in UCCI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Offers a draw, or accepts the opponent's offer.
    Draw,
    /// Resigns the game.
    Resign,
}

/// The end of a search.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BestMove {
    /// `None` when there is nothing to play.
    pub best: Option<String>,
    /// The move the engine expects in reply, to ponder on.
    pub ponder: Option<String>,
    /// UCCI only; UCI has no words for it and leaves it out. Callers should give a `ponder`
    /// move whenever they give an offer: VinXiangQi's parser fails on `bestmove X draw`.
    pub offer: Option<Offer>,
}

impl BestMove {
    /// The line for `dialect`: `bestmove …`, or its no-move line when `best` is `None`.
    pub fn line(&self, dialect: Dialect) -> String {
        let Some(best) = &self.best else {
            return dialect.no_move_line().to_owned();
        };
        let mut line = format!("bestmove {}", one_line(best));
        if let Some(p) = &self.ponder {
            push_word(&mut line, "ponder");
            push_word(&mut line, one_line(p));
        }
        match (dialect, self.offer) {
            (Dialect::Ucci, Some(Offer::Draw)) => line.push_str(" draw"),
            (Dialect::Ucci, Some(Offer::Resign)) => line.push_str(" resign"),
            _ => {}
        }
        line
    }
}

/// A bound stored in the hash table, for `pophash`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HashBound {
    /// The bound's score, a bare integer as UCCI writes scores.
    pub score: i32,
    /// The depth it was searched to.
    pub depth: u32,
}

/// UCCI's answer to `probe`: `pophash [bestmove m] [lowerbound v depth d] [upperbound v depth d]`,
/// or a bare `pophash` when the position is not in the table. Scores are bare integers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PopHash {
    /// The stored best move, if any.
    pub best: Option<String>,
    /// The lower bound, if the entry holds one.
    pub lower: Option<HashBound>,
    /// The upper bound, if the entry holds one.
    pub upper: Option<HashBound>,
}

impl PopHash {
    /// The `pophash …` line.
    pub fn line(&self) -> String {
        let mut line = String::from("pophash");
        if let Some(m) = &self.best {
            push_word(&mut line, "bestmove");
            push_word(&mut line, one_line(m));
        }
        for (word, bound) in [("lowerbound", self.lower), ("upperbound", self.upper)] {
            if let Some(b) = bound {
                push_word(&mut line, format_args!("{word} {} depth {}", b.score, b.depth));
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bm(best: Option<&str>, ponder: Option<&str>, offer: Option<Offer>) -> BestMove {
        BestMove { best: best.map(Into::into), ponder: ponder.map(Into::into), offer }
    }

    #[test]
    fn nothing_to_play() {
        assert_eq!(bm(None, None, None).line(Dialect::Uci), "bestmove (none)");
        assert_eq!(bm(None, Some("x"), None).line(Dialect::Ucci), "nobestmove");
    }

    #[test]
    fn move_and_ponder() {
        assert_eq!(bm(Some("e2e4"), None, None).line(Dialect::Uci), "bestmove e2e4");
        assert_eq!(
            bm(Some("h2e2"), Some("h9g7"), None).line(Dialect::Ucci),
            "bestmove h2e2 ponder h9g7"
        );
    }

    #[test]
    fn offers_only_in_ucci() {
        let draw = bm(Some("h2e2"), Some("h9g7"), Some(Offer::Draw));
        assert_eq!(draw.line(Dialect::Ucci), "bestmove h2e2 ponder h9g7 draw");
        assert_eq!(draw.line(Dialect::Uci), "bestmove h2e2 ponder h9g7");
        let resign = bm(Some("a0a1"), Some("a9a8"), Some(Offer::Resign));
        assert_eq!(resign.line(Dialect::Ucci), "bestmove a0a1 ponder a9a8 resign");
    }

    #[test]
    fn pophash_forms() {
        assert_eq!(PopHash::default().line(), "pophash");
        let full = PopHash {
            best: Some("h2e2".into()),
            lower: Some(HashBound { score: 12, depth: 8 }),
            upper: Some(HashBound { score: -4, depth: 6 }),
        };
        assert_eq!(
            full.line(),
            "pophash bestmove h2e2 lowerbound 12 depth 8 upperbound -4 depth 6"
        );
    }
}
