#!/usr/bin/env python3
"""Colour-mirror test of a UCI engine, in chess or xiangqi: is its search the same for both colours?

Each position and its colour mirror (ranks flipped, piece colours, side to move, castling
rights and en-passant square swapped: python-chess `Board.mirror()`; in xiangqi the ranks
flipped and the colours and side to move swapped, `--game xiangqi`) is searched by a fresh
engine process with the same limit. A colour-symmetric engine gives the same score and the
mirrored best move; its node counts differ only through hash-table index collisions (the
zobrist keys of the two differ), which a large `--hash` makes rare. A clock limit
(`--clock`) checks the time manager: the clocks are swapped with the colours, so both sides
of a pair get the same budget and should reach about the same depth.

Prints one line per pair where something differs, then a summary:
  python3 scripts/colour-mirror.py --engine target/release/kientuong --depth 10 \
      --bench --book crates/tournament/data/chess_book.epd --book-count 200 --hash 256
  python3 scripts/colour-mirror.py --game xiangqi --depth 10 \
      --book crates/tournament/data/xiangqi_book.epd --book-count 400 --book-stride 25 --quiet
"""

import argparse
import math
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass

import chess

# The bench positions of `movegen_chess::BENCH_FENS`, read from the source so that the two
# cannot drift apart.
BENCH_SOURCE = "crates/movegen-chess/src/game_impl.rs"


@dataclass
class Result:
    score: str  # "cp N" or "mate N"
    best: str
    nodes: int
    depth: int
    seldepth: int
    time_ms: int
    wall_ms: int  # from `go` to `bestmove`, as the GUI sees it


def bench_fens(path):
    fens, inside = [], False
    with open(path, encoding="utf-8") as f:
        for line in f:
            if "pub const BENCH_FENS" in line:
                inside = True
            elif inside and line.strip().startswith("];"):
                break
            elif inside and '"' in line:
                fens.append(line.split('"')[1])
    return fens


def book_fens(path, count, stride):
    fens = []
    with open(path, encoding="utf-8") as f:
        for i, line in enumerate(f):
            if i % stride == 0 and line.strip():
                fields = line.split()[:4]
                fens.append(" ".join(fields) + " 0 1")
            if len(fens) >= count:
                break
    return fens


def search(engine, fen, args, white_clock, black_clock):
    """One search by a fresh process; `*_clock` are (ms, inc), used with `--clock`."""
    lines = [
        "uci",
        *(["setoption name UCI_Variant value xiangqi"] if args.game == "xiangqi" else []),
        f"setoption name Hash value {args.hash}",
        "setoption name Threads value 1",
    ]
    lines += [f"setoption name {o}" for o in args.option]
    lines += ["isready", "ucinewgame", f"position fen {fen}", "isready"]
    if args.clock:
        (wt, wi), (bt, bi) = white_clock, black_clock
        lines.append(f"go wtime {wt} btime {bt} winc {wi} binc {bi}")
    elif args.nodes:
        lines.append(f"go nodes {args.nodes}")
    else:
        lines.append(f"go depth {args.depth}")
    proc = subprocess.Popen(
        [engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    proc.stdin.write("\n".join(lines[:-1]) + "\n")
    proc.stdin.flush()
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    for line in proc.stdout:
        if line.strip() == "readyok":
            break
    started = time.monotonic()
    proc.stdin.write(lines[-1] + "\n")
    proc.stdin.flush()
    last = {}
    best, wall_ms = None, 0
    for line in proc.stdout:
        words = line.split()
        if words[:1] == ["bestmove"]:
            best = words[1]
            wall_ms = round((time.monotonic() - started) * 1000)
            break
        if words[:1] == ["info"] and "score" in words and "nodes" in words:
            if "upperbound" in words or "lowerbound" in words:
                continue
            info = {}
            i = 1
            while i < len(words):
                w = words[i]
                if w == "score":
                    info["score"] = f"{words[i + 1]} {words[i + 2]}"
                    i += 3
                    continue
                if w == "pv":
                    break
                if w in ("depth", "seldepth", "nodes", "time") and i + 1 < len(words):
                    info[w] = int(words[i + 1])
                    i += 2
                    continue
                i += 1
            last = info
    proc.stdin.write("quit\n")
    proc.stdin.flush()
    proc.wait(timeout=10)
    return Result(
        score=last.get("score", "?"),
        best=best or "?",
        nodes=last.get("nodes", 0),
        depth=last.get("depth", 0),
        seldepth=last.get("seldepth", 0),
        time_ms=last.get("time", 0),
        wall_ms=wall_ms,
    )


def xiangqi_mirror(fen):
    """The colour mirror of a xiangqi FEN: ranks in reverse order, colours and side swapped."""
    fields = fen.split()
    ranks = [rank.swapcase() for rank in reversed(fields[0].split("/"))]
    side = "w" if fields[1] == "b" else "b"
    return f"{'/'.join(ranks)} {side} - - 0 1"


def mirror_move(uci, game):
    if len(uci) < 4 or uci in ("0000", "(none)"):
        return uci
    if game == "xiangqi":
        # Files a-i, ranks 0-9 from Red's side: only the rank changes.
        return f"{uci[0]}{9 - int(uci[1])}{uci[2]}{9 - int(uci[3])}"
    m = chess.Move.from_uci(uci)
    return chess.Move(
        chess.square_mirror(m.from_square), chess.square_mirror(m.to_square), m.promotion
    ).uci()


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--engine", default="target/release/kientuong")
    ap.add_argument("--game", choices=("chess", "xiangqi"), default="chess")
    ap.add_argument("--depth", type=int, default=10)
    ap.add_argument("--nodes", type=int, help="go nodes N instead of a depth")
    ap.add_argument("--clock", help="MS+INC of the side to move, e.g. 10000+100: a timed search")
    ap.add_argument("--opp-clock", help="MS+INC of the other side (default: as --clock)")
    ap.add_argument("--hash", type=int, default=16)
    ap.add_argument("--option", action="append", default=[], help='e.g. "Use NNUE value false"')
    ap.add_argument("--bench", action="store_true", help="the bench positions")
    ap.add_argument("--book", help="an EPD book")
    ap.add_argument("--book-count", type=int, default=200)
    ap.add_argument("--book-stride", type=int, default=100)
    ap.add_argument("--quiet", action="store_true", help="summary only")
    args = ap.parse_args()

    if args.bench and args.game == "xiangqi":
        sys.exit("--bench reads chess's bench positions; give xiangqi a --book")
    fens = bench_fens(BENCH_SOURCE) if args.bench else []
    if args.book:
        fens += book_fens(args.book, args.book_count, args.book_stride)
    own = opp = None
    if args.clock:
        own = tuple(int(v) for v in args.clock.split("+"))
        opp = tuple(int(v) for v in (args.opp_clock or args.clock).split("+"))

    pairs, score_diff, move_diff = 0, 0, 0
    nodes_w, nodes_b, depth_w, depth_b, wall_w, wall_b, gaps = [], [], [], [], [], [], []
    for fen in fens:
        if args.game == "xiangqi":
            # The book's positions are games in progress: none is over.
            mirrored = xiangqi_mirror(fen)
            white_first = fen.split()[1] != "b"
        else:
            board = chess.Board(fen)
            if board.is_game_over():
                continue
            fen, mirrored = board.fen(), board.mirror().fen()
            white_first = board.turn == chess.WHITE
        # The side to move has `own` in both: the mirror's clocks swap colours.
        a = search(args.engine, fen, args, *((own, opp) if white_first else (opp, own)))
        b = search(args.engine, mirrored, args, *((opp, own) if white_first else (own, opp)))
        pairs += 1
        white, black = (a, b) if white_first else (b, a)
        nodes_w.append(white.nodes)
        nodes_b.append(black.nodes)
        depth_w.append(white.depth)
        depth_b.append(black.depth)
        wall_w.append(white.wall_ms)
        wall_b.append(black.wall_ms)
        if white.score.startswith("cp") and black.score.startswith("cp"):
            gaps.append(int(white.score.split()[1]) - int(black.score.split()[1]))
        same_score = a.score == b.score
        same_move = mirror_move(a.best, args.game) == b.best
        score_diff += not same_score
        move_diff += not same_move
        if not args.quiet and (not same_score or not same_move or a.nodes != b.nodes):
            print(
                f"{fen} | {a.score} {a.best} n={a.nodes} d={a.depth}/{a.seldepth}"
                f" t={a.wall_ms}ms | mirror {b.score} {b.best} n={b.nodes}"
                f" d={b.depth}/{b.seldepth} t={b.wall_ms}ms",
                flush=True,
            )
    if pairs == 0:
        sys.exit("no positions")
    limit = f"clock {args.clock} against {args.opp_clock or args.clock}" if args.clock else (
        f"nodes {args.nodes}" if args.nodes else f"depth {args.depth}"
    )
    print(f"pairs {pairs}, {limit}, hash {args.hash} MB, options {args.option or 'default'}")
    print(f"score differs in {score_diff}, best move differs in {move_diff}")
    if gaps:
        spread = statistics.stdev(gaps) if len(gaps) > 1 else 0.0
        print(
            f"score (side to move's view), White to move minus Black to move: mean"
            f" {statistics.mean(gaps):+.2f} cp ± {spread / len(gaps) ** 0.5:.2f} (s.e.),"
            f" White higher in {sum(g > 0 for g in gaps)}, Black higher in"
            f" {sum(g < 0 for g in gaps)}, over {len(gaps)} pairs with cp scores"
        )
    same_nodes = sum(w == b for w, b in zip(nodes_w, nodes_b))
    print(
        f"nodes: White to move {sum(nodes_w)}, Black to move {sum(nodes_b)}"
        f" (ratio B/W {sum(nodes_b) / max(1, sum(nodes_w)):.4f}),"
        f" identical in {same_nodes}; Black more in"
        f" {sum(b > w for w, b in zip(nodes_w, nodes_b))}, fewer in"
        f" {sum(b < w for w, b in zip(nodes_w, nodes_b))}"
    )
    logs = [math.log(b / w) for w, b in zip(nodes_w, nodes_b) if w > 0 and b > 0]
    if len(logs) > 1:
        m, se = statistics.mean(logs), statistics.stdev(logs) / len(logs) ** 0.5
        print(
            f"nodes per pair, Black to move over White to move: geometric mean"
            f" {math.exp(m):.3f} (95 % {math.exp(m - 2 * se):.3f}..{math.exp(m + 2 * se):.3f})"
        )
    print(
        f"depth: White to move {statistics.mean(depth_w):.2f},"
        f" Black to move {statistics.mean(depth_b):.2f}"
    )
    print(
        f"time to bestmove (ms): White to move mean {statistics.mean(wall_w):.0f}"
        f" (max {max(wall_w)}), Black to move mean {statistics.mean(wall_b):.0f}"
        f" (max {max(wall_b)})"
    )


if __name__ == "__main__":
    main()
