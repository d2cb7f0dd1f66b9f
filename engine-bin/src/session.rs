//! The protocol loop: UCI and UCCI over stdin/stdout.
//!
//! Two threads (DESIGN.md "Threads and input"):
//! - the *input thread* (the main thread, `input.rs`) reads lines and answers `isready`,
//!   `stop`, `ponderhit` and `quit` itself through the shared [`control::Control`], so they work
//!   while a search runs;
//! - the *session thread* (`worker.rs`) owns the options and the game (position, engine) and
//!   runs every other command in order from a channel; a search runs on it and may spawn helper
//!   threads of its own.
//!
//! The first command picks the dialect: `uci` (chess, or xiangqi after `UCI_Variant xiangqi` or a
//! 10-rank FEN) or `ucci` (xiangqi); a later handshake switches again. Bad input never ends the
//! process: it is answered with `info string …` and the session carries on. Only `engine.rs`
//! knows the search crate's API; only `games.rs` names the concrete games.

mod control;
mod engine;
mod games;
mod genfens;
mod go;
mod input;
mod nets;
mod options;
mod output;
mod perft;
mod report;
mod script;
mod skill;
mod table;
mod worker;

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
fn serve(feed: impl FnOnce(&Control, &crossbeam_channel::Sender<input::Msg>)) -> Result<(), String> {
    let control = Control::new();
    let (tx, rx) = crossbeam_channel::unbounded();
    std::thread::scope(|scope| {
        let session = std::thread::Builder::new()
            .name("session".into())
            // The search's main thread runs here and recurses a move picker per ply.
            .stack_size(64 << 20)
            .spawn_scoped(scope, || {
                let run = std::panic::AssertUnwindSafe(|| worker::run(&rx, &control));
                if std::panic::catch_unwind(run).is_err() {
                    // The engine is gone (release builds abort on panic anyway): exit, so the
                    // GUI sees a dead engine rather than one that never answers again.
                    std::process::exit(101);
                }
            })
            .map_err(|e| format!("cannot start the session thread: {e}"))?;
        feed(&control, &tx);
        drop(tx);
        session
            .join()
            .map_err(|_| "the session thread failed".to_owned())
    })
}
