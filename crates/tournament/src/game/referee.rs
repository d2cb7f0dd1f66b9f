//! The referee: our own rules layer, generic over [`Game`], decides every game. It accepts only
//! legal moves, keeps the move list in our notation, knows the position after the last capture
//! (what UCCI engines are sent), and adds the optional CXQ club limits on top of the game's own
//! verdicts.

use crate::game::cxq::CxqTracker;
use game_api::{FenError, Game, MoveError, Verdict};

pub struct Referee<G: Game> {
    pos: G,
    start_fen: Option<String>,
    moves: Vec<String>,
    reset_fen: String,
    reset_index: usize,
    cxq: Option<CxqTracker>,
}

impl<G: Game> Referee<G> {
    /// A game from `start_fen` (`None`: the start position). `setup` lets the caller set
    /// game-specific rule options (the xiangqi move-count limit) before play.
    pub fn new(start_fen: Option<&str>, setup: &dyn Fn(&mut G)) -> Result<Referee<G>, FenError> {
        let mut pos = match start_fen {
            Some(fen) => G::from_fen(fen)?,
            None => G::startpos(),
        };
        setup(&mut pos);
        pos.reserve(512);
        let reset_fen = pos.fen();
        Ok(Referee {
            pos,
            start_fen: start_fen.map(str::to_owned),
            moves: Vec::new(),
            reset_fen,
            reset_index: 0,
            cxq: None,
        })
    }

    /// Turns on the CXQ club limits (xiangqi).
    pub fn with_cxq(mut self) -> Self {
        self.cxq = Some(CxqTracker::default());
        self
    }

    pub fn position(&self) -> &G {
        &self.pos
    }

    pub fn start_fen(&self) -> Option<&str> {
        self.start_fen.as_deref()
    }

    /// Moves played so far, in our notation.
    pub fn moves(&self) -> &[String] {
        &self.moves
    }

    /// The position after the last capture and the index of the first move after it.
    pub fn reset_point(&self) -> (&str, usize) {
        (&self.reset_fen, self.reset_index)
    }

    /// Plays a move given as text if it is legal; the text is normalised to our notation.
    pub fn play(&mut self, text: &str) -> Result<(), MoveError> {
        let m = self.pos.parse_move(text.trim())?;
        let written = self.pos.write_move(m);
        let capture = self.pos.captured_kind(m).is_some();
        if let Some(cxq) = &mut self.cxq {
            cxq.observe(&mut self.pos, m);
        }
        self.pos.make(m);
        self.moves.push(written);
        if capture {
            self.reset_fen = self.pos.fen();
            self.reset_index = self.moves.len();
        }
        Ok(())
    }

    /// The ruling on the current position: the game's own rules first (mate, stalemate,
    /// repetition with perpetual check/chase, move-count rules, material), then CXQ limits.
    pub fn verdict(&self) -> Option<Verdict> {
        if let Some(v) = self.pos.game_verdict() {
            return Some(v);
        }
        self.cxq.as_ref().and_then(|c| c.verdict())
    }
}
