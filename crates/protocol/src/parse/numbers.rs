//! Numbers as GUIs write them. Arithmetic saturates and negative values read as 0: a GUI that
//! overstepped its clock may send `wtime -15`, and that must not become an error or a wrap-around.

use crate::ClockUnit;

/// A count (`depth`, `nodes`, `movestogo`, …): optional sign, digits. Negative reads as 0.
pub fn count(text: &str) -> Option<u64> {
    let (negative, digits) = split_sign(text);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(
        digits
            .bytes()
            .fold(0u64, |acc, b| acc.saturating_mul(10).saturating_add(u64::from(b - b'0'))),
    )
}

/// A count that must fit a `u32`; larger values saturate.
pub fn small_count(text: &str) -> Option<u32> {
    count(text).map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

/// A clock value in `unit`, returned in milliseconds: optional sign, digits, optional fraction
/// (some GUIs write seconds as `2.5`). Fractions of a millisecond are dropped.
pub fn duration_ms(text: &str, unit: ClockUnit) -> Option<u64> {
    let (negative, body) = split_sign(text);
    let (whole, fraction) = match body.split_once('.') {
        Some((w, f)) => (w, f),
        None => (body, ""),
    };
    let digits_ok = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    if (whole.is_empty() && fraction.is_empty()) || !digits_ok(whole) || !digits_ok(fraction) {
        return None;
    }
    if negative {
        return Some(0);
    }
    let per_unit = unit.millis_per_unit();
    let whole_units = whole
        .bytes()
        .fold(0u64, |acc, b| acc.saturating_mul(10).saturating_add(u64::from(b - b'0')));
    // The fraction contributes at most one unit; three digits of it reach millisecond precision
    // for seconds and anything below is dropped.
    let mut fraction_ms = 0u64;
    let mut scale = per_unit;
    for b in fraction.bytes().take(3) {
        scale /= 10;
        fraction_ms += u64::from(b - b'0') * scale;
    }
    Some(whole_units.saturating_mul(per_unit).saturating_add(fraction_ms))
}

fn split_sign(text: &str) -> (bool, &str) {
    match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts() {
        assert_eq!(count("0"), Some(0));
        assert_eq!(count("42"), Some(42));
        assert_eq!(count("+42"), Some(42));
        assert_eq!(count("-42"), Some(0));
        assert_eq!(count("18446744073709551616999"), Some(u64::MAX));
        assert_eq!(small_count("4294967296"), Some(u32::MAX));
        for bad in ["", "-", "+", "4x", "x4", "1.5", "١٢"] {
            assert_eq!(count(bad), None, "{bad}");
        }
    }

    #[test]
    fn durations_in_both_units() {
        assert_eq!(duration_ms("1500", ClockUnit::Millis), Some(1500));
        assert_eq!(duration_ms("1500.9", ClockUnit::Millis), Some(1500));
        assert_eq!(duration_ms("3", ClockUnit::Seconds), Some(3000));
        assert_eq!(duration_ms("2.5", ClockUnit::Seconds), Some(2500));
        assert_eq!(duration_ms(".25", ClockUnit::Seconds), Some(250));
        assert_eq!(duration_ms("1.23456", ClockUnit::Seconds), Some(1234));
        assert_eq!(duration_ms("-15", ClockUnit::Millis), Some(0));
        assert_eq!(duration_ms("99999999999999999999", ClockUnit::Seconds), Some(u64::MAX));
        for bad in ["", ".", "1.2.3", "1e3", "inf", "NaN", "--1"] {
            assert_eq!(duration_ms(bad, ClockUnit::Millis), None, "{bad}");
        }
    }
}
