//! Subtraction Nim: take 1–3 stones from one pile; the player who cannot move loses. Positions
//! with a multiple of 4 stones are lost; from the others, the winner takes `n % 4` and mates in
//! exactly `2 * (n / 4) + 1` plies against the best defence. Moves: `Move(k)` = take k.

use super::mix;
use game_api::{
    Color, Evaluator, FenError, Game, GenKind, Move, MoveError, MoveList, Reason, Verdict,
};

#[derive(Clone, Debug)]
pub struct Nim {
    pub stones: u32,
    pub side: Color,
    history: Vec<u32>,
}

impl Nim {
    pub fn new(stones: u32) -> Nim {
        Nim { stones, side: Color::White, history: Vec::new() }
    }
}

impl Game for Nim {
    const NAME: &'static str = "nim";
    const SQUARES: usize = 64;
    const PIECES: usize = 2;
    const COLOR_NAMES: [&'static str; 2] = ["first", "second"];
    const BENCH_FENS: &'static [&'static str] = &["9 w", "22 w"];
    const START_FEN: &'static str = "21 w";

    fn startpos() -> Self {
        Nim::new(21)
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let mut parts = fen.split_whitespace();
        let n = parts.next().ok_or(FenError::MissingField("stones"))?;
        let stones: u32 = n.parse().map_err(|_| FenError::BadField("stones", n.to_owned()))?;
        if stones >= 60 {
            return Err(FenError::Illegal("too many stones".into()));
        }
        let side = match parts.next() {
            Some("b") => Color::Black,
            _ => Color::White,
        };
        Ok(Nim { stones, side, history: Vec::new() })
    }
    fn fen(&self) -> String {
        format!("{} {}", self.stones, if self.side == Color::White { "w" } else { "b" })
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let k: u16 = text.parse().map_err(|_| MoveError::Syntax(text.to_owned()))?;
        let m = Move(k);
        if self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(text.to_owned()))
        }
    }
    fn write_move(&self, m: Move) -> String {
        m.0.to_string()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn hash(&self) -> u64 {
        mix(u64::from(self.stones) * 2 + self.side.index() as u64)
    }
    fn in_check(&self) -> bool {
        false
    }
    fn has_non_pawn_material(&self, _: Color) -> bool {
        true
    }
    fn history_len(&self) -> usize {
        self.history.len()
    }
    fn moved_piece(&self, _: Move) -> usize {
        self.side.index()
    }
    fn captured_kind(&self, _: Move) -> Option<usize> {
        None
    }
    fn kind_value(_: usize) -> i32 {
        0
    }
    fn from_square(_: Move) -> usize {
        0
    }
    fn to_square(m: Move) -> usize {
        usize::from(m.0) % 64
    }
    fn is_tactical(&self, _: Move) -> bool {
        false
    }
    fn see_ge(&self, _: Move, threshold: i32) -> bool {
        threshold <= 0
    }
    fn generate(&self, kind: GenKind, list: &mut MoveList) {
        if kind == GenKind::Tactical {
            return;
        }
        for k in 1..=3u16 {
            if u32::from(k) <= self.stones {
                list.push(Move(k));
            }
        }
    }
    fn is_legal(&self, m: Move) -> bool {
        (1..=3).contains(&m.0) && u32::from(m.0) <= self.stones
    }
    fn make(&mut self, m: Move) {
        self.history.push(self.stones);
        self.stones -= u32::from(m.0);
        self.side = !self.side;
    }
    fn unmake(&mut self) {
        self.stones = self.history.pop().expect("unmake without make");
        self.side = !self.side;
    }
    fn make_null(&mut self) {
        self.history.push(self.stones);
        self.side = !self.side;
    }
    fn unmake_null(&mut self) {
        self.unmake();
    }
    fn reserve(&mut self, plies: usize) {
        self.history.reserve(plies);
    }
    fn verdict(&self, _: usize) -> Option<Verdict> {
        None
    }
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::win(!self.side, Reason::Checkmate)
    }
}

/// An evaluation that knows nothing (so every result comes from the search).
#[derive(Clone, Default)]
pub struct NimEval;

impl Evaluator<Nim> for NimEval {
    fn evaluate(&mut self, pos: &Nim) -> i32 {
        // Noise keyed on the position: deterministic, and useless as a guide.
        (mix(pos.hash()) % 21) as i32 - 10
    }
}
