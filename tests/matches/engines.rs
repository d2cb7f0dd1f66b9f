//! End-to-end matches between reference engines (Stockfish over UCI, Fairy-Stockfish over UCCI
//! and UCI): the runner plays them to the end with our rules layers refereeing, the PGN reads
//! back in python-chess / cchess with the same results and moves, the SPRT stops a lopsided
//! match early, and gauntlets and round robins report what they should.

use crate::match_common;

use match_common::*;
use tournament::game::record::Termination;

#[test]
fn stockfish_vs_stockfish_chess_games_read_back_in_python_chess() {
    let pgn = temp_pgn("sf-vs-sf");
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} name=A nodes=3000 --engine cmd={STOCKFISH} name=B nodes=6000 \
         --each tc=20+0.2 option.Threads=1 option.Hash=8 --games 2 --rounds 2 --repeat --concurrency 2 \
         --pgnout file={}",
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 4);
    for r in &summary.records {
        assert_eq!(r.end.termination, Termination::Normal, "game {}: {}", r.number, r.end.comment);
        assert!(r.moves.len() > 4, "game {} has moves beyond the opening", r.number);
    }
    // Games 1 and 2 share an opening with colours swapped.
    let (g1, g2) = (&summary.records[0], &summary.records[1]);
    assert_eq!((g1.white, g1.black), (g2.black, g2.white));
    assert!(g1.start_fen.is_some(), "the built-in book gives start positions");
    assert_eq!(g1.start_fen, g2.start_fen);
    assert_eq!(summary.tally.games, 4);
    assert!(summary.report.contains("Score of A vs B: "), "{}", summary.report);
    assert!(summary.report.contains("Elo difference: "));
    assert!(summary.report.contains("Ptnml(0-2): ["));
    assert_pgn_matches(&summary, &pgn, "chess");
}

#[test]
fn fairy_stockfish_over_ucci_against_itself_over_uci() {
    let pgn = temp_pgn("fsf-ucci-vs-uci");
    let summary = run_match(&format!(
        "--game xiangqi --engine cmd={FAIRY} name=ucci proto=ucci --engine cmd={FAIRY} name=uci proto=uci \
         --each tc=20+0.2 nodes=4000 option.Threads=1 --games 2 --rounds 2 --concurrency 2 --pgnout file={}",
        pgn.display()
    ));
    assert_eq!(summary.records.len(), 4);
    for r in &summary.records {
        // Moves converted both ways (UCCI ranks 0-9, UCI ranks 1-10) or the referee would have
        // caught an illegal move.
        assert_eq!(r.end.termination, Termination::Normal, "game {}: {}", r.number, r.end.comment);
    }
    assert_pgn_matches(&summary, &pgn, "xiangqi");
}

#[test]
fn ucci_clock_units_and_auto_detection_give_real_games() {
    // proto left to auto: xiangqi tries UCCI first. A real clock with no node limit checks that
    // Fairy-Stockfish is given milliseconds (as seconds it would think for minutes and forfeit).
    let summary = run_match(&format!(
        "--game xiangqi --engine cmd={FAIRY} name=x --engine cmd={FAIRY} name=y --each tc=3+0.05 timemargin=300 \
         option.Threads=1 --games 2 --movelimit 60"
    ));
    for r in &summary.records {
        assert_ne!(r.end.termination, Termination::TimeForfeit, "{}", r.end.comment);
        assert_ne!(r.end.termination, Termination::RulesInfraction, "{}", r.end.comment);
    }
}

#[test]
fn sprt_stops_a_lopsided_match_early() {
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} name=strong nodes=5000 --engine cmd={STOCKFISH} name=weak nodes=1 \
         --each tc=30+0.3 option.Threads=1 option.Hash=8 --games 2 --rounds 40 --repeat --concurrency 2 \
         --sprt elo0=0 elo1=100 alpha=0.1 beta=0.1"
    ));
    assert!(summary.sprt_stopped, "{}", summary.report);
    assert!(summary.records.len() < 80, "stopped before the schedule ran out");
    assert!(summary.report.contains("H1 was accepted"), "{}", summary.report);
}

#[test]
fn round_robin_crosstable_is_ordered_by_score() {
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} name=n1 nodes=1 --engine cmd={STOCKFISH} name=n8000 nodes=8000 \
         --engine cmd={STOCKFISH} name=n50 nodes=50 --each tc=30+0.3 option.Threads=1 option.Hash=8 \
         --tournament round-robin --games 2 --repeat --concurrency 2"
    ));
    assert_eq!(summary.records.len(), 6, "3 encounters of 2 games");
    let table: Vec<&str> =
        summary.report.lines().skip_while(|l| !l.starts_with("Rank")).skip(1).collect();
    assert_eq!(table.len(), 3, "{}", summary.report);
    let points: Vec<f64> = (0..3).map(|i| summary.tally.standing(i).0).collect();
    let mut sorted = points.clone();
    sorted.sort_by(|a, b| b.partial_cmp(a).unwrap());
    for (row, expected) in table.iter().zip(&sorted) {
        let score: f64 = row.split_whitespace().nth(3).unwrap().parse().unwrap();
        assert_eq!(score, *expected, "{}", summary.report);
    }
    assert_eq!(points.iter().sum::<f64>(), 6.0);
}

#[test]
fn gauntlet_plays_only_the_first_engine_against_the_others() {
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} name=hero nodes=2000 --engine cmd={STOCKFISH} name=v1 nodes=500 \
         --engine cmd={STOCKFISH} name=v2 nodes=500 --each tc=30+0.3 option.Threads=1 option.Hash=8 \
         --tournament gauntlet --games 2 --concurrency 2"
    ));
    assert_eq!(summary.records.len(), 4);
    assert!(summary.records.iter().all(|r| r.white == 0 || r.black == 0));
    assert!(summary.report.contains("Score of hero vs v1"));
    assert!(summary.report.contains("Score of hero vs v2"));
}

#[test]
fn epd_and_pgn_opening_files_are_played() {
    let dir = temp_dir("openings");
    let epd = dir.join("o.epd");
    std::fs::write(
        &epd,
        "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - id \"Two knights\";\n",
    )
    .unwrap();
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} --engine cmd={STOCKFISH} --each nodes=500 tc=30 \
         --openings file={} format=epd --games 2 --repeat",
        epd.display()
    ));
    assert!(summary.records.iter().all(|r| r
        .start_fen
        .as_deref()
        .unwrap()
        .starts_with("r1bqkbnr/pppp1ppp/2n5")));
    let pgn = dir.join("o.pgn");
    std::fs::write(&pgn, "[Event \"x\"]\n\n1. d4 {main} d5 (1... Nf6 2. c4) 2. c4 e6 3. Nc3 *\n")
        .unwrap();
    let summary = run_match(&format!(
        "--game chess --engine cmd={STOCKFISH} --engine cmd={STOCKFISH} --each nodes=500 tc=30 \
         --openings file={} format=pgn --games 2 --repeat",
        pgn.display()
    ));
    for r in &summary.records {
        let book: Vec<&str> = r.moves.iter().take(5).map(|m| m.text.as_str()).collect();
        assert_eq!(book, ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3"]);
    }
}

#[test]
fn the_runner_sends_the_clock_it_keeps() {
    // A scripted engine that thinks 0.15 s a move logs the `go` lines it receives: its clock
    // must start at the base, lose each move's measured time and gain the increment.
    let log = temp_path("clock-log.log");
    let summary = run_match(&format!(
        "--game chess --engine cmd=python3 arg={} arg=slowlog arg={} name=logger tc=20+0.5 \
         --engine cmd={STOCKFISH} name=sf tc=10+0.25 nodes=300 --games 1",
        fixture("broken_engine.py"),
        log.display()
    ));
    assert_eq!(summary.records[0].white_name, "logger");
    assert_eq!(
        summary.records[0].end.termination,
        Termination::Normal,
        "{}",
        summary.records[0].end.comment
    );
    let text = std::fs::read_to_string(&log).expect("the engine logged its go lines");
    let field = |line: &str, key: &str| -> i64 {
        let words: Vec<&str> = line.split_whitespace().collect();
        let i = words.iter().position(|w| *w == key).unwrap_or_else(|| panic!("{key} in {line}"));
        words[i + 1].parse().unwrap()
    };
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines.len() >= 3, "{text}");
    assert_eq!(field(lines[0], "wtime"), 20_000);
    assert_eq!(field(lines[0], "btime"), 10_000, "stockfish has not moved yet");
    for line in &lines {
        assert_eq!(
            (field(line, "winc"), field(line, "binc")),
            (500, 250),
            "each side's own increment"
        );
    }
    for pair in lines.windows(2) {
        let spent = field(pair[0], "wtime") - field(pair[1], "wtime") + 500;
        assert!((150..2000).contains(&spent), "a 0.15 s move was charged {spent} ms:\n{text}");
        assert!(field(pair[1], "btime") <= 10_000 + 250 * lines.len() as i64);
    }
}
