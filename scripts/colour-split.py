#!/usr/bin/env python3
"""Colour split of a match PGN: how one engine scored, how deep it searched and how much time
it spent with each colour, and whether the depth gap between colours survives when moves are
compared like for like (the same game phase, the same material, the same evaluation).

Reads the `{+0.10/19 0.373s}` move comments that `kientuong match` writes (score / depth
time), skipping book moves:
  python3 scripts/colour-split.py lab/matches/chess-net6-vs-sf2500.pgn --engine kientuong
"""

import argparse
import re
import statistics
from collections import defaultdict

import chess.pgn

COMMENT = re.compile(r"^([+-]?)(M?)([0-9.]+)/(\d+) ([0-9.]+)s")


def moves_of(game, engine):
    """(colour, ply, pieces, eval_cp or None for mates, depth, seconds) per engine move."""
    white = game.headers.get("White") == engine
    board = game.board()
    out = []
    for node in game.mainline():
        mover = board.turn
        m = COMMENT.match(node.comment.strip())
        if m and (mover == chess.WHITE) == white:
            sign, mate, value, depth, secs = m.groups()
            cp = None if mate else round(float(value) * 100) * (-1 if sign == "-" else 1)
            out.append(
                (
                    "White" if white else "Black",
                    board.ply(),
                    chess.popcount(board.occupied),
                    cp,
                    int(depth),
                    float(secs),
                )
            )
        board.push(node.move)
    return out


def mean(xs):
    return statistics.mean(xs) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("pgn")
    ap.add_argument("--engine", default="kientuong", help="the player name to split")
    args = ap.parse_args()

    points = defaultdict(list)
    moves = []
    with open(args.pgn, encoding="utf-8") as f:
        while (game := chess.pgn.read_game(f)) is not None:
            if args.engine not in (game.headers.get("White"), game.headers.get("Black")):
                continue
            white = game.headers["White"] == args.engine
            result = game.headers.get("Result", "*")
            score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}.get(result)
            if score is None:
                continue
            points["White" if white else "Black"].append(score if white else 1 - score)
            moves += moves_of(game, args.engine)

    for colour in ("White", "Black"):
        p = points[colour]
        ms = [m for m in moves if m[0] == colour]
        print(
            f"{colour}: {len(p)} games, score {100 * mean(p):.1f} %;"
            f" {len(ms)} searched moves, mean depth {mean([m[4] for m in ms]):.2f},"
            f" mean time {1000 * mean([m[5] for m in ms]):.0f} ms,"
            f" mean ply {mean([m[1] for m in ms]):.1f}, mean pieces {mean([m[2] for m in ms]):.1f}"
        )

    print("\nmean depth by the engine's own evaluation, both colours pooled:")
    for name, test in (
        ("worse (≤ −0.5)", lambda cp: cp is not None and cp <= -50),
        ("level (±0.5)", lambda cp: cp is not None and -50 < cp < 50),
        ("better (≥ 0.5)", lambda cp: cp is not None and cp >= 50),
    ):
        sel = [m for m in moves if test(m[3])]
        share = {c: sum(m[0] == c for m in sel) for c in ("White", "Black")}
        print(
            f"  {name:15}: depth {mean([m[4] for m in sel]):.2f} over {len(sel)} moves"
            f" (as White {share['White']}, as Black {share['Black']})"
        )

    # Like for like: the same material and the same evaluation band, so that a gap left is
    # one of colour, not of the positions each colour reached.
    def band(cp):
        if cp is None:
            return "mate"
        for edge, name in ((-150, "≤ −1.5"), (-50, "−1.5..−0.5"), (50, "±0.5"), (150, "0.5..1.5")):
            if cp <= edge:
                return name
        return "≥ 1.5"

    print("\nmean depth (moves) by the engine's own evaluation and material, White | Black:")
    cells = defaultdict(list)
    for colour, _ply, pieces, cp, depth, secs in moves:
        material = "≥ 24 pieces" if pieces >= 24 else ("12–23" if pieces >= 12 else "≤ 11")
        cells[(material, band(cp), colour)].append((depth, secs))
    weighted_gap, weight = 0.0, 0
    for material in ("≥ 24 pieces", "12–23", "≤ 11"):
        for b in ("≤ −1.5", "−1.5..−0.5", "±0.5", "0.5..1.5", "≥ 1.5", "mate"):
            w, k = cells[(material, b, "White")], cells[(material, b, "Black")]
            if not w and not k:
                continue
            dw, dk = mean([d for d, _ in w]), mean([d for d, _ in k])
            tw, tk = mean([1000 * s for _, s in w]), mean([1000 * s for _, s in k])
            print(
                f"  {material:12} eval {b:11}: {dw:5.2f} ({len(w):4}) | {dk:5.2f} ({len(k):4})"
                f"   time {tw:5.0f} | {tk:5.0f} ms"
            )
            if w and k:
                n = min(len(w), len(k))
                weighted_gap += (dw - dk) * n
                weight += n
    if weight:
        print(
            f"depth gap White − Black within cells (weighted by the smaller count):"
            f" {weighted_gap / weight:+.2f} plies"
        )


if __name__ == "__main__":
    main()
