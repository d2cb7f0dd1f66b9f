//! The search's tunable constants that are options: every entry of `search::params::TUNABLES`
//! in a build with the `spsa-options` feature, none otherwise. `options.rs` turns each into a spin
//! option named as the constant (so that an SPSA driver, `kientuong spsa` or OpenBench, sets
//! them like any option), through the same listing and `setoption` path as every other
//! option. A normal build announces none and treats their names as unknown, since its
//! constants are compiled in.
//!
//! This module only answers "which constants"; it knows nothing of the session, so that
//! `options.rs` can depend on it and not the other way round.

use search::params::Param;

/// The constants a `setoption` may change in this build.
#[cfg(feature = "spsa-options")]
pub fn params() -> &'static [&'static Param] {
    search::params::TUNABLES
}

#[cfg(not(feature = "spsa-options"))]
pub fn params() -> &'static [&'static Param] {
    &[]
}
