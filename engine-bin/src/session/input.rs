//! The input thread (the process's main thread): reads GUI lines, answers `isready`, `stop`,
//! `ponderhit`, `quit` and (mid-search) `probe` itself so they work while a search runs, and
//! forwards everything else to the session thread, in order, over a channel (queued, never
//! dropped).

use super::control::{Control, StopAction};
use crossbeam_channel::Sender;
use protocol::{parse, Command, Dialect};
use std::io::BufRead;

/// What the session thread receives.
pub enum Msg {
    /// A line to parse and run.
    Line(String),
    /// A `go` line, numbered so that `stop`/`ponderhit` can say which search they are for.
    Go { line: String, seq: u64 },
    /// `stop` with no search running or queued.
    IdleStop,
    /// `quit`, or the end of input.
    Quit,
}

/// Reads `input` to its end or to `quit`.
pub fn read_loop(input: impl BufRead, control: &Control, tx: &Sender<Msg>) {
    // False once the session thread has hung up (after `quit`, or if it died): nothing is
    // left to do then.
    let send = |msg: Msg, is_go: bool| -> bool {
        let seq = control.note_sent(is_go);
        let msg = match msg {
            Msg::Go { line, .. } => Msg::Go { line, seq },
            other => other,
        };
        tx.send(msg).is_ok()
    };
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        // Bytes that are not UTF-8 cannot be part of a valid command; keep the rest readable.
        let line = String::from_utf8_lossy(&buffer).into_owned();
        // The dialect only matters to `go` clock units, which the session thread re-reads
        // with the unit in force; here the line is only classified.
        let command = parse(&line, Dialect::Uci);
        let batch = control.batch();
        match command {
            Ok(Command::IsReady) if !batch => control.is_ready(),
            Ok(Command::Stop) if !batch => {
                if let StopAction::Idle = control.stop() {
                    if !send(Msg::IdleStop, false) {
                        return;
                    }
                }
            }
            Ok(Command::PonderHit { draw }) if !batch => control.ponderhit(draw),
            // UCCI: `probe` is answered at once, during a search too; with no search running
            // it is answered in order by the session thread.
            Ok(Command::Probe(ref spec)) if !batch && control.probe_now(spec.as_ref()) => {}
            Ok(Command::Quit) => {
                if !batch {
                    control.stop_everything();
                }
                send(Msg::Quit, false);
                return;
            }
            Ok(Command::Go(_)) => {
                if !send(Msg::Go { line, seq: 0 }, true) {
                    return;
                }
            }
            Ok(Command::SetOption(option)) if option.is("batch") => {
                // Takes effect for the very next line, before the session thread gets to it.
                if let Some(on) = option.bool_value() {
                    control
                        .batch
                        .store(on, std::sync::atomic::Ordering::Relaxed);
                }
                if !send(Msg::Line(line), false) {
                    return;
                }
            }
            _ => {
                if !send(Msg::Line(line), false) {
                    return;
                }
            }
        }
    }
    // End of input: the GUI is gone. Stop searching and let the session thread wind down.
    control.stop_everything();
    send(Msg::Quit, false);
}
