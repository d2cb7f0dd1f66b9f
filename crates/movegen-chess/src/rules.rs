//! The rules that end a game without looking at whether a move exists: insufficient material,
//! the 50/75-move rules (a mate on the last ply still wins) and repetition.

use crate::bitboard::DARK_SQUARES;
use crate::position::Chess;
use crate::types::*;
use game_api::{Reason, Verdict};

/// Plies without a capture or pawn move after which either side may claim a draw (here: the
/// game is drawn), and after which it is drawn without a claim.
pub(crate) const FIFTY_MOVE_PLIES: u32 = 100;
pub(crate) const SEVENTY_FIVE_MOVE_PLIES: u32 = 150;

/// What a scan of the history found about the current position.
enum Repetition {
    /// It repeats a position reached at or after the search root (a draw in search).
    SinceRoot,
    /// It has occurred this many times in all (1 = only now).
    Occurrences(usize),
}

impl Chess {
    pub(crate) fn rules_verdict(&self, ply_from_root: usize) -> Option<Verdict> {
        if self.insufficient_material() {
            return Some(Verdict::draw(Reason::InsufficientMaterial));
        }
        // Checked lazily: only a position in check at the move limit needs it.
        let mated = || self.checkers != 0 && !self.has_legal_move();
        if self.halfmove >= SEVENTY_FIVE_MOVE_PLIES && !mated() {
            return Some(Verdict::draw(Reason::SeventyFiveMove));
        }
        let occurrences = match self.repetition(ply_from_root) {
            Repetition::SinceRoot => return Some(Verdict::draw(Reason::ThreefoldRepetition)),
            Repetition::Occurrences(n) => n,
        };
        if occurrences >= 5 {
            return Some(Verdict::draw(Reason::FivefoldRepetition));
        }
        if self.halfmove >= FIFTY_MOVE_PLIES && !mated() {
            return Some(Verdict::draw(Reason::FiftyMove));
        }
        if occurrences >= 3 {
            return Some(Verdict::draw(Reason::ThreefoldRepetition));
        }
        None
    }

    /// Scans back two plies at a time, no further than the last irreversible move (or null move).
    fn repetition(&self, ply_from_root: usize) -> Repetition {
        let n = self.history.len();
        let window = (self.rep_window as usize).min(n);
        let mut occurrences = 1;
        let mut distance = 4;
        while distance <= window {
            if self.history[n - distance].key == self.key {
                if distance <= ply_from_root {
                    return Repetition::SinceRoot;
                }
                occurrences += 1;
                // Inside a search, a third occurrence is enough; a referee counts them all.
                if ply_from_root > 0 && occurrences >= 3 {
                    return Repetition::Occurrences(occurrences);
                }
            }
            distance += 2;
        }
        Repetition::Occurrences(occurrences)
    }

    /// python-chess semantics: neither side can mate by any series of legal moves. That is the
    /// case with no pawns, rooks or queens and either at most one knight and no bishop, or no
    /// knight and all bishops on squares of one colour.
    pub(crate) fn insufficient_material(&self) -> bool {
        if self.by_kind[PAWN] | self.by_kind[ROOK] | self.by_kind[QUEEN] != 0 {
            return false;
        }
        let knights = self.by_kind[KNIGHT];
        let bishops = self.by_kind[BISHOP];
        if knights != 0 {
            return bishops == 0 && knights.count_ones() <= 1;
        }
        bishops & DARK_SQUARES == 0 || bishops & !DARK_SQUARES == 0
    }

    pub(crate) fn has_legal_move(&self) -> bool {
        self.count_legal_moves() != 0
    }
}
