//! Move-ordering memory that outlives one node: quiet-move history by (threats, piece, target
//! square), continuation histories keyed by the previous one and two moves, and counter moves.
//! Flat boxed slices indexed with the game's strides (`PIECES * SQUARES`), allocated once per
//! thread and kept between searches (Lazy SMP threads each learn their own).
//!
//! The main quiet table is four tables in one, `[from threatened][to threatened][piece][to]`:
//! whether the opponent attacks the square the move leaves and the one it lands on, as seen at
//! the node where it is played (`Game::threatened_squares`, computed once per node). The same
//! move is good when it saves an attacked piece and bad when it walks into an attack, and one
//! table would average the two away. A [`QuietKey`] carries both indices, so that ordering,
//! pruning, reductions and the update all read the same cell; the continuation tables keep the
//! plain piece-to.
//!
//! The continuation tables are the big ones (xiangqi: 1260 previous piece-tos). They are lean
//! in two ways, neither of which changes a single score:
//! - the *current* move is indexed by piece kind, not coloured piece: the previous move's piece
//!   fixes the mover's colour (one ply back: the other colour; two plies back: the same), so
//!   within a row the map from coloured piece to kind is one-to-one and the other colour's half
//!   of the row could never be touched;
//! - clearing (`ucinewgame`) zeroes only the rows a search wrote, so a clear before the first
//!   search faults in no pages and the tables stay as resident as the search made them.

use crate::params::{HISTORY_BONUS_ADD, HISTORY_BONUS_CAP, HISTORY_BONUS_MUL, HISTORY_MAX};
use game_api::{Game, Move, SquareSet};
use std::marker::PhantomData;

/// A (piece, target) pair flattened to `piece * SQUARES + to`.
pub type PieceTo = usize;

/// The four threat tables of the main quiet history: from-square attacked or not, times
/// to-square attacked or not.
const THREAT_BUCKETS: usize = 4;

/// A quiet move as the main quiet history indexes it at one node: its piece-to, and which
/// threat table it falls in there (`2 * from_threatened + to_threatened`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QuietKey {
    piece_to: PieceTo,
    threat: usize,
}

/// Whether `sq` is in `set`. A square past the set's width (never one of a real board) is not.
#[inline]
fn contains(set: SquareSet, sq: usize) -> bool {
    u32::try_from(sq).ok().and_then(|sq| set.checked_shr(sq)).is_some_and(|bits| bits & 1 != 0)
}

pub struct Histories<G: Game> {
    /// Quiet moves: `[from threatened][to threatened][piece][to]` (see the module notes).
    quiet: Box<[i16]>,
    /// `[previous piece-to][kind-to]` for the move one ply back (counter-move history) and two
    /// plies back (follow-up history); see the module notes.
    continuation: [Box<[i16]>; 2],
    /// Which rows (previous piece-to) of each continuation table hold anything but zeros.
    dirty: [Box<[bool]>; 2],
    /// The quiet reply that last refuted each `[piece-to]`.
    counter: Box<[Move]>,
    _game: PhantomData<G>,
}

/// Gravity update: moves the value toward ±HISTORY_MAX by `bonus`, slower as it saturates.
#[inline]
fn apply(entry: &mut i16, bonus: i32, max: i32) {
    let v = i32::from(*entry);
    let next = v + bonus - v * bonus.abs() / max;
    *entry = next.clamp(-max, max) as i16;
}

/// History bonus for a cutoff at `depth`.
pub fn bonus<G: Game>(depth: i32) -> i32 {
    (HISTORY_BONUS_MUL.get::<G>() * depth * depth + HISTORY_BONUS_ADD.get::<G>() * depth)
        .min(HISTORY_BONUS_CAP.get::<G>())
}

impl<G: Game> Default for Histories<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> Histories<G> {
    pub const STRIDE: usize = G::PIECES * G::SQUARES;
    /// A continuation row: one entry per (piece kind, target square).
    pub const ROW: usize = G::PIECES / 2 * G::SQUARES;

    pub fn new() -> Self {
        let n = Self::STRIDE;
        let cells = n * Self::ROW;
        Histories {
            quiet: vec![0; THREAT_BUCKETS * n].into_boxed_slice(),
            continuation: [vec![0; cells].into_boxed_slice(), vec![0; cells].into_boxed_slice()],
            dirty: [vec![false; n].into_boxed_slice(), vec![false; n].into_boxed_slice()],
            counter: vec![Move::NONE; n].into_boxed_slice(),
            _game: PhantomData,
        }
    }

    pub fn clear(&mut self) {
        self.quiet.fill(0);
        for (table, dirty) in self.continuation.iter_mut().zip(&mut self.dirty) {
            for (row, d) in table.chunks_exact_mut(Self::ROW).zip(dirty.iter_mut()) {
                if std::mem::take(d) {
                    row.fill(0);
                }
            }
        }
        self.counter.fill(Move::NONE);
    }

    /// The continuation cell for the current move `pt` after the previous piece-to `p`.
    /// Pieces are `colour * PIECES / 2 + kind` (see `Game::moved_piece`), so `pt % ROW` is the
    /// current move's kind-to; the colour it drops is implied by `p` (see the module notes).
    #[inline]
    fn cell(p: PieceTo, pt: PieceTo) -> usize {
        // `pt % ROW` by one subtraction where a piece-to is below `2 * ROW` (an even piece
        // count: one kind per colour); the condition is a constant.
        let kind_to = if G::PIECES % 2 != 0 {
            pt % Self::ROW
        } else if pt >= Self::ROW {
            pt - Self::ROW
        } else {
            pt
        };
        p * Self::ROW + kind_to
    }

    /// The main quiet-history cell of `key`.
    #[inline]
    fn quiet_cell(key: QuietKey) -> usize {
        key.threat * Self::STRIDE + key.piece_to
    }

    #[inline]
    pub fn piece_to(pos: &G, m: Move) -> PieceTo {
        pos.moved_piece(m) * G::SQUARES + G::to_square(m)
    }

    /// The key of the quiet move `m` (piece-to `pt`) at a node where the opponent attacks
    /// `threats`.
    #[inline]
    pub fn quiet_key(pt: PieceTo, m: Move, threats: SquareSet) -> QuietKey {
        let from_threatened = contains(threats, G::from_square(m));
        let to_threatened = contains(threats, G::to_square(m));
        QuietKey {
            piece_to: pt,
            threat: 2 * usize::from(from_threatened) + usize::from(to_threatened),
        }
    }

    /// Ordering score of a quiet move, given the piece-to of the previous two moves (`None`
    /// after a null move or at the root).
    #[inline]
    pub fn quiet_score(&self, key: QuietKey, prev: [Option<PieceTo>; 2]) -> i32 {
        // Written out, not a loop over the two tables: this runs for every quiet move the
        // picker scores, and the zipped loop cost more than the lookups it made.
        let follow = |table: &[i16], p: Option<PieceTo>| {
            p.map_or(0, |p| i32::from(table[Self::cell(p, key.piece_to)]))
        };
        i32::from(self.quiet[Self::quiet_cell(key)])
            + follow(&self.continuation[0], prev[0])
            + follow(&self.continuation[1], prev[1])
    }

    #[inline]
    pub fn counter_move(&self, prev: Option<PieceTo>) -> Move {
        prev.map_or(Move::NONE, |p| self.counter[p])
    }

    /// Rewards `best` (which caused a cutoff) and punishes the quiet moves tried before it.
    pub fn update_quiets(
        &mut self,
        best: QuietKey,
        tried: &[QuietKey],
        prev: [Option<PieceTo>; 2],
        depth: i32,
        best_move: Move,
    ) {
        let b = bonus::<G>(depth);
        self.update_one(best, prev, b);
        for &key in tried {
            self.update_one(key, prev, -b);
        }
        if let Some(p) = prev[0] {
            self.counter[p] = best_move;
        }
    }

    /// Rewards the quiet move `key` (played after `prev`) whose reply node at `depth` failed
    /// low: no answer reached alpha, so it acted as a cutoff there. It earns `percent` of a
    /// cutoff's bonus.
    pub fn reward_refutation(
        &mut self,
        key: QuietKey,
        prev: [Option<PieceTo>; 2],
        depth: i32,
        percent: i32,
    ) {
        self.update_one(key, prev, bonus::<G>(depth) * percent / 100);
    }

    /// Rewards the quiet TT move `key` (played after `prev`) of a node cut by its TT entry at
    /// `depth`, with a cutoff's bonus (no malus: no other move was tried).
    pub fn reward_tt_cutoff(&mut self, key: QuietKey, prev: [Option<PieceTo>; 2], depth: i32) {
        self.update_one(key, prev, bonus::<G>(depth));
    }

    #[inline]
    fn update_one(&mut self, key: QuietKey, prev: [Option<PieceTo>; 2], bonus: i32) {
        let max = HISTORY_MAX.get::<G>();
        apply(&mut self.quiet[Self::quiet_cell(key)], bonus, max);
        for ((table, dirty), p) in self.continuation.iter_mut().zip(&mut self.dirty).zip(prev) {
            if let Some(p) = p {
                dirty[p] = true;
                apply(&mut table[Self::cell(p, key.piece_to)], bonus, max);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{apply, contains};
    use crate::params::{CHESS, HISTORY_MAX};

    #[test]
    fn gravity_keeps_history_in_range() {
        let mut h = 0i16;
        for _ in 0..1000 {
            apply(&mut h, 1600, HISTORY_MAX.get_in(CHESS));
        }
        assert!(i32::from(h) <= HISTORY_MAX.get_in(CHESS) && h > 15_000);
        for _ in 0..1000 {
            apply(&mut h, -1600, HISTORY_MAX.get_in(CHESS));
        }
        assert!(i32::from(h) >= -HISTORY_MAX.get_in(CHESS) && h < -15_000);
    }

    #[test]
    fn square_sets_answer_for_every_bit_and_nothing_past_them() {
        let set = (1u128 << 0) | (1 << 63) | (1 << 64) | (1 << 89) | (1 << 127);
        for sq in 0..128 {
            assert_eq!(contains(set, sq), [0, 63, 64, 89, 127].contains(&sq), "square {sq}");
        }
        assert!(!contains(u128::MAX, 128) && !contains(u128::MAX, usize::MAX));
        // Not read modulo 2^32 either.
        assert!(!contains(u128::MAX, (1 << 32) + 5));
    }
}
