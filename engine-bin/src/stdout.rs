//! Output of the subcommands. `println!` panics when stdout is a closed pipe (`kientuong perft
//! … | head -1`): the reader has gone, so the lines are dropped instead, as the match runner's
//! sink does, and the command finishes its work (a net or weights file is still written).

/// `println!` that drops its line when stdout is closed.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($arg)*);
    }};
}

/// `print!` that drops its text when stdout is closed.
macro_rules! say_raw {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($arg)*);
    }};
}

pub(crate) use {say, say_raw};
