//! The xiangqi rules layer: board, legal move generation, make/unmake, FEN, SEE, perpetual check and chase verdicts (under construction).
