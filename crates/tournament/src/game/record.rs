//! How a game ended and what it left behind: the result, the PGN termination class, the human
//! comment ("perpetual chase by Red", "Black loses on time"), and the moves with their notes.

use game_api::{Color, Outcome, Reason, Verdict};
use std::time::Duration;

/// The PGN `Termination` classes used by the runner.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Termination {
    /// The rules of the game ended it (mate, repetition, move-count rule...).
    Normal,
    TimeForfeit,
    /// An illegal move or no move offered.
    RulesInfraction,
    Adjudication,
    /// The engine crashed or closed its pipe.
    Abandoned,
    /// The engine stopped answering.
    Stalled,
}

impl Termination {
    pub fn pgn_text(self) -> &'static str {
        match self {
            Termination::Normal => "normal",
            Termination::TimeForfeit => "time forfeit",
            Termination::RulesInfraction => "rules infraction",
            Termination::Adjudication => "adjudication",
            Termination::Abandoned => "abandoned",
            Termination::Stalled => "stalled connection",
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub outcome: Outcome,
    pub termination: Termination,
    pub comment: String,
}

impl GameEnd {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub fn result_text(&self) -> &'static str {
        match self.outcome {
            Outcome::Win(Color::White) => "1-0",
            Outcome::Win(Color::Black) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }

    /// A loss for `side` caused by `side` itself (forfeit, illegal move, crash...).
    pub fn loss(side: Color, termination: Termination, comment: String) -> GameEnd {
        GameEnd { outcome: Outcome::Win(!side), termination, comment }
    }

    /// The referee's ruling, with a comment naming the rule (and the violator when a side
    /// lost by a repetition rule).
    pub fn from_verdict(v: Verdict, names: [&str; 2]) -> GameEnd {
        let name = |c: Color| capitalize(names[c.index()]);
        let comment = match (v.outcome, v.reason) {
            (Outcome::Win(w), Reason::Checkmate) => format!("{} mates", name(w)),
            (Outcome::Win(w), Reason::Stalemate) => format!("{} is stalemated", name(!w)),
            (Outcome::Win(w), Reason::PerpetualCheck) => format!("perpetual check by {}", name(!w)),
            (Outcome::Win(w), Reason::PerpetualChase) => format!("perpetual chase by {}", name(!w)),
            (Outcome::Win(w), reason) => {
                format!("{} wins by {}", name(w), reason.as_str().replace('_', " "))
            }
            (Outcome::Draw, Reason::Stalemate) => "Draw by stalemate".to_owned(),
            (Outcome::Draw, Reason::ThreefoldRepetition) => "Draw by 3-fold repetition".to_owned(),
            (Outcome::Draw, Reason::FivefoldRepetition) => "Draw by 5-fold repetition".to_owned(),
            (Outcome::Draw, Reason::FiftyMove) => "Draw by fifty moves rule".to_owned(),
            (Outcome::Draw, Reason::SeventyFiveMove) => {
                "Draw by seventy-five moves rule".to_owned()
            }
            (Outcome::Draw, Reason::InsufficientMaterial) => {
                "Draw by insufficient mating material".to_owned()
            }
            (Outcome::Draw, Reason::MoveLimit) => "Draw by move-count rule".to_owned(),
            (Outcome::Draw, Reason::Repetition) => "Draw by repetition".to_owned(),
            (Outcome::Draw, reason) => format!("Draw by {}", reason.as_str().replace('_', " ")),
        };
        GameEnd { outcome: v.outcome, termination: Termination::Normal, comment }
    }
}

pub fn capitalize(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// One move of a game with the note that goes into the PGN (`+0.31/12 0.105s, 0.905s left`, or
/// `book`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub text: String,
    pub note: Option<String>,
}

/// A game played in a match: everything needed to write its PGN and count its result. (Not
/// datagen's `GameRecord`, a self-play game in its compact training format.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// 1-based game number in schedule order.
    pub number: usize,
    pub round: usize,
    /// Engine indices.
    pub white: usize,
    pub black: usize,
    pub white_name: String,
    pub black_name: String,
    pub start_fen: Option<String>,
    pub opening_name: Option<String>,
    pub moves: Vec<PlayedMove>,
    pub end: GameEnd,
    pub time_control: String,
    pub date: String,
    /// White's and Black's least time left when one of their moves arrived (before the
    /// increment): how near each came to losing on time. `None` off the clock or before a move.
    pub clock_low: [Option<Duration>; 2],
}

/// The PGN note of an engine's move: the score and depth when the engine gave them, the time
/// the move took, and, when the mover plays on a clock, the time its clock shows after the move
/// (increment added, as the next `go` sends it). The clock is written so that how close an
/// engine came to flagging can be read off the PGN alone: the times taken do not add up to it,
/// each being rounded to the millisecond.
pub fn engine_note(
    score: Option<&str>,
    depth: Option<u32>,
    elapsed: Duration,
    clock_left: Option<Duration>,
) -> String {
    let mut note = match (score, depth) {
        (Some(s), Some(d)) => format!("{s}/{d} "),
        (Some(s), None) => format!("{s} "),
        _ => String::new(),
    };
    note.push_str(&format!("{:.3}s", elapsed.as_secs_f64()));
    if let Some(left) = clock_left {
        note.push_str(&format!(", {:.3}s left", left.as_secs_f64()));
    }
    note
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_on_a_clock_notes_the_time_left() {
        let ms = Duration::from_millis;
        assert_eq!(
            engine_note(Some("+0.31"), Some(12), ms(105), Some(ms(905))),
            "+0.31/12 0.105s, 0.905s left"
        );
        assert_eq!(engine_note(Some("-M3"), None, ms(7), Some(ms(0))), "-M3 0.007s, 0.000s left");
        assert_eq!(
            engine_note(None, Some(4), ms(1234), None),
            "1.234s",
            "a depth alone is not shown"
        );
        assert_eq!(engine_note(Some("+0.10"), Some(3), ms(10), None), "+0.10/3 0.010s");
    }
}
