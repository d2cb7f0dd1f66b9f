//! The search's tunable constants as UCI options, in a build with the `tune` feature: one spin
//! option per entry of `search::params::TUNABLES`, named as the constant, so that an SPSA
//! driver (`kientuong spsa`, or OpenBench) can set them like any option. A normal build
//! announces none and treats their names as unknown, since its constants are compiled in.

use protocol::{Dialect, SetOption};

/// The `option …` lines for the tunable constants (none without the `tune` feature).
#[cfg(feature = "tune")]
pub fn declarations(dialect: Dialect) -> Vec<String> {
    use protocol::{OptionDecl, OptionKind};
    search::params::TUNABLES
        .iter()
        .map(|p| {
            let kind = OptionKind::Spin {
                default: i64::from(p.get()),
                min: i64::from(p.min),
                max: i64::from(p.max),
            };
            OptionDecl::new(p.name, kind).line(dialect)
        })
        .collect()
}

#[cfg(not(feature = "tune"))]
pub fn declarations(_dialect: Dialect) -> Vec<String> {
    Vec::new()
}

/// Sets a tunable constant if `option` names one: `None` when it does not (or the build has
/// none), else the outcome, with a message for the user when the value is refused.
#[cfg(feature = "tune")]
pub fn apply(option: &SetOption) -> Option<Result<(), String>> {
    let param = search::params::find(&option.name)?;
    let value = option.int_value().and_then(|v| i32::try_from(v).ok());
    Some(match value {
        Some(v) => param.set(v).map_err(|e| format!("option {e}")),
        None => Err(format!(
            "option {}: bad value '{}' (expected a number {}..{})",
            option.name,
            option.value.as_deref().unwrap_or(""),
            param.min,
            param.max
        )),
    })
}

#[cfg(not(feature = "tune"))]
pub fn apply(_option: &SetOption) -> Option<Result<(), String>> {
    None
}
