//! Perft of every xiangqi row of `tests/data/perft.tsv`. Rows up to a few million leaves run in
//! the normal suite; bigger ones are `#[ignore]` (run them with `--ignored`).

use game_api::{perft::perft, Game};
use kientuong_suite::perft_cases;
use movegen_xiangqi::Xiangqi;

/// Rows with more leaves than this are left to the ignored test.
const QUICK_LIMIT: u64 = 20_000_000;

fn run(filter: impl Fn(u64) -> bool) -> usize {
    let cases: Vec<_> = perft_cases("xiangqi").into_iter().filter(|c| filter(c.nodes)).collect();
    for case in &cases {
        let mut pos = Xiangqi::from_fen(&case.fen).unwrap_or_else(|e| panic!("{}: {e}", case.name));
        let nodes = perft(&mut pos, case.depth);
        assert_eq!(nodes, case.nodes, "{} depth {} ({})", case.name, case.depth, case.fen);
        assert_eq!(
            pos.fen(),
            Xiangqi::from_fen(&case.fen).unwrap().fen(),
            "perft must restore the position"
        );
    }
    cases.len()
}

#[test]
fn perft_suite_quick_rows() {
    let n = run(|nodes| nodes <= QUICK_LIMIT);
    assert!(n >= 30, "expected the xiangqi perft rows, found {n}");
}

#[test]
#[ignore = "deep rows: minutes in the ci profile"]
fn perft_suite_deep_rows() {
    let n = run(|nodes| nodes > QUICK_LIMIT);
    assert!(n >= 4, "expected the deep xiangqi perft rows, found {n}");
}
