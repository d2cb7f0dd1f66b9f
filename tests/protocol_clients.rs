//! Real GUI-side clients drive the engine: python-chess's `chess.engine` (UCI, with pondering,
//! against Stockfish at skill 0) and PyPI `cchess` (UCCI: CRLF lines, 2-field FENs, a slow
//! handshake reader). Both reject illegal moves themselves. Needs `pip install chess cchess` and
//! `apt-get install stockfish` (`.ci/run` does both).

use std::process::Command;

/// python-chess plays 40 plies against Stockfish, asking us to ponder, then a MultiPV analysis.
const PYTHON_CHESS_GAME: &str = r#"
import sys, shutil, chess, chess.engine
ours = chess.engine.SimpleEngine.popen_uci(sys.argv[1])
ours.configure({"Hash": 8, "UCI_ShowWDL": True})
sf_path = shutil.which("stockfish") or "/usr/games/stockfish"
opp = chess.engine.SimpleEngine.popen_uci(sf_path)
opp.configure({"Skill Level": 0})
board = chess.Board()
for ply in range(40):
    if board.is_game_over(claim_draw=True):
        break
    eng = ours if ply % 2 == 0 else opp
    r = eng.play(board, chess.engine.Limit(time=0.03), ponder=(eng is ours))
    assert r.move in board.legal_moves, r
    board.push(r.move)
info = ours.analyse(board, chess.engine.Limit(depth=5), multipv=2) if not board.is_game_over() else [{"score": 0}]
assert all("score" in i for i in info), info
ours.quit(); opp.quit()
print("plies", board.ply(), board.result(claim_draw=True), board.fen())
"#;

/// cchess's UCCI client plays both sides for 12 plies at depth 3; every move must be legal on
/// its own board.
const CCHESS_GAME: &str = r#"
import sys, time, cchess
eng = cchess.UcciEngine()
assert eng.load(sys.argv[1]), "load"
assert eng.wait_for_ready(15), "handshake"
board = cchess.ChessBoard(cchess.FULL_INIT_FEN if hasattr(cchess, "FULL_INIT_FEN") else "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w")
plies = 0
for _ in range(12):
    fen = board.to_fen()
    eng.go_from(fen, {"depth": 3})
    deadline = time.time() + 20
    while True:
        a = eng.get_action()
        if a is None:
            assert time.time() < deadline, "no answer"
            time.sleep(0.02)
            continue
        if a["action"] in ("bestmove", "dead", "draw"):
            break
    if a["action"] != "bestmove":
        break
    mv = board.move_iccs(a["move"])
    assert mv is not None, "illegal move " + a["move"] + " in " + fen
    board.next_turn()
    plies += 1
eng.quit()
print("plies", plies, board.to_fen())
"#;

fn run_python(script: &str) -> String {
    let bin = kientuong_suite::kientuong_bin();
    let mut path = std::env::var("PATH").unwrap_or_default();
    path.push_str(":/usr/games");
    let output = Command::new("python3")
        .arg("-c")
        .arg(script)
        .arg(&bin)
        .env("PATH", path)
        .output()
        .expect("python3 runs");
    let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "client failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout
}

#[test]
fn python_chess_plays_a_game_with_pondering() {
    let out = run_python(PYTHON_CHESS_GAME);
    assert!(out.starts_with("plies "), "{out}");
}

#[test]
fn cchess_ucci_client_plays_xiangqi() {
    let out = run_python(CCHESS_GAME);
    assert!(out.starts_with("plies 12 "), "{out}");
}
