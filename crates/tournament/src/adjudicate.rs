//! Score-based adjudication (`--resign`, `--draw`), as cutechess-cli does it: counts of
//! consecutive moves on which an engine's own score says it is lost, or both say it is level.

use crate::config::{DrawRule, ResignRule};
use crate::engine::score::as_cp;
use crate::record::{capitalize, GameEnd, Termination};
use game_api::{Color, Outcome};
use protocol::Score;

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
