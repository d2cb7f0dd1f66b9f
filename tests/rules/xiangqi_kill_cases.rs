//! "Perpetual kill" cases (a kill is a mate threat), modelled on seed 004, Điều 24 diagrams 1–3
//! and 11–15: mixtures of checks and mate threats are where engines and referees disagree, and a
//! wrong ruling loses or throws away whole games. The diagrams are pictures missing from the
//! text, so each position here is built to realise the diagram's move list: the same pieces
//! making the same kinds of moves, repeated to the third occurrence. docs/RULES.md point 1:
//! perpetual check loses; point 2: one check with one mate threat, one capture threat, one idle
//! move or one threat to withdraw and capture is a draw. Every case was run through pyffish
//! (`is_optional_game_end` after the last move, ranks shifted by one);
//! each note says what it answered. Judged through the library and `kientuong judge`.

use game_api::{Game, Outcome};
use kientuong_suite::kientuong_bin;
use movegen_xiangqi::Xiangqi;
use std::process::Command;

struct Case {
    name: &'static str,
    fen: &'static str,
    moves: &'static str,
    expected: &'static str,
    note: &'static str,
}

const CASES: &[Case] = &[
    Case {
        name: "d1_perpetual_check_one_rook",
        fen: "5k3/7R1/9/9/9/9/9/9/9/4K4 w - - 0 1",
        moves: "h8h9 f9f8 h9h8 f8f9 h8h9 f9f8 h9h8 f8f9",
        expected: "black_wins",
        note: "R2+1 K6+1 R2-1 K6-1: every red move checks. pyffish: red (to move) loses; agrees",
    },
    Case {
        name: "d2_perpetual_check_rook_across",
        fen: "4k4/9/9/5R3/9/9/9/9/9/3K5 w - - 0 1",
        moves: "f6e6 e9f9 e6f6 f9e9 f6e6 e9f9 e6f6 f9e9",
        expected: "black_wins",
        note: "R4=5 K5=6 R5=4 K6=5: the rook checks on both files. pyffish: red loses; agrees",
    },
    Case {
        name: "d3_perpetual_check_two_rooks_in_turn",
        fen: "3k5/5R3/9/9/4R4/9/9/9/9/5K3 w - - 0 1",
        moves: "f8f9 d9d8 e5d5 d8e8 d5e5 e8d8 f9f8 d8d9 f8f9 d9d8",
        expected: "black_wins",
        note: "R4+1 K4+1 R5=6 K4=5 R6=5 K5=4 R4-1 K4-1: two rooks take turns checking \
               (the position after ply 2 recurs at plies 6 and 10). pyffish: red loses; agrees",
    },
    Case {
        name: "d11_one_check_one_mate_threat_rook",
        fen: "4k4/3P5/9/9/3P1R3/9/9/2p6/9/3K5 w - - 0 1",
        moves: "f5h5 e9f9 h5f5 f9e9 f5h5 e9f9 h5f5 f9e9",
        expected: "draw",
        note: "R4=2 K5=6 R2=4 K6=5: R4=2 threatens R2+4 mate (the pawn on d8 guards d9 and e8), \
               the king steps aside, R2=4 checks. pyffish: draw; agrees",
    },
    Case {
        name: "d13_one_check_one_capture_threat",
        fen: "5k3/9/9/9/9/8c/9/7R1/9/3K5 w - - 0 1",
        moves: "h2h9 f9f8 h9h4 i4i2 h4h8 f8f9 h8h2 i2i4 h2h9 f9f8 h9h4 i4i2 h4h8 f8f9 h8h2 i2i4",
        expected: "draw",
        note: "R2+7 K6+1 R2-5 C9+2 R2+4 K6-1 R2-6 C9-2: the rook alternates checks with attacks \
               on the unrooted cannon, which is not a perpetual chase. pyffish: draw; agrees",
    },
    Case {
        name: "d14_one_check_one_idle",
        fen: "4k4/2RCa4/9/9/9/9/9/9/9/5K3 w - - 0 1",
        moves: "c8c9 e8d9 c9c8 d9e8 c8c9 e8d9 c9c8 d9e8",
        expected: "draw",
        note:
            "R7+1 A5-4 R7-1 A4+5: check, the advisor blocks, the rook retreats attacking nothing \
               (the cannon on d8 screens the advisor). pyffish: draw; agrees",
    },
    Case {
        name: "d15_one_check_one_threat_to_withdraw_and_capture",
        fen: "1RC6/4k4/9/3P5/9/3r5/9/9/9/5K3 w - - 0 1",
        moves: "b9b8 e8e9 b8b9 e9e8 b9b8 e8e9 b8b9 e9e8",
        expected: "draw",
        note: "R8-1 K5-1 R8+1 K5+1: check, then with the king on e9 the rook behind the cannon \
               threatens C6-5 taking the rook on d4 with discovered check; the king steps up. \
               pyffish: draw; agrees",
    },
];

fn library_verdict(case: &Case) -> String {
    let mut pos =
        Xiangqi::from_fen(case.fen).unwrap_or_else(|e| panic!("{}: bad FEN: {e}", case.name));
    for (i, token) in case.moves.split_whitespace().enumerate() {
        assert!(
            pos.game_verdict().is_none(),
            "{}: game ended before move {} '{token}'",
            case.name,
            i + 1
        );
        let m =
            pos.parse_move(token).unwrap_or_else(|e| panic!("{}: move {}: {e}", case.name, i + 1));
        pos.make(m);
    }
    match pos.game_verdict().map(|v| v.outcome) {
        None => "ongoing".to_owned(),
        Some(Outcome::Draw) => "draw".to_owned(),
        Some(Outcome::Win(side)) => format!("{}_wins", Xiangqi::COLOR_NAMES[side.index()]),
    }
}

#[test]
fn kill_cases_get_their_verdicts_through_the_library() {
    let failures: Vec<String> = CASES
        .iter()
        .filter_map(|c| {
            let got = library_verdict(c);
            (got != c.expected)
                .then(|| format!("{}: expected {}, got {got} ({})", c.name, c.expected, c.note))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn kill_cases_get_their_verdicts_through_judge() {
    let mut failures = Vec::new();
    for c in CASES {
        let out = Command::new(kientuong_bin())
            .args(["judge", "--game", "xiangqi", "--fen", c.fen, "--moves", c.moves])
            .output()
            .expect("run kientuong judge");
        let stdout = String::from_utf8_lossy(&out.stdout);
        let result = stdout.lines().find_map(|l| l.strip_prefix("result: ")).unwrap_or("<none>");
        if !out.status.success() || result != c.expected {
            failures.push(format!(
                "{}: expected {}, got {result} (status {}, stderr {})",
                c.name,
                c.expected,
                out.status,
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
