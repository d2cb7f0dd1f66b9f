//! Plays one game between two engine sessions with the referee in charge: opening moves, then
//! `position`/`go` for the side to move with its clock, every answer checked. Anything an engine
//! does wrong (overstepping its time, an illegal or missing move, a crash, silence) loses the
//! game for it; the runner then replaces that process.

use crate::config::{EngineConfig, GameKind, RuleSet};
use crate::engine::score::pgn_text;
use crate::engine::{EngineError, EngineSession, GoClocks, PositionText};
use crate::game::adjudicate::{tablebase_end, Adjudicator};
use crate::game::clock::{Charge, Clock};
use crate::game::record::{capitalize, engine_note, GameEnd, PlayedMove, Termination};
use crate::game::referee::Referee;
use crate::schedule::openings::Opening;
use game_api::{Color, Game, Wdl};
use std::time::Duration;

/// A tablebase asked about a position: its result for the side to move (the fifty-move clock
/// counted), or `None` when the position is outside the tables. `games.rs` makes one from
/// `--tb` for chess.
pub type TbProbe<'a, G> = &'a (dyn Fn(&G) -> Option<Wdl> + Sync);

/// How a game is to be played (shared by all games of a match).
pub struct GameRules<'a, G: Game> {
    pub game: GameKind,
    pub rules: RuleSet,
    pub adjudicator: Adjudicator,
    /// Sets game-specific rule options on a fresh position.
    pub setup: &'a dyn Fn(&mut G),
    /// Tablebase adjudication: after every move, a position the tables know ends the game.
    pub tablebase: Option<TbProbe<'a, G>>,
}

/// The outcome, the moves, which seats (White, Black) must get a fresh process, and the least
/// time each side had left when one of its moves arrived (`MatchGame::clock_low`).
pub struct Played {
    pub end: GameEnd,
    pub moves: Vec<PlayedMove>,
    pub restart: [bool; 2],
    pub clock_low: [Option<Duration>; 2],
}

/// Plays one game. `seats[0]` is White/Red. A seat without a session gets one started here.
pub fn play_game<G: Game>(
    opening: &Opening,
    rules: GameRules<'_, G>,
    configs: [&EngineConfig; 2],
    seats: [&mut Option<EngineSession>; 2],
) -> Played {
    let names = G::COLOR_NAMES;
    let mut moves: Vec<PlayedMove> = Vec::new();
    let mut restart = [false; 2];
    let mut referee = match Referee::<G>::new(opening.fen.as_deref(), rules.setup) {
        Ok(r) => r,
        Err(e) => {
            return Played {
                end: GameEnd {
                    outcome: game_api::Outcome::Draw,
                    termination: Termination::Abandoned,
                    comment: format!("bad opening position: {e}"),
                },
                moves,
                restart,
                clock_low: [None; 2],
            }
        }
    };
    if rules.rules == RuleSet::Cxq && rules.game == GameKind::Xiangqi {
        referee = referee.with_cxq();
    }
    for text in &opening.moves {
        if referee.play(text).is_err() {
            break;
        }
        moves.push(PlayedMove {
            text: referee.moves().last().cloned().unwrap_or_default(),
            note: Some("book".into()),
        });
    }

    let [white_seat, black_seat] = seats;
    let mut sessions = [white_seat, black_seat];
    // Start or reset both engines; one that cannot start loses.
    for side in [Color::White, Color::Black] {
        let i = side.index();
        let ready = match sessions[i].as_mut() {
            Some(s) => s.new_game(),
            None => EngineSession::start(configs[i], rules.game).and_then(|mut s| {
                s.new_game()?;
                *sessions[i] = Some(s);
                Ok(())
            }),
        };
        if let Err(e) = ready {
            restart[i] = true;
            let end = GameEnd::loss(
                side,
                Termination::Abandoned,
                format!("{} {}", capitalize(names[i]), describe_start(&e)),
            );
            return Played { end, moves, restart, clock_low: [None; 2] };
        }
    }

    let mut clocks = [Clock::new(&configs[0].limits), Clock::new(&configs[1].limits)];
    let mut clock_low: [Option<Duration>; 2] = [None; 2];
    let mut adjudicator = rules.adjudicator;
    let end = loop {
        if let Some(v) = referee.verdict() {
            break GameEnd::from_verdict(v, names);
        }
        let side = referee.position().side_to_move();
        let i = side.index();
        let who = capitalize(names[i]);
        let (reset_fen, reset_index) = referee.reset_point();
        let reset_fen = reset_fen.to_owned();
        let position = PositionText {
            start_fen: referee.start_fen(),
            moves: referee.moves(),
            reset_fen: &reset_fen,
            reset_index,
        };
        let (own, opponent) =
            if i == 0 { (&clocks[0], &clocks[1]) } else { (&clocks[1], &clocks[0]) };
        let go = GoClocks { own, opponent, mover_is_white: side == Color::White };
        let Some(session) = sessions[i].as_mut() else {
            restart[i] = true;
            break GameEnd::loss(side, Termination::Abandoned, format!("{who} disconnects"));
        };
        let reply = match session.go(&position, &go) {
            Ok(reply) => reply,
            Err(failure) => {
                restart[i] = true;
                let timed =
                    configs[i].limits.move_deadline(&clocks[i], configs[i].margin).is_some();
                break match failure.error {
                    EngineError::Timeout if timed => GameEnd::loss(
                        side,
                        Termination::TimeForfeit,
                        format!("{who} loses on time"),
                    ),
                    EngineError::Timeout => GameEnd::loss(
                        side,
                        Termination::Stalled,
                        format!("{who}'s connection stalls"),
                    ),
                    _ => GameEnd::loss(side, Termination::Abandoned, format!("{who} disconnects")),
                };
            }
        };
        let on_clock = configs[i].limits.clock.is_some();
        if on_clock {
            // Inside the margin past zero counts as nothing left.
            let left = clocks[i].remaining.saturating_sub(reply.elapsed);
            clock_low[i] = Some(clock_low[i].map_or(left, |low| low.min(left)));
        }
        if clocks[i].charge(reply.elapsed, &configs[i].limits, configs[i].margin) == Charge::Forfeit
        {
            restart[i] = true;
            break GameEnd::loss(side, Termination::TimeForfeit, format!("{who} loses on time"));
        }
        let Some(best) = reply.best else {
            break GameEnd::loss(
                side,
                Termination::RulesInfraction,
                format!("{who} offers no move"),
            );
        };
        if referee.play(&best).is_err() {
            break GameEnd::loss(
                side,
                Termination::RulesInfraction,
                format!("{who} makes an illegal move: {}", reply.raw),
            );
        }
        let note = engine_note(
            reply.score.map(pgn_text).as_deref(),
            reply.depth,
            reply.elapsed,
            on_clock.then_some(clocks[i].remaining),
        );
        moves.push(PlayedMove {
            text: referee.moves().last().cloned().unwrap_or(best),
            note: Some(note),
        });
        if let Some(probe) = rules.tablebase {
            // The rules' own verdicts (mate, stalemate, repetition, the fifty-move rule) come
            // first; the next turn of the loop gives them.
            if referee.verdict().is_none() {
                let pos = referee.position();
                if let Some(wdl) = probe(pos) {
                    break tablebase_end(wdl, pos.side_to_move(), names);
                }
            }
        }
        let full_move = (referee.moves().len() as u32).div_ceil(2);
        if let Some(end) = adjudicator.after_move(side, reply.score, full_move, names) {
            break end;
        }
    };
    Played { end, moves, restart, clock_low }
}

fn describe_start(e: &EngineError) -> String {
    match e {
        EngineError::Spawn(why) => format!("fails to start: {why}"),
        EngineError::Timeout => "does not finish the handshake".to_owned(),
        other => format!("fails at start-up: {other}"),
    }
}
