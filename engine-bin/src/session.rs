//! The protocol loop: UCI and UCCI over stdin/stdout.
//!
//! Two threads (docs/ARCHITECTURE.md, "The session"):
//! - the *input thread* (the main thread, `input.rs`) reads lines and parses each once into a
//!   typed `protocol::Command`; it answers `isready`, `stop`, `ponderhit` and `quit` itself
//!   through the shared [`control::Control`], so they work while a search runs, and sends every
//!   other command to the session thread over a channel;
//! - the *session thread* (`session_thread.rs`) owns the dialect, the options and the engine of
//!   the game being played, and runs those commands in order; a search runs on it and may spawn
//!   helper threads of its own.
//!
//! The first command picks the dialect: `uci` (chess, or xiangqi after `UCI_Variant xiangqi` or a
//! 10-rank FEN) or `ucci` (xiangqi); a later handshake switches again. Bad input never ends the
//! process: it is answered with `info string …` and the session carries on.
//!
//! Modules, each depending only on those listed before it:
//! - `output.rs`: engine → GUI lines;
//! - `nets.rs`: the nets the session evaluates with (embedded or loaded by `EvalFile`);
//! - `elo_anchors.rs`: the measured `UCI_Elo` scale of each game, read from `elo-anchors.tsv`
//!   when the engine is built;
//! - `skill.rs`: weakened play;
//! - `tablebases.rs`: the Syzygy tables of `SyzygyPath` and their probe settings;
//! - `tunables.rs`: which search constants are options (those of a `tune` build);
//! - `options.rs` (+ `options/`): the option table, the one place to add an option, and
//!   [`options::Settings`], the values it sets;
//! - `control.rs`: the ledger and search signals the two threads share;
//! - `facade.rs` (+ `facade/`): the engine facade `SessionEngine<G>` — position, banned moves,
//!   `go` and its answer, `probe`, `perft`, `genfens`, the options that reach the search; the
//!   only module that runs searches (`control.rs` shares the search's `Signals`, `tunables.rs`
//!   names its tunable `Param`s);
//! - `games.rs`: the two concrete games and `ActiveEngine`, the one `match` on the game;
//! - `input.rs`: reads and parses lines, answers what must be answered mid-search;
//! - `session_thread.rs`: runs the commands; `script.rs`: feeds it from the command line.

mod control;
mod elo_anchors;
mod facade;
mod games;
mod input;
mod nets;
mod options;
mod output;
mod script;
mod session_thread;
mod skill;
mod tablebases;
mod tunables;

use control::Control;

/// Runs the protocol on stdin/stdout until `quit` or the end of input.
pub fn run_protocol_loop() -> Result<(), String> {
    serve(|control, tx| input::read_loop(std::io::stdin().lock(), control, tx))
}

/// Runs protocol lines given on the command line, in order, then exits (`script.rs`).
pub fn run_protocol_lines(lines: &[String]) -> Result<(), String> {
    serve(|control, tx| script::feed(lines, control, tx))
}

/// Starts the session thread and runs `feed` (which sends it the commands) on this thread.
fn serve(
    feed: impl FnOnce(&Control, &crossbeam_channel::Sender<input::Msg>),
) -> Result<(), String> {
    let control = Control::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::scope(|scope| {
        let session = std::thread::Builder::new()
            .name("session".into())
            // The search's main thread runs here and recurses a move picker per ply.
            .stack_size(64 << 20)
            .spawn_scoped(scope, || {
                let run = std::panic::AssertUnwindSafe(|| session_thread::run(&rx, &control));
                if std::panic::catch_unwind(run).is_err() {
                    // The engine is gone (release builds abort on panic anyway): exit, so the
                    // GUI sees a dead engine rather than one that never answers again.
                    std::process::exit(101);
                }
            })
            .map_err(|e| format!("cannot start the session thread: {e}"))?;
        feed(&control, &tx);
        drop(tx);
        session.join().map_err(|_| "the session thread failed".to_owned())
    })
}
