use std::fmt;
use std::mem::MaybeUninit;

/// Enough for any reachable position of either game (chess peaks at 218 legal moves, xiangqi
/// around 120), with room to spare.
pub const MAX_MOVES: usize = 256;

/// A move packed into 16 bits. The layout belongs to the game that made it; `Move::NONE` (all
/// zeros) is never a legal move in any game, so it doubles as "no move".
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub u16);

impl Move {
    /// "No move": never legal in any game.
    pub const NONE: Move = Move(0);

    /// Whether this is `Move::NONE`.
    #[inline]
    pub const fn is_none(self) -> bool {
        self.0 == 0
    }

    /// Whether this is a real move (not `Move::NONE`).
    #[inline]
    pub const fn is_some(self) -> bool {
        self.0 != 0
    }

    /// The packed 16-bit word.
    #[inline]
    pub const fn raw(self) -> u16 {
        self.0
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({:#06x})", self.0)
    }
}

/// A fixed-capacity move buffer owned by the caller, so generation never allocates.
///
/// The slots past `len` are left uninitialised: zeroing 512 bytes for every list cost ~9% of
/// chess perft time (measured), and a list is created at every search node.
#[derive(Clone)]
pub struct MoveList {
    moves: [MaybeUninit<Move>; MAX_MOVES],
    /// Invariant: `moves[..len]` are initialised.
    len: usize,
}

/// Appends moves to a [`MoveList`] inside [`MoveList::append_with`], counting in a local that the
/// compiler keeps in a register (the length behind `MoveList::push` is reloaded and stored for
/// every move: measured as the top cost of chess perft before this existed).
pub struct MoveSink<'a> {
    slots: &'a mut [MaybeUninit<Move>],
    /// Invariant: `slots[..written]` are initialised.
    written: usize,
}

impl MoveSink<'_> {
    /// Appends a move; a full list drops it (no legal position reaches `MAX_MOVES`).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.written < self.slots.len(), "move list overflow");
        if let Some(slot) = self.slots.get_mut(self.written) {
            slot.write(m);
            self.written += 1;
        }
    }

    /// Moves appended through this sink so far.
    #[inline(always)]
    pub fn written(&self) -> usize {
        self.written
    }
}

impl MoveList {
    /// An empty list; nothing is allocated.
    #[inline]
    pub const fn new() -> Self {
        // An inline `const` block: a runtime repeat of `uninit()` still compiles to a memset.
        MoveList { moves: [const { MaybeUninit::uninit() }; MAX_MOVES], len: 0 }
    }

    /// Appends a move. Capacity is a hard invariant of the games (no position has more than
    /// `MAX_MOVES` legal moves), so overflow is a generator bug and is checked in debug builds.
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        debug_assert!(self.len < MAX_MOVES, "move list overflow");
        // Release builds clamp instead of writing out of bounds.
        if self.len < MAX_MOVES {
            self.moves[self.len].write(m);
            self.len += 1;
        }
    }

    /// Runs `fill` with a sink that appends to this list; for generators that push many moves
    /// in a tight loop (see [`MoveSink`]).
    #[inline(always)]
    pub fn append_with<R>(&mut self, fill: impl FnOnce(&mut MoveSink<'_>) -> R) -> R {
        let mut sink = MoveSink { slots: &mut self.moves[self.len..], written: 0 };
        let result = fill(&mut sink);
        // The sink initialised exactly its first `written` slots, which follow `len`.
        self.len += sink.written;
        result
    }

    /// Empties the list (the slots are simply forgotten).
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Number of moves in the list.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list holds no move.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves, in the order they were added (or sorted).
    #[inline]
    #[allow(unsafe_code)]
    pub fn as_slice(&self) -> &[Move] {
        let init = &self.moves[..self.len];
        // SAFETY: `moves[..len]` are initialised (the struct invariant, kept by `push` and
        // `append_with`), and `MaybeUninit<Move>` has the layout of `Move`.
        unsafe { std::slice::from_raw_parts(init.as_ptr().cast::<Move>(), init.len()) }
    }

    /// The moves, mutably (for sorting and scoring in place).
    #[inline]
    #[allow(unsafe_code)]
    pub fn as_mut_slice(&mut self) -> &mut [Move] {
        let init = &mut self.moves[..self.len];
        // SAFETY: as in `as_slice`; the borrow of `self` keeps the slots alive and exclusive.
        unsafe { std::slice::from_raw_parts_mut(init.as_mut_ptr().cast::<Move>(), init.len()) }
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `m` is in the list.
    #[inline]
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }

    /// Removes the move at `index` by swapping the last one into its place (order not kept).
    #[inline]
    pub fn swap_remove(&mut self, index: usize) -> Move {
        let moves = self.as_mut_slice();
        let m = moves[index];
        let last = moves.len() - 1;
        moves[index] = moves[last];
        self.len -= 1;
        m
    }
}

impl Default for MoveList {
    fn default() -> Self {
        Self::new()
    }
}

impl std::ops::Index<usize> for MoveList {
    type Output = Move;
    #[inline]
    fn index(&self, i: usize) -> &Move {
        &self.as_slice()[i]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn push_append_and_remove_keep_the_initialised_prefix() {
        let mut list = MoveList::new();
        assert!(list.is_empty());
        list.push(Move(7));
        let written = list.append_with(|sink| {
            for raw in 10..13 {
                sink.push(Move(raw));
            }
            sink.written()
        });
        assert_eq!(written, 3);
        assert_eq!(list.as_slice(), &[Move(7), Move(10), Move(11), Move(12)]);
        let copy = list.clone();
        assert_eq!(list.swap_remove(0), Move(7));
        assert_eq!(list.as_slice(), &[Move(12), Move(10), Move(11)]);
        assert_eq!(copy.len(), 4);
        list.as_mut_slice()[0] = Move(1);
        assert_eq!(list[0], Move(1));
        list.clear();
        assert!(list.is_empty());
    }

    #[test]
    fn a_full_sink_drops_moves_instead_of_overflowing() {
        let mut list = MoveList::new();
        for raw in 0..MAX_MOVES as u16 {
            list.push(Move(raw + 1));
        }
        let written = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            list.append_with(|sink| {
                sink.push(Move(9999));
                sink.written()
            })
        }));
        // Debug builds assert on overflow; release builds drop the move.
        if let Ok(written) = written {
            assert_eq!(written, 0);
        }
        assert_eq!(list.len(), MAX_MOVES);
    }
}
