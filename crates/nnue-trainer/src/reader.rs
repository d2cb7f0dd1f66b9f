//! The one reader of training data for the NNUE trainer: datagen files of either format, in the
//! order given, become [`TrainingPosition`]s, pulled one at a time.
//!
//! Pulled, not pushed through a callback (as `datagen::read_positions` does), so that the
//! shuffle buffer can take exactly as many positions as it has room for and stop: memory holds
//! one open file's read buffer and the positions of one game, never a whole file.

use crate::error::TrainError;
use crate::position::{mirrors_exactly, TrainingPosition, Unusable};
use datagen::data_file::{open, DataFile};
use datagen::replay::{replay, Filter};
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use std::collections::VecDeque;
use std::fs::File;
use std::io::BufReader;
use std::marker::PhantomData;
use std::path::PathBuf;

pub struct PositionReader<G: NnueGame> {
    paths: Vec<PathBuf>,
    filter: Filter,
    features: FeatureSet,
    /// The order the files are read in (indices into `paths`), and the place in it of the next.
    order: Vec<usize>,
    next_file: usize,
    /// Index in `paths` of the file being read (the high half of its games' ids).
    file_index: usize,
    current: Option<(DataFile<BufReader<File>>, String)>,
    /// Games read from the current file (for `replay`'s error messages).
    games: u64,
    /// The rest of the last replayed game's positions.
    pending: VecDeque<TrainingPosition>,
    /// Games begun so far in the current file: the number the next game gets.
    next_game: u32,
    /// In a position file, whose games are not marked: the result of the last record and the
    /// number of its game. A change of result starts a new game, so a game is never split,
    /// though neighbours with the same result may be joined.
    run: Option<(u8, u32)>,
    /// Mirror augmentation: each position whose mirror image obeys the same rules is followed
    /// by that image (same game, result and score). Plain inputs only.
    mirror: bool,
    /// Records the rules or the feature limit refused.
    pub skipped: u64,
    _game: PhantomData<fn() -> G>,
}

impl<G: NnueGame> PositionReader<G> {
    /// Reads `paths` in order; game records are replayed through `filter` (position files were
    /// filtered when written); positions get the inputs of `features`.
    pub fn new(paths: &[PathBuf], filter: &Filter, features: FeatureSet) -> PositionReader<G> {
        PositionReader {
            paths: paths.to_vec(),
            filter: filter.clone(),
            features,
            order: (0..paths.len()).collect(),
            next_file: 0,
            file_index: 0,
            current: None,
            games: 0,
            pending: VecDeque::new(),
            next_game: 0,
            run: None,
            mirror: false,
            skipped: 0,
            _game: PhantomData,
        }
    }

    /// Reads the files in `order` (a permutation of their indices; others are ignored), each
    /// game keeping the id it has in the given order.
    pub fn in_order(mut self, order: Vec<usize>) -> PositionReader<G> {
        self.order = order.into_iter().filter(|&i| i < self.paths.len()).collect();
        self
    }

    /// The id of game `number` of the file being read.
    fn game_id(&self, number: u32) -> u64 {
        (self.file_index as u64) << 32 | u64::from(number)
    }

    /// With mirror augmentation (see the field), for plain inputs; king-bucket inputs already
    /// see a mirrored board as their own, so there it changes nothing.
    pub fn with_mirror(mut self, on: bool) -> PositionReader<G> {
        self.mirror = on && self.features == FeatureSet::Plain;
        self
    }

    /// Every position of `paths`, in memory (for small data and for tests).
    pub fn read_all(
        paths: &[PathBuf],
        filter: &Filter,
        features: FeatureSet,
    ) -> Result<Vec<TrainingPosition>, TrainError> {
        PositionReader::<G>::new(paths, filter, features).collect()
    }

    fn keep(&mut self, made: Result<TrainingPosition, Unusable>) -> Option<TrainingPosition> {
        match made {
            Ok(p) => Some(p),
            Err(_) => {
                self.skipped += 1;
                None
            }
        }
    }

    /// The next position, or `None` after the last file.
    pub fn next_position(&mut self) -> Result<Option<TrainingPosition>, TrainError> {
        loop {
            if let Some(p) = self.pending.pop_front() {
                return Ok(Some(p));
            }
            let Some((file, path)) = &mut self.current else {
                let Some(&index) = self.order.get(self.next_file) else { return Ok(None) };
                let Some(path) = self.paths.get(index) else { return Ok(None) };
                self.next_file += 1;
                self.file_index = index;
                self.next_game = 0;
                let shown = path.display().to_string();
                let file =
                    open(path).map_err(|error| TrainError::Data { path: shown.clone(), error })?;
                if Some(file.game()) != G::KIND {
                    return Err(TrainError::WrongGame { path: shown });
                }
                self.current = Some((file, shown));
                self.games = 0;
                self.run = None;
                continue;
            };
            let data_error = |error, path: &String| TrainError::Data { path: path.clone(), error };
            match file {
                DataFile::Positions(r) => match r.next_record() {
                    Ok(Some(rec)) => {
                        let result = rec.result as u8;
                        let game = match self.run {
                            Some((r, game)) if r == result => game,
                            _ => {
                                let game = self.next_game;
                                self.next_game = game.wrapping_add(1);
                                self.run = Some((result, game));
                                game
                            }
                        };
                        let made = TrainingPosition::from_record::<G>(&rec, self.features);
                        let game = self.game_id(game);
                        if let Some(mut p) = self.keep(made) {
                            p.game = game;
                            if self.mirror && mirrors_exactly::<G>(&rec.fen) {
                                self.pending.push_back(p.mirrored::<G>());
                            }
                            return Ok(Some(p));
                        }
                    }
                    Ok(None) => self.current = None,
                    Err(e) => return Err(data_error(e.into(), path)),
                },
                DataFile::Games(r) => match r.next_game() {
                    Ok(Some(game)) => {
                        let (mut made, features) = (Vec::new(), self.features);
                        replay::<G>(&game, self.games, &self.filter, |rec| {
                            let exact = mirrors_exactly::<G>(&rec.fen);
                            made.push((TrainingPosition::from_record::<G>(&rec, features), exact));
                        })
                        .map_err(|e| data_error(e, path))?;
                        self.games += 1;
                        let game = self.game_id(self.next_game);
                        self.next_game = self.next_game.wrapping_add(1);
                        for (m, exact) in made {
                            if let Some(mut p) = self.keep(m) {
                                p.game = game;
                                self.pending.push_back(p);
                                if self.mirror && exact {
                                    self.pending.push_back(p.mirrored::<G>());
                                }
                            }
                        }
                    }
                    Ok(None) => self.current = None,
                    Err(e) => return Err(data_error(e, path)),
                },
            }
        }
    }
}

impl<G: NnueGame> Iterator for PositionReader<G> {
    type Item = Result<TrainingPosition, TrainError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_position().transpose()
    }
}
