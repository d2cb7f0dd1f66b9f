//! What a `go` command asks for.

use game_api::Move;

/// Limits of one search. All times are in milliseconds; `Default` is "no limit" (the search
/// runs to its maximum depth or until stopped).
#[derive(Clone, Debug, Default)]
pub struct Limits {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    /// Exact time for this move.
    pub movetime: Option<u64>,
    /// Find a mate in at most this many moves, then stop.
    pub mate: Option<u32>,
    /// Search until stopped; the result is returned only after the stop flag is set.
    pub infinite: bool,
    /// Search on the opponent's time: no clock until `ponderhit`, no result before it or `stop`.
    pub ponder: bool,
    /// Time left on each side's clock, indexed by `Color::index()`.
    pub time: [Option<u64>; 2],
    /// Increment per move for each side.
    pub inc: [Option<u64>; 2],
    pub movestogo: Option<u32>,
    /// Time kept back from every budget for the GUI and the pipe.
    pub move_overhead: u64,
    /// Number of principal variations to report (0 counts as 1).
    pub multipv: usize,
    /// If not empty, only these root moves are searched (UCI `searchmoves`).
    pub searchmoves: Vec<Move>,
    /// These root moves are never played (UCCI `banmoves`).
    pub banmoves: Vec<Move>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth: Some(depth), ..Limits::default() }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits { nodes: Some(nodes), ..Limits::default() }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits { movetime: Some(ms), ..Limits::default() }
    }

    /// Whether the side to move's clock governs this search.
    pub fn uses_clock(&self, side: usize) -> bool {
        self.time[side].is_some()
    }
}
