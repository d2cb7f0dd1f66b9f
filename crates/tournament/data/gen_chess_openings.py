#!/usr/bin/env python3
"""Builds chess_openings.txt, the built-in chess opening book: 4-ply lines (UCI moves) made of
moves Stockfish ranks among the best at each step, kept only when the final position is
balanced. Re-run to regenerate: python3 gen_chess_openings.py > chess_openings.txt"""
import chess
import chess.engine

WIDTH = [8, 6, 4, 2]  # candidate moves kept at plies 1..4
LIMIT = chess.engine.Limit(depth=10)
BALANCE_CP = 70

def best_moves(engine, board, k):
    infos = engine.analyse(board, LIMIT, multipv=k)
    return [info["pv"][0] for info in infos if "pv" in info]

def main():
    engine = chess.engine.SimpleEngine.popen_uci("/usr/games/stockfish")
    engine.configure({"Threads": 1, "Hash": 16})
    lines = []
    def walk(board, ply):
        if ply == len(WIDTH):
            info = engine.analyse(board, LIMIT)
            cp = info["score"].white().score(mate_score=10000)
            if abs(cp) <= BALANCE_CP:
                lines.append(" ".join(m.uci() for m in board.move_stack))
            return
        for move in best_moves(engine, board, WIDTH[ply]):
            board.push(move)
            walk(board, ply + 1)
            board.pop()
    walk(chess.Board(), 0)
    engine.quit()
    print("# Built-in chess openings: balanced 4-ply lines, UCI moves (gen_chess_openings.py).")
    for line in sorted(set(lines)):
        print(line)

main()
