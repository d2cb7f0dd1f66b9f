//! `setoption name X value Y` (UCI; names may hold spaces: `Clear Hash`) and UCCI's
//! `setoption x y`. Both forms are accepted in both dialects: cchess and VinXiangQi send the UCI
//! form to UCCI engines.

use super::shorten;
use crate::{ProtocolError, SetOption};

pub fn parse(words: &[&str]) -> Result<SetOption, ProtocolError> {
    let Some((&first, rest)) = words.split_first() else {
        return Err(ProtocolError::Missing("setoption", "option name"));
    };
    if first.eq_ignore_ascii_case("name") {
        let value_at = rest.iter().position(|w| w.eq_ignore_ascii_case("value"));
        let (name_words, value) = match value_at {
            Some(i) => (&rest[..i], Some(rest[i + 1..].join(" "))),
            None => (rest, None),
        };
        if name_words.is_empty() {
            return Err(ProtocolError::Missing("setoption", "option name"));
        }
        Ok(SetOption { name: shorten(&name_words.join(" ")), value })
    } else {
        let value = (!rest.is_empty()).then(|| rest.join(" "));
        Ok(SetOption { name: shorten(first), value })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(line: &str) -> Result<SetOption, ProtocolError> {
        parse(&line.split_whitespace().collect::<Vec<_>>())
    }

    fn opt(name: &str, value: Option<&str>) -> Result<SetOption, ProtocolError> {
        Ok(SetOption { name: name.into(), value: value.map(Into::into) })
    }

    #[test]
    fn uci_form() {
        assert_eq!(set("name Hash value 128"), opt("Hash", Some("128")));
        assert_eq!(set("name Clear Hash"), opt("Clear Hash", None));
        assert_eq!(set("name Move Overhead value 30"), opt("Move Overhead", Some("30")));
        assert_eq!(set("NAME UCI_Variant VALUE xiangqi"), opt("UCI_Variant", Some("xiangqi")));
        assert_eq!(set("name EvalFile value my net.bin"), opt("EvalFile", Some("my net.bin")));
        assert_eq!(set("name Debug Log File value"), opt("Debug Log File", Some("")));
    }

    #[test]
    fn ucci_form() {
        assert_eq!(set("hashsize 64"), opt("hashsize", Some("64")));
        assert_eq!(set("newgame"), opt("newgame", None));
        assert_eq!(set("usemillisec false"), opt("usemillisec", Some("false")));
        assert_eq!(set("bookfiles a.obk;b.obk"), opt("bookfiles", Some("a.obk;b.obk")));
    }

    #[test]
    fn missing_name() {
        assert!(set("").is_err());
        assert!(set("name").is_err());
        assert!(set("name value 3").is_err());
    }
}
