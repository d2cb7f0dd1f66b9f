//! Xiangqi: 2 × 7 × 90 = 1260 inputs per perspective; square = rank × 9 + file, rank 0 Red's
//! back rank.

use crate::features::NnueGame;
use crate::format::LoadError;
use crate::net::Net;
use game_api::GameKind;
use movegen_xiangqi::Xiangqi;
use std::sync::{Arc, OnceLock};

impl NnueGame for Xiangqi {
    const TAG: GameKind = GameKind::Xiangqi;
    const KINDS: usize = 7;
    #[inline(always)]
    fn mirror(sq: usize) -> usize {
        (9 - sq / 9) * 9 + sq % 9
    }
    #[inline(always)]
    fn flip_file(sq: usize) -> usize {
        sq / 9 * 9 + 8 - sq % 9
    }
    fn embedded_net() -> Option<Arc<Net>> {
        static NET: OnceLock<Option<Arc<Net>>> = OnceLock::new();
        NET.get_or_init(|| embedded().ok().map(Arc::new)).clone()
    }
}

/// The committed xiangqi net (`crates/nnue/nets/xiangqi.nnue`; its recipe in `nets/README.md`).
pub const EMBEDDED: &[u8] = include_bytes!("../../nets/xiangqi.nnue");

/// The embedded net, parsed (checked like any other file).
pub fn embedded() -> Result<Net, LoadError> {
    Net::from_bytes::<Xiangqi>(EMBEDDED)
}
