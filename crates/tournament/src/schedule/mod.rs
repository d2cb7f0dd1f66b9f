//! Which games a match plays: the encounters (gauntlet, or Berger round robin), the order of
//! the games with their colours, and the openings they start from.

pub mod berger;
pub mod jobs;
pub mod openings;
