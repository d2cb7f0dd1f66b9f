//! Evaluator for xiangqi (under construction).
