use crate::{Color, FenError, GameKind, Move, MoveError, MoveList, Verdict};

/// A set of squares of either game: bit `s` stands for square `s` as the game numbers its
/// squares (`0..Game::SQUARES`, at most 128).
pub type SquareSet = u128;

/// Keys of a position's piece skeletons other than the pawns ([`Game::piece_keys`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PieceKeys {
    /// Each colour's pieces other than pawns, king included, by `Color::index`.
    pub non_pawn: [u64; 2],
    /// Both colours' minor pieces (chess: knights and bishops) and kings.
    pub minor: u64,
}

/// Which moves a generator call produces. All three produce *legal* moves only; when the side to
/// move is in check, every kind is restricted to evasions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GenKind {
    /// Every legal move.
    All,
    /// Captures and promotions (the moves quiescence search looks at).
    Tactical,
    /// Every legal move that `Tactical` does not produce. `Tactical` + `Quiet` = `All`, disjoint.
    Quiet,
}

/// One game's rules layer, as the search, the protocol loop, the referee and the tools see it.
///
/// Scores and piece values are in centipawns of that game. Squares are `0..SQUARES`; piece
/// indices (`moved_piece`) are `0..PIECES` and distinguish colour. Everything here except
/// notation and FEN must be allocation-free: it runs at every node of the search.
pub trait Game: Clone + Send + Sync + 'static {
    /// `"chess"` or `"xiangqi"`: the name used on the command line and in output.
    const NAME: &'static str;
    /// Which of the two games this is; `None` for a game that is neither (the search's toy
    /// games). For the tools that must tell the games apart; the search asks only to pick its
    /// per-game profile (`search::profile::Profile`: the column of its tunable constants and
    /// the ideas measured game by game).
    const KIND: Option<GameKind> = None;
    /// Board size, a stride for history tables.
    const SQUARES: usize;
    /// Number of distinct coloured pieces (chess 12, xiangqi 14), a stride for history tables.
    const PIECES: usize;
    /// How the two sides are called in results: `["white", "black"]` or `["red", "black"]`.
    const COLOR_NAMES: [&'static str; 2];
    /// Positions for `kientuong bench`, searched from a fresh state each.
    const BENCH_FENS: &'static [&'static str];
    /// The FEN of the initial position.
    const START_FEN: &'static str;

    // ----- setup and notation (may allocate) -----

    /// The initial position.
    fn startpos() -> Self;
    /// Parses a FEN, refusing any position the rules do not allow.
    fn from_fen(fen: &str) -> Result<Self, FenError>;
    /// The position as FEN, in the notation `from_fen` reads back.
    fn fen(&self) -> String;
    /// Parses a move in the game's coordinate notation and accepts it only if it is legal here.
    fn parse_move(&self, text: &str) -> Result<Move, MoveError>;
    /// Writes a move (legal in this position) in the game's coordinate notation.
    fn write_move(&self, m: Move) -> String;
    /// Chess960 (Fischer Random) notation on or off (`UCI_Chess960`): chess then writes and
    /// reads castling as king-takes-rook. The rules never depend on it, so other games ignore it.
    fn set_chess960(&mut self, _on: bool) {}

    // ----- state -----

    /// The side to move.
    fn side_to_move(&self) -> Color;
    /// Zobrist key of the placement, side to move and rights: the key repetition is judged on.
    fn hash(&self) -> u64;
    /// Key for the transposition table. Equal to `hash` unless the game folds rule state in
    /// (xiangqi may fold the move-count clock's bucket so that near-limit scores do not mix).
    fn tt_key(&self) -> u64 {
        self.hash()
    }
    /// The `tt_key` that making the pseudo-legal move `m` will give, where the game can tell it
    /// cheaply without making the move: the search asks the cache for that TT bucket early, so
    /// that the child's probe does not wait on memory. A guess is enough (a wrong one costs
    /// only the prefetch); `None` (the default): the search prefetches after the move instead.
    fn tt_key_after(&self, m: Move) -> Option<u64> {
        let _ = m;
        None
    }
    /// Plies played toward the game's move-count draw (the chess halfmove clock, xiangqi's
    /// plies since a capture) and the count at which that draw falls; `None` (the default) for a
    /// game without one. The search damps its static evaluations as the first nears the second,
    /// so that a side ahead makes progress before the rule takes the win away (measured at
    /// 10 000 nodes: a gain in both games, lab/SEARCH_TESTS.md).
    fn move_rule_clock(&self) -> Option<(u32, u32)> {
        None
    }
    /// Zobrist key of the slow-moving skeleton of the position (the pawns, or soldiers), which
    /// the search's static-evaluation correction history may be keyed by; `None` (the default)
    /// for a game that has none. Whether the search uses it is the search's per-game profile.
    fn structure_key(&self) -> Option<u64> {
        None
    }
    /// Zobrist keys of each colour's pieces other than pawns (king included), indexed by
    /// `Color::index`, and of both colours' minor pieces and kings: further skeletons the
    /// correction history may be keyed by. `None` (the default) for a game that has none.
    fn piece_keys(&self) -> Option<PieceKeys> {
        None
    }
    /// Whether the side to move is in check.
    fn in_check(&self) -> bool;
    /// False when the side has only king and pawns (chess) or no attacking piece (xiangqi):
    /// the search does not try null moves there (zugzwang).
    fn has_non_pawn_material(&self, side: Color) -> bool;
    /// Plies played since the position was set up from FEN (the length of the undo stack).
    fn history_len(&self) -> usize;

    // ----- move facts for ordering -----

    /// Index of the moving piece in `0..PIECES` (colour included), laid out as
    /// `colour * PIECES / 2 + kind`: the search's continuation history relies on that.
    fn moved_piece(&self, m: Move) -> usize;
    /// Kind index of the captured piece, if any, in `0..PIECES / 2`.
    fn captured_kind(&self, m: Move) -> Option<usize>;
    /// Material value of each piece kind for MVV-LVA, indexed like `captured_kind`.
    fn kind_value(kind: usize) -> i32;
    /// Square the move leaves, in `0..SQUARES`.
    fn from_square(m: Move) -> usize;
    /// Square the move lands on, in `0..SQUARES`.
    fn to_square(m: Move) -> usize;
    /// Captures and promotions: what `GenKind::Tactical` generates.
    fn is_tactical(&self, m: Move) -> bool;
    /// Static exchange evaluation: does `m` win at least `threshold` centipawns?
    fn see_ge(&self, m: Move, threshold: i32) -> bool;
    /// The squares the side *not* to move attacks: those where one of its pieces could capture
    /// a piece of the side to move, pins and checks aside. The search splits its quiet history
    /// by whether a move leaves and whether it enters such a square. The default, no square,
    /// leaves that split unused for a game that does not say.
    fn threatened_squares(&self) -> SquareSet {
        0
    }

    // ----- generation and validation -----

    /// Appends the legal moves of `kind` to `list` (which is not cleared first).
    fn generate(&self, kind: GenKind, list: &mut MoveList);
    /// The number of legal moves here: always what `generate(GenKind::All, ..)` appends. For
    /// callers that need only the number — perft leaves (bulk counting), "does the side to move
    /// have any legal move". The default generates the list; games override it with a count
    /// that never writes the moves (chess: popcounts of the legal target sets).
    fn count_legal(&self) -> usize {
        let mut list = MoveList::new();
        self.generate(GenKind::All, &mut list);
        list.len()
    }
    /// Whether an arbitrary 16-bit word is a legal move in this position. Used to validate moves
    /// from the transposition table and killer slots before they are played.
    fn is_legal(&self, m: Move) -> bool;
    /// Whether `m` (legal here) gives check. A default that makes the move is given; games
    /// override it with something cheaper.
    fn gives_check(&mut self, m: Move) -> bool {
        self.make(m);
        let check = self.in_check();
        self.unmake();
        check
    }

    // ----- make / unmake -----

    /// Plays a legal move. The position pushes what it needs to undo it.
    fn make(&mut self, m: Move);
    /// Takes back the last move made with `make`.
    fn unmake(&mut self);
    /// Passes the turn (never called when in check).
    fn make_null(&mut self);
    /// Takes back the last `make_null`.
    fn unmake_null(&mut self);
    /// Makes sure `plies` more moves can be made without the undo stack allocating.
    fn reserve(&mut self, plies: usize);

    // ----- rules -----

    /// The rules that end a game without looking at legal moves: repetition (with xiangqi's
    /// perpetual check / chase judgement), move-count rules, insufficient material.
    ///
    /// `ply_from_root` is how many of the moves on the undo stack were made inside the current
    /// search: a repetition of a position at or after the root is judged at its second occurrence,
    /// one reaching back before the root needs the third (as in a game). Pass 0 to judge as a
    /// game referee does.
    fn verdict(&self, ply_from_root: usize) -> Option<Verdict>;
    /// The result when the side to move has no legal move (checkmate, or stalemate which is a
    /// draw in chess and a loss in xiangqi).
    fn no_moves_verdict(&self) -> Verdict;

    /// The game-level ruling: no legal move first (a mate on the move that reaches the move-count
    /// limit still wins), then `verdict(0)`. `None` while the game goes on.
    fn game_verdict(&self) -> Option<Verdict> {
        if self.count_legal() == 0 {
            return Some(self.no_moves_verdict());
        }
        self.verdict(0)
    }
}

/// A static evaluation of a game's positions. Separate from [`Game`] so that an evaluation may
/// keep its own state (caches, an NNUE accumulator stack); each search thread owns one.
pub trait Evaluator<G: Game>: Clone + Send + Default + 'static {
    /// The score of `pos` in centipawns from the side to move's point of view.
    fn evaluate(&mut self, pos: &G) -> i32;

    // ----- incremental state: the search reports every move it makes and takes back -----
    //
    // The defaults do nothing, so a stateless evaluation ignores them. An evaluation that keeps
    // incremental state (an NNUE accumulator stack) relies on this protocol: `new_root` when a
    // search starts from a position, then every `make`/`unmake` and null move paired exactly;
    // `evaluate` is then called only on the position those calls describe.

    /// A search starts from `root`: forget any incremental state.
    #[inline]
    fn new_root(&mut self, _root: &G) {}
    /// `m` is about to be made in `pos` (called *before* `pos.make(m)`, so the position can
    /// still say what the move captures).
    #[inline]
    fn on_make(&mut self, _pos: &G, _m: Move) {}
    /// The last move reported by `on_make` has been taken back.
    #[inline]
    fn on_unmake(&mut self) {}
    /// A null move is about to be made in `pos`.
    #[inline]
    fn on_make_null(&mut self, _pos: &G) {}
    /// The last null move has been taken back.
    #[inline]
    fn on_unmake_null(&mut self) {}
}
