//! Adjudication. Score-based (`--resign`, `--draw`), as cutechess-cli does it: counts of
//! consecutive moves on which an engine's own score says it is lost, or both say it is level.
//! Tablebase (`--tb`, chess): the result the tables give the position reached
//! ([`tablebase_end`]; the probe itself is built in `games.rs`).

use crate::config::{DrawRule, ResignRule};
use crate::engine::score::as_cp;
use crate::game::record::{capitalize, GameEnd, Termination};
use game_api::{Color, Outcome, Wdl};
use protocol::Score;

/// The end of a game that a tablebase decides: `wdl` is the tables' result for `side`, the side
/// to move, with the position's fifty-move clock counted. A cursed win or a blessed loss is a
/// draw under the fifty-move rule, and is scored one (cutechess-cli and fastchess do the same).
pub fn tablebase_end(wdl: Wdl, side: Color, names: [&str; 2]) -> GameEnd {
    let name = |c: Color| capitalize(names[c.index()]);
    let (outcome, comment) = match wdl {
        Wdl::Win => (Outcome::Win(side), format!("TB adjudication: {} wins", name(side))),
        Wdl::Loss => (Outcome::Win(!side), format!("TB adjudication: {} wins", name(!side))),
        Wdl::Draw => (Outcome::Draw, "TB adjudication: draw".to_owned()),
        Wdl::CursedWin => {
            (Outcome::Draw, format!("TB adjudication: draw (cursed win for {})", name(side)))
        }
        Wdl::BlessedLoss => {
            (Outcome::Draw, format!("TB adjudication: draw (cursed win for {})", name(!side)))
        }
    };
    GameEnd { outcome, termination: Termination::Adjudication, comment }
}

#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    losing: [u32; 2],
    winning: [u32; 2],
    level: [u32; 2],
}

impl Adjudicator {
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator { resign, draw, ..Adjudicator::default() }
    }

    /// Records the score `side` reported for the move it just played (full move `number`) and
    /// says whether the game is adjudicated now.
    pub fn after_move(
        &mut self,
        side: Color,
        score: Option<Score>,
        number: u32,
        names: [&str; 2],
    ) -> Option<GameEnd> {
        let i = side.index();
        let cp = score.map(as_cp);
        if let Some(rule) = self.resign {
            let (lost, won) = match cp {
                Some(cp) => (cp <= -rule.score, cp >= rule.score),
                None => (false, false),
            };
            self.losing[i] = if lost { self.losing[i] + 1 } else { 0 };
            self.winning[i] = if won { self.winning[i] + 1 } else { 0 };
            let opponent_agrees = !rule.twosided || self.winning[1 - i] >= rule.movecount;
            if self.losing[i] >= rule.movecount && opponent_agrees {
                return Some(GameEnd::loss(
                    side,
                    Termination::Adjudication,
                    format!("{} resigns", capitalize(names[i])),
                ));
            }
        }
        if let Some(rule) = self.draw {
            let level = number >= rule.movenumber && cp.is_some_and(|cp| cp.abs() <= rule.score);
            self.level[i] = if level { self.level[i] + 1 } else { 0 };
            if self.level.iter().all(|&n| n >= rule.movecount) {
                return Some(GameEnd {
                    outcome: Outcome::Draw,
                    termination: Termination::Adjudication,
                    comment: "Draw by adjudication".to_owned(),
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tablebase_results_for_the_side_to_move() {
        let names = ["white", "black"];
        for (wdl, side, outcome, comment) in [
            (Wdl::Win, Color::Black, Outcome::Win(Color::Black), "TB adjudication: Black wins"),
            (Wdl::Loss, Color::Black, Outcome::Win(Color::White), "TB adjudication: White wins"),
            (Wdl::Draw, Color::White, Outcome::Draw, "TB adjudication: draw"),
            (
                Wdl::CursedWin,
                Color::White,
                Outcome::Draw,
                "TB adjudication: draw (cursed win for White)",
            ),
            (
                Wdl::BlessedLoss,
                Color::White,
                Outcome::Draw,
                "TB adjudication: draw (cursed win for Black)",
            ),
        ] {
            let end = tablebase_end(wdl, side, names);
            assert_eq!((end.outcome, end.comment.as_str()), (outcome, comment), "{wdl:?}");
            assert_eq!(end.termination, Termination::Adjudication);
        }
    }
}
