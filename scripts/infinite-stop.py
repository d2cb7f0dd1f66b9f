#!/usr/bin/env python3
"""A long `go infinite` (reliability issue, part 4): the engine searches a chess position with
Threads 2 and Hash 1024 for MINUTES while its resident memory is sampled every few seconds;
then `stop` is sent and timed to the `bestmove`, and the last PV it printed is played out by
python-chess. STOPS short searches follow (`go infinite` for 1 s, then `stop`, each timed and
its PV played out), since one `stop` is one sample of a latency that the machine's load
decides. It passes when memory stays flat once the table is full (the growth from the first
sample at hashfull >= 990 to the end, or over the second half of the run if the table never
fills, is at most GROWTH_MIB), every `stop` is answered within 100 ms, every PV and best move
is legal, and every best move is the first move of the last PV printed (with several threads
the best move may come from a helper thread, whose PV a GUI sees only if it is printed).

    scripts/infinite-stop.py KIENTUONG [--minutes M] [--threads T] [--hash MB] [--fen FEN]
                             [--every SECONDS] [--stops N] [--out TSV]

The samples (seconds, RSS in KiB, hashfull, nodes) go to TSV, by default
${KIENTUONG_DATA:-~/.cache/kientuong}/infinite/rss-<date>.tsv. Exit status 1 on a failure.
"""
import argparse
import datetime
import os
import queue
import subprocess
import sys
import threading
import time

import chess

STOP_LIMIT_MS = 100
GROWTH_MIB = 8
# The Queen's Gambit Declined after 7. Rc1 c6: a level middlegame where long searches keep
# many lines alive.
DEFAULT_FEN = "r1bq1rk1/pp1nbppp/2p1pn2/3p2B1/2PP4/2N1PN2/PP3PPP/2RQKB1R w K - 0 8"


def reader(stream, lines):
    """Every line the engine prints, with the time it was read."""
    for line in stream:
        lines.put((time.monotonic(), line.rstrip("\n")))
    lines.put((time.monotonic(), None))


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def wait_for(lines, word, timeout, info=None):
    """The first line starting with WORD, with the time it was read; `info` lines before it
    go to INFO."""
    deadline = time.monotonic() + timeout
    while True:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"no '{word}' within {timeout} s")
        at, line = lines.get(timeout=left)
        if line is None:
            raise EOFError("the engine closed its output")
        if line.split()[:1] == [word]:
            return at, line
        if info is not None and line.startswith("info"):
            info.read(line)


class Info:
    """What the latest `info` lines said: hashfull, nodes and the PV."""

    def __init__(self):
        self.hashfull = None
        self.nodes = None
        self.pv = []

    def read(self, line):
        words = line.split()
        if words[1:2] == ["string"]:
            return
        for key in ("hashfull", "nodes"):
            if key in words[:-1]:
                setattr(self, key, int(words[words.index(key) + 1]))
        if "pv" in words:
            self.pv = words[words.index("pv") + 1 :]


def drain(lines, info):
    while True:
        try:
            _, line = lines.get_nowait()
        except queue.Empty:
            return
        if line is None:
            raise EOFError("the engine closed its output")
        if line.startswith("info"):
            info.read(line)


def pv_problem(fen, pv, best):
    """Why the PV or the best move is not legal in FEN, or None."""
    board = chess.Board(fen)
    if not pv:
        return "no PV was printed"
    try:
        if chess.Move.from_uci(best) not in board.legal_moves:
            return f"best move {best} is illegal"
    except ValueError:
        return f"best move '{best}' is not a move"
    for i, text in enumerate(pv):
        try:
            move = chess.Move.from_uci(text)
        except ValueError:
            return f"PV move {i + 1} '{text}' is not a move"
        if move not in board.legal_moves:
            return f"PV move {i + 1} {text} is illegal in {board.fen()}"
        board.push(move)
    return None


def stop_search(send, lines, fen, info):
    """Sends `stop` to a running search: (milliseconds to the `bestmove`, the best move, why
    the PV is not legal or None). Info lines printed between the last drain and the bestmove
    carry the final PV."""
    sent = time.monotonic()
    send("stop")
    answered, line = wait_for(lines, "bestmove", 30, info)
    words = line.split()
    best = words[1] if len(words) > 1 else ""
    if info.pv and info.pv[0] != best:
        mismatch = f"best move {best}, last PV {' '.join(info.pv[:3])} …"
    else:
        mismatch = None
    return (answered - sent) * 1000, best, pv_problem(fen, info.pv, best), mismatch


def memory_growth(samples):
    """(growth in KiB, from which second): from the first sample at hashfull >= 990, or over
    the second half of the run when the table never filled."""
    full = [s for s in samples if s[2] is not None and s[2] >= 990]
    start = full[0] if full else samples[len(samples) // 2]
    return samples[-1][1] - start[1], start[0]


def main():
    data = os.environ.get("KIENTUONG_DATA", os.path.expanduser("~/.cache/kientuong"))
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y%m%dT%H%M%SZ")
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("engine")
    parser.add_argument("--minutes", type=float, default=60)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--hash", type=int, default=1024)
    parser.add_argument("--fen", default=DEFAULT_FEN)
    parser.add_argument("--every", type=float, default=5)
    parser.add_argument("--stops", type=int, default=20)
    parser.add_argument("--out", default=os.path.join(data, "infinite", f"rss-{stamp}.tsv"))
    args = parser.parse_args()
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)

    engine = subprocess.Popen(
        [args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
    )
    lines = queue.Queue()
    threading.Thread(target=reader, args=(engine.stdout, lines), daemon=True).start()

    def send(text):
        engine.stdin.write(text + "\n")
        engine.stdin.flush()

    send("uci")
    wait_for(lines, "uciok", 30)
    send(f"setoption name Threads value {args.threads}")
    send(f"setoption name Hash value {args.hash}")
    send("isready")
    wait_for(lines, "readyok", 120)
    send(f"position fen {args.fen}")
    send("go infinite")
    started = time.monotonic()
    info = Info()
    samples = []  # (seconds, rss KiB, hashfull, nodes)
    with open(args.out, "w") as out:
        out.write("seconds\trss_kib\thashfull\tnodes\n")
        while time.monotonic() - started < args.minutes * 60:
            time.sleep(args.every)
            drain(lines, info)
            sample = (round(time.monotonic() - started), rss_kib(engine.pid), info.hashfull, info.nodes)
            samples.append(sample)
            out.write("\t".join("" if v is None else str(v) for v in sample) + "\n")
            out.flush()
    drain(lines, info)
    stop_ms, best, problem, mismatch = stop_search(send, lines, args.fen, info)
    short = []  # (ms, problem, mismatch) of each short search
    for _ in range(args.stops):
        short_info = Info()
        send("go infinite")
        time.sleep(1)
        drain(lines, short_info)
        ms, _, why, other = stop_search(send, lines, args.fen, short_info)
        short.append((ms, why, other))
    send("quit")
    try:
        engine.wait(timeout=10)
    except subprocess.TimeoutExpired:
        engine.kill()

    growth, since = memory_growth(samples)
    peak = max(s[1] for s in samples)
    print(f"go infinite {args.minutes:g} min, Threads {args.threads}, Hash {args.hash}: {len(samples)} samples in {args.out}")
    print(f"  RSS first {samples[0][1] / 1024:.0f} MiB, peak {peak / 1024:.0f} MiB, last {samples[-1][1] / 1024:.0f} MiB; "
          f"hashfull {info.hashfull}, nodes {info.nodes}")
    print(f"  growth since {since} s: {growth / 1024:.1f} MiB (limit {GROWTH_MIB})")
    print(f"  stop answered in {stop_ms:.1f} ms (limit {STOP_LIMIT_MS}); bestmove {best}, PV of {len(info.pv)} moves: "
          f"{problem or 'legal'}{'; ' + mismatch if mismatch else ''}")
    failed = growth > GROWTH_MIB * 1024 or stop_ms > STOP_LIMIT_MS or problem or mismatch
    if short:
        times = sorted(ms for ms, _, _ in short)
        wrong = [why for _, why, _ in short if why is not None]
        other = [m for _, _, m in short if m is not None]
        print(f"  {len(short)} short searches: stop answered in median {times[len(times) // 2]:.1f} ms, "
              f"max {times[-1]:.1f} ms, {sum(t > STOP_LIMIT_MS for t in times)} over the limit; "
              f"{len(wrong)} illegal{': ' + wrong[0] if wrong else ''}; {len(other)} best moves "
              f"not the last PV's first{': ' + other[0] if other else ''}")
        failed = failed or times[-1] > STOP_LIMIT_MS or wrong or other
    print("FAIL" if failed else "PASS")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
