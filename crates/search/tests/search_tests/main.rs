//! The search against `toy`, tiny games it must solve whatever the game (its algorithm never
//! asks which game it plays): evaluation hooks, rules (repetitions, mates, bounds) and threads.
//! One binary; each module's doc says what it checks.

mod toy;

mod toy_eval_hooks;
mod toy_rules;
mod toy_threads;
