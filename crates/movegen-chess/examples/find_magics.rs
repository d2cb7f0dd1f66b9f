//! Prints the magic numbers for `magic_numbers.rs`. Usage: `find_magics [seed]`.

fn main() {
    let seed =
        std::env::args().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0x6B69_656E_7475_6F6E);
    let (rook, bishop) = movegen_chess::magic_search::find_magics(seed);
    for (name, table) in [("ROOK_MAGICS", rook), ("BISHOP_MAGICS", bishop)] {
        println!("pub(crate) const {name}: [u64; 64] = [");
        for chunk in table.chunks(4) {
            let row: Vec<String> = chunk.iter().map(|m| format!("0x{m:016X}")).collect();
            println!("    {},", row.join(", "));
        }
        println!("];");
    }
}
