//! One option as declared, and everything derived from the declaration: its `option …` line in
//! each dialect, and the reading, range check and storing of a `setoption` value.
//!
//! The type of an option carries its default, its range and its setter together
//! ([`Kind`]), so a setter only ever sees a value of its own type that passed the option's own
//! range: there is no second place where a range could be written differently, and no setter
//! clamps or re-checks. A refused value changes nothing.

use super::{Effect, Settings};
use protocol::{Dialect, OptionKind, SetOption};
use search::params::Param;
use std::fmt;

/// One option: its names, its type (with default, range and setter) and its UCCI quirk.
#[derive(Clone, Copy)]
pub struct Entry {
    /// The name announced under UCI; `None`: not announced there (but still accepted).
    pub uci: Option<&'static str>,
    /// The name announced under UCCI (one lower-case word); `None` as for `uci`.
    pub ucci: Option<&'static str>,
    /// Why UCCI refuses this option by either name, for one that UCCI must not change.
    pub refused_in_ucci: Option<&'static str>,
    pub kind: Kind,
}

/// An option's type, with its default, its range and what a value changes.
#[derive(Clone, Copy)]
pub enum Kind {
    Check {
        default: bool,
        set: fn(&mut Settings, bool) -> Effect,
    },
    /// A whole number in `min..=max`; with `zero_is_auto_in_ucci` UCCI announces and accepts
    /// `0` as well, meaning "automatic" (the setter decides what that is).
    Spin {
        default: i64,
        min: i64,
        max: i64,
        zero_is_auto_in_ucci: bool,
        set: SpinTarget,
    },
    /// One of `vars` (compared without regard to ASCII case); the setter gets the word as
    /// declared and answers `None` only if it has no meaning for it (a table bug).
    Combo {
        default: &'static str,
        vars: &'static [&'static str],
        set: fn(&mut Settings, &str) -> Option<Effect>,
    },
    Button {
        effect: Effect,
    },
    /// Free text (trimmed); the setter may refuse it with a message, changing nothing.
    Text {
        default: &'static str,
        set: fn(&mut Settings, &str) -> Result<Effect, String>,
    },
}

/// Where a spin value goes: a setting, or one of the search's tunable constants.
#[derive(Clone, Copy)]
pub enum SpinTarget {
    Setting(fn(&mut Settings, i64) -> Effect),
    Param(&'static Param),
}

/// Why `setoption` changed nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetError {
    /// No option has this name (UCI only; UCCI ignores unknown names).
    Unknown { name: String },
    /// The value does not read as the option's type.
    BadValue { name: String, value: String, expected: String },
    /// A number outside the range announced in the dialect being spoken.
    OutOfRange { name: String, value: i64, min: i64, max: i64 },
    /// The option cannot be changed in this dialect.
    Refused { name: String, why: &'static str },
    /// The setter refused the value (`EvalFile` that cannot be loaded); its own message.
    Failed(String),
}

impl fmt::Display for SetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetError::Unknown { name } => write!(f, "No such option: {name}"),
            SetError::BadValue { name, value, expected } => {
                write!(f, "option {name}: bad value '{value}' (expected {expected})")
            }
            SetError::OutOfRange { name, value, min, max } => {
                write!(
                    f,
                    "option {name}: {value} is outside {min}..{max}; the option keeps its value"
                )
            }
            SetError::Refused { name, why } => write!(f, "option {name}: {why}"),
            SetError::Failed(message) => f.write_str(message),
        }
    }
}

impl std::error::Error for SetError {}

impl Entry {
    /// Announced under both names.
    pub const fn both(uci: &'static str, ucci: &'static str, kind: Kind) -> Entry {
        Entry { uci: Some(uci), ucci: Some(ucci), refused_in_ucci: None, kind }
    }

    /// Announced under UCI only.
    pub const fn uci(name: &'static str, kind: Kind) -> Entry {
        Entry { uci: Some(name), ucci: None, refused_in_ucci: None, kind }
    }

    /// Announced under UCCI only.
    pub const fn ucci(name: &'static str, kind: Kind) -> Entry {
        Entry { uci: None, ucci: Some(name), refused_in_ucci: None, kind }
    }

    /// The same entry, refused under UCCI for the reason given.
    pub const fn refused_in_ucci(self, why: &'static str) -> Entry {
        Entry { refused_in_ucci: Some(why), ..self }
    }

    /// A tunable search constant: a spin option named as the constant in both dialects,
    /// announced with its current value as the default (see [`Entry::declaration`]).
    pub fn tunable(param: &'static Param) -> Entry {
        Entry::both(
            param.name,
            param.name,
            Kind::Spin {
                default: i64::from(param.get_in(search::params::CHESS)),
                min: i64::from(param.min),
                max: i64::from(param.max),
                zero_is_auto_in_ucci: false,
                set: SpinTarget::Param(param),
            },
        )
    }

    /// The name announced in `dialect`, if any.
    pub fn name(&self, dialect: Dialect) -> Option<&'static str> {
        match dialect {
            Dialect::Uci => self.uci,
            Dialect::Ucci => self.ucci,
        }
    }

    /// Whether `option` names this entry, by either of its names.
    pub fn is_named(&self, option: &SetOption) -> bool {
        [self.uci, self.ucci].iter().flatten().any(|n| option.is(n))
    }

    /// The smallest spin value accepted (and announced) in `dialect`.
    fn spin_min(min: i64, zero_is_auto_in_ucci: bool, dialect: Dialect) -> i64 {
        if zero_is_auto_in_ucci && dialect == Dialect::Ucci {
            0
        } else {
            min
        }
    }

    /// Type, default and range as announced in `dialect`.
    pub fn declaration(&self, dialect: Dialect) -> OptionKind {
        match self.kind {
            Kind::Check { default, .. } => OptionKind::Check { default },
            Kind::Spin { default, min, max, zero_is_auto_in_ucci, set } => OptionKind::Spin {
                // A search constant's current value in the game the dialect starts with: UCCI
                // plays xiangqi, UCI chess until told otherwise.
                default: match set {
                    SpinTarget::Param(param) => i64::from(param.get_in(match dialect {
                        Dialect::Uci => search::params::CHESS,
                        Dialect::Ucci => search::params::XIANGQI,
                    })),
                    SpinTarget::Setting(_) => default,
                },
                min: Entry::spin_min(min, zero_is_auto_in_ucci, dialect),
                max,
            },
            Kind::Combo { default, vars, .. } => OptionKind::Combo {
                default: default.into(),
                vars: vars.iter().map(|&v| v.into()).collect(),
            },
            Kind::Button { .. } => OptionKind::Button,
            Kind::Text { default, .. } => OptionKind::String { default: default.into() },
        }
    }

    /// The declared default as a `setoption` value would write it (`None` for a button).
    pub fn default_value(&self) -> Option<String> {
        match self.kind {
            Kind::Check { default, .. } => Some(default.to_string()),
            Kind::Spin { default, .. } => Some(default.to_string()),
            Kind::Combo { default, .. } | Kind::Text { default, .. } => Some(default.into()),
            Kind::Button { .. } => None,
        }
    }

    /// Sets the declared default, through the same path as `setoption`.
    pub fn reset(&self, settings: &mut Settings) -> Result<Effect, SetError> {
        let name = self.uci.or(self.ucci).unwrap_or_default().to_owned();
        let option = SetOption { name, value: self.default_value() };
        self.set(settings, &option, Dialect::Uci)
    }

    /// Reads, checks and stores `option`'s value; a refused value changes nothing.
    pub fn set(
        &self,
        settings: &mut Settings,
        option: &SetOption,
        dialect: Dialect,
    ) -> Result<Effect, SetError> {
        let name = || option.name.clone();
        if let (Dialect::Ucci, Some(why)) = (dialect, self.refused_in_ucci) {
            return Err(SetError::Refused { name: name(), why });
        }
        let raw = option.value.as_deref().unwrap_or("");
        let bad =
            |expected: String| SetError::BadValue { name: name(), value: raw.to_owned(), expected };
        match self.kind {
            Kind::Check { set, .. } => {
                // UCCI lets a bare `setoption ponder` switch a check on; UCI has no such form,
                // and a fuzzed `setoption name UCI_Chess960` must not turn Chess960 on.
                if dialect == Dialect::Uci && option.value.is_none() {
                    return Err(bad("true or false".into()));
                }
                let on = option.bool_value().ok_or_else(|| bad("true or false".into()))?;
                Ok(set(settings, on))
            }
            Kind::Spin { min, max, zero_is_auto_in_ucci, set, .. } => {
                let min = Entry::spin_min(min, zero_is_auto_in_ucci, dialect);
                let value =
                    option.int_value().ok_or_else(|| bad(format!("a number {min}..{max}")))?;
                if !(min..=max).contains(&value) {
                    return Err(SetError::OutOfRange { name: name(), value, min, max });
                }
                match set {
                    SpinTarget::Setting(set) => Ok(set(settings, value)),
                    SpinTarget::Param(param) => {
                        let value = i32::try_from(value).map_err(|_| SetError::OutOfRange {
                            name: name(),
                            value,
                            min,
                            max,
                        })?;
                        param.set(value).map_err(|e| SetError::Failed(format!("option {e}")))?;
                        Ok(Effect::None)
                    }
                }
            }
            Kind::Combo { vars, set, .. } => {
                let expected = || bad(one_of(vars));
                let var = vars.iter().find(|v| v.eq_ignore_ascii_case(raw.trim()));
                let var = var.ok_or_else(expected)?;
                set(settings, var).ok_or_else(expected)
            }
            Kind::Button { effect } => Ok(effect),
            Kind::Text { set, .. } => set(settings, raw.trim()).map_err(SetError::Failed),
        }
    }
}

/// `a, b or c`.
fn one_of(vars: &[&str]) -> String {
    match vars.split_last() {
        None => String::new(),
        Some((last, [])) => (*last).to_owned(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
    }
}
