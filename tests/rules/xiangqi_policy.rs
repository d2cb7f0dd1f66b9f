//! The rules policy, one named test per decision: the `[DISAGREEMENT]` rows of the shared
//! rules table (where we follow the seed's diagrams, as docs/RULES.md says), the computer rule for
//! insufficient material, the move-count limit, search-time repetition counting, and a few
//! positions built from the seed rulebook's diagrams (004, Điều 24).

use game_api::{Color, Game, Outcome, Reason, Verdict};
use kientuong_suite::rules_cases;
use movegen_xiangqi::Xiangqi;

fn play(fen: &str, moves: &str) -> Xiangqi {
    let mut pos = Xiangqi::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    for token in moves.split_whitespace() {
        assert!(pos.game_verdict().is_none(), "game over before {token}");
        let m = pos.parse_move(token).unwrap_or_else(|e| panic!("{token}: {e}"));
        pos.make(m);
    }
    pos
}

/// The verdict of the shared table's row tagged `rule` (the `index`-th such row).
fn table_verdict(rule: &str, index: usize) -> (Option<Verdict>, String) {
    let case = rules_cases("xiangqi")
        .into_iter()
        .filter(|c| c.rule == rule)
        .nth(index)
        .unwrap_or_else(|| panic!("no rules case {rule} #{index}"));
    (play(&case.fen, &case.moves).game_verdict(), case.expected)
}

const RED_WINS: Outcome = Outcome::Win(Color::White);
const BLACK_WINS: Outcome = Outcome::Win(Color::Black);

fn assert_verdict(got: Option<Verdict>, outcome: Outcome, reason: Reason) {
    assert_eq!(got, Some(Verdict { outcome, reason }));
}

// ----- [DISAGREEMENT] rows: we follow the seed diagrams -----

#[test]
fn alternating_check_and_chase_is_no_violation_but_the_other_sides_chase_loses() {
    // Diagram 37: Black's cannon alternates a check and a chase (allowed); Red's rook chases
    // the cannon on every move and loses. Pikafish calls this a draw; we do not follow it.
    let (v, expected) = table_verdict("wxf:diagram_37", 0);
    assert_eq!(expected, "black_wins");
    assert_verdict(v, BLACK_WINS, Reason::PerpetualChase);
}

#[test]
fn a_move_that_checks_and_chases_counts_as_a_chase() {
    let (v, _) = table_verdict("fsf:discovered_and_anti_discovered_chase_one_move_also_checks", 0);
    assert_verdict(v, BLACK_WINS, Reason::PerpetualChase);
    let (v, _) = table_verdict("fsf:rook_chases_cannon_one_move_also_discovered_check", 0);
    assert_verdict(v, RED_WINS, Reason::PerpetualChase);
}

#[test]
fn chasing_a_rook_pinned_by_a_horse_loses_and_the_pinned_rook_does_not_chase() {
    // Diagrams 39-41.
    let (v, _) = table_verdict("fsf:d39_chased_rook_pinned_by_horse", 0);
    assert_verdict(v, BLACK_WINS, Reason::PerpetualChase);
    let (v, _) = table_verdict("fsf:d39_chased_rook_pinned_by_horse_2", 0);
    assert_verdict(v, RED_WINS, Reason::PerpetualChase);
    for i in 0..2 {
        let (v, _) = table_verdict("wxf:red_chasing_black_rook._black_rook_pinned_by_hor", i);
        assert_verdict(v, BLACK_WINS, Reason::PerpetualChase);
    }
}

#[test]
fn cannon_chasing_a_rook_through_changing_screens_loses_and_blocking_is_allowed() {
    // Diagram 61: the defender only moves screens (blocking, point 10); the cannon's side loses.
    let (v, _) = table_verdict("wxf:61._red_chase_using_cannon_on_black_rook", 0);
    assert_verdict(v, BLACK_WINS, Reason::PerpetualChase);
}

#[test]
fn two_pieces_chasing_two_pieces_in_turn_is_a_draw() {
    // Point 4; the table's row from diagrams 71-75 where Pikafish disagrees.
    let (v, expected) = table_verdict("wxf:diagrams_71-75", 1);
    assert_eq!(expected, "draw");
    assert_verdict(v, Outcome::Draw, Reason::Repetition);
}

#[test]
fn mutual_pins_by_flying_generals() {
    let (v, expected) = table_verdict("fsf:mutual_pins_by_flying_generals", 0);
    assert_eq!(expected, "red_wins");
    assert_eq!(v.map(|v| v.outcome), Some(RED_WINS));
}

// ----- insufficient material -----

#[test]
fn only_kings_advisors_and_elephants_is_a_draw() {
    let pos = Xiangqi::from_fen("2bak4/4a4/4b4/9/9/9/9/4B4/4A4/3AK1B2 w").unwrap();
    assert_verdict(pos.verdict(0), Outcome::Draw, Reason::InsufficientMaterial);
}

#[test]
fn lone_cannon_against_advisors_is_a_draw_by_the_computer_rule() {
    let (v, expected) = table_verdict("insufficient_material_computer_rule", 0);
    assert_eq!(expected, "draw");
    assert_verdict(v, Outcome::Draw, Reason::InsufficientMaterial);
    // A bare king against a lone cannon: no screen of its own either.
    let pos = Xiangqi::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w").unwrap();
    assert_verdict(pos.verdict(0), Outcome::Draw, Reason::InsufficientMaterial);
}

#[test]
fn material_that_could_mate_is_not_a_draw() {
    for fen in [
        "3ak4/9/9/9/9/9/9/4C4/4A4/3K5 w", // cannon with its own advisor as a screen
        "3ak4/9/9/9/9/9/9/2C1C4/9/3K5 w", // two cannons
        "3ak4/9/9/9/9/9/9/4N4/9/3K5 w",   // horse
        "3ak4/9/9/9/9/9/9/9/4p4/3K5 w",   // a pawn (Black's, deep in Red's half)
        "3ak4/9/9/9/9/9/9/9/9/R2K5 w",    // rook
    ] {
        let pos = Xiangqi::from_fen(fen).unwrap();
        assert_eq!(pos.verdict(0), None, "{fen}");
    }
}

// ----- move-count rule -----

const MATE_IN_ONE_AT_119: &str = "3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 119 70";

#[test]
fn move_limit_draws_at_120_plies_without_capture() {
    let pos = play(MATE_IN_ONE_AT_119, "e0f0");
    assert_verdict(pos.game_verdict(), Outcome::Draw, Reason::MoveLimit);
    let pos = Xiangqi::from_fen(MATE_IN_ONE_AT_119).unwrap();
    assert_eq!(pos.game_verdict(), None, "119 plies is not yet the limit");
}

#[test]
fn mate_on_the_limit_move_still_wins() {
    let pos = play(MATE_IN_ONE_AT_119, "a0a9");
    assert_verdict(pos.game_verdict(), RED_WINS, Reason::Checkmate);
    // The search's view agrees: the limit yields to the mate.
    assert_eq!(pos.verdict(1), None);
}

#[test]
fn move_limit_is_configurable_and_clamped() {
    let mut pos = play(MATE_IN_ONE_AT_119, "e0f0");
    pos.set_move_limit(150);
    assert_eq!(pos.move_limit(), 150);
    assert_eq!(pos.verdict(0), None);
    pos.set_move_limit(20);
    assert_eq!(pos.move_limit(), 100);
    assert_verdict(pos.verdict(0), Outcome::Draw, Reason::MoveLimit);
    pos.set_move_limit(1000);
    assert_eq!(pos.move_limit(), 300);
}

#[test]
fn a_capture_resets_the_clock() {
    // Red is in check from the pawn and takes it on the 120th ply.
    let pos = play("3k5/9/9/9/9/9/9/9/4p4/R3K4 w - - 119 70", "e0e1");
    assert_eq!(pos.capture_clock(), 0);
    assert_eq!(pos.game_verdict(), None);
}

// ----- repetition counting in a game and in a search -----

const SHUFFLE: &str = "b0c2 b9c7 c2b0 c7b9";

#[test]
fn a_game_judges_the_third_occurrence_a_search_the_second_after_the_root() {
    let pos = play(Xiangqi::START_FEN, SHUFFLE);
    assert_eq!(pos.verdict(0), None, "second occurrence: the game goes on");
    assert_verdict(pos.verdict(4), Outcome::Draw, Reason::Repetition);
    assert_verdict(pos.verdict(5), Outcome::Draw, Reason::Repetition);
    assert_eq!(pos.verdict(3), None, "the earlier occurrence lies before a root 3 plies back");
    let pos = play(Xiangqi::START_FEN, &format!("{SHUFFLE} {SHUFFLE}"));
    assert_verdict(pos.verdict(0), Outcome::Draw, Reason::Repetition);
    assert_verdict(pos.verdict(2), Outcome::Draw, Reason::Repetition);
}

#[test]
fn repetition_is_not_seen_across_a_null_move() {
    // Each side moves a horse out and back with a null move in between: the start placement
    // with Red to move comes back, but only across the nulls.
    let mut pos = Xiangqi::startpos();
    for token in ["b0c2", "null", "c2b0", "b9c7", "null", "c7b9"] {
        if token == "null" {
            pos.make_null();
        } else {
            let m = pos.parse_move(token).unwrap();
            pos.make(m);
        }
    }
    assert_eq!(pos.hash(), Xiangqi::startpos().hash());
    assert_eq!(pos.verdict(6), None);
}

// ----- positions built from the seed's diagrams -----

#[test]
fn seed_diagram_1_one_rook_checking_forever_loses() {
    let pos = play("3k5/7R1/9/9/9/9/9/9/9/4K4 w", "h8h9 d9d8 h9h8 d8d9 h8h9 d9d8 h9h8 d8d9");
    assert_verdict(pos.game_verdict(), BLACK_WINS, Reason::PerpetualCheck);
}

#[test]
fn seed_diagram_67_king_chasing_a_cannon_is_a_draw() {
    let pos = play("4k4/4a4/9/9/9/9/9/9/3c5/4K4 w", "e0d0 d1e1 d0e0 e1d1 e0d0 d1e1 d0e0 e1d1");
    assert_verdict(pos.game_verdict(), Outcome::Draw, Reason::Repetition);
}

#[test]
fn seed_diagram_74_rook_chasing_a_crossed_pawn_loses() {
    let pos = play("4k4/4a4/9/9/9/3R5/4p4/9/9/5K3 w", "d4e4 e3d3 e4d4 d3e3 d4e4 e3d3 e4d4 d3e3");
    assert_verdict(pos.game_verdict(), BLACK_WINS, Reason::PerpetualChase);
}

#[test]
fn seed_diagram_43_horse_and_cannon_taking_turns_on_one_rook_lose() {
    // Point 3 / diagrams 42-44: Black's horse attacks the rook directly, then retreats to be
    // the screen of the cannon that attacks it on its other square. Two pieces chase one:
    // Black loses. Red's rook attacks the cannon only every other move (allowed).
    let pos = play("2c2k3/4n4/9/3R5/9/9/9/9/9/4K4 w", "d6c6 e8c7 c6d6 c7e8 d6c6 e8c7 c6d6 c7e8");
    assert_verdict(pos.game_verdict(), RED_WINS, Reason::PerpetualChase);
}

#[test]
fn tt_key_equals_hash_until_the_move_limit_is_near() {
    let far = Xiangqi::from_fen("3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 10 1").unwrap();
    assert_eq!(far.tt_key(), far.hash());
    let near = Xiangqi::from_fen("3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 115 1").unwrap();
    let nearer = Xiangqi::from_fen("3k5/7R1/9/9/9/9/9/9/9/R3K4 w - - 116 1").unwrap();
    assert_eq!(near.hash(), nearer.hash(), "the repetition key ignores the clock");
    assert_ne!(near.tt_key(), near.hash());
    assert_ne!(near.tt_key(), nearer.tt_key());
}
