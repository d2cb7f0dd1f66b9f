//! The parallel driver: worker tasks on a rayon pool take the next game number from a shared
//! counter and send each finished game to the calling thread, which writes games in number
//! order (holding back the few that finish early), so the file never depends on scheduling.
//! The driver does not know the file format: it hands each game to a [`GameSink`].

use crate::format::Writer;
use crate::record_format::RecordWriter;
use crate::selfplay::{play_game_with, GameSettings, PlayedGame, Tablebase};
use game_api::{Evaluator, Game};
use search::Engine;
use std::collections::BTreeMap;
use std::io::{self, Write};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

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
    /// Positions a position file keeps (the default read filter's selection).
    pub positions: u64,
    /// Searched plies: every position a game record stores.
    pub plies: u64,
    /// Games the tablebase ended.
    pub tablebase_games: u64,
    pub seconds: f64,
}

impl Summary {
    pub fn positions_per_second_per_thread(&self, threads: usize) -> f64 {
        self.positions as f64 / self.seconds.max(1e-9) / threads.max(1) as f64
    }
}

/// Where finished games go, in game order.
pub trait GameSink {
    fn put_game(&mut self, game: &PlayedGame) -> io::Result<()>;
}

/// A position file takes the positions datagen keeps.
impl<W: Write> GameSink for Writer<W> {
    fn put_game(&mut self, game: &PlayedGame) -> io::Result<()> {
        game.kept.iter().try_for_each(|r| self.write(r))
    }
}

/// A game-record file takes the whole game.
impl<W: Write> GameSink for RecordWriter<W> {
    fn put_game(&mut self, game: &PlayedGame) -> io::Result<()> {
        self.write_game(&game.record)
    }
}

/// How often progress is printed.
const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// Plays `config.games` games, every search evaluating with a clone of `eval` (the hand-written
/// evaluation, or a net: each generation of nets plays the games the next one learns from), and
/// writes their positions to `out` in game order. Progress goes to stderr every few seconds and
/// at the end.
pub fn run<G: Game, E: Evaluator<G>>(
    config: &Config,
    eval: &E,
    out: &mut impl GameSink,
) -> Result<Summary, String> {
    run_with(config, eval, None, out)
}

/// [`run`], every game ending at the first position `tablebase` knows (see
/// [`Tablebase`]); with `None` it is [`run`], byte for byte.
pub fn run_with<G: Game, E: Evaluator<G>>(
    config: &Config,
    eval: &E,
    tablebase: Option<Tablebase<'_, G>>,
    out: &mut impl GameSink,
) -> Result<Summary, String> {
    let threads = config.threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .stack_size(16 << 20)
        .build()
        .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
    let started = Instant::now();
    let next_game = AtomicU64::new(0);
    // Set when writing fails, so that the workers stop taking games.
    let failed = AtomicBool::new(false);
    let (send, receive) = mpsc::channel::<(u64, PlayedGame)>();
    let mut summary = Summary::default();
    let mut result = Ok(());
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let send = send.clone();
            let (next_game, failed) = (&next_game, &failed);
            let eval = eval.clone();
            scope.spawn(move |_| {
                let mut engine = Engine::<G, E>::new(config.hash_mb.max(1), 1);
                engine.set_evaluator(eval);
                loop {
                    let index = next_game.fetch_add(1, Ordering::Relaxed);
                    if index >= config.games || failed.load(Ordering::Relaxed) {
                        break;
                    }
                    let game = play_game_with(
                        &mut engine,
                        config.seed,
                        index,
                        &config.settings,
                        tablebase,
                    );
                    if send.send((index, game)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(send);
        let mut pending = BTreeMap::new();
        let mut last_report = Instant::now();
        for (index, game) in receive.iter() {
            pending.insert(index, game);
            while let Some(game) = pending.remove(&summary.games) {
                if let Err(e) = out.put_game(&game) {
                    failed.store(true, Ordering::Relaxed);
                    result = Err(format!("cannot write a game: {e}"));
                }
                summary.games += 1;
                summary.positions += game.kept.len() as u64;
                summary.plies += game.record.plies.len() as u64;
                summary.tablebase_games += u64::from(game.by_tablebase);
            }
            if last_report.elapsed() >= PROGRESS_EVERY {
                last_report = Instant::now();
                summary.seconds = started.elapsed().as_secs_f64();
                progress::<G>(&summary, config, threads);
            }
        }
    });
    result?;
    summary.seconds = started.elapsed().as_secs_f64();
    progress::<G>(&summary, config, threads);
    Ok(summary)
}

fn progress<G: Game>(summary: &Summary, config: &Config, threads: usize) {
    eprintln!(
        "datagen {}: {}/{} games, {} positions, {:.0} positions/s, {:.1} positions/s/thread",
        G::NAME,
        summary.games,
        config.games,
        summary.positions,
        summary.positions as f64 / summary.seconds.max(1e-9),
        summary.positions_per_second_per_thread(threads),
    );
}
