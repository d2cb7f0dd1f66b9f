//! `genfens N seed S book <None|path> [extra…]`: the opening generator OpenBench's client calls
//! for data-generation workloads (`Client/genfens.py` builds exactly this line). `seed` and
//! `book` may come in either order; any other word is kept in `extra`. A book path cannot hold
//! spaces (the line is split on whitespace; OpenBench's `Books/<name>.epd` never does).

use super::{numbers, shorten};
use crate::{GenFensParams, ProtocolError};

pub fn parse(words: &[&str]) -> Result<GenFensParams, ProtocolError> {
    let (&count_word, rest) =
        words.split_first().ok_or(ProtocolError::Missing("genfens", "the number of openings"))?;
    let count = numbers::small_count(count_word)
        .filter(|_| !count_word.starts_with('-'))
        .ok_or_else(|| ProtocolError::BadValue("genfens", "N", shorten(count_word)))?;
    let mut params = GenFensParams { count, seed: 0, book: None, extra: Vec::new() };
    let mut words = rest.iter();
    while let Some(&word) = words.next() {
        if word.eq_ignore_ascii_case("seed") {
            let value = words.next().ok_or(ProtocolError::Missing("genfens", "seed value"))?;
            // Seeds must not saturate: two different seeds would then give the same openings.
            params.seed = value
                .parse::<u64>()
                .map_err(|_| ProtocolError::BadValue("genfens", "seed", shorten(value)))?;
        } else if word.eq_ignore_ascii_case("book") {
            let value =
                words.next().ok_or(ProtocolError::Missing("genfens", "book (a file or None)"))?;
            params.book =
                if value.eq_ignore_ascii_case("none") { None } else { Some((*value).to_owned()) };
        } else {
            params.extra.push(shorten(word));
        }
    }
    Ok(params)
}

#[cfg(test)]
mod tests {
    use crate::{parse, Command, Dialect, GenFensParams, ProtocolError};

    fn genfens(line: &str) -> Result<Command, ProtocolError> {
        parse(line, Dialect::Uci)
    }

    #[test]
    fn openbench_line_with_and_without_book() {
        assert_eq!(
            genfens("genfens 16 seed 7 book None"),
            Ok(Command::GenFens(GenFensParams { count: 16, seed: 7, book: None, extra: vec![] }))
        );
        assert_eq!(
            genfens(
                "genfens 64 seed 18446744073709551615 book Books/UHO_Lichess_4852_v1.epd  \r\n"
            ),
            Ok(Command::GenFens(GenFensParams {
                count: 64,
                seed: u64::MAX,
                book: Some("Books/UHO_Lichess_4852_v1.epd".into()),
                extra: vec![]
            }))
        );
    }

    #[test]
    fn extra_words_are_kept_and_order_is_free() {
        assert_eq!(
            genfens("GENFENS 2 book none seed 3 quick"),
            Ok(Command::GenFens(GenFensParams {
                count: 2,
                seed: 3,
                book: None,
                extra: vec!["quick".into()]
            }))
        );
    }

    #[test]
    fn bad_lines_name_what_is_wrong() {
        assert_eq!(
            genfens("genfens"),
            Err(ProtocolError::Missing("genfens", "the number of openings"))
        );
        assert!(matches!(genfens("genfens -3 seed 1"), Err(ProtocolError::BadValue(_, "N", _))));
        assert!(matches!(genfens("genfens x"), Err(ProtocolError::BadValue(_, "N", _))));
        assert!(matches!(genfens("genfens 4 seed -1"), Err(ProtocolError::BadValue(_, "seed", _))));
        assert!(matches!(
            genfens("genfens 4 seed 99999999999999999999999"),
            Err(ProtocolError::BadValue(_, "seed", _))
        ));
        assert_eq!(genfens("genfens 4 seed"), Err(ProtocolError::Missing("genfens", "seed value")));
        assert!(matches!(genfens("genfens 4 book"), Err(ProtocolError::Missing(..))));
    }
}
