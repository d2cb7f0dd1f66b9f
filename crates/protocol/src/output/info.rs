//! `info` lines.

use super::{one_line, push_word, Bound, Score, Wdl};
use crate::Dialect;

/// One `info` line about the search. Fields left `None` (or empty) are not written.
///
/// UCI writes them in Stockfish's order. UCCI writes only what its spec and strict GUIs know:
/// `depth`, `score` (bare integer, no bound), `time`, `nodes`, `currmove`,
/// `currmovenumber` and `pv`; `seldepth`, `multipv`, `wdl`, `nps`, `hashfull` and `tbhits` are left out
/// (a UCCI GUI computes speed from `time` and `nodes`), and so is a score that is only a bound.
///
/// No line ever carries a `pv` without a score: clients such as uci2wb read a missing score
/// as 0.00 and record it as the engine's evaluation. A UCCI line whose score is only a bound
/// has no `pv`.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SearchInfo {
    /// Depth of the finished iteration, in plies.
    pub depth: Option<u32>,
    /// Deepest ply a line of the search reached.
    pub seldepth: Option<u32>,
    /// Which principal variation this is (1 = the best).
    pub multipv: Option<u32>,
    /// Score of the position for the side to move.
    pub score: Option<Score>,
    /// Whether `score` is exact or only a bound.
    pub bound: Bound,
    /// Win/draw/loss expectation (UCI with `UCI_ShowWDL`).
    pub wdl: Option<Wdl>,
    /// Nodes searched so far.
    pub nodes: Option<u64>,
    /// Nodes per second.
    pub nps: Option<u64>,
    /// Hash table fill, in per mille.
    pub hashfull: Option<u32>,
    /// Endgame tablebase probes that answered (UCI only).
    pub tbhits: Option<u64>,
    /// Time searched so far, in milliseconds.
    pub time_ms: Option<u64>,
    /// The root move now being searched.
    pub currmove: Option<String>,
    /// Its number in the root's move order (1-based).
    pub currmovenumber: Option<u32>,
    /// Moves in the game's notation; written last, since GUIs read the PV to the line's end.
    pub pv: Vec<String>,
}

impl SearchInfo {
    /// The line for `dialect`, starting `info`.
    pub fn line(&self, dialect: Dialect) -> String {
        let uci = dialect == Dialect::Uci;
        let mut line = String::from("info");
        let field = |line: &mut String, key: &str, value: Option<u64>| {
            if let Some(v) = value {
                push_word(line, key);
                push_word(line, v);
            }
        };
        field(&mut line, "depth", self.depth.map(u64::from));
        if uci {
            field(&mut line, "seldepth", self.seldepth.map(u64::from));
            field(&mut line, "multipv", self.multipv.map(u64::from));
        }
        let score_written = self.score.is_some() && (uci || self.bound == Bound::Exact);
        if let Some(score) = self.score {
            if score_written {
                line.push_str(" score");
                score.write(dialect, &mut line);
            }
            if uci {
                match self.bound {
                    Bound::Exact => {}
                    Bound::Lower => line.push_str(" lowerbound"),
                    Bound::Upper => line.push_str(" upperbound"),
                }
            }
        }
        if let (true, Some(wdl)) = (uci, self.wdl) {
            push_word(&mut line, format_args!("wdl {} {} {}", wdl.win, wdl.draw, wdl.loss));
        }
        field(&mut line, "nodes", self.nodes);
        if uci {
            field(&mut line, "nps", self.nps);
            field(&mut line, "hashfull", self.hashfull.map(u64::from));
            field(&mut line, "tbhits", self.tbhits);
        }
        field(&mut line, "time", self.time_ms);
        if let Some(m) = &self.currmove {
            push_word(&mut line, "currmove");
            push_word(&mut line, one_line(m));
            field(&mut line, "currmovenumber", self.currmovenumber.map(u64::from));
        }
        if !self.pv.is_empty() && score_written {
            line.push_str(" pv");
            for m in &self.pv {
                push_word(&mut line, one_line(m));
            }
        }
        line
    }
}

/// The most characters of free text one line carries (at most 4 bytes each, so a text line
/// stays under 1 KB). Error texts echo GUI input, and a 1 MB FEN came back as one 1 MB line.
pub const MAX_TEXT_CHARS: usize = 240;

/// Free text for the user: `info string …` (UCI) or `info message …` (UCCI), cut to
/// [`MAX_TEXT_CHARS`] with an ellipsis.
pub fn text_line(dialect: Dialect, text: &str) -> String {
    let mut text = one_line(text);
    if text.chars().nth(MAX_TEXT_CHARS).is_some() {
        // Room for the ellipsis: MAX_TEXT_CHARS - 1 characters of the text.
        if let Some((cut, _)) = text.char_indices().nth(MAX_TEXT_CHARS - 1) {
            text.truncate(cut);
        }
        text.push('…');
    }
    format!("info {} {}", dialect.text_keyword(), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn full() -> SearchInfo {
        SearchInfo {
            depth: Some(7),
            seldepth: Some(11),
            multipv: Some(1),
            score: Some(Score::Cp(25)),
            bound: Bound::Exact,
            wdl: Some(Wdl { win: 120, draw: 800, loss: 80 }),
            nodes: Some(12345),
            nps: Some(678900),
            hashfull: Some(3),
            tbhits: Some(4),
            time_ms: Some(18),
            currmove: None,
            currmovenumber: None,
            pv: vec!["e2e4".into(), "e7e5".into()],
        }
    }

    #[test]
    fn uci_full_line() {
        assert_eq!(
            full().line(Dialect::Uci),
            "info depth 7 seldepth 11 multipv 1 score cp 25 wdl 120 800 80 nodes 12345 \
             nps 678900 hashfull 3 tbhits 4 time 18 pv e2e4 e7e5"
        );
    }

    #[test]
    fn ucci_keeps_only_what_strict_guis_read() {
        assert_eq!(
            full().line(Dialect::Ucci),
            "info depth 7 score 25 nodes 12345 time 18 pv e2e4 e7e5"
        );
    }

    #[test]
    fn bounds_and_mates() {
        let info = SearchInfo {
            depth: Some(9),
            score: Some(Score::MateIn(5)),
            bound: Bound::Lower,
            ..SearchInfo::default()
        };
        assert_eq!(info.line(Dialect::Uci), "info depth 9 score mate 3 lowerbound");
        assert_eq!(info.line(Dialect::Ucci), "info depth 9");
        let with_pv = SearchInfo { pv: vec!["b9b2".into()], ..info.clone() };
        assert_eq!(with_pv.line(Dialect::Ucci), "info depth 9");
        assert_eq!(with_pv.line(Dialect::Uci), "info depth 9 score mate 3 lowerbound pv b9b2");
        let no_score = SearchInfo { score: None, ..with_pv };
        assert_eq!(no_score.line(Dialect::Uci), "info depth 9");
        let exact = SearchInfo { bound: Bound::Exact, ..info };
        assert_eq!(exact.line(Dialect::Ucci), "info depth 9 score 9995");
        let upper = SearchInfo { bound: Bound::Upper, score: Some(Score::Cp(-3)), ..exact };
        assert_eq!(upper.line(Dialect::Uci), "info depth 9 score cp -3 upperbound");
    }

    #[test]
    fn currmove_lines() {
        let info = SearchInfo {
            depth: Some(4),
            currmove: Some("h2e2".into()),
            currmovenumber: Some(3),
            ..SearchInfo::default()
        };
        assert_eq!(info.line(Dialect::Uci), "info depth 4 currmove h2e2 currmovenumber 3");
        assert_eq!(info.line(Dialect::Ucci), "info depth 4 currmove h2e2 currmovenumber 3");
    }

    #[test]
    fn no_move_info() {
        let info =
            SearchInfo { depth: Some(0), score: Some(Score::MatedIn(0)), ..SearchInfo::default() };
        assert_eq!(info.line(Dialect::Uci), "info depth 0 score mate 0");
    }

    #[test]
    fn text_stays_on_one_line() {
        assert_eq!(text_line(Dialect::Uci, "bad FEN\r\nx"), "info string bad FEN  x");
        assert_eq!(text_line(Dialect::Ucci, "hello"), "info message hello");
    }

    #[test]
    fn long_text_is_cut_with_an_ellipsis() {
        let exact = "x".repeat(MAX_TEXT_CHARS);
        assert_eq!(text_line(Dialect::Uci, &exact), format!("info string {exact}"));
        let long = "ü".repeat(1_000_000);
        let line = text_line(Dialect::Uci, &long);
        assert!(line.len() < 1024, "{} bytes", line.len());
        assert!(line.ends_with('…'));
        assert_eq!(line.chars().filter(|&c| c == 'ü').count(), MAX_TEXT_CHARS - 1);
    }
}
