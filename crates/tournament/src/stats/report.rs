//! What the runner prints: a progress line after each game, the cutechess-style result block
//! of each encounter at the end, and a crosstable ordered by score for round robins.

use crate::stats::sprt::{SprtConfig, SprtDecision};
use crate::stats::tally::Tally;
use std::fmt::Write;

fn num(x: f64, decimals: usize) -> String {
    // Adding 0.0 turns -0.0 into 0.0, so a level score never prints as "-0.0".
    let x = x + 0.0;
    if x.is_nan() {
        "nan".to_owned()
    } else if x.is_infinite() {
        if x > 0.0 {
            "inf".to_owned()
        } else {
            "-inf".to_owned()
        }
    } else {
        format!("{x:.decimals$}")
    }
}

/// `Games: 12, W/D/L: 5/4/3, Score: 58.3 %, Elo: 58.2 +/- 120.3, LOS: 73.1 %[, LLR: …]` for
/// engine `a` against `b`. The error bar is pentanomial once pairs exist.
pub fn progress_line(tally: &Tally, a: usize, b: usize, sprt: Option<&SprtConfig>) -> String {
    let (wdl, penta) = tally.between(a, b);
    let est = if penta.pairs() > 0 { penta.elo() } else { wdl.elo() };
    let mut line = format!(
        "Games: {}, W/D/L: {}/{}/{}, Score: {} %, Elo: {} +/- {}, LOS: {} %",
        wdl.games(),
        wdl.wins,
        wdl.draws,
        wdl.losses,
        num(wdl.score() * 100.0, 1),
        num(est.elo, 1),
        num(est.error, 1),
        num(wdl.los() * 100.0, 1)
    );
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        let _ = write!(
            line,
            ", LLR: {} ({}, {}) [{}, {}]",
            num(s.llr(&penta), 2),
            num(lo, 2),
            num(hi, 2),
            num(s.elo0, 1),
            num(s.elo1, 1)
        );
    }
    line
}

/// The end-of-match block for one encounter, as cutechess-cli prints it.
pub fn encounter_report(
    tally: &Tally,
    a: usize,
    b: usize,
    names: &[String],
    sprt: Option<&SprtConfig>,
) -> String {
    let (wdl, penta) = tally.between(a, b);
    let trinomial = wdl.elo();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Score of {} vs {}: {} - {} - {}  [{}] {}",
        names[a],
        names[b],
        wdl.wins,
        wdl.losses,
        wdl.draws,
        num(wdl.score(), 3),
        wdl.games()
    );
    let _ = writeln!(
        out,
        "Elo difference: {} +/- {}, LOS: {} %, DrawRatio: {} %",
        num(trinomial.elo, 1),
        num(trinomial.error, 1),
        num(wdl.los() * 100.0, 1),
        num(wdl.draw_ratio() * 100.0, 1)
    );
    if penta.pairs() > 0 {
        let p = penta.0;
        let pe = penta.elo();
        let _ = writeln!(
            out,
            "Ptnml(0-2): [{}, {}, {}, {}, {}], pentanomial Elo: {} +/- {}, LOS: {} %",
            p[0],
            p[1],
            p[2],
            p[3],
            p[4],
            num(pe.elo, 1),
            num(pe.error, 1),
            num(penta.los() * 100.0, 1)
        );
    }
    if let Some(s) = sprt {
        let (lo, hi) = s.bounds();
        let verdict = match s.decision(&penta) {
            Some(SprtDecision::AcceptH1) => "H1 was accepted",
            Some(SprtDecision::AcceptH0) => "H0 was accepted",
            None => "no decision",
        };
        let _ = writeln!(
            out,
            "SPRT: llr {}, lbound {}, ubound {} - {verdict}",
            num(s.llr(&penta), 2),
            num(lo, 2),
            num(hi, 2)
        );
    }
    out
}

/// Players ordered by score with their results against each other.
pub fn crosstable(tally: &Tally, names: &[String]) -> String {
    let n = names.len();
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by(|&x, &y| {
        let (px, _) = tally.standing(x);
        let (py, _) = tally.standing(y);
        py.partial_cmp(&px).unwrap_or(std::cmp::Ordering::Equal).then(x.cmp(&y))
    });
    let width = names.iter().map(|s| s.len()).max().unwrap_or(4).max(4);
    let cell = 7;
    let mut out = String::new();
    let _ = write!(
        out,
        "Rank {:width$} {:>5} {:>6} {:>6} {:>6} |",
        "Name", "Games", "Score", "Pct", "Elo"
    );
    for k in 1..=n {
        let _ = write!(out, " {k:>cell$}");
    }
    out.push('\n');
    for (rank, &i) in order.iter().enumerate() {
        let (points, games) = tally.standing(i);
        let pct = if games > 0 { points / f64::from(games) } else { 0.5 };
        let _ = write!(
            out,
            "{:>4} {:width$} {:>5} {:>6} {:>6} {:>6} |",
            rank + 1,
            names[i],
            games,
            num(points, 1),
            num(pct * 100.0, 1),
            num(crate::stats::elo::elo_from_score(pct), 0)
        );
        for &j in &order {
            if i == j {
                let _ = write!(out, " {:>cell$}", "---");
            } else {
                let (wdl, _) = tally.between(i, j);
                let text = if wdl.games() == 0 {
                    String::new()
                } else {
                    format!("{}/{}", wdl.points(), wdl.games())
                };
                let _ = write!(out, " {text:>cell$}");
            }
        }
        out.push('\n');
    }
    out
}
