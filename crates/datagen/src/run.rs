//! The parallel driver: games in batches over a rayon pool, written in game order.

use crate::format::{Record, Writer};
use crate::selfplay::{play_game, GameSettings};
use game_api::{Evaluator, Game};
use rayon::prelude::*;
use search::Engine;
use std::io::Write;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Config {
    pub games: u64,
    pub threads: usize,
    pub seed: u64,
    pub hash_mb: usize,
    pub settings: GameSettings,
}

#[derive(Clone, Debug, Default)]
pub struct Summary {
    pub games: u64,
    pub positions: u64,
    pub seconds: f64,
}

impl Summary {
    pub fn positions_per_second_per_thread(&self, threads: usize) -> f64 {
        self.positions as f64 / self.seconds.max(1e-9) / threads.max(1) as f64
    }
}

/// Plays `config.games` games and writes their positions to `out` in game order. Progress goes
/// to stderr after every batch.
pub fn run<G: Game, E: Evaluator<G>, W: Write>(config: &Config, out: &mut Writer<W>) -> Result<Summary, String> {
    let threads = config.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(16 << 20)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let started = Instant::now();
    let mut summary = Summary::default();
    let batch = (threads as u64 * 4).max(1);
    let mut next = 0;
    while next < config.games {
        let end = (next + batch).min(config.games);
        let games: Vec<Vec<Record>> = pool.install(|| {
            (next..end)
                .into_par_iter()
                .map_init(
                    || Engine::<G, E>::new(config.hash_mb.max(1), 1),
                    |engine, index| play_game(engine, config.seed, index, &config.settings),
                )
                .collect()
        });
        for record in games.iter().flatten() {
            out.write(record).map_err(|e| format!("cannot write a record: {e}"))?;
        }
        summary.games = end;
        summary.positions += games.iter().map(|g| g.len() as u64).sum::<u64>();
        summary.seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "datagen {}: {}/{} games, {} positions, {:.0} positions/s, {:.1} positions/s/thread",
            G::NAME,
            summary.games,
            config.games,
            summary.positions,
            summary.positions as f64 / summary.seconds.max(1e-9),
            summary.positions_per_second_per_thread(threads),
        );
        next = end;
    }
    Ok(summary)
}
