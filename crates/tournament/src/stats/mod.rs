//! What the results say: Elo, its error and LOS from the trinomial or pentanomial counts, the
//! GSPRT on game pairs, the running totals, and the lines the runner prints from them.

pub mod elo;
pub mod report;
pub mod sprt;
pub mod tally;
