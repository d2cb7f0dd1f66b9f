//! Chess960 through `kientuong match --variant fischerandom`: two kientuong processes in
//! `UCI_Chess960` mode play a numbered start position with both colours at low nodes, refereed
//! to the end by our rules layer; the PGN carries `[Variant "Chess960"]` and the start FEN, and
//! reads back (with python-chess too, when it is installed).

use crate::match_common;

use match_common::*;
use std::process::Command;
use tournament::game::record::Termination;

#[test]
fn chess960_selfplay_is_refereed_to_the_end() {
    let k = kientuong().display().to_string();
    let pgn = temp_pgn("chess960");
    let summary = run_match(&format!(
        "--variant fischerandom --engine cmd={k} name=k1 --engine cmd={k} name=k2 \
         --each nodes=3000 --games 2 --seed 7 --pgnout file={}",
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 2, "one start position, both colours");
    let starts: Vec<_> = summary.records.iter().map(|r| r.start_fen.clone()).collect();
    assert_eq!(starts[0], starts[1], "the pair shares its start position");
    let start = starts[0].clone().expect("a Chess960 start FEN");
    assert!(start.ends_with("w KQkq - 0 1"), "{start}");
    for r in &summary.records {
        assert!(
            matches!(r.end.termination, Termination::Normal | Termination::Adjudication),
            "game {}: {:?} {}",
            r.number,
            r.end.termination,
            r.end.comment
        );
        assert!(!r.moves.is_empty());
    }
    assert_pgn_matches(&summary, &pgn, "chess");
    let text = std::fs::read_to_string(&pgn).expect("PGN written");
    assert_eq!(text.matches("[Variant \"Chess960\"]").count(), 2, "{text}");
    assert_eq!(text.matches("[SetUp \"1\"]").count(), 2, "{text}");

    // python-chess replays every SAN move (castling included) from the FEN tag.
    let script = "import sys, chess.pgn\n\
        f = open(sys.argv[1])\n\
        n = 0\n\
        while (g := chess.pgn.read_game(f)) is not None:\n\
        \x20   assert not g.errors, g.errors\n\
        \x20   assert g.board().chess960\n\
        \x20   n += len(list(g.mainline_moves()))\n\
        print(n)\n";
    if let Ok(out) = Command::new("python3").arg("-c").arg(script).arg(&pgn).output() {
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !stderr.contains("No module named") {
            assert!(out.status.success(), "python-chess could not read the PGN: {stderr}");
            let plies: usize = summary.records.iter().map(|r| r.moves.len()).sum();
            assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), plies.to_string());
        }
    }
    let _ = std::fs::remove_file(&pgn);
}
