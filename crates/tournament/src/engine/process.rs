//! A child process spoken to line by line. A reader thread forwards stdout lines over a channel
//! so that every read can time out: a hung engine never blocks the runner.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Why talking to an engine failed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineError {
    /// The program could not be started.
    Spawn(String),
    /// The process closed its output (exited or crashed).
    Exited,
    /// No expected answer before the deadline.
    Timeout,
    /// Writing to its input failed (it has gone).
    Write(String),
    /// It said something the protocol does not allow at this point.
    Protocol(String),
}

impl std::fmt::Display for EngineError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineError::Spawn(why) => write!(f, "cannot start: {why}"),
            EngineError::Exited => f.write_str("disconnects"),
            EngineError::Timeout => f.write_str("does not answer"),
            EngineError::Write(why) => write!(f, "cannot be written to: {why}"),
            EngineError::Protocol(why) => write!(f, "breaks the protocol: {why}"),
        }
    }
}

impl std::error::Error for EngineError {}

pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    /// Set once the reader has seen end of file.
    closed: bool,
}

impl EngineProcess {
    pub fn spawn(
        cmd: &str,
        args: &[String],
        dir: Option<&Path>,
    ) -> Result<EngineProcess, EngineError> {
        let mut command = Command::new(cmd);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped()).stderr(Stdio::null());
        if let Some(dir) = dir {
            command.current_dir(dir);
        }
        let mut child = command.spawn().map_err(|e| EngineError::Spawn(format!("{cmd}: {e}")))?;
        let (Some(stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(EngineError::Spawn(format!("{cmd}: no pipes")));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine-reader".into())
            .spawn(move || {
                let reader = BufReader::new(stdout);
                for line in reader.split(b'\n') {
                    let Ok(bytes) = line else { break };
                    // Engines may print invalid UTF-8 or CR line ends; neither should kill the match.
                    let text = String::from_utf8_lossy(&bytes).trim_end_matches('\r').to_owned();
                    if tx.send(text).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| EngineError::Spawn(format!("reader thread: {e}")))?;
        Ok(EngineProcess { child, stdin, lines, closed: false })
    }

    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        let mut buf = Vec::with_capacity(line.len() + 1);
        buf.extend_from_slice(line.as_bytes());
        buf.push(b'\n');
        self.stdin
            .write_all(&buf)
            .and_then(|()| self.stdin.flush())
            .map_err(|e| EngineError::Write(e.to_string()))
    }

    /// The next line, waiting at most until `deadline`.
    pub fn recv(&mut self, deadline: Instant) -> Result<String, EngineError> {
        if self.closed {
            return Err(EngineError::Exited);
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => Ok(line),
            Err(RecvTimeoutError::Timeout) => Err(EngineError::Timeout),
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Err(EngineError::Exited)
            }
        }
    }

    /// Asks the engine to quit, then kills it if it is still there after `grace`.
    pub fn shutdown(mut self, quit_line: &str, grace: Duration) {
        let _ = self.send(quit_line);
        let until = Instant::now() + grace;
        loop {
            match self.child.try_wait() {
                Ok(Some(_)) => return,
                Ok(None) if Instant::now() < until => std::thread::sleep(Duration::from_millis(5)),
                _ => break,
            }
        }
        self.kill();
    }

    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        // Never leave an orphan engine behind, whatever path dropped us.
        if let Ok(None) = self.child.try_wait() {
            self.kill();
        }
    }
}
