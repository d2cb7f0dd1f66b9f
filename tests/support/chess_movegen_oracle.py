#!/usr/bin/env python3
"""Oracle for tests/rules/chess_movegen_oracle.rs: checks positions against python-chess.

Input file: one position per line, tab-separated:
    FEN <TAB> legal moves (sorted, space-separated UCI) <TAB> status
where status is one of checkmate, stalemate, insufficient, none (what the engine's rules say
about the position itself, ignoring history). The FEN is the engine's own output, so it is
also compared with python-chess's FEN of the same position (en-passant square only when an
en-passant capture is legal, as python-chess writes it by default).
Prints every mismatch and exits 1 if there was any; exit 2 when python-chess is missing.
"""
import sys

try:
    import chess
except ImportError:
    print("python-chess is not installed", file=sys.stderr)
    sys.exit(2)


def status(board):
    if board.is_checkmate():
        return "checkmate"
    if board.is_stalemate():
        return "stalemate"
    if board.is_insufficient_material():
        return "insufficient"
    return "none"


def main(path):
    mismatches = 0
    checked = 0
    with open(path) as f:
        for line in f:
            line = line.rstrip("\n")
            if not line:
                continue
            fen, moves, engine_status = line.split("\t")
            board = chess.Board(fen)
            expected = " ".join(sorted(m.uci() for m in board.legal_moves))
            problems = []
            if expected != moves:
                ours = set(moves.split())
                theirs = set(expected.split())
                problems.append(
                    f"moves: missing {sorted(theirs - ours)} extra {sorted(ours - theirs)}")
            if board.fen() != fen:
                problems.append(f"fen: python-chess writes {board.fen()}")
            if status(board) != engine_status:
                problems.append(f"status: engine {engine_status}, python-chess {status(board)}")
            if problems:
                mismatches += 1
                if mismatches <= 20:
                    print(f"MISMATCH {fen}: " + "; ".join(problems))
            checked += 1
    print(f"checked {checked} positions, {mismatches} mismatches")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
