//! Every option the real binary lists, in each dialect, read back from its `option …` line and
//! set the way a GUI would: its minimum, maximum and default (or each word of a combo, both
//! states of a check) are taken quietly, and a value beyond the range (or not of its type) is
//! refused with an `info string` naming the option. The listing and the setting come from one
//! table, so what is announced must be exactly what is accepted.

use crate::protocol_driver;

use protocol_driver::{Engine, PATIENCE};

/// One `option …` line, read back.
#[derive(Debug)]
struct Declared {
    name: String,
    kind: String,
    default: Option<String>,
    min: Option<i64>,
    max: Option<i64>,
    vars: Vec<String>,
}

const KEYWORDS: [&str; 5] = ["type", "default", "min", "max", "var"];

/// Reads `option [name] N… type T [default D] [min A] [max B] [var V]…` (UCI names may have
/// spaces; values here are single words).
fn read_option(line: &str, dialect: &str) -> Declared {
    let rest = line.strip_prefix("option ").expect("an option line");
    let rest = if dialect == "uci" { rest.strip_prefix("name ").expect("name") } else { rest };
    let words: Vec<&str> = rest.split(' ').collect();
    let type_at = words.iter().rposition(|w| *w == "type").expect("a type");
    let mut declared = Declared {
        name: words[..type_at].join(" "),
        kind: words[type_at + 1].to_owned(),
        default: None,
        min: None,
        max: None,
        vars: Vec::new(),
    };
    let mut i = type_at + 2;
    while i < words.len() {
        let key = words[i];
        assert!(KEYWORDS.contains(&key), "unexpected word '{key}' in {line}");
        let value = words.get(i + 1).expect("a value").to_string();
        match key {
            "default" => declared.default = Some(value),
            "min" => declared.min = Some(value.parse().expect("a number")),
            "max" => declared.max = Some(value.parse().expect("a number")),
            _ => declared.vars.push(value),
        }
        i += 2;
    }
    declared
}

/// Values the option must take, and values it must refuse.
fn probes(option: &Declared) -> (Vec<Option<String>>, Vec<String>) {
    let default = option.default.clone();
    match option.kind.as_str() {
        "check" => (vec![Some("true".into()), Some("false".into()), default], vec!["maybe".into()]),
        "spin" => {
            let (min, max) = (option.min.expect("min"), option.max.expect("max"));
            (
                vec![Some(min.to_string()), Some(max.to_string()), default],
                vec![(min - 1).to_string(), (max + 1).to_string(), "many".into()],
            )
        }
        "combo" => {
            let mut good: Vec<_> = option.vars.iter().cloned().map(Some).collect();
            good.push(default);
            (good, vec!["bogus".into()])
        }
        "button" => (vec![None], vec![]),
        "string" => (vec![default], vec!["/no/such/dir/net.bin".into()]),
        other => panic!("unknown option type {other}"),
    }
}

fn setoption(dialect: &str, name: &str, value: Option<&str>) -> String {
    match (dialect, value) {
        ("uci", Some(v)) => format!("setoption name {name} value {v}"),
        ("uci", None) => format!("setoption name {name}"),
        (_, Some(v)) => format!("setoption {name} {v}"),
        (_, None) => format!("setoption {name}"),
    }
}

/// The `info string` lines answered to `line`.
fn notes_for(e: &mut Engine, line: &str) -> Vec<String> {
    e.send(line);
    e.send("isready");
    let lines = e.read_until(PATIENCE, |l| l == "readyok");
    lines
        .into_iter()
        .filter(|l| l.starts_with("info string"))
        // Not a refusal: the machine gave a smaller table than the maximum asked for.
        .filter(|l| !l.contains("could not be allocated"))
        .collect()
}

fn every_option_takes_its_range_and_refuses_beyond(dialect: &str) {
    let mut e = Engine::start();
    let handshake = if dialect == "ucci" { e.handshake_ucci() } else { e.handshake_uci() };
    let options: Vec<Declared> = handshake
        .iter()
        .filter(|l| l.starts_with("option "))
        .map(|l| read_option(l, dialect))
        .collect();
    assert!(options.len() >= 10, "{handshake:?}");
    for option in &options {
        let (good, bad) = probes(option);
        for value in good {
            let line = setoption(dialect, &option.name, value.as_deref());
            let notes = notes_for(&mut e, &line);
            assert!(notes.is_empty(), "'{line}' was answered {notes:?}");
        }
        for value in bad {
            let line = setoption(dialect, &option.name, Some(&value));
            let notes = notes_for(&mut e, &line);
            let named =
                notes.iter().any(|n| n.to_lowercase().contains(&option.name.to_lowercase()));
            assert!(notes.len() == 1 && named, "'{line}' was answered {notes:?}");
        }
    }
}

#[test]
fn every_uci_option_takes_its_range_and_refuses_beyond() {
    every_option_takes_its_range_and_refuses_beyond("uci");
}

#[test]
fn every_ucci_option_takes_its_range_and_refuses_beyond() {
    every_option_takes_its_range_and_refuses_beyond("ucci");
}
