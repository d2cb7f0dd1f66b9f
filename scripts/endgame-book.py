#!/usr/bin/env python3
"""Endgame starts for the matches of tablebase adjudication and endgame knowledge: random legal
positions with a fixed list of material balances, kept when an outside engine at a fixed depth
scores them within ±WINDOW centipawns for the side to move (no mate): contested endings, where
play decides the result. Plain EPD/FEN lines on standard output, the recipe on standard error;
deterministic for a game, seed and engine.

- chess: 5 and 6 pieces, scored by Stockfish through python-chess;
- xiangqi: balances in which a rule of `crates/endgame/src/xiangqi.rs` speaks (a lone horse,
  cannon or pawn against the defenders that hold it, a side without attackers) beside balances
  it leaves alone, scored by Fairy-Stockfish over UCI, and kept only when our own rules layer
  (`kientuong judge`) calls them legal and not over.

    scripts/endgame-book.py --engine /usr/games/stockfish --count 200 --seed 1 > book.epd
    scripts/endgame-book.py --game xiangqi --engine /usr/games/fairy-stockfish \
        --kientuong target/release/kientuong --count 100 --seed 1 > book.epd
"""
import argparse
import random
import subprocess
import sys

# ----- chess -----

# White's pieces, then Black's, kings left out: contested endings of 5 and 6 pieces.
CHESS_BALANCES = [
    "RP/R", "RPP/RP", "QP/Q", "BP/B", "NP/B", "BP/N", "PP/P", "PPP/PP", "RB/R", "RN/R",
    "Q/RP", "RP/B", "RP/N", "BPP/BP", "NPP/NP", "QPP/QP", "R/PP", "B/PP", "N/PP", "RPP/RB",
]


def random_board(rng, balance):
    import chess

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


def chess_book(args, rng):
    import chess
    import chess.engine

    engine = chess.engine.SimpleEngine.popen_uci(args.engine)
    engine.configure({"Threads": 1, "Hash": 16})
    kept, seen = [], set()
    tried = 0
    while len(kept) < args.count:
        balance = CHESS_BALANCES[len(kept) % len(CHESS_BALANCES)]
        board = random_board(rng, balance)
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
    return kept


# ----- xiangqi -----

# Red's men, then Black's, kings left out. Red is the side with the attacker.
XIANGQI_BALANCES = [
    "N/AABB", "C/AABB", "P/AA", "NAB/AABB", "CAA/AABB", "PAB/AABB",
    "NP/AABB", "CP/AABB", "R/AABB", "NN/AABB", "AABB/AB", "P/A",
]

PALACE = {"w": [(f, r) for f in (3, 4, 5) for r in (0, 1, 2)],
          "b": [(f, r) for f in (3, 4, 5) for r in (7, 8, 9)]}
ADVISOR = {"w": [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
           "b": [(3, 9), (5, 9), (4, 8), (3, 7), (5, 7)]}
ELEPHANT = {"w": [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
            "b": [(2, 9), (6, 9), (0, 7), (4, 7), (8, 7), (2, 5), (6, 5)]}


def squares_for(letter, side):
    if letter == "K":
        return PALACE[side]
    if letter == "A":
        return ADVISOR[side]
    if letter == "B":
        return ELEPHANT[side]
    if letter == "P":  # across the river, short of the last rank
        ranks = range(5, 9) if side == "w" else range(1, 5)
        return [(f, r) for f in range(9) for r in ranks]
    return [(f, r) for f in range(9) for r in range(10)]


def random_fen(rng, balance):
    red, black = balance.split("/")
    board = {}
    for side, men in (("w", "K" + red), ("b", "K" + black)):
        for letter in men:
            free = [sq for sq in squares_for(letter, side) if sq not in board]
            board[rng.choice(free)] = letter if side == "w" else letter.lower()
    rows = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for file in range(9):
            man = board.get((file, rank))
            if man is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += man
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + " " + rng.choice("wb") + " - - 0 1"


class Uci:
    def __init__(self, path):
        self.p = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, bufsize=1)
        self.send("uci")
        self.until("uciok")
        self.send("setoption name UCI_Variant value xiangqi")
        self.send("setoption name Threads value 1")
        self.send("setoption name Hash value 16")

    def send(self, line):
        self.p.stdin.write(line + "\n")

    def until(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("engine exited")
            lines.append(line.strip())
            if line.startswith(word):
                return lines

    def score(self, fen, depth):
        self.send("ucinewgame")
        self.send(f"position fen {fen}")
        self.send(f"go depth {depth}")
        score = None
        for line in self.until("bestmove"):
            words = line.split()
            if "score" in words:
                i = words.index("score")
                score = (words[i + 1], int(words[i + 2]))
        return score


def our_rules_accept(kientuong, fen):
    out = subprocess.run([kientuong, "judge", "--game", "xiangqi", "--fen", fen],
                         capture_output=True, text=True)
    return out.returncode == 0 and "result: ongoing" in out.stdout


def xiangqi_book(args, rng):
    if not args.kientuong:
        sys.exit("--kientuong is needed for xiangqi (our rules layer checks each start)")
    engine = Uci(args.engine)
    kept, seen, tried = [], set(), 0
    while len(kept) < args.count:
        # By tries, not by kept positions: a balance the window rarely admits (a rook against
        # the full defence) is rarer in the book instead of stalling it.
        balance = XIANGQI_BALANCES[tried % len(XIANGQI_BALANCES)]
        fen = random_fen(rng, balance)
        tried += 1
        if fen.split()[0] in seen or not our_rules_accept(args.kientuong, fen):
            continue
        score = engine.score(fen, args.depth)
        if score is None or score[0] != "cp" or abs(score[1]) > args.window:
            continue
        seen.add(fen.split()[0])
        kept.append(fen)
    engine.send("quit")
    print(f"# {len(kept)} xiangqi endgame starts ({', '.join(XIANGQI_BALANCES)}), seed "
          f"{args.seed}, kept within ±{args.window} cp by {args.engine} at depth {args.depth} "
          f"({tried} tried)", file=sys.stderr)
    return kept


# The defaults of the committed books (lab/books/endgames-5-6.epd, xiangqi-endgames.epd).
DEFAULTS = {"chess": {"count": 200, "window": 200}, "xiangqi": {"count": 120, "window": 400}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", choices=("chess", "xiangqi"), default="chess")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--kientuong", help="our binary (xiangqi: checks each start's legality)")
    ap.add_argument("--count", type=int)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--window", type=int)
    args = ap.parse_args()
    for name, value in DEFAULTS[args.game].items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    rng = random.Random(args.seed)
    kept = chess_book(args, rng) if args.game == "chess" else xiangqi_book(args, rng)
    for line in kept:
        print(line)


if __name__ == "__main__":
    sys.exit(main())
