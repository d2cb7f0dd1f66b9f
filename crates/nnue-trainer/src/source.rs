//! Where an epoch's positions come from: datagen files read from disk each epoch (the
//! trainer's normal case), or positions already in memory (small data, tests). Both hand the
//! shuffle buffer the same stream, so they train the same net.

use crate::error::TrainError;
use crate::position::TrainingPosition;
use crate::reader::PositionReader;
use datagen::Filter;
use game_api::SplitMix64;
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use std::path::PathBuf;

pub trait Source {
    type Stream: Iterator<Item = Result<TrainingPosition, TrainError>>;
    /// The data from its start, in its stored order.
    fn stream(&self) -> Result<Self::Stream, TrainError>;
    /// The data of one epoch: by default the stored order every time; files given
    /// `with_file_shuffle` are read in an order drawn from the seed and the epoch.
    fn stream_for_epoch(&self, _seed: u64, _epoch: u64) -> Result<Self::Stream, TrainError> {
        self.stream()
    }
    /// The inputs its positions carry (the trainer checks they are the net's).
    fn features(&self) -> FeatureSet;
}

/// Datagen files of game `G`, opened anew each epoch.
pub struct Files<G: NnueGame> {
    pub paths: Vec<PathBuf>,
    pub filter: Filter,
    pub features: FeatureSet,
    /// Mirror augmentation (`PositionReader::with_mirror`).
    pub mirror: bool,
    /// Each epoch reads the files in a new order drawn from the seed and the epoch, so that the
    /// shuffle buffer's window mixes files and generations and no epoch ends on one of them.
    pub shuffle_files: bool,
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: NnueGame> Files<G> {
    pub fn new(paths: Vec<PathBuf>, filter: Filter, features: FeatureSet) -> Files<G> {
        Files {
            paths,
            filter,
            features,
            mirror: false,
            shuffle_files: false,
            _game: std::marker::PhantomData,
        }
    }

    /// The same files, each position followed by its mirror image where that is exact.
    pub fn with_mirror(self, on: bool) -> Files<G> {
        Files { mirror: on, ..self }
    }

    /// The same files, read in a new order each epoch (see the field).
    pub fn with_file_shuffle(self, on: bool) -> Files<G> {
        Files { shuffle_files: on, ..self }
    }

    /// The order of epoch `epoch`'s files: the given one, or a permutation drawn from the seed
    /// and the epoch (never from the shuffle buffer's generator, which keeps its own numbers).
    pub fn order(&self, seed: u64, epoch: u64) -> Vec<usize> {
        let mut order: Vec<usize> = (0..self.paths.len()).collect();
        if self.shuffle_files {
            let key = SplitMix64::mix(seed ^ 0xF11E_5EED) ^ SplitMix64::mix(epoch);
            SplitMix64::new(key).shuffle(&mut order);
        }
        order
    }
}

impl<G: NnueGame> Source for Files<G> {
    type Stream = PositionReader<G>;
    fn stream(&self) -> Result<PositionReader<G>, TrainError> {
        Ok(PositionReader::new(&self.paths, &self.filter, self.features).with_mirror(self.mirror))
    }
    fn stream_for_epoch(&self, seed: u64, epoch: u64) -> Result<PositionReader<G>, TrainError> {
        Ok(self.stream()?.in_order(self.order(seed, epoch)))
    }
    fn features(&self) -> FeatureSet {
        self.features
    }
}

/// Positions in memory, with the inputs they were read with.
pub struct InMemory<'a>(pub &'a [TrainingPosition], pub FeatureSet);

type MemoryStream<'a> = std::iter::Map<
    std::iter::Copied<std::slice::Iter<'a, TrainingPosition>>,
    fn(TrainingPosition) -> Result<TrainingPosition, TrainError>,
>;

impl<'a> Source for InMemory<'a> {
    type Stream = MemoryStream<'a>;
    fn stream(&self) -> Result<MemoryStream<'a>, TrainError> {
        Ok(self.0.iter().copied().map(Ok as fn(TrainingPosition) -> _))
    }
    fn features(&self) -> FeatureSet {
        self.1
    }
}
