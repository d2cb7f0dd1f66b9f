#!/usr/bin/env python3
"""python-chess's `chess.engine` client against our engine, for tests/protocol/client_chess960.rs: the
analysis a GUI shows and Chess960 castling in both directions, both ways across the protocol.

    chess960_castling.py ENGINE

1. Analysis: `engine.analyse` with MultiPV 3 and UCI_ShowWDL on a middlegame position. Three
   lines with three different first moves, each with a legal PV and a win/draw/loss triple in
   per mille that sums to 1000.
2. Engine to GUI: two positions in which castling is the only mate in one, White O-O-O and
   Black O-O. The engine must play it, written king-takes-rook on the wire (`b1a1`, `g8h8`:
   checked in the raw text the client logged, not only in what python-chess made of it).
3. GUI to engine: a whole Chess960 game, both sides ours in two processes, from start position
   291 after a scripted prefix in which White castles queenside (`e1d1`: the king goes to c1,
   the rook stays on d1) and Black kingside (`e8f8`: the king goes to g8, the rook stays on f8).
   Castling where the rook does not move, and where king-takes-rook differs from the king's
   destination, is what a GUI's notation most easily gets wrong. Every engine move must be
   legal in python-chess's rules; the game ends by them or is drawn at the ply cap.

Prints `analysis ...`, `mates ...` and `game ...` summary lines. Exit 1 on a failed check, 2
when python-chess is missing.
"""
import logging
import sys

try:
    import chess
    import chess.engine
except ImportError as e:
    print(f"python-chess is not installed: {e}", file=sys.stderr)
    sys.exit(2)

ANALYSIS_FEN = "r1bq1rk1/pp2bppp/2n1pn2/2pp4/3P4/2PBPN2/PP1N1PPP/R1BQ1RK1 w - - 0 8"
# (FEN, the raw move, "queenside" or "kingside"): checked by hand and again below.
CASTLING_MATES = [
    ("2rkr3/2p1p3/8/8/8/8/PPP5/RK6 w A - 0 1", "b1a1", "queenside"),
    ("6kr/6pp/8/8/8/8/4P1P1/4RKR1 b h - 0 1", "g8h8", "kingside"),
]
GAME_START = 291  # bqnrkrnb/pppppppp/8/8/8/8/PPPPPPPP/BQNRKRNB w KQkq - 0 1
GAME_PREFIX = ["c1b3", "g8f6", "e1d1", "e8f8"]  # Nb3 Nf6 O-O-O O-O
GAME_MOVETIME = 0.02
GAME_MAX_PLIES = 240


class WireLog(logging.Handler):
    """The protocol text both ways, as python-chess's logger reports it (`>>` from the
    engine, `<<` to it)."""

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.received = []
        self.sent = []

    def emit(self, record):
        text = record.getMessage()
        if ": >> " in text:
            self.received.append(text.split(": >> ", 1)[1])
        elif ": << " in text:
            self.sent.append(text.split(": << ", 1)[1])


def open_engine(path):
    eng = chess.engine.SimpleEngine.popen_uci(path)
    eng.configure({"Hash": 16, "Threads": 1})
    return eng


def check_analysis(eng):
    board = chess.Board(ANALYSIS_FEN)
    infos = eng.analyse(board, chess.engine.Limit(depth=8), multipv=3,
                        options={"UCI_ShowWDL": True})
    assert len(infos) == 3, f"MultiPV 3 gave {len(infos)} lines: {infos}"
    firsts = []
    for info in infos:
        pv = info.get("pv")
        assert pv, f"a line without a PV: {info}"
        line = board.copy()
        for mv in pv:
            assert mv in line.legal_moves, f"illegal {mv} in PV {pv}"
            line.push(mv)
        wdl = info.get("wdl")
        assert wdl is not None, f"UCI_ShowWDL is on but a line has no wdl: {info}"
        w, d, l = wdl.relative.wins, wdl.relative.draws, wdl.relative.losses
        assert min(w, d, l) >= 0 and w + d + l == 1000, f"wdl {w} {d} {l} is not per mille"
        assert "score" in info, f"a line without a score: {info}"
        firsts.append(pv[0])
    assert len(set(firsts)) == 3, f"MultiPV lines share a first move: {firsts}"
    print("analysis", " ".join(
        f"{mv.uci()}:{info['wdl'].relative.wins}/{info['wdl'].relative.draws}/"
        f"{info['wdl'].relative.losses}" for mv, info in zip(firsts, infos)))


def only_mate(board):
    mates = []
    for mv in board.legal_moves:
        board.push(mv)
        if board.is_checkmate():
            mates.append(mv)
        board.pop()
    return mates


def check_castling_mates(eng, wire):
    played = []
    for fen, raw, wing in CASTLING_MATES:
        board = chess.Board(fen, chess960=True)
        assert board.is_valid(), f"test position {fen} is not valid: {board.status()!r}"
        mates = only_mate(board)
        assert len(mates) == 1 and board.is_castling(mates[0]), f"{fen}: mates {mates}"
        assert board.is_queenside_castling(mates[0]) == (wing == "queenside"), fen
        wire.received.clear()
        result = eng.play(board, chess.engine.Limit(depth=4))
        assert result.move == mates[0], f"{fen}: played {result.move}, mate is {mates[0]}"
        bestmoves = [l for l in wire.received if l.startswith("bestmove")]
        assert bestmoves and bestmoves[-1].split()[1] == raw, \
            f"{fen}: the engine wrote {bestmoves}, king-takes-rook is {raw}"
        played.append(f"{board.san(result.move)}={raw}")
    print("mates", " ".join(played))


def play_game(white, black, wire):
    board = chess.Board.from_chess960_pos(GAME_START)
    board.chess960 = True
    for uci in GAME_PREFIX:
        mv = chess.Move.from_uci(uci)
        assert mv in board.legal_moves, f"prefix move {uci} is illegal in {board.fen()}"
        board.push(mv)
    castled = [board.move_stack[2], board.move_stack[3]]
    probe = chess.Board.from_chess960_pos(GAME_START)
    probe.chess960 = True
    probe.push(board.move_stack[0])
    probe.push(board.move_stack[1])
    assert probe.is_queenside_castling(castled[0]), "prefix: White does not castle queenside"
    probe.push(castled[0])
    assert probe.is_kingside_castling(castled[1]), "prefix: Black does not castle kingside"
    engines = (white, black)
    engine_castles = 0
    wire.sent.clear()
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            why, score = outcome.termination.name.lower(), outcome.result()
            break
        if board.ply() >= GAME_MAX_PLIES:
            why, score = "ply_cap", "1/2-1/2"
            break
        eng = engines[0 if board.turn == chess.WHITE else 1]
        result = eng.play(board, chess.engine.Limit(time=GAME_MOVETIME))
        assert result.move is not None, f"no move in a live position {board.fen()}"
        assert result.move in board.legal_moves, f"illegal {result.move} in {board.fen()}"
        engine_castles += board.is_castling(result.move)
        board.push(result.move)
    # What the engines were told: the prefix with castling as king-takes-rook, not as the
    # king's destination (e1c1, e8g8), which here would be no legal move at all.
    told = " moves " + " ".join(GAME_PREFIX) + " "
    positions = [l for l in wire.sent if l.startswith("position")]
    assert positions and all(told in l + " " for l in positions), \
        f"the client did not send the prefix as {told!r}: {positions[:1]}"
    # The replay from the start position confirms the record as a whole, prefix included.
    replay = chess.Board.from_chess960_pos(GAME_START)
    replay.chess960 = True
    for mv in board.move_stack:
        assert mv in replay.legal_moves, f"record does not replay at {mv}"
        replay.push(mv)
    print(f"game start {GAME_START} result {score} termination {why} plies {board.ply()} "
          f"engine_castles {engine_castles}")
    print("moves", " ".join(mv.uci() for mv in board.move_stack))


def main():
    if len(sys.argv) != 2:
        raise SystemExit("usage: chess960_castling.py ENGINE")
    path = sys.argv[1]
    wire = WireLog()
    logger = logging.getLogger("chess.engine")
    logger.setLevel(logging.DEBUG)
    logger.addHandler(wire)
    logger.propagate = False  # the handler keeps what it needs; stderr stays readable
    engines = []
    try:
        engines.append(open_engine(path))
        check_analysis(engines[0])
        check_castling_mates(engines[0], wire)
        engines.append(open_engine(path))
        play_game(engines[0], engines[1], wire)
    finally:
        for eng in engines:
            eng.quit()


if __name__ == "__main__":
    main()
