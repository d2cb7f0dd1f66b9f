#!/usr/bin/env python3
"""Oracle for tests/syzygy/oracle.rs: checks the engine's Syzygy probes against python-chess.

Usage: syzygy_oracle.py TABLES_DIR INPUT

Input file: one position per line, tab-separated, either
    FEN <TAB> refused
when the engine would not hand the position to the prober (python-chess must call it invalid
too, or see a double check that no move can give), or
    FEN <TAB> wdl after zeroing <TAB> wdl with the clock <TAB> dtz
with WDL as -2..2 (loss, blessed loss, draw, cursed win, win) and the clocked WDL "none" where
the engine says DTZ rounding leaves it ambiguous.

python-chess's probe_wdl ignores the halfmove clock (it is the WDL after zeroing) and its
probe_dtz gives DTZ50'' with rounding. The clocked WDL is derived from them: with DTZ n (the
zeroing move n plies away, counting it) and clock h, a win holds when n + h <= 100 and is a
cursed win beyond, a loss likewise; a draw stays a draw. A rounded DTZ may be one ply short, so
at n + h == 100 exactly the engine may answer "none" (it knows whether the value was rounded,
python-chess does not say); everywhere else it must answer and agree.

The FEN is the engine's own output, so it is also compared with python-chess's FEN of the
same position (en-passant square only when an en-passant capture is legal).
Prints every mismatch and exits 1 if there was any; exit 2 when python-chess is missing.
"""
import sys

try:
    import chess
    import chess.syzygy
except ImportError:
    print("python-chess is not installed", file=sys.stderr)
    sys.exit(2)


def wdl_with_clock(dtz, clock):
    """The WDL with the fifty-move rule for DTZ `dtz` and halfmove clock `clock`."""
    if dtz == 0:
        return 0
    plies = abs(dtz) + clock
    sign = 1 if dtz > 0 else -1
    return sign * (2 if plies <= 100 else 1)


def impossible_double_check(board):
    """Two checkers of which none is a slider: no move gives that (a double check is always a
    discovered check by a slider plus the moved piece). python-chess's is_valid() lets it
    pass; shakmaty, which the engine probes through, refuses it."""
    checkers = board.checkers()
    sliders = board.bishops | board.rooks | board.queens
    return len(checkers) == 2 and not (checkers & sliders)


def check(tablebase, fields):
    fen = fields[0]
    board = chess.Board(fen)
    problems = []
    if board.fen() != fen:
        problems.append(f"fen: python-chess writes {board.fen()}")
    if fields[1] == "refused":
        if board.is_valid() and not impossible_double_check(board):
            problems.append("the engine refused a position python-chess calls valid")
        return problems
    if not board.is_valid():
        problems.append(f"python-chess calls the position invalid ({board.status()!r})")
        return problems
    ours_wdl, ours_clocked, ours_dtz = int(fields[1]), fields[2], int(fields[3])
    wdl = tablebase.probe_wdl(board)
    dtz = tablebase.probe_dtz(board)
    if ours_wdl != wdl:
        problems.append(f"wdl after zeroing: engine {ours_wdl}, python-chess {wdl}")
    if ours_dtz != dtz:
        problems.append(f"dtz: engine {ours_dtz}, python-chess {dtz}")
    if (dtz > 0) != (wdl > 0) or (dtz < 0) != (wdl < 0):
        problems.append(f"python-chess itself: wdl {wdl} but dtz {dtz}")
    expected = wdl_with_clock(dtz, board.halfmove_clock)
    if ours_clocked == "none":
        if dtz == 0 or abs(dtz) + board.halfmove_clock != 100:
            problems.append(
                f"wdl with clock: engine says ambiguous, python-chess dtz {dtz} "
                f"clock {board.halfmove_clock} gives {expected}")
    elif int(ours_clocked) != expected:
        problems.append(
            f"wdl with clock: engine {ours_clocked}, python-chess dtz {dtz} "
            f"clock {board.halfmove_clock} gives {expected}")
    return problems


def main(tables_dir, path):
    mismatches = 0
    checked = 0
    with chess.syzygy.open_tablebase(tables_dir) as tablebase, open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            fields = line.split("\t")
            try:
                problems = check(tablebase, fields)
            except (KeyError, ValueError) as e:
                problems = [f"python-chess cannot probe: {e!r}"]
            if problems:
                mismatches += 1
                if mismatches <= 20:
                    print(f"MISMATCH {fields[0]}: " + "; ".join(problems))
            checked += 1
    print(f"checked {checked} positions, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
