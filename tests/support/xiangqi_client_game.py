#!/usr/bin/env python3
"""One complete xiangqi game driven by the PyPI `cchess` client, for tests/protocol/clients.rs.

    xiangqi_client_game.py RED BLACK [--base MS] [--inc MS] [--fairy-depth D] [--max-plies N]

RED and BLACK are `ucci:<path>` (our engine over UCCI, through `cchess.UcciEngine`),
`uci:<path>` (our engine over UCI, Pikafish style, through `cchess.UciEngine`) or `fairy`
(Fairy-Stockfish over UCCI at a fixed depth: it reads UCCI clocks as milliseconds whatever
`usemillisec` says, so it gets no clock at all).

Our engine plays on real clocks kept here: each `go` carries both clocks and increments in
milliseconds (`time … increment … opptime … oppincrement …` over UCCI, `wtime … btime …` over
UCI), the wall time until `bestmove` is charged to the mover, then the increment is added; our
engine must never use more than it had left. Positions are sent as the start FEN plus the moves
played, as GUIs do, so both engines see the repetitions.

Every move must be legal on cchess's own board (which also refuses a move that leaves the own
king attacked or the kings facing) and in pyffish's list of legal moves. The game ends when the
side to move has no move (checkmate or stalemate: a loss in xiangqi; cchess and pyffish must
agree), when pyffish says a repetition ends it (draw, or a loss for perpetual check), after 120
plies without a capture (the usual 60-move rule, our engine's default `movelimit`) or at the
ply cap (draw).

Prints `result <1-0|0-1|1/2-1/2> termination <why> plies <n> ...` and the moves.
Exit 1 on a failed check, 2 when a client (cchess, pyffish, Fairy-Stockfish) is missing.
"""
import argparse
import shutil
import sys
import time

try:
    import cchess
    import pyffish
except ImportError as e:
    print(f"cchess or pyffish is not installed: {e}", file=sys.stderr)
    sys.exit(2)

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
PYFFISH_START = START + " - - 0 1"
NO_CAPTURE_LIMIT = 120
# No answer within this long is a hang, not a slow move (the machine may be loaded).
ANSWER_PATIENCE_S = 60.0


class Player:
    def __init__(self, spec, args):
        self.ours = spec != "fairy"
        if spec == "fairy":
            path = shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
            if not shutil.which(path):
                print("fairy-stockfish is not installed", file=sys.stderr)
                sys.exit(2)
            self.engine, self.dialect = cchess.UcciEngine(), "ucci"
        else:
            dialect, _, path = spec.partition(":")
            self.engine = cchess.UcciEngine() if dialect == "ucci" else cchess.UciEngine()
            self.dialect = dialect
        self.name = spec.split(":")[0]
        if not self.engine.load(path):
            raise AssertionError(f"{spec}: cannot start {path}")
        # wait_for_ready(t) reads one line per 0.2 s, which makes a long option list take
        # seconds; with t = 0 it reads one line and returns, so poll it without the nap.
        deadline = time.monotonic() + ANSWER_PATIENCE_S
        while not self.engine.wait_for_ready(0):
            if time.monotonic() > deadline:
                raise AssertionError(f"{spec}: no {self.dialect}ok")
            time.sleep(0.002)
        if self.ours:
            uci = self.dialect == "uci"
            self.engine.set_option("Hash" if uci else "hashsize", 16)
            self.engine.set_option("Move Overhead" if uci else "moveoverhead", args.overhead)
        self.args = args

    def go_params(self, side, clock):
        """The search limits for `side` (0 red, 1 black) with `clock` (ms per side)."""
        if not self.ours:
            return {"depth": self.args.fairy_depth}
        inc = self.args.inc
        if self.dialect == "ucci":
            return {"time": int(clock[side]), "increment": inc,
                    "opptime": int(clock[1 - side]), "oppincrement": inc}
        return {"wtime": int(clock[0]), "btime": int(clock[1]), "winc": inc, "binc": inc}

    def think(self, position, params):
        """Sends the position and `go`; the final action (bestmove, dead or draw) and the
        seconds it took."""
        started = time.monotonic()
        self.engine.go_from(position, params)
        while True:
            action = self.engine.get_action()
            if action is None:
                if time.monotonic() - started > ANSWER_PATIENCE_S:
                    raise AssertionError(f"{self.name}: no bestmove to {position} {params}")
                time.sleep(0.002)
                continue
            if action["action"] in ("bestmove", "dead", "draw"):
                return action, time.monotonic() - started

    def quit(self):
        try:
            self.engine.quit()
        except Exception:  # an engine that already died was reported by the failing check
            pass


def ffish_move(iccs):
    """ICCS (ranks 0-9) to pyffish's xiangqi notation (ranks 1-10)."""
    return f"{iccs[0]}{int(iccs[1]) + 1}{iccs[2]}{int(iccs[3]) + 1}"


def piece_count(fen):
    return sum(ch.isalpha() for ch in fen.split()[0])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("red")
    ap.add_argument("black")
    ap.add_argument("--base", type=int, default=2000, help="ms on each clock at the start")
    ap.add_argument("--inc", type=int, default=20, help="ms added after each move")
    # The lag between the engine's clock and ours is mostly scheduling on a loaded machine
    # (the tests share two cores); the move overhead option is the engine's setting for that.
    ap.add_argument("--overhead", type=int, default=100, help="our engine's move overhead (ms)")
    ap.add_argument("--fairy-depth", type=int, default=8)
    ap.add_argument("--max-plies", type=int, default=300)
    args = ap.parse_args()

    players = []
    try:
        players = [Player(args.red, args), Player(args.black, args)]
        print(play(players, args))
    finally:
        for p in players:
            p.quit()


def play(players, args):
    board = cchess.ChessBoard(START)
    moves, ff_moves = [], []
    clock = [float(args.base), float(args.base)]
    min_left = [float(args.base), float(args.base)]
    no_capture = 0
    outcome = None
    while outcome is None:
        side = len(moves) % 2
        winner_if_mated = ("0-1", "1-0")[side]
        legal = pyffish.legal_moves("xiangqi", PYFFISH_START, ff_moves)
        if not legal:
            assert board.no_moves(), f"pyffish sees no move, cchess does: {board.to_fen()}"
            outcome = (winner_if_mated, "no_moves")
            break
        ends, value = pyffish.is_optional_game_end("xiangqi", PYFFISH_START, ff_moves)
        if ends:
            result = "1/2-1/2" if value == 0 else (winner_if_mated if value < 0 else ("1-0", "0-1")[side])
            outcome = (result, "repetition")
            break
        if no_capture >= NO_CAPTURE_LIMIT:
            outcome = ("1/2-1/2", "move_limit")
            break
        if len(moves) >= args.max_plies:
            outcome = ("1/2-1/2", "ply_cap")
            break

        player = players[side]
        position = START + (" moves " + " ".join(moves) if moves else "")
        action, spent = player.think(position, player.go_params(side, clock))
        # The reason first, the (long) position last, so that a truncated log still says why.
        where = f"{player.name} at ply {len(moves)}"
        pos_note = f" -- position {position}"
        if action["action"] != "bestmove":
            # A legal move exists, so only a resignation may end the game here, and ours never resigns.
            assert not player.ours, f"{where}: answered {action['raw_msg']!r}{pos_note}"
            outcome = (("1-0", "0-1")[1 - side], "resignation")
            break
        if player.ours:
            assert spent * 1000 <= clock[side], (
                f"{where}: lost on time, spent {spent * 1000:.0f} ms with {clock[side]:.0f} ms left{pos_note}")
            clock[side] += args.inc - spent * 1000
            min_left[side] = min(min_left[side], clock[side] - args.inc)
        iccs = action["move"].lower()
        assert ffish_move(iccs) in legal, f"{where}: {iccs} is not legal for pyffish{pos_note}"
        frm, to = cchess.common.iccs2pos(iccs)
        assert board.is_valid_move(frm, to), f"{where}: {iccs} breaks cchess's piece rules{pos_note}"
        assert not board.is_checked_move(frm, to), f"{where}: {iccs} leaves the king attacked{pos_note}"
        before = piece_count(board.to_fen())
        assert board.move_iccs(iccs) is not None, f"{where}: cchess refuses {iccs}{pos_note}"
        board.next_turn()
        no_capture = 0 if piece_count(board.to_fen()) < before else no_capture + 1
        moves.append(iccs)
        ff_moves.append(ffish_move(iccs))

    result, why = outcome
    return (f"result {result} termination {why} plies {len(moves)} "
            f"clocks {clock[0]:.0f} {clock[1]:.0f} min_left {min_left[0]:.0f} {min_left[1]:.0f}\n"
            f"moves {' '.join(moves)}")


if __name__ == "__main__":
    main()
