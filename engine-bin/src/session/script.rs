//! Protocol lines from the command line (see `crate::argv_lines`): fed to the session thread in
//! order, each treated as a queued command — `isready`, `stop` and `quit` included, so a `go`
//! runs to its own limit before the next line and the engine exits only after the last line has
//! been dealt with (a `go infinite` given this way never ends, as in Stockfish).

use super::control::Control;
use super::input::{message, send, LineReader, Msg};
use crossbeam_channel::Sender;

/// Sends every line, then `quit`. Stops early when the session thread has hung up (after a
/// `quit` line).
pub fn feed(lines: &[String], control: &Control, tx: &Sender<Msg>) {
    let mut reader = LineReader::default();
    for line in lines {
        if !send(control, tx, message(reader.parse(line))) {
            return;
        }
    }
    control.note_sent(false);
    let _ = tx.send(Msg::Quit);
}
