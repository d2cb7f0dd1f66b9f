//! The CXQ club limits (seed 002 in docs/RULES.md), judged at game level on top of the Asian rules:
//! - a side may check or chase without a break for at most 6 moves with one piece, 12 with two
//!   and 18 with three or more; the side that goes beyond loses (perpetual check outranks chase);
//! - the game is drawn at 300 moves in total, at 120 "effective" moves (checks, chases and the
//!   replies to them do not count), or at 30 moves without progress (a capture, or a pawn that
//!   has crossed the river stepping forward).
//!
//! "Moves" are counted in plies, as docs/RULES.md counts the Asian 120-move rule.
//!
//! A chase is judged from the generic rules interface: after the move, the moved piece can
//! capture an enemy piece (not the king, not a pawn still on its own side) it could not capture
//! before, and that piece has no legal recapture on its square — except that a horse or cannon
//! attacking a rook always chases. Kings and pawns never chase. Discovered chases are not seen.

use crate::notation::board_view::{BoardView, Coord};
use game_api::{Color, Game, GenKind, Move, MoveList, Reason, Verdict};

const TOTAL_LIMIT: u32 = 300;
const EFFECTIVE_LIMIT: u32 = 120;
const PROGRESS_LIMIT: u32 = 30;
const PER_PIECE_STREAK: u32 = 6;

#[derive(Clone, Debug, Default)]
struct Streak {
    moves: u32,
    /// Current squares of the pieces that took part, so a piece keeps its identity as it moves.
    pieces: Vec<Coord>,
    checks: u32,
}

#[derive(Clone, Debug, Default)]
pub struct CxqTracker {
    total: u32,
    effective: u32,
    since_progress: u32,
    /// Whether the previous ply was a check or chase (its reply is then not effective).
    last_forcing: bool,
    streaks: [Streak; 2],
    /// A side that has gone past its streak limit, and whether its streak was mostly checks.
    violator: Option<(Color, bool)>,
}

impl CxqTracker {
    /// Classifies `m` (legal, about to be made in `pos`) and updates the counters.
    pub fn observe<G: Game>(&mut self, pos: &mut G, m: Move) {
        let side = pos.side_to_move();
        let before = BoardView::of(pos);
        let text = pos.write_move(m);
        let Some((from, to, _)) = before.squares_of_move(&text) else {
            return;
        };
        let mover = before.at(from).map(|c| c.to_ascii_lowercase());
        let capture = pos.captured_kind(m).is_some();
        let crossed_pawn_forward =
            mover == Some('p') && pawn_crossed(side, from) && from.file == to.file;
        let targets_before = if is_chaser(mover) { capture_targets(pos, from) } else { Vec::new() };

        pos.make(m);
        let check = pos.in_check();
        let chase = !check && is_chaser(mover) && {
            let after = BoardView::of(pos);
            chases(pos, &after, to, mover, &targets_before)
        };
        pos.unmake();

        self.total += 1;
        let forcing = check || chase;
        if !forcing && !self.last_forcing {
            self.effective += 1;
        }
        self.last_forcing = forcing;
        self.since_progress =
            if capture || crossed_pawn_forward { 0 } else { self.since_progress + 1 };

        let streak = &mut self.streaks[side.index()];
        if forcing {
            streak.moves += 1;
            streak.checks += u32::from(check);
            if let Some(p) = streak.pieces.iter_mut().find(|p| **p == from) {
                *p = to;
            } else {
                streak.pieces.push(to);
            }
            let allowed = PER_PIECE_STREAK * (streak.pieces.len().min(3) as u32);
            if streak.moves > allowed && self.violator.is_none() {
                self.violator = Some((side, streak.checks * 2 >= streak.moves));
            }
        } else {
            *streak = Streak::default();
        }
        // A piece captured by this move leaves the other side's streak.
        if capture {
            self.streaks[(!side).index()].pieces.retain(|p| *p != to);
        }
    }

    pub fn verdict(&self) -> Option<Verdict> {
        if let Some((side, checks)) = self.violator {
            let reason = if checks { Reason::PerpetualCheck } else { Reason::PerpetualChase };
            return Some(Verdict::win(!side, reason));
        }
        if self.total >= TOTAL_LIMIT
            || self.effective >= EFFECTIVE_LIMIT
            || self.since_progress >= PROGRESS_LIMIT
        {
            return Some(Verdict::draw(Reason::MoveLimit));
        }
        None
    }
}

fn is_chaser(piece: Option<char>) -> bool {
    matches!(piece, Some('r' | 'n' | 'h' | 'c' | 'b' | 'e' | 'a'))
}

/// Whether a pawn of `side` on `at` stands across the river (Red's side is ranks 0–4).
fn pawn_crossed(side: Color, at: Coord) -> bool {
    match side {
        Color::White => at.rank >= 5,
        Color::Black => at.rank <= 4,
    }
}

/// Squares of the pieces the piece on `from` can capture, with its side to move.
fn capture_targets<G: Game>(pos: &G, from: Coord) -> Vec<Coord> {
    let view = BoardView::of(pos);
    let mut list = MoveList::new();
    pos.generate(GenKind::Tactical, &mut list);
    list.iter()
        .filter_map(|&m| view.squares_of_move(&pos.write_move(m)).map(|(f, t, _)| (f, t)))
        .filter(|(f, _)| *f == from)
        .map(|(_, t)| t)
        .collect()
}

/// After the move (opponent to move): does the piece now on `at` chase something new?
fn chases<G: Game>(
    pos: &mut G,
    view: &BoardView,
    at: Coord,
    mover: Option<char>,
    before: &[Coord],
) -> bool {
    // Look at the mover's threats by passing the opponent's turn.
    pos.make_null();
    let mover_side = pos.side_to_move();
    let mut list = MoveList::new();
    pos.generate(GenKind::Tactical, &mut list);
    let mut found = false;
    for &m in list.iter() {
        let Some((from, to, _)) = view.squares_of_move(&pos.write_move(m)) else { continue };
        if from != at || before.contains(&to) {
            continue;
        }
        let Some(target) = view.at(to).map(|c| c.to_ascii_lowercase()) else { continue };
        if target == 'k' || (target == 'p' && !pawn_crossed(!mover_side, to)) {
            continue;
        }
        let rook_by_minor = target == 'r' && matches!(mover, Some('n' | 'h' | 'c'));
        if rook_by_minor || !recapturable(pos, m, to, view) {
            found = true;
            break;
        }
    }
    pos.unmake_null();
    found
}

/// After capturing with `m` onto `square`, can the other side legally take back there?
fn recapturable<G: Game>(pos: &mut G, m: Move, square: Coord, view: &BoardView) -> bool {
    pos.make(m);
    let mut list = MoveList::new();
    pos.generate(GenKind::Tactical, &mut list);
    let found = list
        .iter()
        .any(|&r| view.squares_of_move(&pos.write_move(r)).is_some_and(|(_, t, _)| t == square));
    pos.unmake();
    found
}
