//! Chess: 2 × 6 × 64 = 768 inputs per perspective; squares a1 = 0 … h8 = 63.

use crate::features::NnueGame;
use crate::format::LoadError;
use crate::net::Net;
use game_api::GameKind;
use movegen_chess::Chess;
use std::sync::{Arc, OnceLock};

impl NnueGame for Chess {
    const TAG: GameKind = GameKind::Chess;
    const KINDS: usize = 6;
    #[inline(always)]
    fn mirror(sq: usize) -> usize {
        sq ^ 56
    }
    const KING_KIND: Option<usize> = Some(5);
    #[inline(always)]
    fn flip_file(sq: usize) -> usize {
        sq ^ 7
    }
    fn embedded_net() -> Option<Arc<Net>> {
        static NET: OnceLock<Option<Arc<Net>>> = OnceLock::new();
        NET.get_or_init(|| embedded().ok().map(Arc::new)).clone()
    }
}

/// The committed chess net (`crates/nnue/nets/chess.nnue`; its recipe in `nets/README.md`).
pub const EMBEDDED: &[u8] = include_bytes!("../../nets/chess.nnue");

/// The embedded net, parsed (checked like any other file).
pub fn embedded() -> Result<Net, LoadError> {
    Net::from_bytes::<Chess>(EMBEDDED)
}
