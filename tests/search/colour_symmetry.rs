//! The chess search and both evaluations treat the two colours alike: a position and its colour
//! mirror (ranks flipped, colours, side to move, castling rights and en-passant square swapped)
//! get the same score, the mirrored best move and the same tree.
//!
//! Two things in the engine are not colour-symmetric, by design and without a bias:
//! - move generation walks the board from a1 upwards, so among moves the ordering scores cannot
//!   tell apart, White's are tried in another order than the mirrored Black ones, and
//!   reductions and pruning, which depend on a move's place in the list, then shape the trees
//!   differently;
//! - hashed tables index a position by its zobrist key, which differs from its mirror's, so
//!   which positions of one search share an entry differs with the colours (the 16,384-entry
//!   pawn-keyed correction table noticeably; the TT not at all at 64 MB and these depths).
//!
//! At depth 10 on 209 bench and book pairs the plain engine's scores differ in 187 pairs, in
//! both directions alike: White to move minus Black to move −0.77 ± 1.22 cp, nodes Black over
//! White 1.015 (0.965..1.068) (`scripts/colour-mirror.py`, `lab/SEARCH_TESTS.md`). So the search
//! here runs on [`SideRelative`], the chess rules with each generated list put in an order, and
//! the pawns and the piece skeletons hashed in a way, that depend only on the board as the side
//! to move sees it.
//! Whatever asymmetry is left (a table indexed without the side, a term or a draw score from
//! White's view) shows as a difference in score, move or node count: a one-centipawn bonus
//! for White makes 48 of the 49 pairs differ at depth 8, with either evaluation.

use eval_chess::ChessEval;
use game_api::{
    Color, Evaluator, FenError, Game, GameKind, GenKind, Move, MoveError, MoveList, PieceKeys,
    SquareSet, Verdict,
};
use movegen_chess::{Chess, BENCH_FENS};
use nnue::EvalSwitch;
use search::{Engine, Limits, Signals, Silent};

/// Piece kind of the pawn in `Chess::pieces_of`.
const PAWN: usize = 0;

/// A well-mixed 64-bit value of `x` (the SplitMix64 finaliser), one zobrist number per
/// (own or other side, relative square).
fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Chess whose generated moves come in an order that mirrors with the colours.
#[derive(Clone)]
struct SideRelative(Chess);

impl SideRelative {
    /// The square as the side to move sees it: White's as they are, Black's rank-flipped.
    fn relative(&self, sq: u16) -> u16 {
        match self.0.side_to_move() {
            Color::White => sq,
            Color::Black => sq ^ 56,
        }
    }

    /// The pawn structure as the side to move sees it: its own pawns and the other side's on
    /// rank-flipped squares when Black moves. Chess's own key is a zobrist of the absolute
    /// squares, so a position and its mirror land in different, unrelated entries of the
    /// correction table (`search::correction`, 16 384 per side), and which structures of one
    /// search share an entry then differs with the colours: noise, not a bias, but enough to
    /// change a node count. With this key the two searches share entries alike.
    fn relative_pawn_key(&self) -> u64 {
        let stm = self.0.side_to_move();
        let mut key = 0;
        for color in [Color::White, Color::Black] {
            let mut pawns = self.0.pieces_of(color, PAWN);
            while pawns != 0 {
                let sq = pawns.trailing_zeros() as u16;
                pawns &= pawns - 1;
                let own = u64::from(color == stm);
                key ^= mix(own << 6 | u64::from(self.relative(sq)));
            }
        }
        key
    }

    /// The piece skeletons of `Game::piece_keys` as the side to move sees them, for the same
    /// reason as the pawn key: `non_pawn[0]` holds the side to move's pieces, `[1]` the other
    /// side's, every square rank-flipped when Black moves.
    fn relative_piece_keys(&self) -> PieceKeys {
        let stm = self.0.side_to_move();
        let mut keys = PieceKeys::default();
        for color in [Color::White, Color::Black] {
            let own = usize::from(color != stm);
            for kind in 1..=5usize {
                let mut pieces = self.0.pieces_of(color, kind);
                while pieces != 0 {
                    let sq = pieces.trailing_zeros() as u16;
                    pieces &= pieces - 1;
                    let key =
                        mix((kind as u64) << 8 | (own as u64) << 6 | u64::from(self.relative(sq)));
                    keys.non_pawn[own] ^= key;
                    if matches!(kind, 1 | 2 | 5) {
                        keys.minor ^= key;
                    }
                }
            }
        }
        keys
    }

    /// Sort key of a move: from-square, to-square (the raw one: castling is king takes rook),
    /// then the flag (promotion kind, en passant), all in the mover's frame.
    fn order_key(&self, m: Move) -> (u16, u16, u16) {
        let raw = m.raw();
        (self.relative(raw & 63), self.relative((raw >> 6) & 63), raw >> 12)
    }
}

impl Game for SideRelative {
    const NAME: &'static str = Chess::NAME;
    const KIND: Option<GameKind> = Chess::KIND;
    const SQUARES: usize = Chess::SQUARES;
    const PIECES: usize = Chess::PIECES;
    const COLOR_NAMES: [&'static str; 2] = Chess::COLOR_NAMES;
    const BENCH_FENS: &'static [&'static str] = Chess::BENCH_FENS;
    const START_FEN: &'static str = Chess::START_FEN;

    fn startpos() -> Self {
        SideRelative(Chess::startpos())
    }
    fn from_fen(fen: &str) -> Result<Self, FenError> {
        Chess::from_fen(fen).map(SideRelative)
    }
    fn fen(&self) -> String {
        self.0.fen()
    }
    fn parse_move(&self, text: &str) -> Result<Move, MoveError> {
        self.0.parse_move(text)
    }
    fn write_move(&self, m: Move) -> String {
        self.0.write_move(m)
    }
    fn set_chess960(&mut self, on: bool) {
        self.0.set_chess960(on)
    }
    fn side_to_move(&self) -> Color {
        self.0.side_to_move()
    }
    fn hash(&self) -> u64 {
        self.0.hash()
    }
    fn tt_key(&self) -> u64 {
        self.0.tt_key()
    }
    fn move_rule_clock(&self) -> Option<(u32, u32)> {
        self.0.move_rule_clock()
    }
    fn structure_key(&self) -> Option<u64> {
        self.0.structure_key().map(|_| self.relative_pawn_key())
    }
    fn piece_keys(&self) -> Option<PieceKeys> {
        self.0.piece_keys().map(|_| self.relative_piece_keys())
    }
    fn in_check(&self) -> bool {
        self.0.in_check()
    }
    fn has_non_pawn_material(&self, side: Color) -> bool {
        self.0.has_non_pawn_material(side)
    }
    fn history_len(&self) -> usize {
        self.0.history_len()
    }
    fn moved_piece(&self, m: Move) -> usize {
        self.0.moved_piece(m)
    }
    fn captured_kind(&self, m: Move) -> Option<usize> {
        self.0.captured_kind(m)
    }
    fn kind_value(kind: usize) -> i32 {
        Chess::kind_value(kind)
    }
    fn from_square(m: Move) -> usize {
        Chess::from_square(m)
    }
    fn to_square(m: Move) -> usize {
        Chess::to_square(m)
    }
    fn is_tactical(&self, m: Move) -> bool {
        self.0.is_tactical(m)
    }
    fn see_ge(&self, m: Move, threshold: i32) -> bool {
        self.0.see_ge(m, threshold)
    }
    fn threatened_squares(&self) -> SquareSet {
        self.0.threatened_squares()
    }
    fn generate(&self, kind: GenKind, list: &mut MoveList) {
        let before = list.len();
        self.0.generate(kind, list);
        list.as_mut_slice()[before..].sort_unstable_by_key(|&m| self.order_key(m));
    }
    fn count_legal(&self) -> usize {
        self.0.count_legal()
    }
    fn is_legal(&self, m: Move) -> bool {
        self.0.is_legal(m)
    }
    fn gives_check(&mut self, m: Move) -> bool {
        self.0.gives_check(m)
    }
    fn make(&mut self, m: Move) {
        self.0.make(m)
    }
    fn unmake(&mut self) {
        self.0.unmake()
    }
    fn make_null(&mut self) {
        self.0.make_null()
    }
    fn unmake_null(&mut self) {
        self.0.unmake_null()
    }
    fn reserve(&mut self, plies: usize) {
        self.0.reserve(plies)
    }
    fn verdict(&self, ply_from_root: usize) -> Option<Verdict> {
        self.0.verdict(ply_from_root)
    }
    fn no_moves_verdict(&self) -> Verdict {
        self.0.no_moves_verdict()
    }
    fn game_verdict(&self) -> Option<Verdict> {
        self.0.game_verdict()
    }
}

/// A chess evaluation run on [`SideRelative`].
#[derive(Clone, Default)]
struct Relayed<E>(E);

impl<E: Evaluator<Chess>> Evaluator<SideRelative> for Relayed<E> {
    fn evaluate(&mut self, pos: &SideRelative) -> i32 {
        self.0.evaluate(&pos.0)
    }
    fn new_root(&mut self, root: &SideRelative) {
        self.0.new_root(&root.0)
    }
    fn on_make(&mut self, pos: &SideRelative, m: Move) {
        self.0.on_make(&pos.0, m)
    }
    fn on_unmake(&mut self) {
        self.0.on_unmake()
    }
    fn on_make_null(&mut self, pos: &SideRelative) {
        self.0.on_make_null(&pos.0)
    }
    fn on_unmake_null(&mut self) {
        self.0.on_unmake_null()
    }
}

type Nnue = EvalSwitch<Chess, ChessEval>;

/// The colour mirror of a FEN: ranks reversed, piece and castling letters' case swapped, the
/// other side to move, the en-passant square on the other side's third rank.
fn mirror_fen(fen: &str) -> String {
    let fields: Vec<&str> = fen.split_whitespace().collect();
    let swap_case = |c: char| {
        if c.is_ascii_uppercase() {
            c.to_ascii_lowercase()
        } else {
            c.to_ascii_uppercase()
        }
    };
    let board: Vec<String> =
        fields[0].split('/').rev().map(|rank| rank.chars().map(swap_case).collect()).collect();
    let side = if fields[1] == "w" { "b" } else { "w" };
    let castling = match fields.get(2) {
        Some(&"-") | None => "-".to_string(),
        Some(rights) => {
            let mut swapped: Vec<char> = rights.chars().map(swap_case).collect();
            // Upper case (White) first, as FEN writes it.
            swapped.sort_by_key(|c| c.is_ascii_lowercase());
            swapped.into_iter().collect()
        }
    };
    let en_passant = match fields.get(3) {
        Some(&"-") | None => "-".to_string(),
        Some(sq) => {
            let (file, rank) = sq.split_at(1);
            let rank = if rank == "3" { "6" } else { "3" };
            format!("{file}{rank}")
        }
    };
    let rest = fields[4..].join(" ");
    format!("{} {side} {castling} {en_passant} {rest}", board.join("/")).trim_end().to_string()
}

/// The move `m` of a position as the same move seen in its colour mirror.
fn mirror_move(m: Move) -> Move {
    let raw = m.raw();
    Move((raw & 0xF000) | (((raw >> 6) & 63) ^ 56) << 6 | ((raw & 63) ^ 56))
}

/// Positions to mirror: the bench positions and every 500th of the built-in opening book.
fn positions() -> Vec<String> {
    let book = concat!(env!("CARGO_MANIFEST_DIR"), "/crates/tournament/data/chess_book.epd");
    let text = std::fs::read_to_string(book).unwrap_or_else(|e| panic!("{book}: {e}"));
    let openings = text.lines().step_by(500).map(|line| {
        let fields: Vec<&str> = line.split_whitespace().take(4).collect();
        format!("{} 0 1", fields.join(" "))
    });
    BENCH_FENS.iter().map(|f| f.to_string()).chain(openings).collect()
}

/// Searches every position and its mirror to `depth` with a fresh engine each (the histories
/// and the TT learn from each search, so a shared one would see the pair in different states),
/// with a table large enough that the pair's different zobrist keys do not collide.
fn assert_mirrors_search_alike<E: Evaluator<SideRelative>>(depth: u32, what: &str) {
    let (mut checked, mut differ) = (0, Vec::new());
    for fen in positions() {
        let mirrored = mirror_fen(&fen);
        let search = |fen: &str| {
            let pos = SideRelative::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
            let mut engine: Engine<SideRelative, E> = Engine::new(64, 1);
            engine.search(&pos, &Limits::depth(depth), &Silent, &Signals::default())
        };
        let (a, b) = (search(&fen), search(&mirrored));
        if (a.score, a.best.map(mirror_move), a.nodes) != (b.score, b.best, b.nodes) {
            differ.push(format!(
                "{fen}: {:?} {:?} {} nodes | {mirrored}: {:?} {:?} {} nodes",
                a.score, a.best, a.nodes, b.score, b.best, b.nodes
            ));
        }
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} pairs");
    assert!(differ.is_empty(), "{what}, depth {depth}:\n{}", differ.join("\n"));
}

#[test]
fn the_mirror_of_a_fen_is_the_position_seen_from_the_other_side() {
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    assert_eq!(
        mirror_fen(fen),
        "r3k2r/pppbbppp/2n2q1P/1P2p3/3pn3/BN2PNP1/P1PPQPB1/R3K2R b KQkq - 0 1"
    );
    assert_eq!(mirror_fen(&mirror_fen(fen)), fen);
    assert_eq!(
        mirror_fen("4k3/8/8/3pP3/8/8/8/4K3 w Kq d6 0 3"),
        "4k3/8/8/8/3Pp3/8/8/4K3 b Qk d3 0 3"
    );
    // Every book position and its mirror are legal positions with as many moves.
    for fen in positions() {
        let (a, b) = (Chess::from_fen(&fen), Chess::from_fen(&mirror_fen(&fen)));
        let (a, b) = (a.unwrap_or_else(|e| panic!("{fen}: {e}")), b.expect("mirror parses"));
        assert_eq!(a.count_legal(), b.count_legal(), "{fen}");
        assert_ne!(a.side_to_move(), b.side_to_move());
    }
}

#[test]
fn both_evaluations_score_a_position_and_its_mirror_alike() {
    for fen in positions() {
        let a = Chess::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
        let b = Chess::from_fen(&mirror_fen(&fen)).expect("mirror parses");
        let mut nnue = Nnue::default();
        nnue.new_root(&a);
        let score = nnue.evaluate(&a);
        nnue.new_root(&b);
        assert_eq!(score, nnue.evaluate(&b), "NNUE: {fen}");
        let mut hand = Nnue::hand_written();
        hand.new_root(&a);
        let score = hand.evaluate(&a);
        hand.new_root(&b);
        assert_eq!(score, hand.evaluate(&b), "hand-written: {fen}");
    }
}

#[test]
fn the_search_is_colour_symmetric_with_the_net() {
    assert_mirrors_search_alike::<Relayed<Nnue>>(8, "NNUE");
}

#[test]
fn the_search_is_colour_symmetric_with_the_hand_written_evaluation() {
    assert_mirrors_search_alike::<Relayed<HandWritten>>(8, "hand-written");
}

/// The hand-written evaluation as the engine runs it (`Use NNUE` off): scaled by the endgame
/// knowledge like the net.
#[derive(Clone)]
struct HandWritten(Nnue);

impl Default for HandWritten {
    fn default() -> Self {
        HandWritten(Nnue::hand_written())
    }
}

impl Evaluator<Chess> for HandWritten {
    fn evaluate(&mut self, pos: &Chess) -> i32 {
        self.0.evaluate(pos)
    }
    fn new_root(&mut self, root: &Chess) {
        self.0.new_root(root)
    }
    fn on_make(&mut self, pos: &Chess, m: Move) {
        self.0.on_make(pos, m)
    }
    fn on_unmake(&mut self) {
        self.0.on_unmake()
    }
    fn on_make_null(&mut self, pos: &Chess) {
        self.0.on_make_null(pos)
    }
    fn on_unmake_null(&mut self) {
        self.0.on_unmake_null()
    }
}
