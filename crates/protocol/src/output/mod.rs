//! Engine → GUI lines. Each type writes itself for a dialect; the dialect decides keywords,
//! score format and which fields a strict GUI of that dialect can stand. Every writer returns
//! exactly one line, without the newline: text from outside (an error echoing GUI input, a file
//! name) has its control characters replaced so it cannot break the line framing.

mod bestmove;
mod info;
mod option;
mod score;

pub use bestmove::{BestMove, HashBound, Offer, PopHash};
pub use info::{text_line, SearchInfo, MAX_TEXT_CHARS};
pub use option::{OptionDecl, OptionKind};
pub use score::{Bound, Score, Wdl, UCCI_MATE};

use std::fmt::Write;

/// Appends ` word` to a line being built. Writing into a `String` cannot fail.
fn push_word(line: &mut String, word: impl std::fmt::Display) {
    let _ = write!(line, " {word}");
}

/// `text` with control characters (line breaks above all) turned into spaces.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}
