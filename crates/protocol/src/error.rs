use std::fmt;

/// Why a GUI line could not be turned into a [`crate::Command`]. Every variant names the
/// offending text so the session can report it in an `info string` and carry on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProtocolError {
    /// The line held nothing but whitespace. Not worth reporting; GUIs send blank lines.
    EmptyLine,
    /// The first word is not a command of either dialect.
    UnknownCommand(String),
    /// A command lacks a part it cannot do without (`command`, what is missing).
    Missing(&'static str, &'static str),
    /// A word that has no place where it stands (`command`, the word).
    Unexpected(&'static str, String),
    /// A value that does not parse (`command`, keyword, the text).
    BadValue(&'static str, &'static str, String),
}

impl ProtocolError {
    /// Whether the session should stay silent about this error rather than report it.
    pub fn is_silent(&self) -> bool {
        matches!(self, ProtocolError::EmptyLine)
    }
}

impl fmt::Display for ProtocolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ProtocolError::EmptyLine => write!(f, "empty line"),
            ProtocolError::UnknownCommand(text) => write!(f, "unknown command '{text}'"),
            ProtocolError::Missing(command, what) => write!(f, "{command}: missing {what}"),
            ProtocolError::Unexpected(command, word) => {
                write!(f, "{command}: unexpected '{word}'")
            }
            ProtocolError::BadValue(command, keyword, text) => {
                write!(f, "{command}: bad value '{text}' for {keyword}")
            }
        }
    }
}

impl std::error::Error for ProtocolError {}
