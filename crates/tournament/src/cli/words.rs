//! The words of a command line: flags with one or two dashes, each followed by its values (the
//! words up to the next flag), `key=value` pairs, numbers and booleans; and the error, which
//! names the offending word. `kientuong spsa` reads its flags with these too.

use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CliError(pub String);

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for CliError {}

pub(super) fn err<T>(text: impl Into<String>) -> Result<T, CliError> {
    Err(CliError(text.into()))
}

/// Splits the words into (flag, values) groups.
pub fn groups(args: &[String]) -> Result<Vec<(String, Vec<String>)>, CliError> {
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for word in args {
        let is_flag = word.starts_with('-')
            && word.len() > 1
            && !word[1..].starts_with(|c: char| c.is_ascii_digit());
        if is_flag {
            out.push((word.trim_start_matches('-').to_owned(), Vec::new()));
        } else if let Some((_, values)) = out.last_mut() {
            values.push(word.clone());
        } else {
            return err(format!("'{word}' does not follow a flag"));
        }
    }
    Ok(out)
}

/// A flag's values as `key=value` pairs.
pub fn key_values(flag: &str, values: &[String]) -> Result<Vec<(String, String)>, CliError> {
    values
        .iter()
        .map(|v| match v.split_once('=') {
            Some((k, val)) => Ok((k.to_owned(), val.to_owned())),
            None => err(format!("--{flag}: '{v}' is not key=value")),
        })
        .collect()
}

/// The one value of a flag that takes exactly one.
pub fn one_value<'a>(flag: &str, values: &'a [String]) -> Result<&'a str, CliError> {
    match values {
        [v] => Ok(v),
        _ => err(format!("--{flag} takes exactly one value")),
    }
}

/// `text` as a number; `what` names the flag (and key) in the error.
pub fn number<T: std::str::FromStr>(what: &str, text: &str) -> Result<T, CliError> {
    text.parse().or_else(|_| err(format!("{what}: '{text}' is not a valid number")))
}

/// `text` as a boolean (true/on/1/yes, false/off/0/no).
pub(super) fn boolean(what: &str, text: &str) -> Result<bool, CliError> {
    match text {
        "true" | "on" | "1" | "yes" => Ok(true),
        "false" | "off" | "0" | "no" => Ok(false),
        _ => err(format!("{what}: '{text}' is not true/false")),
    }
}
