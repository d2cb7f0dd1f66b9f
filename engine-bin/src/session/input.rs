//! The input thread (the process's main thread): reads GUI lines, parses each once into a
//! [`Command`], answers `isready`, `stop`, `ponderhit`, `quit` and (mid-search) `probe` itself
//! so they work while a search runs, and forwards every other command to the session thread,
//! in order, over a channel (queued, never dropped).

use super::control::{Control, StopAction};
use crossbeam_channel::Sender;
use protocol::{parse_with_clock, Command, Dialect, GoParams, ProtocolError};
use std::io::{BufRead, Read};

/// What the session thread receives.
pub enum Msg {
    /// A command to run in order.
    Command(Command),
    /// A line that is no command, reported in order.
    Invalid(ProtocolError),
    /// A `go`, numbered so that `stop`/`ponderhit` can say which search they are for.
    Go { params: GoParams, seq: u64 },
    /// `perft N` / `go perft N`, numbered like a search so that `stop` and `quit` reach it.
    Perft { depth: u32, seq: u64 },
    /// `stop` with no search running or queued.
    IdleStop,
    /// `quit`, or the end of input.
    Quit,
}

/// Parses lines as the session will understand them. The only thing parsing depends on is the
/// unit of `go` clocks (UCCI: seconds after `setoption usemillisec false`), and it follows from
/// lines this reader has already seen — the handshake and that option — so it is tracked here,
/// as the lines pass, before the session thread applies them.
pub struct LineReader {
    dialect: Dialect,
    usemillisec: bool,
}

impl Default for LineReader {
    fn default() -> Self {
        // Until a handshake says otherwise the session speaks UCI; `usemillisec` is on by
        // default (announced so, as the UCCI spec recommends).
        LineReader { dialect: Dialect::Uci, usemillisec: true }
    }
}

impl LineReader {
    /// Parses `line`, then notes what it changes for the lines after it.
    pub fn parse(&mut self, line: &str) -> Result<Command, ProtocolError> {
        let clock = self.dialect.clock_unit(self.usemillisec);
        let command = parse_with_clock(line, self.dialect, clock);
        match &command {
            Ok(Command::Uci) => self.dialect = Dialect::Uci,
            Ok(Command::Ucci) => self.dialect = Dialect::Ucci,
            // Either dialect's name, in either dialect (as `options::apply` accepts it); a
            // value that does not read changes nothing there either.
            Ok(Command::SetOption(option)) if option.is("usemillisec") => {
                if let Some(on) = option.bool_value() {
                    self.usemillisec = on;
                }
            }
            _ => {}
        }
        command
    }
}

/// The message that carries `command` to the session thread, and whether it is numbered as a
/// search (`seq` is filled in by [`Control::note_sent`]'s caller).
pub fn message(command: Result<Command, ProtocolError>) -> (Msg, bool) {
    match command {
        Ok(Command::Go(params)) => (Msg::Go { params, seq: 0 }, true),
        Ok(Command::Perft(depth)) => (Msg::Perft { depth, seq: 0 }, true),
        Ok(command) => (Msg::Command(command), false),
        Err(e) => (Msg::Invalid(e), false),
    }
}

/// Records `msg` in the ledger (numbering a search) and sends it; false once the session
/// thread has hung up.
pub fn send(control: &Control, tx: &Sender<Msg>, (msg, is_search): (Msg, bool)) -> bool {
    let seq = control.note_sent(is_search);
    let msg = match msg {
        Msg::Go { params, .. } => Msg::Go { params, seq },
        Msg::Perft { depth, .. } => Msg::Perft { depth, seq },
        other => other,
    };
    tx.send(msg).is_ok()
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
    let send = |msg: Msg, is_search: bool| -> bool { send(control, tx, (msg, is_search)) };
    let mut reader = LineReader::default();
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        match input.by_ref().take(MAX_LINE_BYTES).read_until(b'\n', &mut buffer) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buffer.len() as u64 >= MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
            if !skip_rest_of_line(&mut input) {
                break;
            }
            control.out.note(&format!("line longer than {} MB ignored", MAX_LINE_BYTES >> 20));
            continue;
        }
        // Bytes that are not UTF-8 cannot be part of a valid command; keep the rest readable.
        let line = String::from_utf8_lossy(&buffer).into_owned();
        let command = reader.parse(&line);
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
            command => {
                if let Ok(Command::SetOption(option)) = &command {
                    if option.is("batch") {
                        // Takes effect for the very next line, before the session thread gets
                        // to it.
                        if let Some(on) = option.bool_value() {
                            control.set_batch(on);
                        }
                    }
                }
                let (msg, is_search) = message(command);
                if !send(msg, is_search) {
                    return;
                }
            }
        }
    }
    // End of input: the GUI is gone. Stop searching and let the session thread wind down.
    control.stop_everything();
    send(Msg::Quit, false);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn movetime(reader: &mut LineReader, line: &str) -> Option<u64> {
        match reader.parse(line) {
            Ok(Command::Go(go)) => go.movetime,
            _ => None,
        }
    }

    #[test]
    fn ucci_clocks_are_seconds_only_after_usemillisec_false() {
        let mut r = LineReader::default();
        assert_eq!(movetime(&mut r, "go movetime 5"), Some(5));
        r.parse("setoption usemillisec off").ok();
        // UCI clocks are always milliseconds.
        assert_eq!(movetime(&mut r, "go movetime 5"), Some(5));
        r.parse("ucci").ok();
        assert_eq!(movetime(&mut r, "go movetime 5"), Some(5000));
        r.parse("setoption usemillisec maybe").ok();
        assert_eq!(movetime(&mut r, "go movetime 2.5"), Some(2500));
        r.parse("setoption name usemillisec value true").ok();
        assert_eq!(movetime(&mut r, "go movetime 5"), Some(5));
        r.parse("setoption usemillisec false").ok();
        r.parse("uci").ok();
        assert_eq!(movetime(&mut r, "go movetime 5"), Some(5));
    }
}
