//! XBoard GUIs reach UCCI engines through H.G. Muller's `uci2wb -x` adapter. Here the test is
//! the GUI: it speaks XBoard protocol (CECP) to `uci2wb -x kientuong`, keeps the engine's clock
//! and referees with our own rules layer. Every engine move must come as `move <iccs>`, be
//! legal, and arrive before the engine's clock runs out; a game ends by the rules, by the
//! engine's resignation, or at a ply cap. The opponent is a greedy mover of the test's (the
//! most valuable capture, else a random move), with the engine as red and as black, and then
//! the engine itself behind a second uci2wb.
//!
//! Needs `apt-get install uci2wb` (`/usr/games/uci2wb`). Without it the tests skip, unless
//! `CI` is set: then they fail.

use game_api::{Color, Game, GenKind, MoveList, Outcome, Verdict};
use kientuong_suite::SplitMix64;
use movegen_xiangqi::Xiangqi;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// Long enough for a loaded machine; a hang still fails instead of blocking the suite.
const PATIENCE: Duration = Duration::from_secs(30);
/// The engine's clock: XBoard `level 0 0:10 0`, ten seconds for the game, no increment.
const ENGINE_CLOCK_MS: u64 = 10_000;
/// A greedy mover is mated long before this; the cap only bounds a broken run.
const MAX_PLIES: usize = 200;
/// What the engine is told the greedy mover has left.
const GREEDY_CLOCK_MS: u64 = 10_000;
/// Engine against engine: eight seconds each for the whole game, drawn at 300 plies.
const SELF_PLAY_CLOCK_MS: u64 = 8_000;
const SELF_PLAY_MAX_PLIES: usize = 300;

fn uci2wb_path_found() -> Option<PathBuf> {
    let from_path = std::env::var_os("PATH")
        .map(|p| std::env::split_paths(&p).map(|d| d.join("uci2wb")).collect::<Vec<_>>())
        .unwrap_or_default();
    from_path.into_iter().chain([PathBuf::from("/usr/games/uci2wb")]).find(|p| p.is_file())
}

/// `uci2wb -x kientuong`, seen from the GUI side.
struct Adapter {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    transcript: Vec<String>,
}

impl Adapter {
    fn start(uci2wb: &PathBuf) -> Adapter {
        let mut child = Command::new(uci2wb)
            .arg("-x")
            .arg(kientuong_suite::kientuong_bin())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("start uci2wb");
        let stdout = child.stdout.take().expect("uci2wb stdout");
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
        Adapter { child, stdin, lines, transcript: Vec::new() }
    }

    fn send(&mut self, line: &str) {
        self.transcript.push(format!("> {line}"));
        let stdin = self.stdin.as_mut().expect("uci2wb stdin open");
        writeln!(stdin, "{line}").expect("write to uci2wb");
        stdin.flush().expect("flush to uci2wb");
    }

    /// Reads until a line satisfies `done` and returns it; a silence of `PATIENCE` fails.
    fn read_until(&mut self, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + PATIENCE;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    self.transcript.push(format!("< {line}"));
                    if done(&line) {
                        return line;
                    }
                }
                Err(_) => panic!("uci2wb gave no expected line in {PATIENCE:?}:\n{}", self.tail()),
            }
        }
    }

    fn tail(&self) -> String {
        let from = self.transcript.len().saturating_sub(40);
        self.transcript[from..].join("\n")
    }
}

impl Drop for Adapter {
    fn drop(&mut self) {
        self.stdin = None;
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// What an XBoard engine may answer to a move or `go`: a move, or a game-ending claim.
fn is_engine_answer(line: &str) -> bool {
    line.starts_with("move ")
        || line == "resign"
        || line.starts_with("1-0")
        || line.starts_with("0-1")
        || line.starts_with("1/2-1/2")
        || line.starts_with("Illegal move")
        || line.starts_with("Error")
        || line.starts_with("tellusererror")
}

/// The test side's move: the most valuable capture if there is one, else a random legal move.
/// A little greed makes the games last longer than pure chance would.
fn greedy_reply(pos: &Xiangqi, list: &mut MoveList, rng: &mut SplitMix64) -> game_api::Move {
    list.clear();
    pos.generate(GenKind::All, list);
    let best_capture = list
        .iter()
        .copied()
        .filter_map(|m| pos.captured_kind(m).map(|k| (Xiangqi::kind_value(k), m)))
        .max_by_key(|&(value, _)| value);
    match best_capture {
        Some((_, m)) => m,
        None => list.iter().copied().nth(rng.below(list.len())).expect("a legal move exists"),
    }
}

/// The XBoard `result` line for a verdict.
fn result_line(verdict: Verdict) -> String {
    let score = match verdict.outcome {
        Outcome::Win(Color::White) => "1-0",
        Outcome::Win(Color::Black) => "0-1",
        Outcome::Draw => "1/2-1/2",
    };
    format!("result {score} {{{:?}}}", verdict.reason)
}

/// One side of a game: our engine behind its own uci2wb, or the test's greedy mover.
enum Player {
    Engine(EngineSide),
    Greedy(SplitMix64),
}

struct EngineSide {
    gui: Adapter,
    clock_ms: u64,
    /// When the engine was last asked to move (`go` or `usermove`).
    asked: Instant,
}

impl EngineSide {
    /// Starts uci2wb, does the XBoard handshake and sets up a xiangqi game on `clock_ms`.
    fn start(uci2wb: &PathBuf, clock_ms: u64) -> EngineSide {
        let mut gui = Adapter::start(uci2wb);
        gui.send("xboard");
        gui.send("protover 2");
        let mut features = Vec::new();
        loop {
            let line = gui.read_until(|l| l.starts_with("feature"));
            let done = line.contains("done=1");
            features.push(line);
            if done {
                break;
            }
        }
        assert!(
            features.iter().any(|f| f.contains("variants=") && f.contains("xiangqi")),
            "uci2wb does not offer xiangqi for our engine:\n{}",
            gui.tail()
        );
        gui.send("new");
        gui.send("variant xiangqi");
        gui.send(&format!("level 0 0:{:02} 0", clock_ms / 1000));
        gui.send("easy"); // no pondering: the clock is charged with the engine's own thinking only
                          // XBoard passes engine options as `option NAME=VALUE`; uci2wb turns that into UCCI
                          // `setoption`. A loaded test machine lags: Move Overhead is the setting for that.
        gui.send("option moveoverhead=100");
        EngineSide { gui, clock_ms, asked: Instant::now() }
    }

    /// XBoard sends both clocks, in centiseconds, before the command that starts the engine's
    /// turn; then `go` (its first move as red) or the opponent's move.
    fn ask(&mut self, opponent_clock_ms: u64, command: &str) {
        self.gui.send(&format!("time {}", self.clock_ms / 10));
        self.gui.send(&format!("otim {}", opponent_clock_ms / 10));
        self.gui.send(command);
        self.asked = Instant::now();
    }

    /// The engine's `move …` answer, checked for form, legality and time; `None` when it
    /// resigns (our engine resigns over UCCI in a lost position, and uci2wb passes that on).
    fn await_move(&mut self, pos: &Xiangqi) -> Option<game_api::Move> {
        let answer = self.gui.read_until(is_engine_answer);
        let spent_ms = self.asked.elapsed().as_millis() as u64;
        let tail = || self.gui.tail();
        if answer == "resign" {
            return None;
        }
        let Some(text) = answer.strip_prefix("move ") else {
            panic!(
                "engine answered '{answer}' in {} with a legal move to play:\n{}",
                pos.fen(),
                tail()
            );
        };
        assert!(
            text.len() == 4 && text.is_ascii(),
            "'{answer}' is not an XBoard coordinate move:\n{}",
            tail()
        );
        let mv = pos.parse_move(text).unwrap_or_else(|e| {
            panic!("engine move {text} is illegal in {}: {e}\n{}", pos.fen(), tail())
        });
        assert!(
            spent_ms <= self.clock_ms,
            "engine lost on time: {spent_ms} ms with {} ms left\n{}",
            self.clock_ms,
            tail()
        );
        self.clock_ms -= spent_ms;
        Some(mv)
    }
}

/// The clock a player shows the other side (the greedy mover's is notional).
fn clock_of(player: &Player) -> u64 {
    match player {
        Player::Engine(e) => e.clock_ms,
        Player::Greedy(_) => GREEDY_CLOCK_MS,
    }
}

/// How a game through uci2wb ended.
#[derive(Debug)]
enum Ending {
    /// Our rules layer, as the GUI's referee, ended it.
    Rules(Verdict),
    /// This side's engine resigned.
    Resigned(Color),
    PlyCap,
}

impl Ending {
    fn result_line(&self) -> String {
        match self {
            Ending::Rules(v) => result_line(*v),
            Ending::Resigned(Color::White) => "result 0-1 {Red resigns}".to_string(),
            Ending::Resigned(Color::Black) => "result 1-0 {Black resigns}".to_string(),
            Ending::PlyCap => "result 1/2-1/2 {ply cap}".to_string(),
        }
    }

    fn loser(&self) -> Option<Color> {
        match self {
            Ending::Rules(Verdict { outcome: Outcome::Win(winner), .. }) => Some(!*winner),
            Ending::Resigned(side) => Some(*side),
            _ => None,
        }
    }
}

/// Plays a game between red `players[0]` and black `players[1]` with our rules layer as the
/// referee; the plies played and how the game ended.
fn play_game(mut players: [Player; 2], max_plies: usize) -> (usize, Ending) {
    let mut pos = Xiangqi::startpos();
    let mut list = MoveList::new();
    let black_clock = clock_of(&players[1]);
    if let Player::Engine(red) = &mut players[0] {
        red.ask(black_clock, "go"); // after `new` an engine waits as black; `go` gives it red
    }
    let mut ending = Ending::PlyCap;
    let mut moves = Vec::new();
    while pos.history_len() < max_plies {
        if let Some(verdict) = pos.game_verdict() {
            ending = Ending::Rules(verdict);
            break;
        }
        let side = pos.side_to_move() as usize;
        let mv = match &mut players[side] {
            Player::Engine(e) => e.await_move(&pos),
            Player::Greedy(rng) => Some(greedy_reply(&pos, &mut list, rng)),
        };
        let Some(mv) = mv else {
            ending = Ending::Resigned(pos.side_to_move());
            break;
        };
        let text = pos.write_move(mv);
        pos.make(mv);
        moves.push(text.clone());
        // A GUI that sees the game end sends `result` instead of passing the move on.
        if pos.game_verdict().is_none() {
            let mover_clock = clock_of(&players[side]);
            if let Player::Engine(next) = &mut players[1 - side] {
                next.ask(mover_clock, &format!("usermove {text}"));
            }
        }
    }
    eprintln!("moves {}", moves.join(" "));
    let result = ending.result_line();
    for player in &mut players {
        if let Player::Engine(e) = player {
            e.gui.send(&result);
            e.gui.send("quit");
        }
    }
    (pos.history_len(), ending)
}

/// Games against the greedy mover: the engine wins, or in the worst case a rule draws it; the
/// engine neither loses nor resigns against it.
fn check_game(engine_side: Color, plies: usize, ending: Ending) {
    eprintln!("uci2wb game, engine {engine_side:?}: {plies} plies, {ending:?}");
    assert_ne!(ending.loser(), Some(engine_side), "the greedy mover beat the engine: {ending:?}");
}

fn uci2wb_or_skip() -> Option<PathBuf> {
    let found = uci2wb_path_found();
    if found.is_none() {
        assert!(std::env::var_os("CI").is_none(), "CI is set but uci2wb is not installed");
        eprintln!("skipping: uci2wb is not installed");
    }
    found
}

#[test]
fn uci2wb_xboard_game_engine_red() {
    let Some(uci2wb) = uci2wb_or_skip() else { return };
    let engine = Player::Engine(EngineSide::start(&uci2wb, ENGINE_CLOCK_MS));
    let (plies, ending) =
        play_game([engine, Player::Greedy(SplitMix64::new(0x5EED_2B01))], MAX_PLIES);
    check_game(Color::White, plies, ending);
}

#[test]
fn uci2wb_xboard_game_engine_black() {
    let Some(uci2wb) = uci2wb_or_skip() else { return };
    let engine = Player::Engine(EngineSide::start(&uci2wb, ENGINE_CLOCK_MS));
    let (plies, ending) =
        play_game([Player::Greedy(SplitMix64::new(0x5EED_2B02)), engine], MAX_PLIES);
    check_game(Color::Black, plies, ending);
}

/// Two engines, each behind its own uci2wb, play a whole game on sudden-death clocks: the
/// game ends by mate, repetition, the move limit or a resignation, or is drawn at the ply cap.
#[test]
fn uci2wb_xboard_game_engine_against_itself() {
    let Some(uci2wb) = uci2wb_or_skip() else { return };
    let red = Player::Engine(EngineSide::start(&uci2wb, SELF_PLAY_CLOCK_MS));
    let black = Player::Engine(EngineSide::start(&uci2wb, SELF_PLAY_CLOCK_MS));
    let (plies, ending) = play_game([red, black], SELF_PLAY_MAX_PLIES);
    // The checks are on every move (form, legality, clock); the ending itself may be any.
    eprintln!("uci2wb self-play: {plies} plies, {ending:?}");
}
