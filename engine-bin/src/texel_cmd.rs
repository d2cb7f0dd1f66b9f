//! `kientuong texel --game G --data FILE… [--write]` (alias `tune`): Texel tuning of the game's
//! `weights.rs` from datagen files (see the `texel` crate). Prints K, the loss before and after,
//! and either writes the tuned weights into the source file (`--write`, run from the workspace
//! root) or prints the tuned `weights.rs` to stdout.

use crate::dispatch::{game_arg, GameKind};
use crate::stdout::say_raw;
use clap::Args;
use texel::optimise::{adam, fit_k, AdamSettings};
use texel::write_back::write_weights;
use texel::{Dataset, GameModel, Model, Params};

#[derive(Args)]
pub struct TexelArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    /// Datagen files of this game.
    #[arg(long, required = true, num_args = 1..)]
    data: Vec<String>,
    /// Adam steps over the full batch.
    #[arg(long, default_value_t = 2000)]
    steps: usize,
    /// Adam step size, centipawns.
    #[arg(long, default_value_t = 1.0)]
    lr: f64,
    /// Target = lambda * result + (1 - lambda) * sigmoid(search score); 1 is pure Texel.
    #[arg(long, default_value_t = 1.0)]
    lambda: f64,
    /// Share of the positions (the last ones, so whole games but one) kept out of the fit; their
    /// loss against the results alone is reported before and after.
    #[arg(long, default_value_t = 0.0)]
    holdout: f64,
    /// Threads for the gradient (rayon).
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Write the tuned weights into the game's weights.rs (workspace-relative path).
    #[arg(long)]
    write: bool,
}

pub fn run(args: &TexelArgs) -> Result<(), String> {
    let game = GameModel::by_name(args.game.name()).ok_or("no Texel model for this game")?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.max(1))
        .build()
        .map_err(|e| format!("cannot start threads: {e}"))?;
    pool.install(|| tune(args, &game))
}

fn tune(args: &TexelArgs, game: &GameModel) -> Result<(), String> {
    let mut data = Dataset::load(game, &args.data)?;
    let keep = ((1.0 - args.holdout.clamp(0.0, 0.9)) * data.positions.len() as f64) as usize;
    let held_out = data.split_off(keep);
    if data.positions.is_empty() {
        return Err("no positions in the data".into());
    }
    eprintln!(
        "texel {}: {} positions to fit, {} held out ({} skipped)",
        game.name,
        data.positions.len(),
        held_out.positions.len(),
        data.skipped
    );
    let start = Params::from_weights(&game.values, game.tempo);
    let lambda = args.lambda.clamp(0.0, 1.0);
    // K is fitted to the game results alone: with a target that leans on the search score, a
    // smaller K would always look better (both sigmoids flatten toward 1/2 together).
    let k = fit_k(&start, &data, 1.0, 0.01, 5.0);
    let model = Model { k, lambda };
    let before = model.loss(&start, &data);
    eprintln!("texel {}: K = {k:.4}, loss before = {before:.6}", game.name);
    // Nothing is frozen: weights that never occur (the kings' material cancels out) get a zero
    // gradient and stay where they are.
    let frozen = vec![false; start.0.len()];
    let settings =
        AdamSettings { steps: args.steps, learning_rate: args.lr, ..AdamSettings::default() };
    let start_copy = start.clone();
    let tuned = adam(&model, &data, start, &frozen, &settings, 100, |step, loss| {
        eprintln!("texel {}: step {step} loss {loss:.6}", game.name);
    });
    let (values, tempo) = tuned.to_weights();
    let rounded = Params::from_weights(&values, tempo);
    let after = model.loss(&rounded, &data);
    eprintln!(
        "texel {}: loss after = {after:.6} (rounded weights), before = {before:.6}",
        game.name
    );
    let results_only = Model { k, lambda: 1.0 };
    eprintln!(
        "texel {}: loss against the results alone: {:.6} -> {:.6}",
        game.name,
        results_only.loss(&start_copy, &data),
        results_only.loss(&rounded, &data)
    );
    if !held_out.positions.is_empty() {
        eprintln!(
            "texel {}: held-out loss against the results alone: {:.6} -> {:.6}",
            game.name,
            results_only.loss(&start_copy, &held_out),
            results_only.loss(&rounded, &held_out)
        );
    }
    let source = std::fs::read_to_string(game.weights_path)
        .map_err(|e| format!("{}: {e}", game.weights_path))?;
    let written = write_weights(&source, game.fields, &values, tempo)?;
    if args.write {
        std::fs::write(game.weights_path, written)
            .map_err(|e| format!("{}: {e}", game.weights_path))?;
        eprintln!("texel {}: wrote {}", game.name, game.weights_path);
    } else {
        say_raw!("{written}");
    }
    Ok(())
}
