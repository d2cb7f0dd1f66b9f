//! Evaluator for chess (under construction).
