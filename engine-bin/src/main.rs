//! The `kientuong` binary. With no arguments it runs the protocol loop (the first command,
//! `uci` or `ucci`, picks the dialect); arguments that are not a subcommand are protocol lines,
//! run in order before the engine exits (`argv_lines.rs`, as Stockfish and OpenBench do); the
//! subcommands are tools for engine authors and scripts, whose output shapes are a stable
//! contract (`Nodes searched: N`, `result:`/`reason:`, `Bench: N nodes M nps`).
//!
//! This is the only place that knows both games: `dispatch` turns a `--game` name into a call of
//! the right monomorphized code.
#![deny(clippy::unwrap_used, clippy::expect_used, clippy::panic)]
// Subcommands write through `stdout::say!`, which survives a closed pipe.
#![deny(clippy::print_stdout)]
#![forbid(unsafe_code)]

mod argv_lines;
mod bench_cmd;
mod book_cmd;
mod convert_cmd;
mod data_check_cmd;
mod datagen_cmd;
mod dispatch;
mod judge_cmd;
mod match_cmd;
mod params_cmd;
mod perft_cmd;
mod retired_cmd;
mod session;
mod spsa_cmd;
mod stdout;
mod texel_cmd;
mod train_nnue_cmd;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "kientuong", version, about = "A chess and xiangqi engine (UCI, UCCI)")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Count move paths to a depth (move generator check and speed test).
    Perft(perft_cmd::PerftArgs),
    /// Play moves from a position and print the game's result and the rule that decided it.
    Judge(judge_cmd::JudgeArgs),
    /// Search a fixed set of positions per game; prints a deterministic node count.
    Bench(bench_cmd::BenchArgs),
    /// Play self-play or engine-vs-engine matches (cutechess-cli style flags).
    Match(match_cmd::MatchArgs),
    /// Tune UCI options by SPSA in self-play (OpenBench params format; resumable state file).
    Spsa(spsa_cmd::SpsaArgs),
    /// Self-play training data: fixed-nodes games from random openings (game records by default).
    Datagen(datagen_cmd::DatagenArgs),
    /// Make an opening book: random plies from the start, kept when new and level (EPD lines).
    Book(book_cmd::BookArgs),
    /// Convert a datagen position file (KTDG) into game records, keeping every position.
    DatagenConvert(convert_cmd::ConvertArgs),
    /// Check the data files a manifest lists (missing or altered), or write a manifest.
    DataCheck(data_check_cmd::DataCheckArgs),
    /// Texel-tune a game's evaluation weights from datagen files (`tune` is an alias).
    #[command(visible_alias = "tune")]
    Texel(texel_cmd::TexelArgs),
    /// Retired (the first NNUE trainer): says which commit has it, and fails.
    #[command(hide = true, disable_help_flag = true)]
    TrainNet(retired_cmd::RetiredArgs),
    /// Train an NNUE net with the streaming trainer (bounded memory, sparse Adam).
    TrainNnue(train_nnue_cmd::TrainNnueArgs),
    /// Print the search's tunable constants in OpenBench's SPSA input format.
    Params(params_cmd::ParamsArgs),
}

fn main() -> ExitCode {
    let args: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    if let Some(lines) = argv_lines::protocol_lines::<Cli>(&args) {
        return exit_code(session::run_protocol_lines(&lines));
    }
    let cli = Cli::parse();
    let result = match cli.command {
        None => session::run_protocol_loop(),
        Some(Command::Perft(args)) => perft_cmd::run(&args),
        Some(Command::Judge(args)) => judge_cmd::run(&args),
        Some(Command::Bench(args)) => bench_cmd::run(&args),
        Some(Command::Match(args)) => match_cmd::run(&args),
        Some(Command::Spsa(args)) => spsa_cmd::run(&args),
        Some(Command::Datagen(args)) => datagen_cmd::run(&args),
        Some(Command::Book(args)) => book_cmd::run(&args),
        Some(Command::DatagenConvert(args)) => convert_cmd::run(&args),
        Some(Command::DataCheck(args)) => data_check_cmd::run(&args),
        Some(Command::Texel(args)) => texel_cmd::run(&args),
        Some(Command::TrainNet(_)) => retired_cmd::train_net(),
        Some(Command::TrainNnue(args)) => train_nnue_cmd::run(&args),
        Some(Command::Params(args)) => params_cmd::run(&args),
    };
    exit_code(result)
}

fn exit_code(result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
