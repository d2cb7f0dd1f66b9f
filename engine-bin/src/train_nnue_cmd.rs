//! `kientuong train-nnue --game G --data FILE… --out NET`: the streaming NNUE trainer
//! (`crates/nnue-trainer`). Reads the data from disk every epoch through a bounded shuffle
//! buffer, so memory does not grow with the data; prints every epoch's losses and the speed in
//! positions per second per thread. Deterministic for a seed and independent of `--threads`,
//! but not numerically the same as the retired `train-net` (the older nets' trainer).

use crate::dispatch::{game_arg, GameKind};
use crate::stdout::say;
use clap::{Args, ValueEnum};
use datagen::Filter;
use nnue::king_buckets::FeatureSet;
use nnue::{Net, NnueGame};
use nnue_trainer::quantise::dequantise;
use nnue_trainer::shuffle::HoldoutUnit;
use nnue_trainer::train::{weights_seed, Schedule};
use nnue_trainer::{quantise, train, Files, Settings};
use std::path::PathBuf;

/// `--schedule`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum LrSchedule {
    Step,
    Cosine,
}

/// What `--validation-every` counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Holdout {
    Games,
    Positions,
}

#[derive(Args)]
pub struct TrainNnueArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Datagen files of this game (game records or position files), read in this order.
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
    /// Accumulator width per perspective.
    #[arg(long, default_value_t = 128)]
    hidden: usize,
    /// Output buckets by piece count (1 to 8).
    #[arg(long, default_value_t = 1)]
    buckets: usize,
    /// Chess: inputs per king bucket (4), mirrored left to right with the king.
    #[arg(long)]
    king_buckets: bool,
    #[arg(long, default_value_t = 30)]
    epochs: usize,
    /// Positions per Adam step.
    #[arg(long, default_value_t = 4096)]
    batch: usize,
    #[arg(long, default_value_t = 0.001)]
    lr: f32,
    /// `step`: the step size times this for the last 30 % of the epochs; `cosine`: the share
    /// of the step size the cosine ends at.
    #[arg(long, default_value_t = 0.1)]
    lr_drop: f32,
    /// Learning-rate schedule: `step` (the committed nets') or `cosine`.
    #[arg(long, value_enum, default_value_t = LrSchedule::Step)]
    schedule: LrSchedule,
    /// AdamW's decoupled weight decay on the weights (0: plain Adam).
    #[arg(long, default_value_t = 0.0)]
    weight_decay: f32,
    /// Target = lambda * result + (1 - lambda) * sigmoid(search score / 400).
    #[arg(long, default_value_t = 0.5)]
    lambda: f32,
    /// Positions the shuffle buffer holds (about 144 bytes each): the trainer's memory.
    #[arg(long, default_value_t = 1 << 20)]
    shuffle_buffer: usize,
    /// Every this-many-th game is held out for the validation loss, all its positions (0: none).
    #[arg(long, default_value_t = 20)]
    validation_every: u64,
    /// `games` (the default): hold out whole games, so validation shares no game with
    /// training; `positions`: every this-many-th position, as chess net 6 and xiangqi net 8
    /// were trained (their recipes keep it).
    #[arg(long, value_enum, default_value_t = Holdout::Games)]
    holdout: Holdout,
    /// At most this many validation positions are kept in memory.
    #[arg(long, default_value_t = 200_000)]
    validation_cap: usize,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// A warm start: train from this net's weights (of this game, features and buckets; a
    /// wider `--hidden` adds units whose output weights start at zero) instead of random ones.
    #[arg(long)]
    init: Option<String>,
    /// Threads for the gradient (rayon); the result does not depend on it.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Mirror augmentation: every position whose mirror image obeys the same rules (xiangqi
    /// always, chess without castling rights) is also trained on mirrored left to right.
    /// Plain inputs only (king buckets already mirror by the king's side).
    #[arg(long)]
    mirror: bool,
    /// Read the files in a new order each epoch (drawn from the seed), so that the shuffle
    /// buffer mixes files and generations; off, they are read in the order given.
    #[arg(long)]
    shuffle_files: bool,
}

pub fn run(args: &TrainNnueArgs) -> Result<(), String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    pool.install(|| match args.game {
        GameKind::Chess => train_game::<movegen_chess::Chess>(args),
        GameKind::Xiangqi => train_game::<movegen_xiangqi::Xiangqi>(args),
    })
}

fn train_game<G: NnueGame>(args: &TrainNnueArgs) -> Result<(), String> {
    let base = if args.keep_all { Filter::all() } else { Filter::default() };
    let filter = Filter { min_ply: args.min_ply, max_ply: args.max_ply, ..base };
    let features = if args.king_buckets {
        if G::KING_KIND.is_none() {
            return Err(format!("{} has no king buckets", G::NAME));
        }
        FeatureSet::ChessKingBuckets
    } else {
        FeatureSet::Plain
    };
    if args.mirror && features != FeatureSet::Plain {
        return Err(
            "--mirror is for plain inputs: king buckets already mirror by the king's side".into()
        );
    }
    let files = Files::<G>::new(args.data.iter().map(PathBuf::from).collect(), filter, features)
        .with_mirror(args.mirror)
        .with_file_shuffle(args.shuffle_files);
    let init = match &args.init {
        None => None,
        Some(path) => {
            let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
            let net = Net::from_bytes::<G>(&bytes).map_err(|e| format!("{path}: {e}"))?;
            let seed = weights_seed(args.seed);
            Some(dequantise(&net, args.hidden, seed).map_err(|e| format!("{path}: {e}"))?)
        }
    };
    let settings = Settings {
        features,
        hidden: args.hidden,
        buckets: args.buckets,
        epochs: args.epochs,
        batch: args.batch,
        lr: args.lr,
        lr_drop: args.lr_drop,
        schedule: match args.schedule {
            LrSchedule::Step => Schedule::Step,
            LrSchedule::Cosine => Schedule::Cosine,
        },
        weight_decay: args.weight_decay,
        lambda: args.lambda.clamp(0.0, 1.0),
        seed: args.seed,
        shuffle_buffer: args.shuffle_buffer,
        validation_every: args.validation_every,
        validation_unit: match args.holdout {
            Holdout::Games => HoldoutUnit::Games,
            Holdout::Positions => HoldoutUnit::Positions,
        },
        validation_cap: args.validation_cap,
        init,
    };
    let net = train(&files, G::INPUTS, &settings, |r| {
        say!(
            "epoch {:3}  train loss {:.6}  validation loss {:.6}  {} positions  {:.0} pos/s/thread",
            r.epoch,
            r.train_loss,
            r.validation_loss,
            r.positions,
            r.positions_per_second_per_thread()
        );
    })
    .map_err(|e| e.to_string())?;
    let bytes = quantise::<G>(&net).map_err(|e| e.to_string())?.to_bytes();
    std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out))?;
    say!("wrote {} ({} bytes)", args.out, bytes.len());
    Ok(())
}
