//! The one error type of reading and converting data files. Data files are outside input (a
//! cache on disk, a copy from another machine), so every defect is a value the caller can
//! report, never a panic; the variants say whether the bytes were cut short, damaged, or well
//! formed but not a game the rules accept.

use std::fmt;
use std::io;

#[derive(Debug)]
pub enum DataError {
    /// The operating system's error.
    Io(io::Error),
    /// The file ends inside a game or before its closing trailer: an interrupted write.
    Truncated,
    /// The bytes are not a data file of a known version, or fail their checksum.
    Corrupt(&'static str),
    /// The file is for the other game.
    WrongGame,
    /// A game's start position is not a FEN the rules accept.
    BadFen(String),
    /// A recorded move is not legal where the replay reaches it.
    IllegalMove { game: u64, ply: usize },
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DataError::Io(e) => write!(f, "{e}"),
            DataError::Truncated => write!(f, "the file is truncated"),
            DataError::Corrupt(why) => write!(f, "damaged data file: {why}"),
            DataError::WrongGame => write!(f, "the file holds the other game's data"),
            DataError::BadFen(fen) => write!(f, "bad start position: {fen}"),
            DataError::IllegalMove { game, ply } => {
                write!(f, "game {game}: the move of ply {ply} is not legal")
            }
        }
    }
}

impl std::error::Error for DataError {}

impl From<io::Error> for DataError {
    fn from(e: io::Error) -> DataError {
        if e.kind() == io::ErrorKind::UnexpectedEof {
            DataError::Truncated
        } else {
            DataError::Io(e)
        }
    }
}
