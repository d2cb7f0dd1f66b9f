#!/usr/bin/env python3
"""Writes tests/data/perft960.tsv: Chess960 and Double Fischer Random perft counts computed by
python-chess (`chess.Board(fen, chess960=True)`), the reference kientuong's rules are checked
against. Run once, offline (python-chess perft is slow); the table is committed.

Rows: a spread of numbered start positions, DFRC starts (a different number per side),
midgame positions reached by seeded random play from DFRC starts that still hold castling
rights, and hand-made castling edge cases. FENs are written in Shredder-FEN (unambiguous)."""
import random
import sys

import chess


def perft(board, depth):
    if depth == 1:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        board.push(move)
        nodes += perft(board, depth - 1)
        board.pop()
    return nodes


def dfrc_start(white, black):
    w = chess.Board.from_chess960_pos(white)
    b = chess.Board.from_chess960_pos(black)
    board = chess.Board(None, chess960=True)
    for sq in chess.SquareSet(chess.BB_RANK_1 | chess.BB_RANK_2):
        board.set_piece_at(sq, w.piece_at(sq))
    for sq in chess.SquareSet(chess.BB_RANK_7 | chess.BB_RANK_8):
        board.set_piece_at(sq, b.piece_at(sq))
    board.set_castling_fen("KQkq")
    return board


def midgame(rng, plies):
    while True:
        board = dfrc_start(rng.randrange(960), rng.randrange(960))
        for _ in range(plies):
            moves = list(board.legal_moves)
            if not moves or board.is_game_over():
                break
            board.push(rng.choice(moves))
        if board.castling_rights and not board.is_game_over() and board.legal_moves.count():
            return chess.Board(board.shredder_fen(), chess960=True)


EDGE_CASES = [
    # King on g1 castles short without moving; the rook on h1 goes to f1.
    "r5kr/pppppppp/8/8/8/8/PPPPPPPP/R5KR w HAha - 0 1",
    # King on b1, rook on a1: queen side, the king steps to c1 and the rook jumps to d1.
    "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
    # A rook stands where the king lands (rook on g1, king on f1) and vice versa.
    "1r3kr1/pppppppp/8/8/8/8/PPPPPPPP/1R3KR1 w GBgb - 0 1",
    # Queen-side rook on b1 shields the king on c1 from a rook on a1 (castling would uncover it).
    "2k4r/8/8/8/8/8/8/rRK4R w HBh - 0 1",
    # King on c1 castles long without moving; rook b1 to d1.
    "1rk4r/8/8/8/8/8/8/1RK4R w HBhb - 0 1",
    # An inner rook holds the right while an outer rook stands beyond it (X-FEN needs a letter).
    "rr2k2r/8/8/8/8/8/8/RR2K1RR w BGbh - 0 1",
    # Enemy attacks on the king's path of a long 960 castle.
    "1r4kr/8/8/8/8/8/3q4/1RK4R w HBhb - 0 1",
]


def main():
    rng = random.Random(960)
    rows = []
    numbers = sorted(rng.sample(range(960), 30))
    for n in numbers:
        board = chess.Board.from_chess960_pos(n)
        rows.append((f"frc{n}", board, 5 if n in numbers[:3] else 4))
    for _ in range(6):
        w, b = rng.randrange(960), rng.randrange(960)
        rows.append((f"dfrc{w}-{b}", dfrc_start(w, b), 4))
    for i in range(20):
        rows.append((f"mid{i}", midgame(rng, rng.randrange(8, 30)), 4 if i % 5 else 5))
    for i, fen in enumerate(EDGE_CASES):
        # The last two are open boards whose depth-5 trees are too big for a quick test.
        rows.append((f"edge{i}", chess.Board(fen, chess960=True), 5 if i < 5 else 4))
    out = sys.stdout
    out.write("# name\tfen (Shredder-FEN)\tdepth\tnodes, from python-chess (scripts/gen-perft960.py)\n")
    for name, board, depth in rows:
        nodes = perft(board, depth)
        if nodes > 20_000_000:  # keep the test to seconds: such rows are recorded at depth 4
            depth -= 1
            nodes = perft(board, depth)
        out.write(f"{name}\t{board.shredder_fen()}\t{depth}\t{nodes}\n")
        out.flush()
        print(name, depth, nodes, file=sys.stderr)


if __name__ == "__main__":
    main()
