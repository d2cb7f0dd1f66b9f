use crate::Color;
use std::fmt;

/// How a game ended (or would end at this node of a search).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The given side wins.
    Win(Color),
    /// Neither side wins.
    Draw,
}

/// Why the game ended. `as_str` gives the stable snake_case name printed by `kientuong judge`
/// and recorded by the match referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// Chess: a draw. Xiangqi: a loss for the side with no move.
    Stalemate,
    /// Xiangqi: a repetition in which no side violated a rule (or both did), a draw.
    Repetition,
    /// Chess: the same position for the third time (claimable draw).
    ThreefoldRepetition,
    /// Chess only: five occurrences, an automatic draw.
    FivefoldRepetition,
    /// Chess: 100 plies without capture or pawn move (claimable).
    FiftyMove,
    /// Chess: 150 plies, automatic.
    SeventyFiveMove,
    /// Chess: neither side can mate by any legal sequence.
    InsufficientMaterial,
    /// Xiangqi: the side that checked on every move of the cycle loses.
    PerpetualCheck,
    /// Xiangqi: the side that chased an unprotected piece on every move of the cycle loses.
    PerpetualChase,
    /// Xiangqi: the move-count rule (default 120 plies without capture).
    MoveLimit,
    /// Referee verdicts that are not rules of the board (used by the match runner).
    Adjudication,
}

impl Reason {
    /// The stable snake_case name (`checkmate`, `perpetual_chase`, …).
    pub const fn as_str(self) -> &'static str {
        match self {
            Reason::Checkmate => "checkmate",
            Reason::Stalemate => "stalemate",
            Reason::Repetition => "repetition",
            Reason::ThreefoldRepetition => "threefold_repetition",
            Reason::FivefoldRepetition => "fivefold_repetition",
            Reason::FiftyMove => "fifty_move",
            Reason::SeventyFiveMove => "seventyfive_move",
            Reason::InsufficientMaterial => "insufficient_material",
            Reason::PerpetualCheck => "perpetual_check",
            Reason::PerpetualChase => "perpetual_chase",
            Reason::MoveLimit => "move_limit",
            Reason::Adjudication => "adjudication",
        }
    }
}

impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A ruling by the rules layer: who won (or a draw) and under which rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Verdict {
    /// Who won, or a draw.
    pub outcome: Outcome,
    /// The rule that decided it.
    pub reason: Reason,
}

impl Verdict {
    /// A draw under `reason`.
    pub const fn draw(reason: Reason) -> Self {
        Verdict { outcome: Outcome::Draw, reason }
    }

    /// A win for `winner` under `reason`.
    pub const fn win(winner: Color, reason: Reason) -> Self {
        Verdict { outcome: Outcome::Win(winner), reason }
    }
}
