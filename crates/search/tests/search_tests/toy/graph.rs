//! Graph walk: one token on a directed graph; each side in turn moves it along an edge; a side
//! with no edge to take loses. Some vertices are "check" vertices: moving there checks the
//! opponent. Repetition follows the xiangqi policy in miniature: a side whose every move of
//! the cycle gave check loses (perpetual check), any other repetition is a draw. A repetition of
//! a position at or after the root counts at its second occurrence, one before the root needs the
//! third. The evaluation is a value per vertex. `WalkOf<true>` is the same game searched with
//! chess's profile (its `Game::KIND` says chess), whose search stores path draws in the TT
//! (`search::profile::Profile::tt_stores_path_draws`).

use super::mix;
use game_api::{
    Color, Evaluator, FenError, Game, GameKind, GenKind, Move, MoveError, MoveList, Reason, Verdict,
};
use std::sync::Arc;

#[derive(Debug)]
pub struct Graph {
    pub edges: Vec<Vec<usize>>,
    pub check: Vec<bool>,
    /// White-relative static value of each vertex.
    pub value: Vec<i32>,
}

impl Graph {
    /// `n` vertices, no edges, no checks, value 0.
    pub fn empty(n: usize) -> Graph {
        assert!(n <= 64);
        Graph { edges: vec![Vec::new(); n], check: vec![false; n], value: vec![0; n] }
    }

    pub fn edge(&mut self, from: usize, to: usize) -> &mut Self {
        self.edges[from].push(to);
        self
    }

    /// A random strongly-branching graph: deep searches never run out of work.
    pub fn random(seed: u64, n: usize) -> Graph {
        let mut g = Graph::empty(n);
        let mut s = seed;
        let mut next = || {
            s = mix(s);
            s
        };
        for v in 0..n {
            let degree = 3 + (next() % 3) as usize;
            for _ in 0..degree {
                let t = (next() % n as u64) as usize;
                if t != v && !g.edges[v].contains(&t) {
                    g.edges[v].push(t);
                }
            }
            g.check[v] = next() % 7 == 0;
            g.value[v] = (next() % 401) as i32 - 200;
        }
        g
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    vertex: usize,
    side: Color,
    null: bool,
}

#[derive(Clone, Debug)]
pub struct WalkOf<const STORES_PATH_DRAWS: bool> {
    pub graph: Arc<Graph>,
    pub vertex: usize,
    pub side: Color,
    history: Vec<Entry>,
}

/// The walk with the search's default profile, xiangqi's policy on path draws: no score that
/// rests on a repetition goes into the TT.
pub type Walk = WalkOf<false>;

impl<const S: bool> WalkOf<S> {
    pub fn new(graph: Graph, vertex: usize) -> Self {
        WalkOf { graph: Arc::new(graph), vertex, side: Color::White, history: Vec::new() }
    }

    pub fn to(v: usize) -> Move {
        Move((v + 1) as u16)
    }

    /// Who, if anyone, checked on every one of their moves from history index `start` on.
    fn judge_cycle(&self, start: usize) -> Verdict {
        let mut all_checks = [true, true];
        let n = self.history.len();
        for j in start..n {
            let landed = if j + 1 < n { self.history[j + 1].vertex } else { self.vertex };
            let mover = self.history[j].side.index();
            all_checks[mover] &= self.graph.check[landed];
        }
        match all_checks {
            [true, false] => Verdict::win(Color::Black, Reason::PerpetualCheck),
            [false, true] => Verdict::win(Color::White, Reason::PerpetualCheck),
            _ => Verdict::draw(Reason::Repetition),
        }
    }
}

impl<const S: bool> Game for WalkOf<S> {
    const NAME: &'static str = "walk";
    const KIND: Option<GameKind> = if S { Some(GameKind::Chess) } else { None };
    const SQUARES: usize = 64;
    const PIECES: usize = 2;
    const COLOR_NAMES: [&'static str; 2] = ["white", "black"];
    const BENCH_FENS: &'static [&'static str] = &["0 w", "7 b", "19 w"];
    const START_FEN: &'static str = "0 w";

    fn startpos() -> Self {
        Self::new(Graph::random(1, 48), 0)
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        let mut parts = fen.split_whitespace();
        let v = parts.next().ok_or(FenError::MissingField("vertex"))?;
        let vertex: usize = v.parse().map_err(|_| FenError::BadField("vertex", v.to_owned()))?;
        let mut pos = Self::startpos();
        if vertex >= pos.graph.edges.len() {
            return Err(FenError::Illegal("no such vertex".into()));
        }
        pos.vertex = vertex;
        pos.side = if parts.next() == Some("b") { Color::Black } else { Color::White };
        Ok(pos)
    }
    fn fen(&self) -> String {
        format!("{} {}", self.vertex, if self.side == Color::White { "w" } else { "b" })
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        let v: usize = text.parse().map_err(|_| MoveError::Syntax(text.to_owned()))?;
        let m = Walk::to(v);
        if v < 64 && self.is_legal(m) {
            Ok(m)
        } else {
            Err(MoveError::Illegal(text.to_owned()))
        }
    }
    fn write_move(&self, m: Move) -> String {
        (m.0 - 1).to_string()
    }
    fn side_to_move(&self) -> Color {
        self.side
    }
    fn hash(&self) -> u64 {
        mix(self.vertex as u64 * 2 + self.side.index() as u64)
    }
    fn in_check(&self) -> bool {
        self.graph.check[self.vertex]
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
        usize::from(m.0.wrapping_sub(1)) % 64
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
        for &t in &self.graph.edges[self.vertex] {
            list.push(Walk::to(t));
        }
    }
    fn is_legal(&self, m: Move) -> bool {
        m.is_some() && self.graph.edges[self.vertex].contains(&(usize::from(m.0) - 1))
    }
    fn make(&mut self, m: Move) {
        self.history.push(Entry { vertex: self.vertex, side: self.side, null: false });
        self.vertex = usize::from(m.0) - 1;
        self.side = !self.side;
    }
    fn unmake(&mut self) {
        let e = self.history.pop().expect("unmake without make");
        self.vertex = e.vertex;
        self.side = e.side;
    }
    fn make_null(&mut self) {
        self.history.push(Entry { vertex: self.vertex, side: self.side, null: true });
        self.side = !self.side;
    }
    fn unmake_null(&mut self) {
        self.unmake();
    }
    fn reserve(&mut self, plies: usize) {
        self.history.reserve(plies);
    }
    fn verdict(&self, ply_from_root: usize) -> Option<Verdict> {
        let n = self.history.len();
        let root = n.saturating_sub(ply_from_root);
        let mut before_root = 0;
        for i in (0..n).rev() {
            let e = self.history[i];
            if e.null {
                return None;
            }
            if e.vertex == self.vertex && e.side == self.side {
                if i >= root {
                    return Some(self.judge_cycle(i));
                }
                before_root += 1;
                if before_root == 2 {
                    return Some(self.judge_cycle(i));
                }
            }
        }
        None
    }
    fn no_moves_verdict(&self) -> Verdict {
        Verdict::win(!self.side, Reason::Checkmate)
    }
}

#[derive(Clone, Default)]
pub struct WalkEval;

impl<const S: bool> Evaluator<WalkOf<S>> for WalkEval {
    fn evaluate(&mut self, pos: &WalkOf<S>) -> i32 {
        pos.graph.value[pos.vertex] * pos.side.sign()
    }
}
