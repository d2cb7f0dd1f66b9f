//! The input thread (the process's main thread): reads GUI lines, answers `isready`, `stop`,
//! `ponderhit`, `quit` and (mid-search) `probe` itself so they work while a search runs, and
//! forwards everything else to the session thread, in order, over a channel (queued, never
//! dropped).

use super::control::{Control, StopAction};
use crossbeam_channel::Sender;
use protocol::{parse, Command, Dialect};
use std::io::{BufRead, Read};

/// What the session thread receives.
pub enum Msg {
    /// A line to parse and run.
    Line(String),
    /// A `go` (or perft) line, numbered so that `stop`/`ponderhit` can say which search they
    /// are for.
    Go { line: String, seq: u64 },
    /// `stop` with no search running or queued.
    IdleStop,
    /// `quit`, or the end of input.
    Quit,
}

/// No command needs more (a FEN with 10,000 moves is under 60 KB); a longer line is skipped
/// rather than held in memory whole, since a GUI or a fuzzer can send one without end.
const MAX_LINE_BYTES: u64 = 16 << 20;

/// Discards input up to and including the next newline; false at the end of input.
fn skip_rest_of_line(input: &mut impl BufRead) -> bool {
    loop {
        let (used, found) = match input.fill_buf() {
            Ok([]) | Err(_) => return false,
            Ok(bytes) => match bytes.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (bytes.len(), false),
            },
        };
        input.consume(used);
        if found {
            return true;
        }
    }
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
        match input
            .by_ref()
            .take(MAX_LINE_BYTES)
            .read_until(b'\n', &mut buffer)
        {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buffer.len() as u64 >= MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
            if !skip_rest_of_line(&mut input) {
                break;
            }
            control.out.note(&format!(
                "line longer than {} MB ignored",
                MAX_LINE_BYTES >> 20
            ));
            continue;
        }
        // Bytes that are not UTF-8 cannot be part of a valid command; keep the rest readable.
        let line = String::from_utf8_lossy(&buffer).into_owned();
        // The dialect only matters to `go` clock units, which the session thread re-reads
        // with the unit in force; here the line is only classified.
        let command = parse(&line, Dialect::Uci);
        let batch = control.batch();
        match command {
            Ok(Command::IsReady) if !batch => control.is_ready(),
            // Batch mode queues `stop`, except for searches sent before it was switched on:
            // the queue is behind them, so nothing else could ever end them.
            Ok(Command::Stop) if batch && control.stop_searches_before_batch() => {}
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
                // Even in batch mode: `quit` must always end the engine, and a search that is
                // not stopped would keep the session thread from ever reading it.
                control.stop_everything();
                send(Msg::Quit, false);
                return;
            }
            // A perft is numbered like a search so that `stop` and `quit` reach it.
            Ok(Command::Go(_) | Command::Perft(_)) => {
                if !send(Msg::Go { line, seq: 0 }, true) {
                    return;
                }
            }
            Ok(Command::SetOption(option)) if option.is("batch") => {
                // Takes effect for the very next line, before the session thread gets to it.
                if let Some(on) = option.bool_value() {
                    control.set_batch(on);
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
