//! Datagen records turned into sparse traces, in memory. Files of either datagen format are
//! read through `datagen::read_positions`, which replays game records with the default filter
//! (the selection position files were written with).

use crate::games::GameModel;
use datagen::{read_positions, Filter, PositionRecord};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use rayon::prelude::*;
use std::path::Path;

/// One position: its trace's non-zero coefficients live in `Dataset::terms[start..start+len]`.
#[derive(Clone, Copy, Debug)]
pub struct Position {
    pub start: u32,
    pub len: u32,
    /// phase / phase_total: the middlegame share of the blend.
    pub mg_share: f32,
    pub fixed_mg: f32,
    pub fixed_eg: f32,
    /// +1 White (Red) to move, -1 Black: the tempo's coefficient.
    pub stm: f32,
    /// Game result, White's view: 0, 0.5, 1.
    pub result: f32,
    /// Datagen search score, centipawns, White's view.
    pub score: f32,
}

/// A record's non-zero coefficients and its position summary (`start` not yet set).
type Traced = (Vec<(u16, i16)>, Position);

#[derive(Default)]
pub struct Dataset {
    pub positions: Vec<Position>,
    /// (weight index, coefficient)
    pub terms: Vec<(u16, i16)>,
    /// Records whose FEN the rules refused, or whose coefficients did not fit.
    pub skipped: usize,
}

impl Dataset {
    /// Reads datagen files of `game`.
    pub fn load(game: &GameModel, paths: &[String]) -> Result<Dataset, String> {
        let mut records = Vec::new();
        let filter = Filter::default();
        for path in paths {
            let push = |r: PositionRecord| records.push(r);
            let read = match game.name {
                "chess" => read_positions::<Chess>(Path::new(path), &filter, push),
                "xiangqi" => read_positions::<Xiangqi>(Path::new(path), &filter, push),
                other => return Err(format!("no datagen reader for {other}")),
            };
            read.map_err(|e| format!("{path}: {e}"))?;
        }
        Ok(Dataset::from_records(game, &records))
    }

    /// Traces records in parallel; keeps their order.
    pub fn from_records(game: &GameModel, records: &[PositionRecord]) -> Dataset {
        let traced: Vec<Option<Traced>> = records
            .par_iter()
            .map(|r| {
                let t = (game.trace)(&r.fen)?;
                let mut terms = Vec::new();
                for (i, &c) in t.coef.iter().enumerate() {
                    if c != 0 {
                        terms.push((u16::try_from(i).ok()?, i16::try_from(c).ok()?));
                    }
                }
                let pos = Position {
                    start: 0,
                    len: terms.len() as u32,
                    mg_share: t.phase as f32 / t.phase_total as f32,
                    fixed_mg: t.fixed.0 as f32,
                    fixed_eg: t.fixed.1 as f32,
                    stm: t.stm_sign as f32,
                    result: r.result.score() as f32,
                    score: f32::from(r.score),
                };
                Some((terms, pos))
            })
            .collect();
        let mut data = Dataset::default();
        for item in traced {
            let Some((terms, mut pos)) = item else {
                data.skipped += 1;
                continue;
            };
            pos.start = data.terms.len() as u32;
            data.terms.extend(terms);
            data.positions.push(pos);
        }
        data
    }

    /// Splits off the positions from `at` on (datagen writes a game's positions together, so
    /// a split by position is a split by game but for the one game across it).
    pub fn split_off(&mut self, at: usize) -> Dataset {
        let tail = self.positions.split_off(at.min(self.positions.len()));
        let first = tail.first().map_or(self.terms.len(), |p| p.start as usize);
        let terms = self.terms.split_off(first);
        let positions =
            tail.into_iter().map(|p| Position { start: p.start - first as u32, ..p }).collect();
        Dataset { positions, terms, skipped: 0 }
    }

    pub fn terms_of(&self, p: &Position) -> &[(u16, i16)] {
        &self.terms[p.start as usize..(p.start + p.len) as usize]
    }
}
