//! Every chess row of `tests/data/rules_cases.tsv`, judged by the library (playing the moves and
//! asking `game_verdict`) and by `kientuong judge`; plus search-time repetition semantics.
//! The CLI test needs the binary: `cargo build --profile ci -p engine-bin`.

use game_api::{Game, Outcome, Reason, Verdict};
use kientuong_suite::{kientuong_bin, rules_cases, RulesCase};
use movegen_chess::Chess;
use std::process::Command;

fn result_name(v: Option<Verdict>) -> String {
    match v.map(|v| v.outcome) {
        None => "ongoing".into(),
        Some(Outcome::Draw) => "draw".into(),
        Some(Outcome::Win(side)) => format!("{}_wins", Chess::COLOR_NAMES[side.index()]),
    }
}

/// The reason a row expects, where its rule column pins one down.
fn expected_reason(case: &RulesCase) -> Option<&'static str> {
    let rule = case.rule.as_str();
    if case.expected == "ongoing" {
        return None;
    }
    Some(match rule {
        r if r.starts_with("insufficient") => "insufficient_material",
        "fifty_move_vs_mate" | "checkmate" => "checkmate",
        "repetition_en_passant" | "threefold_repetition" => "threefold_repetition",
        "fivefold_repetition" => "fivefold_repetition",
        "fifty_move" => "fifty_move",
        "seventyfive_move" => "seventyfive_move",
        "stalemate" => "stalemate",
        _ => return None,
    })
}

fn is_claimable(reason: Reason) -> bool {
    matches!(reason, Reason::ThreefoldRepetition | Reason::FiftyMove)
}

#[test]
fn rules_cases_via_library() {
    let cases = rules_cases("chess");
    assert!(cases.len() >= 19, "expected the chess rows of rules_cases.tsv");
    for case in cases {
        let mut pos = Chess::from_fen(&case.fen).unwrap();
        for token in case.moves.split_whitespace() {
            // Threefold and fifty-move are claims: play may go on (as in the fivefold row).
            let ended = pos.game_verdict().filter(|v| !is_claimable(v.reason));
            assert_eq!(ended, None, "{}: game over before {token}", case.rule);
            let m = pos.parse_move(token).unwrap_or_else(|e| panic!("{}: {e}", case.rule));
            pos.make(m);
        }
        let verdict = pos.game_verdict();
        assert_eq!(result_name(verdict), case.expected, "{} ({})", case.rule, case.note);
        if let Some(reason) = expected_reason(&case) {
            assert_eq!(verdict.map(|v| v.reason.as_str()), Some(reason), "{}", case.rule);
        }
    }
}

/// Needs `kientuong judge` to let play continue after a claimable draw (threefold, fifty-move):
/// the fivefold row plays on past the third occurrence.
#[test]
fn rules_cases_via_cli_judge() {
    let bin = kientuong_bin();
    for case in rules_cases("chess") {
        let out = Command::new(&bin)
            .args(["judge", "--game", "chess", "--fen", &case.fen, "--moves", &case.moves])
            .output()
            .expect("run kientuong judge");
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{}: {}", case.rule, String::from_utf8_lossy(&out.stderr));
        assert!(
            stdout.contains(&format!("result: {}\n", case.expected)),
            "{}: {stdout}",
            case.rule
        );
        if let Some(reason) = expected_reason(&case) {
            assert!(stdout.contains(&format!("reason: {reason}\n")), "{}: {stdout}", case.rule);
        }
    }
}

fn play(fen: &str, moves: &str) -> Chess {
    let mut pos = Chess::from_fen(fen).unwrap();
    for token in moves.split_whitespace() {
        let m = pos.parse_move(token).unwrap();
        pos.make(m);
    }
    pos
}

#[test]
fn repetition_inside_search_counts_from_the_root() {
    // After Nf3 Nf6 Ng1 Ng8 the start position occurs for the second time.
    let pos = play(Chess::START_FEN, "g1f3 g8f6 f3g1 f6g8");
    // Root before the first Nf3: the repeated position is the root itself -> draw in search.
    assert_eq!(pos.verdict(4).map(|v| v.reason), Some(Reason::ThreefoldRepetition));
    // Root after 1.Nf3: the earlier occurrence lies before the root, two are not enough.
    assert_eq!(pos.verdict(3), None);
    assert_eq!(pos.verdict(0), None);
    // A third occurrence is a draw wherever the root is.
    let pos = play(Chess::START_FEN, "g1f3 g8f6 f3g1 f6g8 g1f3 g8f6 f3g1 f6g8");
    assert!(pos.verdict(1).is_some());
    assert!(pos.verdict(0).is_some());
}

#[test]
fn null_moves_and_irreversible_moves_bound_the_repetition_scan() {
    // 1.Nf3 Nf6 2.Ng1, then a null move for Black: the start placement with White to move is
    // reached again only through a pass, which must not count as a repetition.
    let mut pos = play(Chess::START_FEN, "g1f3 g8f6 f3g1");
    pos.make_null();
    pos.make(pos.parse_move("b1c3").unwrap());
    pos.make(pos.parse_move("f6g8").unwrap());
    pos.make(pos.parse_move("c3b1").unwrap());
    assert_eq!(pos.fen().split(' ').next(), Chess::START_FEN.split(' ').next());
    assert_eq!(pos.verdict(7), None, "repetition across a null move");
    // A pawn move resets the clock: no repetition can reach across it.
    let pos = play(Chess::START_FEN, "g1f3 g8f6 f3g1 f6g8 e2e4 e7e5 g1f3 g8f6 f3g1 f6g8");
    assert_eq!(pos.verdict(0), None);
    assert_eq!(pos.verdict(4).map(|v| v.reason), Some(Reason::ThreefoldRepetition));
}

#[test]
fn fifty_move_rule_yields_to_mate_and_counts_plies() {
    let pos = play("7k/8/6K1/8/8/8/8/R7 w - - 99 100", "a1a8");
    assert_eq!(pos.verdict(0), None, "mate on the 100th ply is not a fifty-move draw");
    assert_eq!(pos.game_verdict().map(|v| v.reason), Some(Reason::Checkmate));
    let pos = play("7k/8/6K1/8/8/8/8/R7 w - - 99 100", "a1a7");
    assert_eq!(pos.verdict(3).map(|v| v.reason), Some(Reason::FiftyMove));
    let pos = Chess::from_fen("7k/8/6K1/8/8/8/8/R7 w - - 98 100").unwrap();
    assert_eq!(pos.verdict(0), None);
}
