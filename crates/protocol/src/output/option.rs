//! `option` declarations in the handshake.

use super::{one_line, push_word};
use crate::Dialect;

/// One option the engine announces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionDecl {
    /// The name as announced (and as GUIs will send it back, in any case).
    pub name: String,
    /// Its type, default and range.
    pub kind: OptionKind,
}

/// An option's type, with its default and range.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// A check box.
    Check {
        /// Checked or not at start.
        default: bool,
    },
    /// A whole number in `min..=max`.
    Spin {
        /// The value at start.
        default: i64,
        /// The smallest value accepted.
        min: i64,
        /// The largest value accepted.
        max: i64,
    },
    /// One of a fixed list of words.
    Combo {
        /// The word chosen at start.
        default: String,
        /// Every word that may be chosen.
        vars: Vec<String>,
    },
    /// An action with no value (`Clear Hash`, UCCI `newgame`).
    Button,
    /// Free text.
    String {
        /// The text at start (written `<empty>` in UCI when empty).
        default: String,
    },
}

impl OptionDecl {
    /// An option called `name` of type `kind`.
    pub fn new(name: &str, kind: OptionKind) -> Self {
        OptionDecl { name: name.to_owned(), kind }
    }

    /// UCI (Stockfish's order): `option name X type spin default D min A max B`, an empty string
    /// default written `<empty>`. UCCI (the spec's order): `option x type spin min A max B
    /// default D`, no `name` keyword, an empty string default left out.
    pub fn line(&self, dialect: Dialect) -> String {
        let mut line = String::from("option");
        if dialect == Dialect::Uci {
            push_word(&mut line, "name");
        }
        push_word(&mut line, one_line(&self.name));
        match &self.kind {
            OptionKind::Check { default } => {
                push_word(&mut line, format_args!("type check default {default}"));
            }
            OptionKind::Spin { default, min, max } => match dialect {
                Dialect::Uci => push_word(
                    &mut line,
                    format_args!("type spin default {default} min {min} max {max}"),
                ),
                Dialect::Ucci => push_word(
                    &mut line,
                    format_args!("type spin min {min} max {max} default {default}"),
                ),
            },
            OptionKind::Combo { default, vars } => {
                line.push_str(" type combo");
                if dialect == Dialect::Uci {
                    push_word(&mut line, format_args!("default {}", one_line(default)));
                }
                for v in vars {
                    push_word(&mut line, format_args!("var {}", one_line(v)));
                }
                if dialect == Dialect::Ucci {
                    push_word(&mut line, format_args!("default {}", one_line(default)));
                }
            }
            OptionKind::Button => line.push_str(" type button"),
            OptionKind::String { default } => {
                line.push_str(" type string");
                match (dialect, default.is_empty()) {
                    (Dialect::Uci, true) => line.push_str(" default <empty>"),
                    (Dialect::Ucci, true) => {}
                    (_, false) => {
                        push_word(&mut line, format_args!("default {}", one_line(default)))
                    }
                }
            }
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uci_declarations() {
        let spin = OptionDecl::new("Hash", OptionKind::Spin { default: 16, min: 1, max: 65536 });
        assert_eq!(
            spin.line(Dialect::Uci),
            "option name Hash type spin default 16 min 1 max 65536"
        );
        let check = OptionDecl::new("Ponder", OptionKind::Check { default: false });
        assert_eq!(check.line(Dialect::Uci), "option name Ponder type check default false");
        let combo = OptionDecl::new(
            "UCI_Variant",
            OptionKind::Combo {
                default: "chess".into(),
                vars: vec!["chess".into(), "xiangqi".into()],
            },
        );
        assert_eq!(
            combo.line(Dialect::Uci),
            "option name UCI_Variant type combo default chess var chess var xiangqi"
        );
        let button = OptionDecl::new("Clear Hash", OptionKind::Button);
        assert_eq!(button.line(Dialect::Uci), "option name Clear Hash type button");
        let string = OptionDecl::new("EvalFile", OptionKind::String { default: String::new() });
        assert_eq!(string.line(Dialect::Uci), "option name EvalFile type string default <empty>");
    }

    #[test]
    fn ucci_declarations() {
        let spin = OptionDecl::new("hashsize", OptionKind::Spin { default: 16, min: 0, max: 1024 });
        assert_eq!(spin.line(Dialect::Ucci), "option hashsize type spin min 0 max 1024 default 16");
        let check = OptionDecl::new("usemillisec", OptionKind::Check { default: true });
        assert_eq!(check.line(Dialect::Ucci), "option usemillisec type check default true");
        let combo = OptionDecl::new(
            "idle",
            OptionKind::Combo { default: "none".into(), vars: vec!["none".into(), "small".into()] },
        );
        assert_eq!(
            combo.line(Dialect::Ucci),
            "option idle type combo var none var small default none"
        );
        assert_eq!(
            OptionDecl::new("newgame", OptionKind::Button).line(Dialect::Ucci),
            "option newgame type button"
        );
        let s = OptionDecl::new("bookfiles", OptionKind::String { default: String::new() });
        assert_eq!(s.line(Dialect::Ucci), "option bookfiles type string");
        let s = OptionDecl::new("bookfiles", OptionKind::String { default: "a.obk".into() });
        assert_eq!(s.line(Dialect::Ucci), "option bookfiles type string default a.obk");
    }
}
