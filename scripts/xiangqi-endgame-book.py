#!/usr/bin/env python3
"""Xiangqi endgame starts for the endgame knowledge's matches: random legal positions with a
fixed list of material balances in which a rule of `crates/endgame/src/xiangqi.rs` speaks (a
lone horse, cannon or pawn against the defenders that hold it, a side without attackers),
beside balances it leaves alone. Kept when Fairy-Stockfish at a fixed depth scores them within
±WINDOW centipawns for the side to move (no mate), and our own rules layer (`kientuong judge`)
calls them legal and not over. Plain FEN lines on standard output, the recipe on standard error;
deterministic for a seed and engine.

    scripts/xiangqi-endgame-book.py --engine /usr/games/fairy-stockfish \
        --kientuong target/release/kientuong --count 120 --seed 1 > book.epd
"""
import argparse
import random
import subprocess
import sys

# Red's men, then Black's, kings left out. Red is the side with the attacker.
BALANCES = [
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", required=True)
    ap.add_argument("--kientuong", required=True)
    ap.add_argument("--count", type=int, default=120)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--window", type=int, default=400)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    engine = Uci(args.engine)
    kept, seen, tried = [], set(), 0
    while len(kept) < args.count:
        # By tries, not by kept positions: a balance the window rarely admits (a rook against
        # the full defence) is rarer in the book instead of stalling it.
        balance = BALANCES[tried % len(BALANCES)]
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
    print(f"# {len(kept)} xiangqi endgame starts ({', '.join(BALANCES)}), seed {args.seed}, kept "
          f"within ±{args.window} cp by {args.engine} at depth {args.depth} ({tried} tried)",
          file=sys.stderr)
    for fen in kept:
        print(fen)


if __name__ == "__main__":
    sys.exit(main())
