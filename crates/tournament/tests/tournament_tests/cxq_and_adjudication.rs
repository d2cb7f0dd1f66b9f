//! The CXQ club limits (`--rules cxq`) and score adjudication (`--resign`, `--draw`).

use game_api::{Color, Game, GenKind, Move, MoveList, Outcome, Reason};
use movegen_xiangqi::Xiangqi;
use protocol::Score;
use std::collections::HashSet;
use tournament::config::{DrawRule, ResignRule};
use tournament::game::adjudicate::Adjudicator;
use tournament::game::record::Termination;
use tournament::game::referee::Referee;
use tournament::notation::board_view::BoardView;

/// The first legal move that `accept` likes and that reaches a position not seen before.
fn pick(
    referee: &Referee<Xiangqi>,
    seen: &HashSet<u64>,
    accept: &dyn Fn(&mut Xiangqi, Move) -> bool,
) -> Option<String> {
    let mut pos = referee.position().clone();
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    for &m in list.iter() {
        if !accept(&mut pos, m) {
            continue;
        }
        pos.make(m);
        let new = !seen.contains(&pos.hash());
        pos.unmake();
        if new {
            return Some(pos.write_move(m));
        }
    }
    None
}

fn quiet_piece_move(pos: &mut Xiangqi, m: Move) -> bool {
    let view = BoardView::of(pos);
    let text = pos.write_move(m);
    let Some((from, _, _)) = view.squares_of_move(&text) else { return false };
    let pawn = view.at(from).is_some_and(|c| c.eq_ignore_ascii_case(&'p'));
    !pawn && pos.captured_kind(m).is_none() && !pos.gives_check(m)
}

#[test]
fn thirty_plies_without_progress_draw_under_cxq_only() {
    // Kings shielded by advisors, elephants and far-away pawns: nothing can ever be captured.
    let fen = "2bak1b2/4a4/9/8p/9/9/P8/9/4A4/2BAK1B2 w - - 0 1";
    let mut cxq = Referee::<Xiangqi>::new(Some(fen), &|_| {}).unwrap().with_cxq();
    let mut asian = Referee::<Xiangqi>::new(Some(fen), &|_| {}).unwrap();
    let mut seen = HashSet::from([cxq.position().hash()]);
    for ply in 1..=30 {
        assert_eq!(cxq.verdict(), None, "before ply {ply}");
        let mv = pick(&cxq, &seen, &quiet_piece_move)
            .unwrap_or_else(|| panic!("no fresh quiet move at ply {ply}"));
        cxq.play(&mv).unwrap();
        asian.play(&mv).unwrap();
        seen.insert(cxq.position().hash());
    }
    assert_eq!(
        cxq.verdict().map(|v| (v.outcome, v.reason)),
        Some((Outcome::Draw, Reason::MoveLimit))
    );
    assert_eq!(asian.verdict(), None, "the Asian rules allow 120 plies");
}

#[test]
fn a_seventh_check_in_a_row_with_one_piece_loses_under_cxq() {
    let fen = "3akab2/9/9/9/R8/9/9/9/9/5K3 w - - 0 1";
    let mut referee = Referee::<Xiangqi>::new(Some(fen), &|_| {}).unwrap().with_cxq();
    let mut seen = HashSet::from([referee.position().hash()]);
    let checks = |pos: &mut Xiangqi, m: Move| pos.gives_check(m);
    let quiet = |pos: &mut Xiangqi, m: Move| pos.captured_kind(m).is_none();
    for n in 1..=7 {
        assert_eq!(referee.verdict(), None, "before check {n}");
        let mv = pick(&referee, &seen, &checks).unwrap_or_else(|| panic!("no fresh check {n}"));
        referee.play(&mv).unwrap();
        seen.insert(referee.position().hash());
        if n == 7 {
            break;
        }
        assert_eq!(referee.verdict(), None, "after check {n}");
        let reply = pick(&referee, &seen, &quiet).unwrap_or_else(|| panic!("no fresh reply {n}"));
        referee.play(&reply).unwrap();
        seen.insert(referee.position().hash());
    }
    let v = referee.verdict().expect("the seventh check breaks the CXQ limit");
    assert_eq!((v.outcome, v.reason), (Outcome::Win(Color::Black), Reason::PerpetualCheck));
}

#[test]
fn resign_needs_consecutive_losing_scores() {
    let names = ["white", "black"];
    let rule = ResignRule { movecount: 3, score: 500, twosided: false };
    let mut adj = Adjudicator::new(Some(rule), None);
    let lost = Some(Score::Cp(-600));
    assert_eq!(adj.after_move(Color::White, lost, 10, names), None);
    assert_eq!(
        adj.after_move(Color::White, Some(Score::Cp(-100)), 11, names),
        None,
        "streak broken"
    );
    assert_eq!(adj.after_move(Color::White, lost, 12, names), None);
    assert_eq!(adj.after_move(Color::White, Some(Score::MatedIn(8)), 13, names), None);
    let end = adj.after_move(Color::White, lost, 14, names).expect("third losing score");
    assert_eq!(
        (end.outcome, end.termination),
        (Outcome::Win(Color::Black), Termination::Adjudication)
    );
    assert_eq!(end.comment, "White resigns");

    let two = ResignRule { twosided: true, ..rule };
    let mut adj = Adjudicator::new(Some(two), None);
    for n in 0..3 {
        assert_eq!(
            adj.after_move(Color::White, lost, n, names),
            None,
            "the opponent has not agreed yet"
        );
        let _ = adj.after_move(Color::Black, Some(Score::Cp(0)), n, names);
    }
    let mut adj = Adjudicator::new(Some(two), None);
    let mut end = None;
    for n in 0..3 {
        end = end.or(adj.after_move(Color::Black, Some(Score::Cp(700)), n, names));
        end = end.or(adj.after_move(Color::White, lost, n, names));
    }
    assert_eq!(end.map(|e| e.outcome), Some(Outcome::Win(Color::Black)));
}

#[test]
fn draw_adjudication_waits_for_the_move_number_and_both_sides() {
    let names = ["red", "black"];
    let rule = DrawRule { movenumber: 20, movecount: 2, score: 10 };
    let mut adj = Adjudicator::new(None, Some(rule));
    let level = Some(Score::Cp(5));
    for n in 15..20 {
        assert_eq!(adj.after_move(Color::White, level, n, names), None);
        assert_eq!(
            adj.after_move(Color::Black, level, n, names),
            None,
            "move {n} is before movenumber"
        );
    }
    assert_eq!(adj.after_move(Color::White, level, 20, names), None);
    assert_eq!(adj.after_move(Color::Black, Some(Score::Cp(-30)), 20, names), None);
    assert_eq!(adj.after_move(Color::White, level, 21, names), None);
    assert_eq!(adj.after_move(Color::Black, level, 21, names), None);
    assert_eq!(adj.after_move(Color::White, level, 22, names), None);
    let end = adj.after_move(Color::Black, level, 22, names).expect("two level scores each");
    assert_eq!((end.outcome, end.termination), (Outcome::Draw, Termination::Adjudication));
}

/// Whether the piece on `from` can capture on `target`; with `pass`, the side that just moved
/// is given the turn back first (so its threat can be seen).
fn threatens(pos: &mut Xiangqi, from: &str, target: &str, pass: bool) -> bool {
    if pass {
        if pos.in_check() {
            return false;
        }
        pos.make_null();
    }
    let mut list = MoveList::new();
    pos.generate(GenKind::Tactical, &mut list);
    let found = list.iter().any(|&m| pos.write_move(m) == format!("{from}{target}"));
    if pass {
        pos.unmake_null();
    }
    found
}

fn find(pos: &Xiangqi, piece: char) -> String {
    let view = BoardView::of(pos);
    for rank in 0..10 {
        for file in 0..9 {
            let c = tournament::notation::board_view::Coord { file, rank };
            if view.at(c) == Some(piece) {
                return view.square_name(c);
            }
        }
    }
    panic!("no {piece} on the board");
}

#[test]
fn a_rook_chasing_an_unprotected_cannon_seven_times_loses_under_cxq() {
    let fen = "5k3/9/9/9/1c7/9/9/9/3K5/R8 w - - 0 1";
    let mut referee = Referee::<Xiangqi>::new(Some(fen), &|_| {}).unwrap().with_cxq();
    let mut seen = HashSet::from([referee.position().hash()]);
    for n in 1..=7 {
        assert_eq!(referee.verdict(), None, "before chase {n}");
        let (rook, cannon) = (find(referee.position(), 'R'), find(referee.position(), 'c'));
        // Red: a rook move (no capture, no check) after which the rook threatens the cannon.
        let chase = |pos: &mut Xiangqi, m: Move| {
            let text = pos.write_move(m);
            if !text.starts_with(&rook) || pos.captured_kind(m).is_some() || pos.gives_check(m) {
                return false;
            }
            pos.make(m);
            let hit = threatens(pos, &text[2..], &cannon, true);
            pos.unmake();
            hit
        };
        let mv = pick(&referee, &seen, &chase).unwrap_or_else(|| {
            panic!("no fresh chase {n} after {:?} in {}", referee.moves(), referee.position().fen())
        });
        referee.play(&mv).unwrap();
        seen.insert(referee.position().hash());
        if n == 7 {
            break;
        }
        assert_eq!(referee.verdict(), None, "after chase {n}");
        // Black: the cannon steps out of the rook's reach without capturing or checking.
        let rook = find(referee.position(), 'R');
        let cannon = find(referee.position(), 'c');
        let flee = |pos: &mut Xiangqi, m: Move| {
            let text = pos.write_move(m);
            if !text.starts_with(&cannon) || pos.captured_kind(m).is_some() || pos.gives_check(m) {
                return false;
            }
            pos.make(m);
            let safe = !threatens(pos, &rook, &text[2..], false);
            pos.unmake();
            safe
        };
        let reply = pick(&referee, &seen, &flee).unwrap_or_else(|| panic!("no fresh escape {n}"));
        referee.play(&reply).unwrap();
        seen.insert(referee.position().hash());
    }
    let v = referee.verdict().expect("the seventh chase breaks the CXQ limit");
    assert_eq!((v.outcome, v.reason), (Outcome::Win(Color::Black), Reason::PerpetualChase));
}
