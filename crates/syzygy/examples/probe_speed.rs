//! Times the probes the search makes: `cargo run --release -p syzygy --example probe_speed --
//! DIR [POSITIONS]`. Random legal 4-piece positions (two kings, a white queen or rook, a black
//! piece); each WDL probe includes the position's conversion, as in the search, and each root
//! ranking probes DTZ for every legal move.

use game_api::{Game, GenKind, MoveList, SplitMix64, Tablebase};
use movegen_chess::Chess;
use std::sync::Arc;
use std::time::Instant;
use syzygy::{ProbeSettings, Syzygy, Tables};

fn random_position(rng: &mut SplitMix64) -> Option<Chess> {
    let pieces = ['K', 'k', ['Q', 'R'][rng.below(2)], ['r', 'n', 'b', 'p'][rng.below(4)]];
    let mut board = ['.'; 64];
    for p in pieces {
        let mut sq = rng.below(64);
        let pawn_rank = |s: usize| s / 8 == 0 || s / 8 == 7;
        while board[sq] != '.' || (p == 'p' && pawn_rank(sq)) {
            sq = rng.below(64);
        }
        board[sq] = p;
    }
    let mut fen = String::new();
    for rank in (0..8).rev() {
        let mut empty = 0;
        for file in 0..8 {
            match board[rank * 8 + file] {
                '.' => empty += 1,
                c => {
                    if empty > 0 {
                        fen.push_str(&empty.to_string());
                        empty = 0;
                    }
                    fen.push(c);
                }
            }
        }
        if empty > 0 {
            fen.push_str(&empty.to_string());
        }
        if rank > 0 {
            fen.push('/');
        }
    }
    fen.push_str(if rng.below(2) == 0 { " w - - 0 1" } else { " b - - 0 1" });
    let pos = Chess::from_fen(&fen).ok()?;
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    (!list.is_empty()).then_some(pos)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let Some(dir) = args.next() else {
        eprintln!("usage: probe_speed DIR [POSITIONS]");
        std::process::exit(2);
    };
    let count: usize = args.next().and_then(|n| n.parse().ok()).unwrap_or(20_000);
    let tables = match Tables::open(&dir) {
        Ok(t) => Arc::new(t),
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    println!("{}", tables.summary());
    let tb = Syzygy::new(tables, ProbeSettings::default());
    let mut rng = SplitMix64::new(7);
    let positions: Vec<Chess> =
        std::iter::repeat_with(|| random_position(&mut rng)).flatten().take(count).collect();
    // First pass opens and maps every table touched, as a search's first probes do.
    let answered = positions.iter().filter(|p| tb.probe_wdl(p, 1).is_some()).count();
    let start = Instant::now();
    for p in &positions {
        std::hint::black_box(tb.probe_wdl(p, 1));
    }
    let wdl_ns = start.elapsed().as_nanos() as f64 / positions.len() as f64;
    let roots = &positions[..positions.len().min(2_000)];
    let start = Instant::now();
    let mut ranked = 0;
    for p in roots {
        let mut list = MoveList::new();
        p.generate(GenKind::All, &mut list);
        ranked += usize::from(tb.rank_root(p, list.as_slice()).is_some());
    }
    let root_us = start.elapsed().as_micros() as f64 / roots.len() as f64;
    println!(
        "{} positions, {answered} answered: WDL probe {wdl_ns:.0} ns each; root DTZ ranking \
         {root_us:.1} us each ({ranked} of {} ranked)",
        positions.len(),
        roots.len()
    );
}
