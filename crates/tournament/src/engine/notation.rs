//! Xiangqi move text between our ranks 0–9 (`h2e2`, as UCCI) and the 1–10 ranks that
//! Fairy-Stockfish and `UCI_Variant` GUIs use over UCI (`h3e3`, `h10g8`).

/// Shifts every rank of a coordinate move by `delta` (+1: 0–9 → 1–10, −1: back). `None` when
/// the text is not `file rank file rank [suffix]` or a rank leaves the board.
pub fn shift_ranks(text: &str, delta: i32, lowest: i32, highest: i32) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len() + 2);
    let mut i = 0;
    for _ in 0..2 {
        let file = *bytes.get(i)?;
        if !file.is_ascii_lowercase() {
            return None;
        }
        out.push(file as char);
        i += 1;
        let start = i;
        while i < bytes.len() && bytes[i].is_ascii_digit() && i - start < 2 {
            i += 1;
        }
        let rank: i32 = text.get(start..i)?.parse().ok()?;
        let shifted = rank + delta;
        if !(lowest..=highest).contains(&rank) || !(0..=10).contains(&shifted) {
            return None;
        }
        out.push_str(&shifted.to_string());
    }
    out.push_str(text.get(i..)?);
    Some(out)
}

/// Our xiangqi move (ranks 0–9) in 1–10 ranks.
pub fn to_one_based(text: &str) -> Option<String> {
    shift_ranks(text, 1, 0, 9)
}

/// A 1–10 rank move in our notation.
pub fn from_one_based(text: &str) -> Option<String> {
    shift_ranks(text, -1, 1, 10)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_both_ways() {
        assert_eq!(to_one_based("h2e2").as_deref(), Some("h3e3"));
        assert_eq!(to_one_based("h9g7").as_deref(), Some("h10g8"));
        assert_eq!(from_one_based("h10g8").as_deref(), Some("h9g7"));
        assert_eq!(from_one_based("a1a2").as_deref(), Some("a0a1"));
        assert_eq!(from_one_based("a0a1"), None, "rank 0 does not exist in 1-10 notation");
        assert_eq!(to_one_based("e7e8q").as_deref(), Some("e8e9q"), "suffixes are kept");
        for bad in ["", "h", "h2", "H2E2", "h2e", "22e2"] {
            assert_eq!(to_one_based(bad), None, "{bad:?}");
        }
    }
}
