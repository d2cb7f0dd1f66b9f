//! One XBoard engine-against-engine match, headless: `xvfb-run -a xboard -noGUI …` in a
//! temporary folder (XBoard writes its files in the working directory), bounded in wall time.
//! XBoard starts the adapters itself (polyglot for `-fUCI`, uci2wb when the engine command
//! names it), so they must be on the PATH it inherits.

use std::fs::File;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// Debian installs xboard, polyglot and uci2wb in /usr/games, which is not always on PATH.
const GAMES_DIR: &str = "/usr/games";

/// What a finished match left behind.
pub struct MatchRun {
    pub pgn: String,
    /// XBoard's stdout and stderr (its `Match … final score` line is printed there).
    pub console: String,
    /// XBoard's whole debug log (`adapter::fault` reads it; `traffic` is its tail).
    pub debug_log: String,
    pub wall: Duration,
}

/// XBoard's debug log, kept in the match folder: with uci2wb started as `uci2wb debug …` it
/// holds both hops (XBoard ↔ adapter, and the adapter's `# engine said:` and `# go …` lines
/// for adapter ↔ engine), which is what an intermittent fault needs to be explained.
const DEBUG_LOG: &str = "xboard.debug";
/// How much of the traffic a failure message carries: the end of the match, where it failed. CI
/// shows only the head of a failing test's output, so the message is kept short and this
/// comes first in it.
const TRAFFIC_LINES: usize = 120;

/// One line of XBoard's debug log that passed between it and an engine (`123 >first : go`,
/// `125 <second: move b2e2`), read.
pub struct Said<'a> {
    /// XBoard to the engine's process (`>`), rather than from it (`<`).
    pub to_engine: bool,
    /// 0 for `first`, 1 for `second`.
    pub engine: usize,
    /// What was said, without the leading blanks.
    pub text: &'a str,
}

/// `line` read as engine traffic; `None` for XBoard's other lines.
pub fn read_said(line: &str) -> Option<Said<'_>> {
    let (stamp, rest) = line.split_once(' ')?;
    if stamp.is_empty() || !stamp.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let (label, text) = rest.strip_prefix(['<', '>'])?.split_once(':')?;
    let engine = match label.trim_end() {
        "first" => 0,
        "second" => 1,
        _ => return None,
    };
    Some(Said { to_engine: rest.starts_with('>'), engine, text: text.trim_start() })
}

/// The last lines of XBoard's debug log that passed between it and the engines, without the
/// thinking lines and the handshake's option declarations, which would bury the moves, searches
/// and stops a fault is made of.
pub fn traffic(debug_log: &str) -> String {
    let is_traffic = |line: &str| {
        let Some(said) = read_said(line) else { return false };
        let text = said.text;
        // XBoard's thinking lines (`<first :  12  42 …`) and uci2wb's echo of the engine's
        // `info` lines in debug mode; the engine's `info string` notes stay.
        let thinking = !said.to_engine
            && (text.starts_with(|c: char| c.is_ascii_digit())
                || (text.starts_with("# engine said: info")
                    && !text.starts_with("# engine said: info string")));
        let handshake = ["feature option=", "accepted ", "rejected ", "# engine said: option "]
            .iter()
            .any(|p| text.starts_with(p))
            || text.starts_with("# queue 'option'");
        !thinking && !handshake
    };
    let kept: Vec<&str> = debug_log.lines().filter(|l| is_traffic(l)).collect();
    kept[kept.len().saturating_sub(TRAFFIC_LINES)..].join("\n")
}

impl MatchRun {
    /// The engine traffic at the end of the match, for the message of a failed check.
    pub fn traffic(&self) -> String {
        traffic(&self.debug_log)
    }
}

fn search_path() -> String {
    let mut path = std::env::var("PATH").unwrap_or_default();
    path.push(':');
    path.push_str(GAMES_DIR);
    path
}

fn find_tool(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&search_path()).map(|dir| dir.join(name)).find(|p| p.is_file())
}

/// The tools are all there: `true`. Some missing: skips (`false`) with a message, or fails when
/// `CI` is set, so that a CI run never passes without having played.
pub fn tools_present(names: &[&str]) -> bool {
    let missing: Vec<&str> = names.iter().copied().filter(|n| find_tool(n).is_none()).collect();
    if missing.is_empty() {
        return true;
    }
    let note = format!(
        "{} not found (apt-get install xboard polyglot uci2wb xvfb xauth; scripts/test does it)",
        missing.join(", ")
    );
    assert!(std::env::var_os("CI").is_none(), "CI is set but {note}");
    eprintln!("skipping: {note}");
    false
}

/// Runs `xboard` with `args` plus the options every test match shares; the PGN goes to a file
/// that is read back. A match still running after `limit` is killed, with its whole process
/// group (xvfb-run, Xvfb, xboard and the engines), and fails the test.
pub fn play_match(label: &str, args: &[String], limit: Duration) -> MatchRun {
    let dir = std::env::temp_dir().join(format!("kientuong-xboard-{label}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("create the match folder");
    let console_path = dir.join("console.txt");
    let console = File::create(&console_path).expect("create the console file");
    let pgn_path = dir.join("games.pgn");
    let started = Instant::now();
    let mut child = Command::new("xvfb-run")
        .arg("-a")
        .arg("xboard")
        .args(args)
        .args(["-sgf", "games.pgn"])
        // No window, no dialog waiting for a click, no settings read or written: a batch match.
        .args(["-noGUI", "-popupExitMessage", "false", "-autoCallFlag", "true"])
        .args(["-settingsFile", "/dev/null", "-saveSettingsOnExit", "false"])
        .args(["-debug", "-nameOfDebugFile", DEBUG_LOG])
        .current_dir(&dir)
        .env("PATH", search_path())
        .stdin(Stdio::null())
        .stdout(console.try_clone().expect("share the console file"))
        .stderr(console)
        .process_group(0)
        .spawn()
        .expect("start xvfb-run xboard");
    let status = loop {
        if let Some(status) = child.try_wait().expect("wait for xboard") {
            break status;
        }
        if started.elapsed() > limit {
            kill_group(child.id());
            let _ = child.wait();
            let console = read(&console_path);
            let pgn = read(&pgn_path);
            let traffic = traffic(&read(&dir.join(DEBUG_LOG)));
            let _ = std::fs::remove_dir_all(&dir);
            panic!("{label}: the match ran past {limit:?}\n{console}\n{pgn}\n{traffic}");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    let wall = started.elapsed();
    let debug_log = read(&dir.join(DEBUG_LOG));
    let run = MatchRun { pgn: read(&pgn_path), console: read(&console_path), debug_log, wall };
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        status.success(),
        "{label}: xboard exited with {status}\n{}\n{}",
        run.console,
        run.traffic()
    );
    run
}

/// The match's process group: the test started it with `process_group(0)`, so its id is the
/// leader's, and nothing else is in it.
fn kill_group(leader: u32) {
    let _ = Command::new("kill").arg("-KILL").arg(format!("-{leader}")).status();
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_default()
}
