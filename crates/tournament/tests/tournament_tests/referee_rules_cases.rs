//! The referee on the shared rules cases (tests/data/rules_cases.tsv): each case's moves are
//! played through `Referee` exactly as a match would, the game ends at the first verdict, and
//! the result must be the expected one. Wins by a repetition rule must name the violator.

use game_api::{Color, Game, Outcome, Reason};
use tournament::game::record::GameEnd;
use tournament::game::referee::Referee;

const CASES: &str = include_str!("../../../../tests/data/rules_cases.tsv");

fn judge<G: Game>(fen: &str, moves: &str) -> Result<Option<GameEnd>, String> {
    let mut referee = Referee::<G>::new(Some(fen), &|_| {}).map_err(|e| e.to_string())?;
    for token in moves.split_whitespace() {
        if let Some(v) = referee.verdict() {
            return Ok(Some(GameEnd::from_verdict(v, G::COLOR_NAMES)));
        }
        referee.play(token).map_err(|e| format!("{token}: {e}"))?;
    }
    Ok(referee.verdict().map(|v| GameEnd::from_verdict(v, G::COLOR_NAMES)))
}

fn result_name(end: &Option<GameEnd>, names: [&str; 2]) -> String {
    match end {
        None => "ongoing".to_owned(),
        Some(e) => match e.outcome {
            Outcome::Draw => "draw".to_owned(),
            Outcome::Win(c) => format!("{}_wins", names[c.index()]),
        },
    }
}

#[test]
fn referee_agrees_with_every_rules_case() {
    let mut failures = Vec::new();
    let mut checked = 0;
    for (n, line) in CASES.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split('\t').collect();
        let [game, fen, moves, expected, rule, ..] = cols[..] else { continue };
        let (got, names) = match game {
            "chess" => {
                (judge::<movegen_chess::Chess>(fen, moves), movegen_chess::Chess::COLOR_NAMES)
            }
            "xiangqi" => (
                judge::<movegen_xiangqi::Xiangqi>(fen, moves),
                movegen_xiangqi::Xiangqi::COLOR_NAMES,
            ),
            _ => continue,
        };
        checked += 1;
        match got {
            Err(e) => failures.push(format!("line {}: {rule}: {e}", n + 1)),
            Ok(end) => {
                let name = result_name(&end, names);
                if name != expected {
                    failures.push(format!(
                        "line {}: {rule}: expected {expected}, referee says {name}",
                        n + 1
                    ));
                }
                if let Some(GameEnd { outcome: Outcome::Win(w), comment, .. }) = &end {
                    if comment.starts_with("perpetual") {
                        let loser = names[(!*w).index()];
                        assert!(
                            comment.to_lowercase().ends_with(loser),
                            "line {}: {comment}",
                            n + 1
                        );
                    }
                }
            }
        }
    }
    assert!(checked > 100, "only {checked} cases read");
    assert!(
        failures.is_empty(),
        "{} of {checked} cases disagree:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn comments_name_rule_and_violator() {
    use game_api::Verdict;
    let names = ["red", "black"];
    let e = GameEnd::from_verdict(Verdict::win(Color::Black, Reason::PerpetualChase), names);
    assert_eq!(e.comment, "perpetual chase by Red");
    assert_eq!(e.result_text(), "0-1");
    let e = GameEnd::from_verdict(Verdict::win(Color::White, Reason::PerpetualCheck), names);
    assert_eq!(e.comment, "perpetual check by Black");
    let e = GameEnd::from_verdict(Verdict::win(Color::White, Reason::Stalemate), names);
    assert_eq!(e.comment, "Black is stalemated");
    let e = GameEnd::from_verdict(Verdict::draw(Reason::MoveLimit), names);
    assert_eq!((e.comment.as_str(), e.result_text()), ("Draw by move-count rule", "1/2-1/2"));
}
