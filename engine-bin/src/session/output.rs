//! Engine → GUI lines. Both threads print (the input thread answers `isready`, the session
//! thread everything else, the search its `info` lines), so every line is written whole under
//! the stdout lock and flushed at once: a GUI reads line by line and waits for each.

use protocol::{text_line, Dialect};
use std::io::Write;

#[derive(Clone, Copy, Default)]
pub struct Out;

impl Out {
    /// Writes one line. A GUI that has gone away makes writes fail; that is not worth dying
    /// for, since the end of input will end the loop.
    pub fn line(&self, text: &str) {
        let stdout = std::io::stdout();
        let mut handle = stdout.lock();
        let _ = writeln!(handle, "{text}");
        let _ = handle.flush();
    }

    /// A diagnostic for the user: `info string …` in both dialects. UCCI's own word for it is
    /// `info message`, but the project contract says bad input is answered with an
    /// `info string`, and UCCI GUIs show unknown `info` lines as text anyway.
    pub fn note(&self, text: &str) {
        self.line(&text_line(Dialect::Uci, text));
    }
}
