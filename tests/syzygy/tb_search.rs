//! The search with Syzygy tables (`Engine::set_tablebase`), on won and drawn 3- and 4-man
//! positions that the tables classify: the move chosen keeps the tables' result (with the
//! fifty-move rule, the clock counted), a drawn position shows a draw score even with material
//! up, a won one a win score, and a `mate` score only with a principal variation that really
//! ends in checkmate. Needs the test tables (`syzygy_common::tables_dir`).

use crate::syzygy_common;

use eval_chess::ChessEval;
use game_api::{Game, Move, Wdl};
use movegen_chess::Chess;
use search::{Bound, Engine, Info, Limits, Reporter, Score, Signals};
use std::sync::{Arc, Mutex};
use syzygy::{to_shakmaty, ProbeSettings, Syzygy, Tables};
use syzygy_common::{legal_moves, material_balance, path_text, random_positions, tables_dir};
use syzygy_common::{mover_outcome, outcome50, Origin, SplitMix64};

const WINS: usize = 300;
const DRAWS: usize = 150;
const DEPTH: u32 = 10;

/// The last exact line of the main variation.
#[derive(Default)]
struct LastLine(Mutex<Option<(Score, Vec<Move>)>>);

impl Reporter for LastLine {
    fn info(&self, info: &Info<'_>) {
        if info.multipv <= 1 && info.bound == Bound::Exact {
            *self.0.lock().expect("reporter lock") = Some((info.score, info.pv.to_vec()));
        }
    }
}

/// Whether `pv` is a line of legal moves from `root` that ends in checkmate after `plies`.
fn mates_along(root: &Chess, pv: &[Move], plies: i32) -> Result<(), String> {
    let mut pos = root.clone();
    for (i, &mv) in pv.iter().enumerate() {
        if !pos.is_legal(mv) {
            return Err(format!("pv move {i} is not legal"));
        }
        pos.make(mv);
    }
    if pv.len() as i32 != plies {
        return Err(format!("pv of {} plies for a mate in {plies}", pv.len()));
    }
    if pos.count_legal() != 0 || !pos.in_check() {
        return Err(format!("pv ends in {}, not checkmate", pos.fen()));
    }
    Ok(())
}

struct Case {
    pos: Chess,
    origin: Origin,
    root: Wdl,
}

/// Won and drawn positions (with the fifty-move rule, the clock counted) from the shared
/// generator, classified by the tables; `(wins, draws)`.
fn cases(tables: &Tables) -> (Vec<Case>, Vec<Case>) {
    let mut rng = SplitMix64::new(0x5EED_5E21);
    let (mut wins, mut draws) = (Vec::new(), Vec::new());
    for sample in random_positions(&mut rng, 3000) {
        if wins.len() >= WINS && draws.len() >= DRAWS {
            break;
        }
        let pos = sample.pos;
        if legal_moves(&pos).is_empty() {
            continue;
        }
        let Some(sp) = to_shakmaty(&pos) else { continue };
        let Some(root) = tables.wdl(&sp).expect("probe") else { continue };
        let case = Case { pos, origin: sample.origin, root };
        match outcome50(root) {
            1 if wins.len() < WINS => wins.push(case),
            0 if draws.len() < DRAWS => draws.push(case),
            _ => {}
        }
    }
    assert!(wins.len() == WINS && draws.len() >= DRAWS, "too few cases");
    (wins, draws)
}

#[test]
fn search_keeps_the_tablebase_result_and_reports_it() {
    let Some(dir) = tables_dir() else { return };
    let tables = Arc::new(Tables::open(path_text(&dir)).expect("the test tables open"));
    let (wins, draws) = cases(&tables);
    let mut engine: Engine<Chess, ChessEval> = Engine::new(8, 1);
    engine
        .set_tablebase(Some(Arc::new(Syzygy::new(Arc::clone(&tables), ProbeSettings::default()))));

    let (mut mates, mut late_clock, mut material_draws, mut big_evals) = (0, 0, 0, 0);
    for case in wins.iter().chain(&draws) {
        let pos = &case.pos;
        let fen = pos.fen();
        engine.clear();
        let line = LastLine::default();
        let r = engine.search(pos, &Limits::depth(DEPTH), &line, &Signals::default());
        let best = r.best.unwrap_or_else(|| panic!("{fen}: no move"));
        let mut child = pos.clone();
        child.make(best);
        let played = pos.write_move(best);
        let expected = outcome50(case.root);
        if let Some(outcome) = mover_outcome(&tables, &child) {
            assert_eq!(
                outcome, expected,
                "{fen} ({:?}, tables say {:?}): {played} gives the result away",
                case.origin, case.root
            );
        }
        if case.origin == Origin::LateClock {
            late_clock += 1;
        }
        match (case.root, r.score) {
            (Wdl::Win, Score::Cp(cp)) => {
                assert!(cp >= 20_000, "{fen}: a tablebase win shown as cp {cp}")
            }
            (Wdl::Win, Score::Mate(plies)) => {
                assert!(plies > 0, "{fen}: a won position shown as mate {plies}");
                let (score, pv) =
                    line.0.lock().expect("reporter lock").clone().expect("an exact line");
                assert_eq!(score, r.score, "{fen}: the last line's score");
                mates_along(pos, &pv, plies)
                    .unwrap_or_else(|e| panic!("{fen}: mate in {plies} plies claimed, but {e}"));
                mates += 1;
            }
            (Wdl::Draw, score) => {
                assert_eq!(score, Score::Cp(0), "{fen}: a tablebase draw shown as {score:?}");
                // Material up (two pawns' worth or more) and mating material on the board, so
                // that only the tables know it is a draw.
                let up = material_balance(pos).abs() >= 2;
                if up && pos.verdict(0).is_none() {
                    material_draws += 1;
                    let eval = engine.static_eval(pos).abs();
                    big_evals += usize::from(eval >= 150);
                }
            }
            // Won or lost without the fifty-move rule, drawn with it: a small score with the
            // sign of the result that the rule takes away.
            (Wdl::CursedWin, score) => assert!(
                matches!(score, Score::Cp(cp) if (1..=100).contains(&cp)),
                "{fen}: a cursed win shown as {score:?}"
            ),
            (Wdl::BlessedLoss, score) => assert!(
                matches!(score, Score::Cp(cp) if (-100..=-1).contains(&cp)),
                "{fen}: a blessed loss shown as {score:?}"
            ),
            (Wdl::Loss, _) => unreachable!("losses are not sampled"),
        }
    }
    eprintln!(
        "{} wins ({mates} shown as mates), {} draws ({material_draws} with material up, \
         {big_evals} of them evaluated at 150 cp or more), {late_clock} with a clock of 90+",
        wins.len(),
        draws.len()
    );
    assert!(late_clock >= 30, "only {late_clock} cases with a late clock");
    assert!(material_draws >= 20, "only {material_draws} draws with material up");
    assert!(big_evals >= 10, "only {big_evals} material-up draws the evaluation misjudges");
    assert!(mates >= 10, "only {mates} mates found among {} wins", wins.len());
}

/// A cursed win with the fifty-move rule off (`Syzygy50MoveRule false`) is a win, and the
/// move chosen keeps it as a win without the rule.
#[test]
fn without_the_fifty_move_rule_a_cursed_win_is_a_win() {
    let Some(dir) = tables_dir() else { return };
    let tables = Arc::new(Tables::open(path_text(&dir)).expect("the test tables open"));
    let settings = ProbeSettings { fifty_move_rule: false, ..ProbeSettings::default() };
    let mut engine: Engine<Chess, ChessEval> = Engine::new(8, 1);
    engine.set_tablebase(Some(Arc::new(Syzygy::new(Arc::clone(&tables), settings))));
    let mut rng = SplitMix64::new(0x5EED_5E22);
    let mut cursed = 0;
    for sample in random_positions(&mut rng, 3000) {
        let pos = &sample.pos;
        let Some(sp) = to_shakmaty(pos) else { continue };
        if tables.wdl(&sp).expect("probe") != Some(Wdl::CursedWin) || legal_moves(pos).is_empty() {
            continue;
        }
        engine.clear();
        let r = engine.search(pos, &Limits::depth(6), &LastLine::default(), &Signals::default());
        let fen = pos.fen();
        assert!(
            matches!(r.score, Score::Cp(cp) if cp >= 20_000)
                || matches!(r.score, Score::Mate(p) if p > 0),
            "{fen}: a win without the rule shown as {:?}",
            r.score
        );
        // Without the rule the result is the WDL after zeroing, which ignores the clock.
        let mut child = pos.clone();
        child.make(r.best.expect("a move"));
        let after = if child.count_legal() == 0 {
            if child.in_check() {
                Wdl::Win
            } else {
                Wdl::Draw
            }
        } else {
            tables.wdl_after_zeroing(&to_shakmaty(&child).expect("child")).expect("probe").flipped()
        };
        assert!(after >= Wdl::CursedWin, "{fen}: {:?} after the move", after);
        cursed += 1;
        if cursed == 30 {
            break;
        }
    }
    assert!(cursed >= 10, "only {cursed} cursed wins sampled");
}

/// Engine against engine, both with the tables, from wins that take many moves to convert
/// (python-chess: DTZ 58, 57, 29, 28): the side that wins mates, inside the fifty-move rule and
/// without a repetition, and the tables' result never changes along the game. The game keeps its
/// history, so repetitions and the clock are the real ones.
#[test]
fn self_play_converts_long_tablebase_wins() {
    let Some(dir) = tables_dir() else { return };
    let tables = Arc::new(Tables::open(path_text(&dir)).expect("the test tables open"));
    let mut engine: Engine<Chess, ChessEval> = Engine::new(8, 1);
    engine
        .set_tablebase(Some(Arc::new(Syzygy::new(Arc::clone(&tables), ProbeSettings::default()))));
    for fen in [
        "8/8/8/4k3/8/8/8/KBN5 w - - 0 1",
        "6Q1/8/8/2k5/8/8/4r3/7K w - - 0 1",
        "8/8/3k4/8/8/8/8/KR6 w - - 0 1",
        "k7/8/8/8/8/8/8/KBB5 w - - 0 1",
    ] {
        let mut pos = Chess::from_fen(fen).expect("test FEN");
        let start = tables.wdl(&to_shakmaty(&pos).expect("in the tables")).expect("probe");
        assert_eq!(start, Some(Wdl::Win), "{fen}");
        engine.clear();
        let mut moves = Vec::new();
        let verdict = loop {
            if let Some(v) = pos.game_verdict() {
                break v;
            }
            assert!(moves.len() < 200, "{fen}: no result after {}", moves.join(" "));
            let r =
                engine.search(&pos, &Limits::depth(6), &LastLine::default(), &Signals::default());
            let best = r.best.expect("a move");
            moves.push(pos.write_move(best));
            pos.make(best);
            if pos.count_legal() > 0 {
                // White, the winner, moved last on odd plies.
                let wdl = tables.wdl(&to_shakmaty(&pos).expect("in the tables")).expect("probe");
                let white_to_move = moves.len() % 2 == 0;
                let want = if white_to_move { Wdl::Win } else { Wdl::Loss };
                assert!(
                    wdl.is_none() || wdl == Some(want),
                    "{fen}: after {} the tables say {wdl:?} for the side to move",
                    moves.join(" ")
                );
            }
        };
        assert_eq!(
            (verdict.reason, verdict.outcome),
            (game_api::Reason::Checkmate, game_api::Outcome::Win(game_api::Color::White)),
            "{fen}: {}",
            moves.join(" ")
        );
        eprintln!("{fen}: mate in {} plies", moves.len());
    }
}
