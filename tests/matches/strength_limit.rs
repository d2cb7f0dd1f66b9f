//! Weaker play on request, which GUIs offer to human players: at the lowest `UCI_Elo` (chess,
//! UCI) and at the most `randomness` (xiangqi, UCCI) the engine scores clearly below its full
//! strength over a short match. The calibration against a ladder is a measurement (README),
//! not a test.

use crate::match_common;

use game_api::{Color, Outcome};
use match_common::*;

/// Points (in half points) engine 0 scored.
fn half_points_of_first(summary: &tournament::MatchSummary) -> u32 {
    summary
        .records
        .iter()
        .map(|r| match r.end.outcome {
            Outcome::Draw => 1,
            Outcome::Win(Color::White) if r.white == 0 => 2,
            Outcome::Win(Color::Black) if r.black == 0 => 2,
            Outcome::Win(_) => 0,
        })
        .sum()
}

fn weak_against_full(game: &str, weak_options: &str, proto: &str) {
    let k = kientuong().display().to_string();
    let summary = run_match(&format!(
        "--game {game} --engine cmd={k} name=weak proto={proto} {weak_options} \
         --engine cmd={k} name=full proto={proto} --each nodes=3000 \
         --games 2 --rounds 4 --repeat --concurrency 2 --quiet"
    ));
    assert_eq!(summary.records.len(), 8);
    let half_points = half_points_of_first(&summary);
    // Clearly below: at most 1.5 points of 8 (a full-strength equal would expect about 4).
    assert!(
        half_points <= 3,
        "weak scored {}/8:\n{}",
        f64::from(half_points) / 2.0,
        summary.report
    );
}

/// The chess floor: level 0's Elo in the table the engine is built with.
fn chess_floor() -> i64 {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/engine-bin/src/session/elo-anchors.tsv");
    let table = std::fs::read_to_string(path).expect("read the Elo anchors");
    table
        .lines()
        .find_map(|l| l.strip_prefix("chess\t0\t"))
        .and_then(|elo| elo.trim().parse().ok())
        .expect("the table has chess level 0")
}

#[test]
fn chess_lowest_uci_elo_loses_to_full_strength() {
    let options = format!("option.UCI_LimitStrength=true option.UCI_Elo={}", chess_floor());
    weak_against_full("chess", &options, "uci");
}

#[test]
fn xiangqi_huge_randomness_loses_to_full_strength() {
    weak_against_full("xiangqi", "option.randomness=huge", "ucci");
}

/// The lowest levels differ: level 0 loses clearly to level 5 over 40 games (both colours of
/// 20 openings), at most 12 of 40 points. Measured when the levels were shaped: −407 ± 85 Elo
/// in chess and −387 ± 85 in xiangqi over 200 games, an expected 9 %.
fn level_0_loses_to_level_5(game: &str) {
    let k = kientuong().display().to_string();
    // Built word by word: the option's name has a space in it.
    let mut args = words(&format!("--game {game} --engine cmd={k} name=level0 proto=uci"));
    args.push("option.Skill Level=0".into());
    args.extend(words(&format!("--engine cmd={k} name=level5 proto=uci")));
    args.push("option.Skill Level=5".into());
    args.extend(words(
        "--each nodes=100000 --games 2 --rounds 20 --repeat --concurrency 2 --seed 5 --quiet",
    ));
    let summary = match tournament::run_from_args(&args, &mut tournament::Silent) {
        Ok(summary) => summary,
        Err(e) => panic!("match failed: {e}\nargs: {args:?}"),
    };
    assert_eq!(summary.records.len(), 40);
    let half_points = half_points_of_first(&summary);
    assert!(
        half_points <= 24,
        "level 0 scored {}/40 against level 5:\n{}",
        f64::from(half_points) / 2.0,
        summary.report
    );
}

#[test]
fn chess_level_0_loses_to_level_5() {
    level_0_loses_to_level_5("chess");
}

#[test]
fn xiangqi_level_0_loses_to_level_5() {
    level_0_loses_to_level_5("xiangqi");
}
