//! The chess rules layer: bitboards, legal move generation, make/unmake, FEN, SEE, rules verdicts (under construction).
