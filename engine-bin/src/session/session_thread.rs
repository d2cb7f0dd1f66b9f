//! The session thread: owns the dialect, the options and the game being played, and runs every
//! command the input thread forwards, in order. Searches run here too (their helper threads
//! are scoped inside the search), so a command that arrives mid-search waits its turn.

use super::control::Control;
use super::facade::GoContext;
use super::games::{game_of_fen, with_engine, ActiveEngine};
use super::input::Msg;
use super::options::{self, Effect, Settings};
use crossbeam_channel::Receiver;
use protocol::GameKind;
use protocol::{Command, Dialect};
use std::sync::atomic::Ordering::Relaxed;

const ENGINE_NAME: &str = concat!("Kientuong ", env!("CARGO_PKG_VERSION"));
const ENGINE_AUTHOR: &str = "the kientuong developers";

pub struct Session<'a> {
    control: &'a Control,
    dialect: Dialect,
    settings: Settings,
    engine: ActiveEngine,
}

/// Whether the session goes on after a message.
#[derive(PartialEq, Eq)]
pub enum Flow {
    Continue,
    Quit,
}

/// The session thread's body: runs until `quit` (or the input thread hangs up).
pub fn run(rx: &Receiver<Msg>, control: &Control) {
    let mut session = Session::new(control);
    for msg in rx.iter() {
        let flow = session.handle(msg);
        if flow == Flow::Quit {
            break;
        }
    }
}

impl<'a> Session<'a> {
    fn new(control: &'a Control) -> Self {
        let settings = Settings::default();
        let engine = ActiveEngine::new(settings.variant, &settings);
        Session {
            control,
            // Until a handshake says otherwise, speak UCI (as Stockfish does without `uci`).
            dialect: Dialect::Uci,
            settings,
            engine,
        }
    }

    fn handle(&mut self, msg: Msg) -> Flow {
        let flow = match msg {
            Msg::Go { params, seq } => {
                // `go` marks itself done when its search starts (see `Control::begin_search`).
                let cx = GoContext {
                    control: self.control,
                    dialect: self.dialect,
                    settings: &self.settings,
                };
                with_engine!(&mut self.engine, e => e.go(&params, seq, &cx));
                return Flow::Continue;
            }
            Msg::Perft { depth, seq } => {
                // Numbered like a search, so that `stop` and `quit` end it (see `facade/perft.rs`).
                with_engine!(&mut self.engine, e => e.perft(depth, seq, self.control));
                return Flow::Continue;
            }
            Msg::Command(command) => self.command(command),
            Msg::Invalid(e) => {
                if !e.is_silent() {
                    self.control.out.note(&e.to_string());
                }
                Flow::Continue
            }
            Msg::IdleStop => {
                self.idle_stop();
                Flow::Continue
            }
            Msg::Quit => {
                if let Some(bye) = self.dialect.quit_reply() {
                    self.control.out.line(bye);
                }
                Flow::Quit
            }
        };
        self.control.mark_done();
        flow
    }

    fn command(&mut self, command: Command) -> Flow {
        let out = &self.control.out;
        match command {
            Command::Uci => {
                self.dialect = Dialect::Uci;
                self.switch_game(self.settings.variant);
                self.handshake();
            }
            Command::Ucci => {
                self.dialect = Dialect::Ucci;
                self.settings.variant = GameKind::Xiangqi;
                self.switch_game(GameKind::Xiangqi);
                self.handshake();
            }
            // Only reaches here in batch mode (otherwise the input thread answers it).
            Command::IsReady => out.line("readyok"),
            Command::NewGame => with_engine!(&mut self.engine, e => e.clear()),
            Command::Debug(on) => self.settings.debug = on,
            Command::SetOption(option) => {
                match options::apply(&mut self.settings, &option, self.dialect) {
                    Ok(effect) => self.apply(effect),
                    Err(e) => out.note(&e.to_string()),
                }
                self.control.batch.store(self.settings.batch, Relaxed);
            }
            Command::Position(spec) => {
                if let Some(kind) = spec.fen.as_deref().and_then(game_of_fen) {
                    // A FEN of the other game switches to it (Pikafish-style GUIs never set
                    // UCI_Variant). UCCI is xiangqi only: there the xiangqi parser reports it.
                    if self.dialect == Dialect::Uci {
                        self.switch_game(kind);
                    }
                }
                let settings = &self.settings;
                with_engine!(&mut self.engine, e => e.set_position(&spec, settings, out));
            }
            Command::BanMoves(moves) => with_engine!(&mut self.engine, e => e.ban(&moves, out)),
            Command::Go(_) | Command::Perft(_) => {
                // Both always arrive numbered (`Msg::Go`, `Msg::Perft`; see `input::message`).
                out.note("go: internal error, search not started");
            }
            Command::Stop => self.idle_stop(),
            Command::PonderHit { .. } => {}
            Command::Probe(spec) => {
                let settings = &self.settings;
                let line = with_engine!(&self.engine, e => e.probe(spec.as_ref(), settings, out));
                out.line(&line);
            }
            Command::Quit => {
                if let Some(bye) = self.dialect.quit_reply() {
                    out.line(bye);
                }
                return Flow::Quit;
            }
            Command::Display => with_engine!(&self.engine, e => e.display(out)),
            Command::Eval => with_engine!(&mut self.engine, e => e.eval(out)),
            Command::GenFens(params) => with_engine!(&self.engine, e => e.genfens(&params, out)),
        }
        Flow::Continue
    }

    /// `stop` with no search to stop: UCCI wants `nobestmove` so the GUI never waits forever;
    /// UCI wants nothing.
    fn idle_stop(&self) {
        if self.dialect == Dialect::Ucci {
            self.control.out.line(self.dialect.no_move_line());
        }
    }

    fn handshake(&self) {
        let out = &self.control.out;
        out.line(&format!("id name {ENGINE_NAME}"));
        out.line(&format!("id author {ENGINE_AUTHOR}"));
        for line in options::declarations(self.dialect) {
            out.line(&line);
        }
        out.line(self.dialect.handshake_ok());
    }

    fn apply(&mut self, effect: Effect) {
        let settings = &self.settings;
        match effect {
            Effect::None => {}
            Effect::ResizeHash => {
                with_engine!(&mut self.engine, e => e.set_hash_mb(settings.hash_mb));
                self.report_hash_shortfall();
            }
            Effect::SetThreads => {
                with_engine!(&mut self.engine, e => e.set_threads(settings.threads))
            }
            Effect::ClearHash | Effect::NewGame => {
                with_engine!(&mut self.engine, e => e.clear())
            }
            Effect::SwitchGame(kind) => self.switch_game(kind),
            Effect::Rules => with_engine!(&mut self.engine, e => e.apply_rules(settings)),
            Effect::Eval => with_engine!(&mut self.engine, e => e.install_eval(settings)),
            Effect::Tablebases => {
                with_engine!(&mut self.engine, e => e.install_tablebase(settings));
                if let Some(report) = self.settings.tablebases.report.take() {
                    self.control.out.note(&report);
                }
            }
        }
    }

    /// Makes `kind` the game being played; a new game starts at its start position.
    fn switch_game(&mut self, kind: GameKind) {
        if self.engine.kind() != kind {
            // Free the old engine's table and threads before allocating the new ones (one
            // thread here: at Threads 256 each engine costs 256 workers' histories).
            self.engine = ActiveEngine::new(
                kind,
                &Settings { hash_mb: 1, threads: 1, ..self.settings.clone() },
            );
            self.engine = ActiveEngine::new(kind, &self.settings);
            self.report_hash_shortfall();
        }
    }

    /// Says so when the table is smaller than `Hash` asked for (the machine refused the
    /// memory); the engine keeps serving with what it got.
    fn report_hash_shortfall(&self) {
        let obtained = with_engine!(&self.engine, e => e.hash_mb_obtained());
        if obtained < self.settings.hash_mb {
            self.control.out.note(&format!(
                "Hash: {} MB could not be allocated; using {obtained} MB",
                self.settings.hash_mb
            ));
        }
    }
}
