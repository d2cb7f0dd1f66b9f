//! Cross-checks the Syzygy probes (`crates/syzygy`) against python-chess's own prober on a few
//! thousand random legal positions with 3 and 4 men: WDL after zeroing, WDL with the
//! fifty-move clock counted, and DTZ. Also the probe gates of `Syzygy` (piece count, depth,
//! castling rights). Needs the test tables (`syzygy_common::tables_dir`); with `CI` set, missing
//! tables or python-chess are a failure, not a skip.

use crate::syzygy_common;

use game_api::{Game, Tablebase, Wdl};
use movegen_chess::Chess;
use std::collections::HashMap;
use std::io::Write;
use std::process::Command;
use std::sync::Arc;
use syzygy::{to_shakmaty, ProbeSettings, Syzygy, Tables};
use syzygy_common::{
    mover_outcome, outcome50, path_text, random_positions, tables_dir, SplitMix64,
};

const POSITIONS: usize = 3000;

#[test]
fn probes_match_python_chess() {
    let Some(dir) = tables_dir() else { return };
    let tables = Tables::open(path_text(&dir)).expect("the test tables open");
    assert!(tables.skipped().is_empty(), "{}", tables.summary());
    assert!(tables.max_pieces() >= 4, "{}", tables.summary());

    let mut rng = SplitMix64::new(0x5EED_5E11);
    let samples = random_positions(&mut rng, POSITIONS);
    let mut coverage: HashMap<String, usize> = HashMap::new();
    let mut count = |what: String| *coverage.entry(what).or_default() += 1;
    let path = std::env::temp_dir().join(format!("syzygy_oracle_{}.tsv", std::process::id()));
    let mut file = std::fs::File::create(&path).expect("create oracle input");
    for sample in &samples {
        let pos = &sample.pos;
        let fen = pos.fen();
        count(format!("{:?}", sample.origin));
        count(format!("{} men", pos.piece_count()));
        let Some(sp) = to_shakmaty(pos) else {
            // Only a check that no game can reach is refused (shakmaty's rule: two checkers
            // that no single move could give, two knights say); python-chess must call the
            // position invalid or see that double check too.
            assert!(pos.in_check(), "to_shakmaty refused {fen}, which is not in check");
            count("refused".into());
            writeln!(file, "{fen}\trefused").expect("write");
            continue;
        };
        let after_zeroing = tables
            .wdl_after_zeroing(&sp)
            .unwrap_or_else(|e| panic!("wdl_after_zeroing failed on {fen}: {e}"));
        let with_clock = tables.wdl(&sp).unwrap_or_else(|e| panic!("wdl failed on {fen}: {e}"));
        let dtz = tables.dtz(&sp).unwrap_or_else(|e| panic!("dtz failed on {fen}: {e}"));
        // The adjudication helper is the clock-counting probe, falling back only when it
        // cannot tell.
        let adjudged = syzygy::game_result(&tables, pos, 7);
        assert_eq!(adjudged, with_clock, "game_result on {fen}");
        if pos.ep_square().is_some() {
            count("en passant kept".into());
        }
        count(format!("after zeroing {after_zeroing:?}"));
        match with_clock {
            Some(w) if w != after_zeroing => count(format!("clock turns it to {w:?}")),
            None => count("ambiguous with clock".into()),
            _ => {}
        }
        let clock_text = with_clock.map_or("none".to_owned(), |w| w.signed().to_string());
        writeln!(file, "{fen}\t{}\t{clock_text}\t{dtz}", after_zeroing.signed()).expect("write");
    }
    drop(file);

    // The sample must reach the cases it is meant to: every result, the clock changing a
    // result, en passant.
    let seen = |what: &str| coverage.get(what).copied().unwrap_or(0);
    for (what, least) in [
        ("EnPassant", POSITIONS / 12),
        ("en passant kept", POSITIONS / 12),
        ("LateClock", POSITIONS / 6),
        ("3 men", POSITIONS / 5),
        ("4 men", POSITIONS / 3),
        ("after zeroing Win", POSITIONS / 10),
        ("after zeroing Draw", POSITIONS / 10),
        ("after zeroing Loss", POSITIONS / 10),
        ("clock turns it to CursedWin", 20),
        ("clock turns it to BlessedLoss", 20),
    ] {
        assert!(
            seen(what) >= least,
            "only {} samples '{what}' (want {least}): {coverage:?}",
            seen(what)
        );
    }
    eprintln!("syzygy oracle coverage: {coverage:?}");

    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/support/syzygy_oracle.py");
    let output = Command::new("python3").arg(script).arg(&dir).arg(&path).output();
    let _ = std::fs::remove_file(&path);
    let in_ci = std::env::var_os("CI").is_some();
    let output = match output {
        Ok(o) => o,
        Err(e) if !in_ci => {
            eprintln!("skipping: cannot run python3 ({e})");
            return;
        }
        Err(e) => panic!("CI is set but python3 cannot run: {e}"),
    };
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    if output.status.code() == Some(2) && !in_ci {
        eprintln!("skipping: {stderr}");
        return;
    }
    assert!(output.status.success(), "python-chess disagrees:\n{stdout}\n{stderr}");
    assert!(stdout.contains(&format!("checked {} positions", samples.len())), "{stdout}");
    eprint!("{stdout}");
}

/// What the search's tree probe (`Tablebase::probe_wdl`) answers: only positions within the
/// probe limit, at the largest piece count only from `SyzygyProbeDepth` up, never with
/// castling rights; the answer is the WDL after zeroing.
#[test]
fn tree_probes_respect_the_probe_settings() {
    let Some(dir) = tables_dir() else { return };
    let tables = Arc::new(Tables::open(path_text(&dir)).expect("the test tables open"));
    let settings = |probe_depth, probe_limit| ProbeSettings {
        probe_depth,
        probe_limit,
        fifty_move_rule: true,
    };
    let pos = |fen: &str| Chess::from_fen(fen).expect("test FEN");
    // KQvKR, White to move and winning; a 3-man KQvK; 5 men; 4 men with castling rights.
    let kqkr = pos("8/8/8/4k3/8/8/Q2r4/1K6 w - - 37 1");
    let kqk = pos("8/8/8/3k4/8/8/8/QK6 b - - 0 1");
    let five = pos("8/8/8/4k3/8/8/Q2r4/1KR5 w - - 0 1");
    let castling = pos("4k3/8/8/8/8/8/3r4/Q3K2R w K - 0 1");

    let default = Syzygy::new(Arc::clone(&tables), ProbeSettings::default());
    assert_eq!(default.cardinality(), tables.max_pieces().min(7));
    let after_zeroing = tables.wdl_after_zeroing(&to_shakmaty(&kqkr).expect("in the tables"));
    assert_eq!(after_zeroing.ok(), Some(Wdl::Win));
    // Tree probes read the position as reached by a zeroing move, whatever its clock says.
    assert_eq!(default.probe_wdl(&kqkr, 1), Some(Wdl::Win));
    assert_eq!(default.probe_wdl(&kqk, 0), Some(Wdl::Loss));
    if tables.max_pieces() < 5 {
        assert_eq!(default.probe_wdl(&five, 20), None);
    }
    assert_eq!(default.probe_wdl(&castling, 20), None);
    assert_eq!(to_shakmaty(&castling).map(|_| ()), None);

    // At the largest piece count (4 with the test set), only from the probe depth up.
    if tables.max_pieces() == 4 {
        let deep = Syzygy::new(Arc::clone(&tables), settings(5, 7));
        assert_eq!(deep.probe_wdl(&kqkr, 4), None);
        assert_eq!(deep.probe_wdl(&kqkr, 5), Some(Wdl::Win));
        // Fewer men than the largest tables: at any depth.
        assert_eq!(deep.probe_wdl(&kqk, 0), Some(Wdl::Loss));
    }
    // SyzygyProbeLimit below the piece count turns probing off for that position.
    let limited = Syzygy::new(Arc::clone(&tables), settings(1, 3));
    assert_eq!(limited.cardinality(), 3);
    assert_eq!(limited.probe_wdl(&kqkr, 30), None);
    assert_eq!(limited.probe_wdl(&kqk, 30), Some(Wdl::Loss));
    let off = Syzygy::new(Arc::clone(&tables), settings(1, 0));
    assert_eq!(off.probe_wdl(&kqk, 30), None);
    assert_eq!(off.rank_root(&kqk, syzygy_common::legal_moves(&kqk).as_slice()), None);
    // Syzygy50MoveRule is what the search reads to score cursed wins.
    assert!(default.fifty_move_rule());
    let no_rule = ProbeSettings { fifty_move_rule: false, ..ProbeSettings::default() };
    assert!(!Syzygy::new(tables, no_rule).fifty_move_rule());
}

/// Every root move ranked, and only the moves of the best rank keep the best result: checked on
/// the sample positions the tables know, against the tables' own word on each child.
#[test]
fn root_ranking_orders_moves_by_their_results() {
    let Some(dir) = tables_dir() else { return };
    let tables = Arc::new(Tables::open(path_text(&dir)).expect("the test tables open"));
    let tb = Syzygy::new(Arc::clone(&tables), ProbeSettings::default());
    let mut rng = SplitMix64::new(0x5EED_5E12);
    let mut ranked = 0;
    for sample in random_positions(&mut rng, 600) {
        let pos = &sample.pos;
        let moves = syzygy_common::legal_moves(pos);
        if moves.is_empty() || to_shakmaty(pos).is_none() {
            continue;
        }
        let ranking =
            tb.rank_root(pos, moves.as_slice()).expect("a ranking for a position in the tables");
        assert!(ranking.by_dtz, "the test set has every DTZ table");
        assert_eq!(ranking.moves.len(), moves.len());
        let best = ranking.moves.iter().map(|m| m.rank).max().expect("moves");
        // The best rank's result for the root's side, by the tables with the clock counted:
        // a move of the best rank reaches it.
        let root = tables.wdl(&to_shakmaty(pos).expect("in the tables")).expect("probe");
        let Some(root) = root else { continue };
        for m in &ranking.moves {
            let mut child = pos.clone();
            child.make(m.mv);
            let outcome = mover_outcome(&tables, &child);
            if m.rank == best {
                if let Some(outcome) = outcome {
                    assert_eq!(
                        outcome,
                        outcome50(root),
                        "{} ({:?}): best-ranked {} leads to {outcome}",
                        pos.fen(),
                        sample.origin,
                        pos.write_move(m.mv)
                    );
                }
            } else if let Some(outcome) = outcome {
                assert!(
                    outcome <= outcome50(root),
                    "{}: {} ranks below the best but does better",
                    pos.fen(),
                    pos.write_move(m.mv)
                );
            }
        }
        ranked += 1;
    }
    assert!(ranked > 400, "only {ranked} positions ranked");
}
