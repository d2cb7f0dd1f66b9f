//! Whether uci2wb kept track of the game. uci2wb 4.1 (Debian's build) hands the GUI's commands
//! to a second thread through a queue that two threads change without a lock, and it loses a
//! line now and then: the line after a `usermove` when commands arrive together (`usermove
//! b2e2`, `black`, `go` from XBoard to the engine that plays Black from force mode). The second
//! thread then reads an empty line and runs whatever command its stack still holds, so a move
//! is entered twice or a stale one replaces the opponent's, and it sends the engine positions
//! that are not the game's; or, after a ponder miss, it starts the next search before reading
//! the stopped one's `bestmove` and relays that stale move as the new search's answer. Either
//! way the engine's correct answer reaches XBoard as an illegal move. CI lost two matches so
//! (Black's `b7e7` relayed a second time; a red move relayed for Black), and
//! `scripts/uci2wb-stress.py`, which sends XBoard's burst straight to uci2wb, reproduces it in
//! one game of six to thirty.
//!
//! So the adapter's own debug output (`uci2wb debug`, in XBoard's debug log) is checked:
//! - every search it starts on the clock (`# go …` that is not `go ponder`) and every ponder
//!   hit is on the game's position: the last `# fen … moves …` (UCI) or `# position fen … moves
//!   …` (UCCI) it sent is the position of the moves XBoard sent that adapter (`usermove`) and
//!   took from it (`move`) in that game;
//! - every move it relays answers the latest search it started: when the `bestmove` it relays
//!   arrives, the engine has answered as many searches as the adapter started;
//! - it never takes an empty line from its queue (`# command` with no command: a lost line,
//!   after which it runs a stale command or misses the opponent's move and loses on time).
//!
//! A fault of the engine's shows there too and is told apart: a `bestmove` for no search, or
//! uci2wb's `UCI violation! Engine moves during ponder`.

use super::run::{read_said, Said};
use game_api::Game;

/// What the log shows went wrong, and on whose side.
#[derive(Debug, PartialEq, Eq)]
pub enum Fault {
    /// uci2wb lost track of the game: the match tested the adapter, not the engine.
    Adapter(String),
    /// The engine answered what it was not asked.
    Engine(String),
}

/// The position `fen moves m1 m2 …` names, or `None` if it names none (a move that is not
/// legal where it is played, a FEN the rules refuse).
fn position_of<G: Game>(spec: &str) -> Option<G> {
    let mut words = spec.split_whitespace();
    let mut fen = Vec::new();
    for word in words.by_ref() {
        if word == "moves" {
            break;
        }
        fen.push(word);
    }
    let mut pos = G::from_fen(&fen.join(" ")).ok()?;
    for word in words {
        let m = pos.parse_move(word).ok()?;
        pos.make(m);
    }
    Some(pos)
}

/// What one adapter has been told and has said in the game it is playing.
struct AdapterView<G> {
    /// The game's position from the moves seen so far; `None` once a move did not apply (the
    /// game ended in a forfeit; nothing after it is checked).
    game: Option<G>,
    /// The last position the adapter sent its engine; `None` if it was not one.
    sent: Option<G>,
    /// Searches the adapter started (`# go`), and `bestmove`s the engine gave.
    searches: u64,
    answers: u64,
    /// Whether the last `bestmove` answered the latest search.
    last_answer_current: bool,
}

impl<G: Game> AdapterView<G> {
    fn new() -> Self {
        AdapterView {
            game: Some(G::startpos()),
            sent: None,
            searches: 0,
            answers: 0,
            last_answer_current: true,
        }
    }

    fn played(&mut self, token: &str) {
        self.game = self.game.take().and_then(|mut pos| {
            let m = pos.parse_move(token).ok()?;
            pos.make(m);
            Some(pos)
        });
    }

    /// A search starts at `what`: the engine must have the game's position.
    fn searches_game(&self, what: &str) -> Result<(), Fault> {
        let Some(game) = &self.game else { return Ok(()) };
        match &self.sent {
            Some(sent) if sent.hash() == game.hash() => Ok(()),
            Some(sent) => Err(Fault::Adapter(format!(
                "at {what} the engine had the position {} but the game's is {}",
                sent.fen(),
                game.fen()
            ))),
            None => Err(Fault::Adapter(format!(
                "at {what} the engine had been sent no legal position (the game's is {})",
                game.fen()
            ))),
        }
    }

    fn answered(&mut self) -> Result<(), Fault> {
        self.answers += 1;
        if self.answers > self.searches {
            return Err(Fault::Engine(format!(
                "bestmove number {} for {} searches",
                self.answers, self.searches
            )));
        }
        self.last_answer_current = self.answers == self.searches;
        Ok(())
    }

    /// The adapter relays a move: it must be the answer to the latest search.
    fn relays(&self) -> Result<(), Fault> {
        if self.game.is_none() || self.last_answer_current {
            return Ok(());
        }
        Err(Fault::Adapter(format!(
            "it relayed the answer to search {} of {}: a search it had stopped",
            self.answers, self.searches
        )))
    }
}

/// The first fault in XBoard's debug log of a match whose engines sit behind `uci2wb debug`,
/// with the adapter (`first`, `second`) and the log line; `None` when uci2wb kept track of the
/// game throughout and the engine answered only what it was asked.
pub fn fault<G: Game>(debug_log: &str) -> Option<Fault> {
    const NAMES: [&str; 2] = ["first", "second"];
    let mut views: [AdapterView<G>; 2] = [AdapterView::new(), AdapterView::new()];
    for line in debug_log.lines() {
        let Some(Said { to_engine, engine: index, text }) = read_said(line) else { continue };
        let view = &mut views[index];
        let verdict = if to_engine {
            if text == "new" {
                *view = AdapterView::new();
            } else if text.starts_with("usermove") {
                // XBoard writes `usermove ` and the move apart, so its log shows
                // `usermove 41904 >first : h2e2`: the move is the last word.
                if let Some(token) = text.split_whitespace().last() {
                    view.played(token);
                }
            }
            Ok(())
        } else if let Some(token) = text.strip_prefix("move ") {
            let relayed = view.relays();
            view.played(token.trim());
            relayed
        } else if let Some(spec) =
            text.strip_prefix("# position fen ").or_else(|| text.strip_prefix("# fen "))
        {
            view.sent = position_of::<G>(spec);
            Ok(())
        } else if text.starts_with("# go") {
            view.searches += 1;
            if text.starts_with("# go ponder") || text.starts_with("# go infinite") {
                Ok(())
            } else {
                view.searches_game("its `go`")
            }
        } else if text.starts_with("# ponderhit") {
            view.searches_game("its `ponderhit`")
        } else if text.starts_with("# engine said: bestmove")
            || text.starts_with("# engine said: nobestmove")
        {
            view.answered()
        } else if text.trim_end() == "# command" {
            // Its queue handed it an empty line: a line was lost, and it will run whatever its
            // stack still holds, or miss the next move.
            Err(Fault::Adapter("it took an empty line from its queue".to_owned()))
        } else if text.contains("UCI violation") {
            Err(Fault::Engine("it moved during a ponder search".to_owned()))
        } else {
            Ok(())
        };
        if let Err(fault) = verdict {
            let name = NAMES[index];
            return Some(match fault {
                Fault::Adapter(why) => Fault::Adapter(format!("{name}, at `{line}`: {why}")),
                Fault::Engine(why) => Fault::Engine(format!("{name}, at `{line}`: {why}")),
            });
        }
    }
    None
}
