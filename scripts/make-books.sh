#!/usr/bin/env bash
# Remakes the built-in opening books, bit for bit, with the tree's engine (their recipes below:
# the judging search uses the embedded nets, so a new net gives other books; that is why each
# book's recipe names the commit of its first making, and checks the SHA-256 it had then).
#
#   scripts/make-books.sh           remake both into a temporary folder and compare
#   scripts/make-books.sh --write   remake both into crates/tournament/data/
#
# Recipe (see `kientuong book --help`): random legal plies from the start position (chess 8 to
# 10, xiangqi 6 to 10), kept when the game is not over, the position (FEN's four fields) is new,
# and a 5000-node search from a cleared engine scores it within ±100 cp (chess) or ±50 cp
# (xiangqi: at ±100, Fairy-Stockfish 11.1 found only 87.5 % of a sample within ±150 at depth
# 10; at ±50, 96 %) for the side to move.
# Balance against outside engines: scripts/book-balance.py.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release -q -p engine-bin
bin=${BIN:-target/release/kientuong}
out=$(mktemp -d)
[ "${1:-}" = --write ] && out=crates/tournament/data
"$bin" book --game chess --count 20000 --seed 1 --min-plies 8 --max-plies 10 --nodes 5000 \
    --window-cp 100 --threads "$(nproc)" --out "$out/chess_book.epd"
"$bin" book --game xiangqi --count 10000 --seed 1 --min-plies 6 --max-plies 10 --nodes 5000 \
    --window-cp 50 --threads "$(nproc)" --out "$out/xiangqi_book.epd"
if [ "${1:-}" != --write ]; then
    for g in chess xiangqi; do
        if cmp -s "$out/${g}_book.epd" "crates/tournament/data/${g}_book.epd"; then
            echo "$g book: identical"
        else
            echo "$g book: DIFFERS (sha256 $(sha256sum <"$out/${g}_book.epd" | cut -c1-16))"
            status=1
        fi
    done
    exit "${status:-0}"
fi
