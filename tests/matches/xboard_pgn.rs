//! The reader `tests/gui_xboard.rs` judges XBoard's matches with, on PGN files XBoard wrote in
//! such matches (`tests/data/xboard/`: chess through polyglot, xiangqi through uci2wb over UCCI
//! and over UCI), so that it is checked where no XBoard is installed: every game is read to its
//! end, and a forfeit, an unfinished game, an illegal move or a false mate is refused.

use crate::xboard_common;

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use xboard_common::pgn::{referee, split_games, GameSummary, PgnGame};
use xboard_common::xiangqi_san;

fn fixture(name: &str) -> String {
    let path = kientuong_suite::data_dir().join("xboard").join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn chess(game: &PgnGame) -> Result<GameSummary, String> {
    referee::<Chess>(
        game,
        |pos, token| tournament::san::parse_any(pos, token).ok_or_else(|| "illegal".to_owned()),
        true,
    )
}

fn xiangqi(game: &PgnGame) -> Result<GameSummary, String> {
    referee::<Xiangqi>(game, xiangqi_san::resolve, false)
}

/// (result, plies, end comment) of each game.
fn summaries(
    text: &str,
    judge: fn(&PgnGame) -> Result<GameSummary, String>,
) -> Vec<(String, usize, String)> {
    split_games(text)
        .iter()
        .map(|g| judge(g).unwrap_or_else(|e| panic!("{e}")))
        .map(|s| (s.result, s.plies, s.end_comment))
        .collect()
}

fn expect(result: &str, plies: usize, end: &str) -> (String, usize, String) {
    (result.to_owned(), plies, end.to_owned())
}

#[test]
fn chess_games_through_polyglot_read_to_their_end() {
    assert_eq!(
        summaries(&fixture("chess_polyglot.pgn"), chess),
        [
            expect("1/2-1/2", 96, "Draw by repetition"),
            expect("0-1", 136, "Xboard adjudication: Checkmate")
        ]
    );
}

#[test]
fn xiangqi_games_through_uci2wb_read_to_their_end() {
    assert_eq!(
        summaries(&fixture("xiangqi_ucci.pgn"), xiangqi),
        [
            expect("0-1", 262, "White resigns"),
            expect("1/2-1/2", 296, "Xboard adjudication: 50-move rule")
        ]
    );
    assert_eq!(
        summaries(&fixture("xiangqi_uci.pgn"), xiangqi),
        [
            expect("0-1", 112, "Xboard adjudication: Checkmate"),
            expect("1/2-1/2", 97, "XBoard adjudication: repetition draw")
        ]
    );
}

/// The first game of a fixture with `edit` applied to its text, refereed.
fn edited(
    name: &str,
    edit: impl Fn(&str) -> String,
    judge: fn(&PgnGame) -> Result<GameSummary, String>,
) -> Result<GameSummary, String> {
    let text = fixture(name);
    let first = split_games(&text).into_iter().next().expect("a game");
    let movetext = edit(&first.movetext);
    let tags = first.tags.into_iter().map(|(t, v)| (t, edit(&v))).collect();
    judge(&PgnGame { tags, movetext })
}

fn refused(outcome: Result<GameSummary, String>, why: &str) {
    match outcome {
        Ok(s) => {
            panic!("accepted {} {{{}}}, expected a refusal for {why}", s.result, s.end_comment)
        }
        Err(e) => assert!(e.contains(why), "refused for {e}, expected {why}"),
    }
}

#[test]
fn forfeits_and_unfinished_games_are_refused() {
    let forfeit = |t: &str| t.replace("{White resigns}", "{White forfeits on time}");
    refused(edited("xiangqi_ucci.pgn", forfeit, xiangqi), "not finished over the board (forfeit)");
    let crash = |t: &str| t.replace("{White resigns}", "{White exited unexpectedly}");
    refused(edited("xiangqi_ucci.pgn", crash, xiangqi), "not finished over the board (exited)");
    let unfinished = |t: &str| t.replace("0-1", "*");
    refused(edited("xiangqi_ucci.pgn", unfinished, xiangqi), "unfinished");
    let tag_only = |t: &str| if t == "0-1" { "1-0".to_owned() } else { t.to_owned() };
    refused(edited("xiangqi_ucci.pgn", tag_only, xiangqi), "Result tag 1-0 but the movetext");
}

#[test]
fn an_illegal_move_and_a_false_mate_are_refused() {
    // Ci2# mates; a king never leaves its palace for i2.
    let illegal = |t: &str| t.replace("Ci2#", "Ki2#");
    refused(edited("xiangqi_uci.pgn", illegal, xiangqi), "ply 112: Ki2#: no legal move matches");
    // The chess draw by repetition, called a mate.
    let false_mate = |t: &str| {
        t.replace("{Draw by repetition} 1/2-1/2", "{Xboard adjudication: Checkmate} 0-1")
            .replace("1/2-1/2", "0-1")
    };
    refused(edited("chess_polyglot.pgn", false_mate, chess), "has legal moves");
    // A repetition draw where our rules see none: the game cut two plies short.
    let early = |t: &str| t.replace("48. Rg1 {+0.00/28 0.2} Kf8 {+0.00/30 0.1}", "");
    refused(edited("chess_polyglot.pgn", early, chess), "our rules say None");
}

/// XBoard writes a pawn's file only when the pawn changes file; a bare target is the pawn
/// straight ahead (seen in a UCI-xiangqi match: black pawns on g4 and f3 could both reach g3).
#[test]
fn a_bare_xiangqi_pawn_move_is_the_pawn_straight_ahead() {
    use game_api::Game;
    let mut pos = Xiangqi::from_fen("3ak1b2/3ca4/4b4/9/3N1N2P/P5p2/5p3/3n5/4K4/3A5 b - - 1 53")
        .expect("test FEN");
    let forward = xiangqi_san::resolve(&mut pos, "g3").expect("g3 is legal");
    assert_eq!(pos.write_move(forward), "g4g3");
    let sideways = xiangqi_san::resolve(&mut pos, "fg3").expect("fg3 is legal");
    assert_eq!(pos.write_move(sideways), "f3g3");
}

/// A failed XBoard match reports the engines' talk from XBoard's debug log: the commands and
/// answers of both hops stay, the thinking lines and option declarations of either hop go.
#[test]
fn traffic_keeps_the_talk_and_drops_the_thinking() {
    let log = "\
StartChildProcess (dir=\".\") uci2wb debug -x kientuong
38800 <second: feature option=\"Hash -spin 16 1 65536\"
38800 >second: accepted option
38801 <second: # engine said: option name Hash type spin default 16 min 1 max 65536
38802 <second: # queue 'option', searching=0
38848 >second: go
38849 <second:   1      22      0         55 h2e2
38849 <second: # engine said: info depth 1 score 22 pv h2e2
38850 <second: # go time 5000 opptime 5000
39075 <second: # engine said: bestmove b2e2 ponder b7e7
39075 <second: move b2e2
39075 >first : usermove b2e2
try e5e1=0
";
    assert_eq!(
        xboard_common::run::traffic(log),
        "38848 >second: go\n38850 <second: # go time 5000 opptime 5000\n\
         39075 <second: # engine said: bestmove b2e2 ponder b7e7\n39075 <second: move b2e2\n\
         39075 >first : usermove b2e2"
    );
}

/// A match's searches as uci2wb logs them, each on the game's position: the first engine's
/// opening move and ponder search, the second engine's reply from force mode, a ponder hit.
const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r";

fn adapter_log(second_sends: &str, first_ponders_on: &str, reply: &str) -> String {
    format!(
        "\
100 >first : new
101 >second: new
201 <first : # fen {START} moves
201 <first : # go btime 5000 wtime 5000
400 <first : # engine said: bestmove b2e2 ponder {first_ponders_on}
400 <first : # fen {START} moves b2e2 {first_ponders_on}
400 <first : # go ponder btime 4800 wtime 5000
400 <first : move b2e2
401 >second: usermove 401 >second: b2e2
402 <second: # fen {START} moves {second_sends}
402 <second: # go btime 5000 wtime 4900
600 <second: # engine said: bestmove {reply}
600 <second: move {reply}
601 >first : usermove 601 >first : {reply}
601 <first : # ponderhit
"
    )
}

/// uci2wb's side of a match is checked against the game: a log where every search starts on
/// the game's position passes; a move entered twice (its queue bug, as CI met it), a ponder hit
/// on a move the opponent did not play, and a stopped search's answer relayed as the next one's
/// are the adapter's faults; a `bestmove` for no search is the engine's.
#[test]
fn adapter_faults_are_found_and_told_from_the_engines() {
    use xboard_common::adapter::{fault, Fault};
    let clean = adapter_log("b2e2", "b7e7", "b7e7");
    assert_eq!(fault::<Xiangqi>(&clean), None);
    let adapter = |log: &str, at: &str| match fault::<Xiangqi>(log) {
        Some(Fault::Adapter(why)) => assert!(why.starts_with(at), "{why}"),
        other => panic!("{other:?}"),
    };
    adapter(&adapter_log("b2e2 b2e2", "b7e7", "b7e7"), "second, at `402 <second: # go");
    adapter(&adapter_log("b2e2", "h7e7", "b7e7"), "first, at `601 <first : # ponderhit");
    // The second adapter stops a search and starts the next before the first's answer came.
    let stale = clean.replace(
        "402 <second: # go btime 5000 wtime 4900\n",
        "402 <second: # go ponder btime 5000 wtime 4900\n402 <second: # go btime 5000 wtime 4900\n",
    );
    adapter(&stale, "second, at `600 <second: move");
    let lost =
        clean.replace("401 >second: usermove", "401 <second: # command \n401 >second: usermove");
    adapter(&lost, "second, at `401 <second: # command");
    let extra = clean.replace(
        "600 <second: move",
        "600 <second: # engine said: bestmove b7e7\n600 <second: move",
    );
    assert!(
        matches!(fault::<Xiangqi>(&extra), Some(Fault::Engine(_))),
        "{:?}",
        fault::<Xiangqi>(&extra)
    );
}
