#!/usr/bin/env python3
"""Endgame starts for tablebase tests: random legal positions of 5 and 6 pieces with a fixed
list of material balances (plain EPD on standard output, the recipe on standard error), kept when an outside engine at a fixed depth scores them within
±WINDOW centipawns for the side to move (contested endings, where play decides whether the
game reaches a won or drawn tablebase position). Deterministic for a seed and engine.

    scripts/endgame-book.py --engine /usr/games/stockfish --count 200 --seed 1 > book.epd
"""
import argparse
import random
import sys

import chess
import chess.engine

# White's pieces, then Black's, kings left out: contested endings of 5 and 6 pieces.
BALANCES = [
    "RP/R", "RPP/RP", "QP/Q", "BP/B", "NP/B", "BP/N", "PP/P", "PPP/PP", "RB/R", "RN/R",
    "Q/RP", "RP/B", "RP/N", "BPP/BP", "NPP/NP", "QPP/QP", "R/PP", "B/PP", "N/PP", "RPP/RB",
]


def random_position(rng, balance):
    white, black = balance.split("/")
    board = chess.Board(None)
    pieces = [("K", chess.WHITE), ("K", chess.BLACK)]
    pieces += [(p, chess.WHITE) for p in white] + [(p, chess.BLACK) for p in black]
    for letter, color in pieces:
        piece = chess.Piece(chess.PIECE_SYMBOLS.index(letter.lower()), color)
        while True:
            square = rng.randrange(64)
            if board.piece_at(square) is not None:
                continue
            if piece.piece_type == chess.PAWN and chess.square_rank(square) in (0, 7):
                continue
            board.set_piece_at(square, piece)
            break
    board.turn = rng.choice([chess.WHITE, chess.BLACK])
    return board


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--window", type=int, default=200)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 16})
    kept, seen = [], set()
    tried = 0
    while len(kept) < args.count:
        balance = BALANCES[len(kept) % len(BALANCES)]
        board = random_position(rng, balance)
        tried += 1
        if not board.is_valid() or board.is_game_over() or board.board_fen() in seen:
            continue
        engine.protocol.send_line("ucinewgame")
        score = engine.analyse(board, chess.engine.Limit(depth=args.depth))["score"].relative
        if score.is_mate() or abs(score.score()) > args.window:
            continue
        seen.add(board.board_fen())
        kept.append(board.epd())
    engine.quit()
    print(f"# {len(kept)} endgame starts of 5-6 pieces, seed {args.seed}, kept within "
          f"±{args.window} cp by {args.engine} at depth {args.depth} ({tried} tried)",
          file=sys.stderr)
    for epd in kept:
        print(epd)


if __name__ == "__main__":
    sys.exit(main())
