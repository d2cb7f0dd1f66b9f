//! The staged move picker: hands out moves one at a time, best guesses first, generating each
//! class only when the previous ones did not cut off. Order: TT move, captures that do not lose
//! material (most valuable victim first, then least valuable attacker), the two killers, the counter move, quiet moves by
//! history, and last the captures that lose material. Quiescence uses only the first two stages.

use crate::history::{Histories, PieceTo};
use crate::params::MVV_MULTIPLIER;
use game_api::{Game, GenKind, Move, MoveList, SquareSet, MAX_MOVES};

#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Stage {
    TtMove,
    GenerateTactical,
    GoodTactical,
    Killer0,
    Killer1,
    Counter,
    GenerateQuiet,
    Quiet,
    BadTactical,
    Done,
}

pub struct MovePicker {
    stage: Stage,
    tt_move: Move,
    /// Killers then counter move, checked for legality before use.
    refutations: [Move; 3],
    /// Quiescence mode: only tactical moves that do not lose material.
    tactical_only: bool,
    skip_quiets: bool,
    list: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
    bad: MoveList,
    bad_next: usize,
    prev: [Option<PieceTo>; 2],
    /// The squares the opponent attacks here: which threat table scores each quiet move.
    threats: SquareSet,
}

impl MovePicker {
    /// For the main search: every legal move, best guesses first. `threats`: the squares the
    /// opponent attacks (`Game::threatened_squares`), for the quiet history.
    pub fn new(
        tt_move: Move,
        killers: [Move; 2],
        counter: Move,
        prev: [Option<PieceTo>; 2],
        threats: SquareSet,
    ) -> Self {
        MovePicker {
            stage: Stage::TtMove,
            tt_move,
            refutations: [killers[0], killers[1], counter],
            tactical_only: false,
            skip_quiets: false,
            list: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            bad: MoveList::new(),
            bad_next: 0,
            prev,
            threats,
        }
    }

    /// For quiescence (not in check): the TT move if tactical, then winning or even captures.
    pub fn new_quiescence(tt_move: Move) -> Self {
        let mut picker = MovePicker::new(tt_move, [Move::NONE; 2], Move::NONE, [None; 2], 0);
        picker.tactical_only = true;
        picker
    }

    /// Stops handing out quiet moves (late-move pruning); losing captures still come.
    pub fn skip_quiets(&mut self) {
        self.skip_quiets = true;
    }

    /// Index of the best-scored remaining move, swapped to the front of the remainder.
    fn pick_best(&mut self) -> Option<Move> {
        let len = self.list.len();
        if self.next >= len {
            return None;
        }
        // The first of the highest scores: the maximum in one vectorised pass, then where it
        // first occurs (the same move a running "strictly greater" scan picks).
        let remaining = &self.scores[self.next..len];
        let top = remaining.iter().copied().max().unwrap_or(i32::MIN);
        let best = self.next + remaining.iter().position(|&s| s == top).unwrap_or(0);
        let moves = self.list.as_mut_slice();
        moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = moves[self.next];
        self.next += 1;
        Some(m)
    }

    pub fn next<G: Game>(&mut self, pos: &G, hist: &Histories<G>) -> Option<Move> {
        loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenerateTactical;
                    let m = self.tt_move;
                    if m.is_some() && (!self.tactical_only || pos.is_tactical(m)) {
                        return Some(m);
                    }
                }
                Stage::GenerateTactical => {
                    self.list.clear();
                    pos.generate(GenKind::Tactical, &mut self.list);
                    for (i, &m) in self.list.iter().enumerate() {
                        let victim = pos.captured_kind(m).map_or(0, G::kind_value);
                        // Least valuable attacker first among equal victims: it risks the
                        // least if the exchange goes on. The king counts as a queen-and-a-bit,
                        // and a thirty-second of a value never outweighs a different victim.
                        let attacker = G::kind_value(pos.moved_piece(m) % (G::PIECES / 2));
                        self.scores[i] =
                            victim * MVV_MULTIPLIER.get::<G>() - attacker.min(1000) / 32;
                    }
                    self.next = 0;
                    self.stage = Stage::GoodTactical;
                }
                Stage::GoodTactical => match self.pick_best() {
                    Some(m) if m == self.tt_move => {}
                    Some(m) if pos.see_ge(m, 0) => return Some(m),
                    Some(m) => {
                        if !self.tactical_only {
                            self.bad.push(m);
                        }
                    }
                    None => {
                        self.stage = if self.tactical_only { Stage::Done } else { Stage::Killer0 };
                    }
                },
                Stage::Killer0 | Stage::Killer1 | Stage::Counter => {
                    let slot = match self.stage {
                        Stage::Killer0 => 0,
                        Stage::Killer1 => 1,
                        _ => 2,
                    };
                    self.stage = match self.stage {
                        Stage::Killer0 => Stage::Killer1,
                        Stage::Killer1 => Stage::Counter,
                        _ => Stage::GenerateQuiet,
                    };
                    let m = self.refutations[slot];
                    let repeated = m == self.tt_move || self.refutations[..slot].contains(&m);
                    if !self.skip_quiets
                        && m.is_some()
                        && !repeated
                        && pos.is_legal(m)
                        && !pos.is_tactical(m)
                    {
                        return Some(m);
                    }
                    // A slot that was not used must not be skipped in the quiet stage.
                    if repeated || m.is_none() || !pos.is_legal(m) || pos.is_tactical(m) {
                        self.refutations[slot] = Move::NONE;
                    }
                }
                Stage::GenerateQuiet => {
                    self.stage = Stage::Quiet;
                    if !self.skip_quiets {
                        self.list.clear();
                        pos.generate(GenKind::Quiet, &mut self.list);
                        for (i, &m) in self.list.iter().enumerate() {
                            let pt = Histories::<G>::piece_to(pos, m);
                            let key = Histories::<G>::quiet_key(pt, m, self.threats);
                            self.scores[i] = hist.quiet_score(key, self.prev);
                        }
                        self.next = 0;
                    } else {
                        self.list.clear();
                        self.next = 0;
                    }
                }
                Stage::Quiet => {
                    if self.skip_quiets {
                        self.stage = Stage::BadTactical;
                        continue;
                    }
                    match self.pick_best() {
                        Some(m) if m == self.tt_move || self.refutations.contains(&m) => {}
                        Some(m) => return Some(m),
                        None => self.stage = Stage::BadTactical,
                    }
                }
                Stage::BadTactical => {
                    if self.bad_next < self.bad.len() {
                        let m = self.bad[self.bad_next];
                        self.bad_next += 1;
                        return Some(m);
                    }
                    self.stage = Stage::Done;
                }
                Stage::Done => return None,
            }
        }
    }
}
