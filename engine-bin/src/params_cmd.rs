//! `kientuong params`: the search's tunable constants in OpenBench's SPSA input format, one per
//! line (`name, int, value, min, max, c_end, r_end`), ready for `kientuong spsa --params` or an
//! OpenBench tune. The values are those of this build; a build with the `tune` feature takes
//! each as a UCI option of the same name.

use crate::stdout::say;

pub fn run() -> Result<(), String> {
    for param in search::params::TUNABLES {
        say!("{}", param.spsa_line());
    }
    Ok(())
}
