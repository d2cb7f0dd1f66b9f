use std::fmt;

/// Why a FEN was refused. Every variant carries enough to tell the user what to fix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// The string was empty or had too few fields.
    MissingField(&'static str),
    /// A field has a value that is not allowed (`field`, offending text).
    BadField(&'static str, String),
    /// The board field has the wrong number of ranks (found).
    RankCount(usize),
    /// A rank describes the wrong number of files (rank index as written, files found).
    FileCount(usize, usize),
    /// A character that is not a piece letter or a digit.
    BadPiece(char),
    /// The position breaks a rule of the game (missing king, piece on an impossible square,
    /// side not to move in check, ...). The text says which.
    Illegal(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::MissingField(name) => write!(f, "FEN is missing the {name} field"),
            FenError::BadField(name, text) => write!(f, "FEN {name} field is invalid: '{text}'"),
            FenError::RankCount(n) => write!(f, "FEN board has {n} ranks"),
            FenError::FileCount(rank, n) => {
                write!(f, "FEN rank {rank} describes {n} files")
            }
            FenError::BadPiece(c) => write!(f, "FEN has an unknown piece letter '{c}'"),
            FenError::Illegal(why) => write!(f, "FEN position is not legal: {why}"),
        }
    }
}

impl std::error::Error for FenError {}

/// Why a move token was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveError {
    /// The token is not a move in this game's notation.
    Syntax(String),
    /// Well-formed, but not a legal move in this position.
    Illegal(String),
}

impl fmt::Display for MoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveError::Syntax(token) => write!(f, "'{token}' is not a move"),
            MoveError::Illegal(token) => write!(f, "illegal move '{token}'"),
        }
    }
}

impl std::error::Error for MoveError {}
