//! Where an epoch's positions come from: datagen files read from disk each epoch (the
//! trainer's normal case), or positions already in memory (small data, tests). Both hand the
//! shuffle buffer the same stream, so they train the same net.

use crate::error::TrainError;
use crate::position::TrainingPosition;
use crate::reader::PositionReader;
use datagen::Filter;
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use std::path::PathBuf;

pub trait Source {
    type Stream: Iterator<Item = Result<TrainingPosition, TrainError>>;
    /// The data from its start, in its stored order.
    fn stream(&self) -> Result<Self::Stream, TrainError>;
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
    _game: std::marker::PhantomData<fn() -> G>,
}

impl<G: NnueGame> Files<G> {
    pub fn new(paths: Vec<PathBuf>, filter: Filter, features: FeatureSet) -> Files<G> {
        Files { paths, filter, features, mirror: false, _game: std::marker::PhantomData }
    }

    /// The same files, each position followed by its mirror image where that is exact.
    pub fn with_mirror(self, on: bool) -> Files<G> {
        Files { mirror: on, ..self }
    }
}

impl<G: NnueGame> Source for Files<G> {
    type Stream = PositionReader<G>;
    fn stream(&self) -> Result<PositionReader<G>, TrainError> {
        Ok(PositionReader::new(&self.paths, &self.filter, self.features).with_mirror(self.mirror))
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
