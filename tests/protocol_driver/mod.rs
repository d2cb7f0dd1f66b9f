//! Drives the real `kientuong` binary through pipes, the way a GUI does: lines in, lines out,
//! with deadlines so a hung engine fails the test instead of hanging it.
#![allow(dead_code)] // each test file uses a different part of the driver

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Generous: the CI machine is shared and the tests run in parallel.
pub const PATIENCE: Duration = Duration::from_secs(30);

pub struct Engine {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    /// Every line read so far, for failure messages.
    pub transcript: Vec<String>,
}

impl Engine {
    pub fn start() -> Engine {
        Engine::start_command(Command::new(kientuong_suite::kientuong_bin()))
    }

    /// The engine `bin` run by another program (`valgrind … kientuong`): `wrapper` and its
    /// arguments, then the engine's path.
    pub fn start_under(wrapper: &str, args: &[String], bin: &std::path::Path) -> Engine {
        let mut command = Command::new(wrapper);
        command.args(args).arg(bin);
        Engine::start_command(command)
    }

    fn start_command(mut command: Command) -> Engine {
        let mut child = command
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start kientuong");
        let stdout = child.stdout.take().expect("stdout");
        let stdin = child.stdin.take();
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine { child, stdin, lines, transcript: Vec::new() }
    }

    pub fn send(&mut self, line: &str) {
        self.send_raw(format!("{line}\n").as_bytes());
    }

    pub fn send_raw(&mut self, bytes: &[u8]) {
        let stdin = self.stdin.as_mut().expect("stdin open");
        stdin.write_all(bytes).expect("write to engine");
        stdin.flush().expect("flush to engine");
    }

    /// Closes the engine's input (end of file).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// The next line, or `None` if none came within `wait`.
    pub fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// Reads until a line satisfies `done`; returns every line read, that one last.
    pub fn read_until(&mut self, wait: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let deadline = Instant::now() + wait;
        let mut got = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.next_line(left) {
                Some(line) => {
                    let stop = done(&line);
                    got.push(line);
                    if stop {
                        return got;
                    }
                }
                None => panic!(
                    "no expected line within {wait:?}; read so far:\n{}",
                    self.transcript.join("\n")
                ),
            }
        }
    }

    /// Reads until a line that starts with `prefix`, returning that line.
    pub fn expect_prefix(&mut self, prefix: &str) -> String {
        let lines = self.read_until(PATIENCE, |l| l.starts_with(prefix));
        lines.last().cloned().unwrap_or_default()
    }

    /// Reads until the end of a search: `bestmove …` or `nobestmove`.
    pub fn expect_bestmove(&mut self) -> String {
        let lines = self.read_until(PATIENCE, is_search_end);
        lines.last().cloned().unwrap_or_default()
    }

    /// Asserts that nothing arrives for `wait`.
    pub fn expect_silence(&mut self, wait: Duration) {
        if let Some(line) = self.next_line(wait) {
            panic!("unexpected line '{line}'; transcript:\n{}", self.transcript.join("\n"));
        }
    }

    pub fn handshake_uci(&mut self) -> Vec<String> {
        self.send("uci");
        self.read_until(PATIENCE, |l| l == "uciok")
    }

    pub fn handshake_ucci(&mut self) -> Vec<String> {
        self.send("ucci");
        self.read_until(PATIENCE, |l| l == "ucciok")
    }

    pub fn sync(&mut self) {
        self.send("isready");
        self.read_until(PATIENCE, |l| l == "readyok");
    }

    /// Waits for the process to exit; its exit status.
    pub fn wait_exit(&mut self, wait: Duration) -> Option<std::process::ExitStatus> {
        let deadline = Instant::now() + wait;
        while Instant::now() < deadline {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Some(status);
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        None
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        self.stdin = None;
        if self.wait_exit(Duration::from_secs(2)).is_none() {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

pub fn is_search_end(line: &str) -> bool {
    line.starts_with("bestmove") || line == "nobestmove"
}

/// The move (and ponder move) of a `bestmove` line.
pub fn bestmove_parts(line: &str) -> (String, Option<String>) {
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(words.first(), Some(&"bestmove"), "not a bestmove line: {line}");
    let best = words.get(1).expect("a move").to_string();
    let ponder = words
        .iter()
        .position(|w| *w == "ponder")
        .and_then(|i| words.get(i + 1))
        .map(|p| p.to_string());
    (best, ponder)
}

/// Asserts that `line` names a legal move of `G` in `fen` after `moves` (and a legal ponder
/// reply if it gives one); returns the move.
pub fn assert_legal<G: game_api::Game>(fen: Option<&str>, moves: &[&str], line: &str) -> String {
    let mut pos = match fen {
        None => G::startpos(),
        Some(f) => G::from_fen(f).expect("test FEN"),
    };
    for m in moves {
        let mv = pos.parse_move(m).expect("test move");
        pos.make(mv);
    }
    let (best, ponder) = bestmove_parts(line);
    let mv = pos
        .parse_move(&best)
        .unwrap_or_else(|e| panic!("bestmove {best} is not legal: {e} ({line})"));
    pos.make(mv);
    if let Some(p) = ponder {
        pos.parse_move(&p)
            .unwrap_or_else(|e| panic!("ponder {p} is not legal after {best}: {e} ({line})"));
    }
    best
}
