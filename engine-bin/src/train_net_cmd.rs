//! `kientuong train-net --game G --data FILE… --out NET`: trains an NNUE net from datagen files
//! (the `tuner::net_train` trainer) and writes it in the `nnue` file format. Prints the training
//! and validation loss of every epoch; deterministic for a seed and independent of `--threads`.

use crate::dispatch::{game_arg, GameKind};
use crate::stdout::say;
use clap::Args;
use datagen::Filter;
use nnue::NnueGame;
use tuner::net_train::samples::Samples;
use tuner::net_train::train::{train, Settings};

#[derive(Args)]
pub struct TrainNetArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Datagen files of this game (game records or position files).
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Game records: keep only plies from this one on (0 is a record's start position).
    #[arg(long, default_value_t = 0)]
    min_ply: usize,
    /// Game records: keep only plies up to this one.
    #[arg(long, default_value_t = usize::MAX)]
    max_ply: usize,
    /// Game records: keep positions in check, with a tactical best move or a mate score too.
    #[arg(long)]
    keep_all: bool,
    /// Where to write the net.
    #[arg(long)]
    out: String,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// Step size factor for the last 30 % of the epochs.
    #[arg(long, default_value_t = 0.1)]
    lr_drop: f32,
    /// Target = lambda * result + (1 - lambda) * sigmoid(search score / 400).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Share of the positions held out for the validation loss.
    #[arg(long, default_value_t = 0.05)]
    validation: f32,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads for the gradient (rayon); the result does not depend on it.
    #[arg(long, default_value_t = 1)]
    threads: usize,
}

pub fn run(args: &TrainNetArgs) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    pool.install(|| match args.game {
        GameKind::Chess => train_game::<movegen_chess::Chess>(args),
        GameKind::Xiangqi => train_game::<movegen_xiangqi::Xiangqi>(args),
    })
}

fn train_game<G: NnueGame>(args: &TrainNetArgs) -> Result<(), String> {
    let base = if args.keep_all { Filter::all() } else { Filter::default() };
    let filter = Filter { min_ply: args.min_ply, max_ply: args.max_ply, ..base };
    let data = Samples::load::<G>(&args.data, &filter)?;
    if data.is_empty() {
        return Err("no positions in the data".into());
    }
    eprintln!("train-net {}: {} positions ({} skipped)", G::NAME, data.len(), data.skipped);
    let settings = Settings {
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_drop: args.lr_drop,
        lambda: args.lambda.clamp(0.0, 1.0),
        validation: args.validation.clamp(0.0, 0.5),
        seed: args.seed,
    };
    let net = train(&data, G::INPUTS, &settings, |r| {
        say!(
            "epoch {:3}  train loss {:.6}  validation loss {:.6}",
            r.epoch,
            r.train_loss,
            r.validation_loss
        );
    });
    let bytes = net.quantise::<G>().to_bytes();
    std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out))?;
    say!("wrote {} ({} bytes)", args.out, bytes.len());
    Ok(())
}
