//! The contract between the search and an endgame tablebase of one game (Syzygy in chess).
//!
//! The search never names a game, so a tablebase reaches it as a trait object: probes are rare
//! (only positions right after a capture or pawn move, with few pieces, ask), so one dynamic
//! call per probe costs nothing measurable, and an engine without tables pays one `Option`
//! test per node.

use crate::{Game, Move};

/// What a tablebase says of a position for the side to move, with the fifty-move rule in view:
/// a cursed win is a win that the rule turns into a draw, a blessed loss the loss it saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    /// Lost.
    Loss,
    /// Lost without the fifty-move rule, drawn with it.
    BlessedLoss,
    /// Drawn.
    Draw,
    /// Won without the fifty-move rule, drawn with it.
    CursedWin,
    /// Won.
    Win,
}

impl Wdl {
    /// −2 (loss) to 2 (win), as Syzygy numbers them.
    pub fn signed(self) -> i32 {
        self as i32 - 2
    }

    /// The same result seen by the other side.
    pub fn flipped(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Win,
            Wdl::BlessedLoss => Wdl::CursedWin,
            Wdl::Draw => Wdl::Draw,
            Wdl::CursedWin => Wdl::BlessedLoss,
            Wdl::Win => Wdl::Loss,
        }
    }
}

/// How the root moves rank by the tablebase (`Tablebase::rank_root`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TbValue {
    /// A win the fifty-move rule cannot take away (as far as the tables tell).
    Win,
    /// The loss counterpart of `Win`.
    Loss,
    /// A draw (0), or a cursed win or blessed loss shown as a small score that grows as the
    /// real result comes near.
    Centipawns(i32),
}

/// One root move as the tablebase ranks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TbRootMove {
    /// The move.
    pub mv: Move,
    /// Higher is better; moves of equal rank are equally good for the tables (every win that
    /// keeps the fifty-move rule at bay, say), and the search chooses among them.
    pub rank: i32,
    /// The result it leads to, for the side to move at the root.
    pub value: TbValue,
}

/// The root ranking, with how it was obtained.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TbRootRanking {
    /// Every move asked about, in the order asked.
    pub moves: Vec<TbRootMove>,
    /// Ranked by distance to zeroing (DTZ tables), which keeps progress towards the win without
    /// further probes in the tree; `false` when only WDL tables answered.
    pub by_dtz: bool,
}

/// An endgame tablebase as the search uses it. Implementations decide which positions they can
/// answer (piece count, castling rights) and say `None` for the rest.
pub trait Tablebase<G: Game>: Send + Sync {
    /// The WDL value of `pos`, reached by a capture or pawn move (its fifty-move clock is
    /// zero), for a search `depth` plies from the horizon; `None` when the position is outside
    /// the tables, too shallow to be worth a probe, or the probe failed.
    fn probe_wdl(&self, pos: &G, depth: i32) -> Option<Wdl>;

    /// Ranks the root moves `moves` of `pos`; `None` when the root is outside the tables or a
    /// probe failed (the search then plays without the ranking).
    fn rank_root(&self, pos: &G, moves: &[Move]) -> Option<TbRootRanking>;

    /// Whether a cursed win or blessed loss counts as a draw (`Syzygy50MoveRule`).
    fn fifty_move_rule(&self) -> bool;
}
