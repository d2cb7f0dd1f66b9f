//! The table against its two derived paths: the listings say what each entry declares, and
//! `setoption` takes every declared bound and default and refuses what lies beyond.

use super::entry::{Entry, Kind, SetError};
use super::table::{IGNORED_UCCI, TABLE, VARIANTS};
use super::*;
use crate::session::skill::{FULL_LEVEL, MAX_ELO};
use protocol::OptionKind;
use std::sync::{Mutex, MutexGuard, PoisonError};

const DIALECTS: [Dialect; 2] = [Dialect::Uci, Dialect::Ucci];

/// Held by every test that lists or sets options: in a `tune` build the search's constants are
/// process-wide, and a tunable is announced with its current value as the default.
fn serial() -> MutexGuard<'static, ()> {
    static LOCK: Mutex<()> = Mutex::new(());
    LOCK.lock().unwrap_or_else(PoisonError::into_inner)
}

fn set(name: &str, value: Option<&str>) -> SetOption {
    SetOption { name: name.into(), value: value.map(Into::into) }
}

/// The values an entry must accept in `dialect` (its bounds and default), and values it must
/// refuse.
fn probes(entry: &Entry, dialect: Dialect) -> (Vec<Option<String>>, Vec<String>) {
    let default = entry.default_value();
    match (entry.kind, entry.declaration(dialect)) {
        (Kind::Check { .. }, _) => {
            (vec![Some("true".into()), Some("false".into()), default], vec!["maybe".into()])
        }
        (_, OptionKind::Spin { min, max, .. }) => (
            vec![Some(min.to_string()), Some(max.to_string()), default],
            vec![(min - 1).to_string(), (max + 1).to_string(), "lots".into(), String::new()],
        ),
        (Kind::Combo { vars, .. }, _) => {
            let mut ok: Vec<_> = vars.iter().map(|v| Some(v.to_uppercase())).collect();
            ok.push(default);
            (ok, vec!["bogus".into()])
        }
        (Kind::Button { .. }, _) => (vec![None], vec![]),
        // A path is never refused: as in Stockfish, a path without tables leaves none, and the
        // report says why (`a_syzygy_path_without_tables_is_reported_and_leaves_none`).
        _ if entry.name(Dialect::Uci) == Some("SyzygyPath") => (vec![default], vec![]),
        _ => (vec![default], vec!["/no/such/dir/net.bin".into()]),
    }
}

#[test]
fn every_listed_option_takes_its_bounds_and_default_and_refuses_beyond() {
    let _serial = serial();
    for dialect in DIALECTS {
        let mut listed = 0;
        for entry in entries() {
            let Some(name) = entry.name(dialect) else { continue };
            listed += 1;
            let mut s = Settings::default();
            let (good, bad) = probes(&entry, dialect);
            for value in good {
                let option = SetOption { name: name.into(), value: value.clone() };
                let outcome = apply(&mut s, &option, dialect);
                assert!(outcome.is_ok(), "{dialect:?} {name} {value:?}: {outcome:?}");
            }
            for value in bad {
                let before = format!("{s:?}");
                let outcome = apply(&mut s, &set(name, Some(&value)), dialect);
                let message = outcome.err().map(|e| e.to_string()).unwrap_or_default();
                let names_it = message.to_lowercase().contains(&name.to_lowercase());
                assert!(names_it, "{dialect:?} {name} '{value}': '{message}'");
                assert_eq!(before, format!("{s:?}"), "{name} '{value}' changed the settings");
            }
        }
        assert_eq!(listed, declarations(dialect).len());
    }
}

#[test]
fn a_syzygy_path_without_tables_is_reported_and_leaves_none() {
    let _serial = serial();
    let mut s = Settings::default();
    assert_eq!(s.tablebases.report, None, "the default path loads nothing and says nothing");
    let outcome = apply(&mut s, &set("SyzygyPath", Some("/no/such/dir")), Dialect::Uci);
    assert_eq!(outcome, Ok(Effect::Tablebases));
    let report = s.tablebases.report.take().unwrap_or_default();
    assert!(
        report.contains("SyzygyPath /no/such/dir") && report.contains("no such folder"),
        "{report}"
    );
    assert!(s.tablebases.tables.is_none());
}

/// The `option …` line of `name` read back into its declaration.
fn read_back(lines: &[String], name: &str, dialect: Dialect) -> Option<OptionKind> {
    let head = match dialect {
        Dialect::Uci => format!("option name {name} type "),
        Dialect::Ucci => format!("option {name} type "),
    };
    let found: Vec<&String> = lines.iter().filter(|l| l.starts_with(&head)).collect();
    assert_eq!(found.len(), 1, "{name} listed {} times in {lines:?}", found.len());
    let words: Vec<&str> = found[0][head.len()..].split(' ').collect();
    let field = |key: &str| -> Option<String> {
        words.windows(2).find(|w| w[0] == key).map(|w| w[1].to_owned())
    };
    let number = |key: &str| field(key).and_then(|v| v.parse().ok()).unwrap_or(i64::MIN);
    Some(match words[0] {
        "check" => OptionKind::Check { default: field("default").as_deref() == Some("true") },
        "spin" => {
            OptionKind::Spin { default: number("default"), min: number("min"), max: number("max") }
        }
        "combo" => OptionKind::Combo {
            default: field("default").unwrap_or_default(),
            vars: words.windows(2).filter(|w| w[0] == "var").map(|w| w[1].to_owned()).collect(),
        },
        "button" => OptionKind::Button,
        "string" => OptionKind::String { default: field("default").unwrap_or_default() },
        _ => return None,
    })
}

#[test]
fn the_listings_say_what_the_table_declares() {
    let _serial = serial();
    for dialect in DIALECTS {
        let lines = declarations(dialect);
        for entry in entries() {
            let Some(name) = entry.name(dialect) else { continue };
            assert_eq!(
                read_back(&lines, name, dialect),
                Some(entry.declaration(dialect)),
                "{name}"
            );
            // The declared default is the one the settings start from.
            if let Some(value) = entry.default_value() {
                let mut s = Settings::default();
                let before = format!("{s:?}");
                entry.set(&mut s, &set(name, Some(&value)), Dialect::Uci).ok();
                assert_eq!(before, format!("{s:?}"), "{name}'s default is not the start value");
            }
        }
    }
    // The spellings each dialect is known by.
    let ucci = declarations(Dialect::Ucci);
    assert!(ucci.contains(&"option usemillisec type check default true".to_owned()));
    assert!(ucci.contains(&"option newgame type button".to_owned()));
    assert!(ucci.contains(&"option hashsize type spin min 0 max 65536 default 16".to_owned()));
    assert!(ucci.contains(&"option threads type spin min 0 max 256 default 1".to_owned()));
    assert!(ucci.iter().all(|l| !l.contains(" name ") && !l.contains("UCI_Variant")));
    let uci = declarations(Dialect::Uci);
    assert!(uci.contains(
        &"option name UCI_Variant type combo default chess var chess var xiangqi".to_owned()
    ));
    assert!(uci.contains(&"option name Hash type spin default 16 min 1 max 65536".to_owned()));
    assert!(uci.iter().all(|l| !l.contains("usemillisec")));
}

#[test]
fn every_default_applies_and_names_are_unique() {
    let _serial = serial();
    for entry in TABLE {
        let mut s = Settings::default();
        assert!(entry.reset(&mut s).is_ok(), "{:?}", entry.uci.or(entry.ucci));
    }
    let s = Settings::default();
    assert_eq!((s.hash_mb, s.threads, s.multipv, s.move_overhead_ms), (16, 1, 1, 10));
    assert_eq!((s.move_limit, s.skill_level, s.elo), (120, FULL_LEVEL, MAX_ELO));
    assert!(s.use_nnue && !s.ponder && !s.batch && !s.limit_strength);
    assert_eq!(s.variant, GameKind::Chess);
    assert_eq!(format!("{:?}", s.nets), format!("{:?}", Nets::defaults()));
    let names: Vec<String> = entries()
        .flat_map(|e| [e.uci, e.ucci])
        .flatten()
        .chain(IGNORED_UCCI.iter().copied())
        .map(str::to_ascii_lowercase)
        .collect();
    for (i, name) in names.iter().enumerate() {
        // The same word in both dialects is one entry's two names.
        let twice = names[i + 1..].iter().filter(|n| *n == name).count();
        assert!(twice <= 1, "{name}");
    }
    assert_eq!(VARIANTS, GameKind::ALL.map(GameKind::name));
}

#[test]
fn either_name_in_either_dialect_with_that_dialects_range() {
    let _serial = serial();
    let mut s = Settings::default();
    assert_eq!(apply(&mut s, &set("Hash", Some("64")), Dialect::Ucci), Ok(Effect::ResizeHash));
    assert_eq!(s.hash_mb, 64);
    // UCCI's 0 is "automatic"; UCI announced 1 as the least.
    assert_eq!(apply(&mut s, &set("Hash", Some("0")), Dialect::Ucci), Ok(Effect::ResizeHash));
    assert_eq!(s.hash_mb, 16);
    apply(&mut s, &set("hashsize", Some("32")), Dialect::Uci).ok();
    assert_eq!(s.hash_mb, 32);
    let refused = apply(&mut s, &set("hashsize", Some("0")), Dialect::Uci);
    assert!(matches!(refused, Err(SetError::OutOfRange { min: 1, .. })), "{refused:?}");
    assert_eq!(s.hash_mb, 32);
    assert_eq!(apply(&mut s, &set("threads", Some("0")), Dialect::Ucci), Ok(Effect::SetThreads));
    assert!(s.threads >= 1);
    assert_eq!(apply(&mut s, &set("clear hash", None), Dialect::Uci), Ok(Effect::ClearHash));
}

#[test]
fn a_check_without_a_value_is_refused_under_uci_and_means_on_under_ucci() {
    let _serial = serial();
    let mut s = Settings::default();
    let err = apply(&mut s, &set("UCI_Chess960", None), Dialect::Uci).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("option UCI_Chess960: bad value '' (expected true or false)")
    );
    assert!(!s.chess960);
    assert!(apply(&mut s, &set("ponder", None), Dialect::Ucci).is_ok());
    assert!(s.ponder);
}

#[test]
fn unknown_names_only_complain_under_uci() {
    let _serial = serial();
    let mut s = Settings::default();
    let err = apply(&mut s, &set("Frobnicate", Some("1")), Dialect::Uci).err();
    assert_eq!(err.map(|e| e.to_string()).as_deref(), Some("No such option: Frobnicate"));
    assert_eq!(apply(&mut s, &set("frobnicate", Some("1")), Dialect::Ucci), Ok(Effect::None));
    assert_eq!(apply(&mut s, &set("usebook", Some("false")), Dialect::Uci), Ok(Effect::None));
    assert_eq!(apply(&mut s, &set("bookfiles", Some("a;b")), Dialect::Ucci), Ok(Effect::None));
}

#[test]
fn values_are_checked_and_out_of_range_refused() {
    let _serial = serial();
    let mut s = Settings::default();
    let err = apply(&mut s, &set("Threads", Some("many")), Dialect::Uci).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("option Threads: bad value 'many' (expected a number 1..256)")
    );
    assert_eq!(s.threads, 1);
    let err = apply(&mut s, &set("MultiPV", Some("100000")), Dialect::Uci).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("option MultiPV: 100000 is outside 1..256; the option keeps its value")
    );
    assert_eq!(s.multipv, 1);
    assert!(apply(&mut s, &set("usemillisec", Some("maybe")), Dialect::Ucci).is_err());
    // Its effect on clocks is tested with `input::LineReader`.
    assert!(apply(&mut s, &set("usemillisec", Some("off")), Dialect::Ucci).is_ok());
    assert_eq!(
        apply(&mut s, &set("UCI_Variant", Some("Xiangqi")), Dialect::Uci),
        Ok(Effect::SwitchGame(GameKind::Xiangqi))
    );
    let err = apply(&mut s, &set("UCI_Variant", Some("shogi")), Dialect::Uci).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("option UCI_Variant: bad value 'shogi' (expected chess or xiangqi)")
    );
    apply(&mut s, &set("randomness", Some("large")), Dialect::Ucci).ok();
    assert_eq!(s.skill_level, 4);
    let err = apply(&mut s, &set("randomness", Some("lots")), Dialect::Ucci).err();
    assert_eq!(
        err.map(|e| e.to_string()).as_deref(),
        Some("option randomness: bad value 'lots' (expected none, tiny, small, medium, large or huge)")
    );
}

#[test]
fn ucci_refuses_the_variant() {
    let _serial = serial();
    let mut s = Settings { variant: GameKind::Xiangqi, ..Settings::default() };
    for value in ["chess", "xiangqi"] {
        let err = apply(&mut s, &set("UCI_Variant", Some(value)), Dialect::Ucci).err();
        assert_eq!(
            err.map(|e| e.to_string()).as_deref(),
            Some("option UCI_Variant: UCCI plays xiangqi only; the variant cannot be changed")
        );
        assert_eq!(s.variant, GameKind::Xiangqi);
    }
}
