//! Every xiangqi row of `tests/data/rules_cases.tsv`, judged through the library: play the
//! moves (refusing moves after the game has ended) and compare the game-level verdict.

use game_api::{Game, Outcome, Verdict};
use kientuong_suite::{rules_cases, RulesCase};
use movegen_xiangqi::Xiangqi;

fn result_name(v: Option<Verdict>) -> String {
    match v {
        None => "ongoing".to_owned(),
        Some(v) => match v.outcome {
            Outcome::Draw => "draw".to_owned(),
            Outcome::Win(side) => format!("{}_wins", Xiangqi::COLOR_NAMES[side.index()]),
        },
    }
}

fn judge(case: &RulesCase) -> Result<Option<Verdict>, String> {
    let mut pos = Xiangqi::from_fen(&case.fen).map_err(|e| format!("bad FEN: {e}"))?;
    for (i, token) in case.moves.split_whitespace().enumerate() {
        if let Some(v) = pos.game_verdict() {
            return Err(format!("game ended ({}) before move {} '{token}'", v.reason, i + 1));
        }
        let m = pos.parse_move(token).map_err(|e| format!("move {}: {e}", i + 1))?;
        pos.make(m);
    }
    Ok(pos.game_verdict())
}

#[test]
fn every_rules_case_gets_its_expected_verdict() {
    let cases = rules_cases("xiangqi");
    assert!(cases.len() >= 100, "found only {} xiangqi rules cases", cases.len());
    let mut failures = Vec::new();
    for (i, case) in cases.iter().enumerate() {
        match judge(case) {
            Ok(v) => {
                let got = result_name(v);
                if got != case.expected {
                    let reason = v.map_or("none", |v| v.reason.as_str());
                    failures.push(format!(
                        "#{i} {}: expected {}, got {got} ({reason})",
                        case.rule, case.expected
                    ));
                }
            }
            Err(e) => failures.push(format!("#{i} {}: {e}", case.rule)),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
