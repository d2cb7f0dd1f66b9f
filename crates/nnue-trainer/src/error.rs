//! The one error type of the trainer. Data files and settings come from outside (a cache on
//! disk, the command line), so every defect is a value the caller reports, never a panic.

use datagen::DataError;
use std::fmt;

#[derive(Debug)]
pub enum TrainError {
    /// A data file could not be opened or read, or is damaged.
    Data { path: String, error: DataError },
    /// The data file is for the other game.
    WrongGame { path: String },
    /// No training position was read (every file empty, or everything held out).
    NoPositions,
    /// A setting the trainer cannot work with (a zero batch, an unsupported hidden size...).
    Settings(String),
}

impl fmt::Display for TrainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TrainError::Data { path, error } => write!(f, "{path}: {error}"),
            TrainError::WrongGame { path } => {
                write!(f, "{path}: the file holds another game's data")
            }
            TrainError::NoPositions => write!(f, "no training positions in the data"),
            TrainError::Settings(why) => write!(f, "bad training settings: {why}"),
        }
    }
}

impl std::error::Error for TrainError {}
