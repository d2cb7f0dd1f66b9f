//! Protocol lines from the command line (see `crate::argv_lines`): fed to the session thread in
//! order, each treated as a queued command — `isready`, `stop` and `quit` included, so a `go`
//! runs to its own limit before the next line and the engine exits only after the last line has
//! been dealt with (a `go infinite` given this way never ends, as in Stockfish).

use super::control::Control;
use super::input::Msg;
use crossbeam_channel::Sender;
use protocol::{parse, Command, Dialect};

/// Sends every line, then `quit`. Stops early when the session thread has hung up (after a
/// `quit` line).
pub fn feed(lines: &[String], control: &Control, tx: &Sender<Msg>) {
    for line in lines {
        let is_go = matches!(parse(line, Dialect::Uci), Ok(Command::Go(_)));
        let seq = control.note_sent(is_go);
        let msg = if is_go {
            Msg::Go {
                line: line.clone(),
                seq,
            }
        } else {
            Msg::Line(line.clone())
        };
        if tx.send(msg).is_err() {
            return;
        }
    }
    control.note_sent(false);
    let _ = tx.send(Msg::Quit);
}
