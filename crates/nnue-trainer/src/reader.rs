//! The one reader of training data for both NNUE trainers (this crate's and the first one in
//! `tuner::net_train`): datagen files of either format, in the order given, become
//! [`TrainingPosition`]s, pulled one at a time.
//!
//! Pulled, not pushed through a callback (as `datagen::read_positions` does), so that the
//! shuffle buffer can take exactly as many positions as it has room for and stop: memory holds
//! one open file's read buffer and the positions of one game, never a whole file.

use crate::error::TrainError;
use crate::position::{TrainingPosition, Unusable};
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
    /// Index in `paths` of the next file to open.
    next_file: usize,
    current: Option<(DataFile<BufReader<File>>, String)>,
    /// Games read from the current file (for `replay`'s error messages).
    games: u64,
    /// The rest of the last replayed game's positions.
    pending: VecDeque<TrainingPosition>,
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
            next_file: 0,
            current: None,
            games: 0,
            pending: VecDeque::new(),
            skipped: 0,
            _game: PhantomData,
        }
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
                let Some(path) = self.paths.get(self.next_file) else { return Ok(None) };
                self.next_file += 1;
                let shown = path.display().to_string();
                let file =
                    open(path).map_err(|error| TrainError::Data { path: shown.clone(), error })?;
                if Some(file.game()) != G::KIND {
                    return Err(TrainError::WrongGame { path: shown });
                }
                self.current = Some((file, shown));
                self.games = 0;
                continue;
            };
            let data_error = |error, path: &String| TrainError::Data { path: path.clone(), error };
            match file {
                DataFile::Positions(r) => match r.next_record() {
                    Ok(Some(rec)) => {
                        let made = TrainingPosition::from_record::<G>(&rec, self.features);
                        if let Some(p) = self.keep(made) {
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
                            made.push(TrainingPosition::from_record::<G>(&rec, features));
                        })
                        .map_err(|e| data_error(e, path))?;
                        self.games += 1;
                        for m in made {
                            if let Some(p) = self.keep(m) {
                                self.pending.push_back(p);
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
