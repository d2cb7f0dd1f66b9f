#!/usr/bin/env python3
"""How balanced an opening book is by an outside engine's judgement: each EPD line searched to a
fixed depth, one thread, and the share of positions whose score (side to move's view) lies within
±WINDOW centipawns (a mate counts as outside).

    scripts/book-balance.py --engine /usr/games/stockfish crates/tournament/data/chess_book.epd
    scripts/book-balance.py --engine /usr/games/fairy-stockfish --variant xiangqi \\
        crates/tournament/data/xiangqi_book.epd

Fairy-Stockfish reads xiangqi FENs as we write them (ranks from Black's side, `w`/`b`).
--every K searches every K-th line only (a sample); the report says how many were searched.
"""
import argparse
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("book")
    ap.add_argument("--engine", required=True)
    ap.add_argument("--variant", default=None)
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--window", type=int, default=150)
    ap.add_argument("--every", type=int, default=1)
    args = ap.parse_args()

    lines = [l.strip() for l in open(args.book) if l.strip() and not l.startswith("#")]
    lines = lines[:: args.every]
    eng = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(cmd):
        eng.stdin.write(cmd + "\n")

    def wait_for(prefix):
        out = []
        for line in eng.stdout:
            out.append(line)
            if line.startswith(prefix):
                return out
        sys.exit("engine ended")

    send("uci")
    wait_for("uciok")
    send("setoption name Threads value 1")
    send("setoption name Hash value 16")
    if args.variant:
        send(f"setoption name UCI_Variant value {args.variant}")
    send("isready")
    wait_for("readyok")
    inside = 0
    scores = []
    for i, epd in enumerate(lines):
        send("ucinewgame")
        send(f"position fen {epd} 0 1")
        send(f"go depth {args.depth}")
        score = None
        for line in wait_for("bestmove"):
            words = line.split()
            if words[:1] == ["info"] and "score" in words:
                k = words.index("score")
                kind, value = words[k + 1], int(words[k + 2])
                score = value if kind == "cp" else (100000 if value > 0 else -100000)
        if score is not None and abs(score) <= args.window:
            inside += 1
        scores.append(score if score is not None else 100000)
        if (i + 1) % 1000 == 0:
            print(f"{i + 1}/{len(lines)}: {inside} within ±{args.window}", file=sys.stderr, flush=True)
    send("quit")
    n = len(scores)
    mean = sum(s for s in scores if abs(s) < 100000) / max(1, sum(1 for s in scores if abs(s) < 100000))
    within50 = sum(1 for s in scores if abs(s) <= 50)
    print(
        f"{args.book}: {n} positions searched to depth {args.depth} by {args.engine}: "
        f"{inside} ({100 * inside / n:.1f} %) within ±{args.window} cp, "
        f"{within50} ({100 * within50 / n:.1f} %) within ±50 cp, mean {mean:+.1f} cp (side to move)"
    )


if __name__ == "__main__":
    main()
