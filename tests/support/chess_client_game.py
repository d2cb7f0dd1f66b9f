#!/usr/bin/env python3
"""One complete chess game driven by python-chess's `chess.engine` client, for
tests/protocol/clients.rs.

    chess_client_game.py WHITE BLACK [--ponder] [--base S] [--inc S] [--max-plies N]

WHITE and BLACK are `ours:<path to kientuong>` or `stockfish` (Stockfish at Skill Level 0).
The game runs on real clocks kept here, the way a GUI keeps them: each `go` carries both
clocks and increments, the wall time of the move is charged to the mover, then the increment
is added. Our engine must never move illegally (python-chess refuses such a move itself and we
check again) and must never use more time than it had left. A game ends by the rules
(checkmate, stalemate, insufficient material, threefold repetition or the fifty-move rule,
claimed as soon as claimable) or is adjudicated a draw at the ply cap.

Prints one summary line `result <1-0|0-1|1/2-1/2> termination <why> plies <n> ...`.
Exit 1 on a failed check, 2 when a client (python-chess, Stockfish) is missing.
"""
import argparse
import shutil
import sys
import time

try:
    import chess
    import chess.engine
except ImportError as e:
    print(f"python-chess is not installed: {e}", file=sys.stderr)
    sys.exit(2)


def open_player(spec, overhead_ms):
    """A running engine and whether it is ours."""
    if spec.startswith("ours:"):
        eng = chess.engine.SimpleEngine.popen_uci(spec[len("ours:"):])
        eng.configure({"Hash": 16, "Move Overhead": overhead_ms})
        return eng, True
    if spec == "stockfish":
        path = shutil.which("stockfish") or "/usr/games/stockfish"
        if not shutil.which(path):
            print("stockfish is not installed", file=sys.stderr)
            sys.exit(2)
        eng = chess.engine.SimpleEngine.popen_uci(path)
        eng.configure({"Skill Level": 0, "Threads": 1, "Hash": 16})
        return eng, False
    raise SystemExit(f"unknown player {spec}")


def termination(board, plies, max_plies):
    """Why the game is over (claiming draws at once), or None."""
    outcome = board.outcome(claim_draw=True)
    if outcome is not None:
        return outcome.termination.name.lower(), outcome.result()
    if plies >= max_plies:
        return "ply_cap", "1/2-1/2"
    return None


def analyse(eng):
    """Two lines of analysis, each with a score and a legal principal variation."""
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    infos = eng.analyse(board, chess.engine.Limit(depth=6), multipv=2)
    assert len(infos) == 2, infos
    for info in infos:
        assert "score" in info and info.get("pv"), info
        line = board.copy()
        for mv in info["pv"]:
            assert mv in line.legal_moves, f"illegal {mv} in pv {info['pv']}"
            line.push(mv)
    assert infos[0]["pv"][0] != infos[1]["pv"][0], infos


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("white")
    ap.add_argument("black")
    ap.add_argument("--ponder", action="store_true", help="ask our engine(s) to ponder")
    ap.add_argument("--base", type=float, default=2.0)
    ap.add_argument("--inc", type=float, default=0.02)
    ap.add_argument("--max-plies", type=int, default=400)
    # The lag between the engine's clock and ours is mostly scheduling on a loaded machine
    # (the tests share two cores); Move Overhead is the engine's setting for exactly that.
    ap.add_argument("--overhead", type=int, default=100, help="our engine's Move Overhead (ms)")
    ap.add_argument("--analyse", action="store_true",
                    help="after the game, a MultiPV 2 analysis by our engine through the same client")
    args = ap.parse_args()

    players = [open_player(args.white, args.overhead), open_player(args.black, args.overhead)]  # index: 0 white, 1 black
    clock = [args.base, args.base]
    # Tightest moment for our engine(s): the smallest share of the clock that was left after a move.
    min_left = [args.base, args.base]
    overruns = []  # the opponent's, reported only: it is not the engine under test
    board = chess.Board()
    try:
        while True:
            over = termination(board, board.ply(), args.max_plies)
            if over is not None:
                break
            side = 0 if board.turn == chess.WHITE else 1
            eng, ours = players[side]
            limit = chess.engine.Limit(
                white_clock=clock[0], black_clock=clock[1],
                white_inc=args.inc, black_inc=args.inc,
            )
            started = time.monotonic()
            result = eng.play(board, limit, ponder=(ours and args.ponder))
            spent = time.monotonic() - started
            who = ("white", "black")[side]
            if result.move is None:
                raise AssertionError(f"{who} gave no move in a live position {board.fen()}: {result}")
            if result.move not in board.legal_moves:
                raise AssertionError(f"{who} played illegal {result.move} in {board.fen()}")
            if spent > clock[side]:
                if ours:
                    raise AssertionError(
                        f"{who} (ours) lost on time at ply {board.ply()}: spent {spent:.3f}s "
                        f"with {clock[side]:.3f}s left, position {board.fen()}")
                overruns.append(f"ply {board.ply()} {spent:.3f}>{clock[side]:.3f}")
                spent = clock[side] - 0.001  # a lenient GUI: the opponent plays on
            clock[side] = clock[side] - spent + args.inc
            if ours:
                min_left[side] = min(min_left[side], clock[side] - args.inc)
            board.push(result.move)
        if args.analyse:
            analyse(next(eng for eng, ours in players if ours))
    finally:
        for eng, _ in players:
            eng.quit()
    why, score = over
    print(f"result {score} termination {why} plies {board.ply()} "
          f"clocks {clock[0]:.2f} {clock[1]:.2f} min_left {min_left[0]:.3f} {min_left[1]:.3f} "
          f"opponent_overruns {len(overruns)} {' '.join(overruns)}")
    print("moves", " ".join(m.uci() for m in board.move_stack))


if __name__ == "__main__":
    main()
