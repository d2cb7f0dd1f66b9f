//! `perft N` / `go perft N` in the protocol loop: a move-path count that `stop` and `quit`
//! end, and whose depth is capped.
//!
//! A perft runs like a search: the input thread numbers it as it numbers a `go`, so a `stop`
//! (or `quit`) read while it runs, or while it waits in the queue, reaches it through the same
//! ledger (`Control::begin_search` / `end_search`), and `isready` is answered at once meanwhile.
//! Before, `go perft 7` then `stop` answered `readyok` only after 6.8 s, and UCCI `go perft 6`
//! ran 46 s with no way to end it.

use super::{PlayableGame, SessionEngine};
use crate::session::control::Control;
use game_api::perft::perft_until;
use game_api::{GenKind, MoveList};

/// Deeper than any perft that finishes in a day, shallow enough that the recursion (one move
/// list per ply) and the position's history stay small whatever number the GUI sends.
pub const MAX_PERFT_DEPTH: u32 = 16;

impl<G: PlayableGame> SessionEngine<G> {
    /// Runs perft number `seq`: one `move: count` line per root move, then the total as the
    /// last line (`Nodes searched: N`), which is always printed so a client waiting for it is
    /// never left hanging. A stopped perft says so before that partial total.
    pub fn perft(&mut self, depth: u32, seq: u64, control: &Control) {
        let ticket = control.begin_search(seq);
        let total = self.perft_lines(depth, control);
        control.end_search(ticket, &format!("Nodes searched: {total}"));
    }

    fn perft_lines(&mut self, depth: u32, control: &Control) -> u64 {
        let out = &control.out;
        let Some(root) = &mut self.root else {
            out.note("perft: no valid position");
            return 0;
        };
        if depth > MAX_PERFT_DEPTH {
            out.note(&format!("perft: depth {depth} is capped at {MAX_PERFT_DEPTH}"));
        }
        let depth = depth.min(MAX_PERFT_DEPTH);
        if depth == 0 {
            return 1;
        }
        let stopped = || control.is_stopped();
        let mut list = MoveList::new();
        root.generate(GenKind::All, &mut list);
        let mut total = 0;
        for (done, &m) in list.iter().enumerate() {
            root.make(m);
            let count = perft_until(root, depth - 1, &stopped);
            root.unmake();
            let Some(count) = count else {
                out.note(&format!(
                    "perft: stopped after {done} of {} root moves; the total is partial",
                    list.len()
                ));
                return total;
            };
            out.line(&format!("{}: {count}", root.write_move(m)));
            total += count;
        }
        out.line("");
        total
    }
}
