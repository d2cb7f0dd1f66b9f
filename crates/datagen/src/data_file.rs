//! Any data file, whichever of the two formats it is in: the readers of training data (the
//! tuner, the net trainer, the converter, `data-check`) open files here and get positions, so
//! old position files (`format.rs`, "KTDG") and game records (`record_format.rs`, "KTGR") are
//! told apart by their magic in one place.
//!
//! A position file is read as written: its positions were filtered by datagen already, with the
//! selection [`Filter::default`] reproduces, so the filter applies to game records only.

use crate::error::DataError;
use crate::format::{PositionRecord, Reader, MAGIC};
use crate::record_format::{RecordReader, RECORDS_MAGIC};
use crate::replay::{replay, Filter};
use game_api::{Game, GameKind};
use std::fs::File;
use std::io::{BufReader, Read, Seek, SeekFrom};
use std::path::Path;

pub enum DataFile<R: Read> {
    Positions(Reader<R>),
    Games(RecordReader<R>),
}

impl<R: Read> DataFile<R> {
    pub fn game(&self) -> GameKind {
        match self {
            DataFile::Positions(r) => r.game,
            DataFile::Games(r) => r.game,
        }
    }
}

/// What a file held.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileStats {
    /// Games (0 for a position file, which does not say).
    pub games: u64,
    /// Positions handed on (after the filter).
    pub positions: u64,
}

/// Opens a data file of either format.
pub fn open(path: &Path) -> Result<DataFile<BufReader<File>>, DataError> {
    let mut file = File::open(path)?;
    let mut magic = [0u8; 4];
    file.read_exact(&mut magic)?;
    file.seek(SeekFrom::Start(0))?;
    let input = BufReader::new(file);
    if &magic == MAGIC {
        Ok(DataFile::Positions(Reader::new(input)?))
    } else if &magic == RECORDS_MAGIC {
        Ok(DataFile::Games(RecordReader::new(input)?))
    } else {
        Err(DataError::Corrupt("not a kientuong data file (bad magic)"))
    }
}

/// Streams the positions of a file of game `G`, in file order, to `sink`.
pub fn read_positions<G: Game>(
    path: &Path,
    filter: &Filter,
    mut sink: impl FnMut(PositionRecord),
) -> Result<FileStats, DataError> {
    let mut stats = FileStats::default();
    let mut file = open(path)?;
    if Some(file.game()) != G::KIND {
        return Err(DataError::WrongGame);
    }
    match &mut file {
        DataFile::Positions(r) => {
            while let Some(rec) = r.next_record()? {
                stats.positions += 1;
                sink(rec);
            }
        }
        DataFile::Games(r) => {
            while let Some(game) = r.next_game()? {
                replay::<G>(&game, stats.games, filter, |rec| {
                    stats.positions += 1;
                    sink(rec);
                })?;
                stats.games += 1;
            }
        }
    }
    Ok(stats)
}
