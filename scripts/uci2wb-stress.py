#!/usr/bin/env python3
"""Plays the engine behind uci2wb the way XBoard drives it, as fast as it can, and stops at
nothing: it counts the games where uci2wb relays a move that is not legal in the game.

Why: XBoard matches through uci2wb 4.1 (Debian's build) lost a game now and then in CI, the
engine's answer reaching XBoard as an illegal move. This driver talks to uci2wb directly (no
XBoard, no X server): the engine plays Black, getting its first move as XBoard sends it from
force mode (`usermove`, `black`, `go` together), and every reply of ours comes at once (half of
them the engine's ponder move, to exercise ponder hits and misses). pyffish referees each move.
A game that goes wrong keeps its transcript, `DIR/gN.log`, written in the shape of XBoard's debug
log (`N >first : …` for what the driver sent, `N <first : …` for what uci2wb said, its own `#`
lines included), which `tests/xboard_common/adapter.rs` reads. In uci2wb's lines a broken game
shows where the adapter lost track: `# command` with no command (a lost line), a `# fen … moves …`
that is not the game, or a stopped search's `bestmove` relayed as the next one's answer.

    scripts/uci2wb-stress.py [--engine PATH] [--ucci] [--games N] [--seed S] [--dir DIR]

Needs uci2wb (apt) and pyffish (pip). `--ucci` runs uci2wb as `-x` (the engine speaks UCCI),
otherwise `-c` (UCI with xiangqi positions). Seen on 2026-12-03 with the `ci` build: 13 of 80
games went wrong over UCI (`--seed 11`) and 2 of 60 over UCCI (`--ucci --seed 5`), 14 of them
with an illegal move and one with no move; the checker of tests/xboard_common/adapter.rs calls
every one an adapter fault (uci2wb relayed the answer of a search it had stopped).
"""
import argparse
import os
import queue
import random
import re
import subprocess
import sys
import threading
import time

import pyffish

START = pyffish.start_fen("xiangqi")


def to_pyffish(move):
    """`a0a1` (ranks 0-9, as XBoard and UCCI write them) to pyffish's `a1a2` (ranks 1-10)."""
    m = re.fullmatch(r"([a-i])(\d)([a-i])(\d)", move)
    if not m:
        return None
    return f"{m[1]}{int(m[2]) + 1}{m[3]}{int(m[4]) + 1}"


def to_xboard(move):
    m = re.fullmatch(r"([a-i])(\d+)([a-i])(\d+)", move)
    return f"{m[1]}{int(m[2]) - 1}{m[3]}{int(m[4]) - 1}"


class Adapter:
    """uci2wb in front of the engine, every line both ways kept in order."""

    def __init__(self, engine, mode):
        self.proc = subprocess.Popen(
            ["uci2wb", "debug", mode, engine],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.log = []
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            line = line.rstrip("\n")
            self.log.append(f"{len(self.log)} <first : {line}")
            self.lines.put(line)
        self.lines.put(None)

    def send(self, text):
        self.log.append(f"{len(self.log)} >first : {text}")
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def wait_for(self, wanted, timeout):
        """The first line `wanted` accepts, or None by `timeout` seconds or at the end."""
        end = time.time() + timeout
        while time.time() < end:
            try:
                line = self.lines.get(timeout=0.2)
            except queue.Empty:
                continue
            if line is None:
                return None
            if wanted(line):
                return line
        return None

    def hint(self):
        """uci2wb's `Hint: m` right after a move, if it comes at once."""
        try:
            line = self.lines.get(timeout=0.005)
        except queue.Empty:
            return None
        return line.split()[1] if line and line.startswith("Hint:") else None

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=5)
        except (BrokenPipeError, subprocess.TimeoutExpired):
            self.proc.kill()


def play(engine, mode, rng, max_plies=80):
    """One game; None when every move was legal, else what went wrong and the transcript."""
    a = Adapter(engine, mode)
    try:
        a.send("xboard")
        a.send("protover 2")
        if not a.wait_for(lambda l: "done=1" in l, 20):
            return "no `feature done=1`", a.log
        for line in ["new", "variant xiangqi", "level 0 0:02 0.05", "post", "hard", "force"]:
            a.send(line)
        moves = [rng.choice(pyffish.legal_moves("xiangqi", START, []))]
        # XBoard's burst to the engine that plays Black from force mode.
        for line in ["time 200", "otim 200", f"usermove {to_xboard(moves[0])}", "black", "go"]:
            a.send(line)
        while len(moves) < max_plies:
            said = a.wait_for(lambda l: l.startswith("move ") or "died" in l, 20)
            if said is None or not said.startswith("move "):
                return f"no move from the engine ({said})", a.log
            move = said.split()[1]
            if to_pyffish(move) not in pyffish.legal_moves("xiangqi", START, moves):
                return f"illegal move {move} at ply {len(moves) + 1}", a.log
            moves.append(to_pyffish(move))
            legal = pyffish.legal_moves("xiangqi", START, moves)
            if not legal:
                break
            hint = a.hint()
            reply = to_pyffish(hint) if hint else None
            if reply not in legal or rng.random() < 0.5:
                reply = rng.choice(legal)
            if rng.random() < 0.3:
                time.sleep(rng.random() * 0.01)
            moves.append(reply)
            if not pyffish.legal_moves("xiangqi", START, moves):
                break
            for line in ["time 200", "otim 200", f"usermove {to_xboard(reply)}"]:
                a.send(line)
        a.send("result 1/2-1/2 {done}")
        return None, a.log
    finally:
        a.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", default="target/release/kientuong")
    ap.add_argument("--ucci", action="store_true", help="the engine speaks UCCI (uci2wb -x)")
    ap.add_argument("--games", type=int, default=80)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--dir", default="/tmp/uci2wb-stress")
    args = ap.parse_args()
    os.environ["PATH"] += ":/usr/games"
    os.makedirs(args.dir, exist_ok=True)
    engine = os.path.abspath(args.engine)
    rng = random.Random(args.seed)
    bad = 0
    for g in range(args.games):
        fault, log = play(engine, "-x" if args.ucci else "-c", rng)
        if fault:
            bad += 1
            path = os.path.join(args.dir, f"g{g}.log")
            with open(path, "w") as f:
                f.write("\n".join(log) + "\n")
            print(f"game {g}: {fault} ({path})", flush=True)
    print(f"{bad} of {args.games} games went wrong")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
