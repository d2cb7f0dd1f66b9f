//! One game under the referee: the clocks the runner keeps, the referee (our rules layer plus the
//! CXQ club limits), adjudication by score or tablebase, the loop that plays a game between two
//! engine sessions, and the record it leaves.

pub mod adjudicate;
pub mod clock;
pub mod cxq;
pub mod play;
pub mod record;
pub mod referee;
