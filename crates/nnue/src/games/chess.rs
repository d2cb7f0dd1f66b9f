//! Chess: 2 × 6 × 64 = 768 inputs per perspective; squares a1 = 0 … h8 = 63.

use crate::features::NnueGame;
use crate::format::GameTag;
use movegen_chess::Chess;

impl NnueGame for Chess {
    const TAG: GameTag = GameTag::Chess;
    const KINDS: usize = 6;
    #[inline(always)]
    fn mirror(sq: usize) -> usize {
        sq ^ 56
    }
}
