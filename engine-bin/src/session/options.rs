//! The option table: what each dialect announces, and what `setoption` does.
//!
//! One table serves both dialects. Each option has its UCI name (Stockfish/Pikafish spelling)
//! and its UCCI name (one lower-case word, the spec's spelling); `setoption` accepts either name
//! in either dialect, because GUIs mix them (cchess sends `setoption name Hash value 64` to a
//! UCCI engine). Unknown names are an `info string` under UCI and silently ignored under UCCI,
//! where XQWizard sets options the engine never announced.

use super::nets::Nets;
use super::skill::{self, FULL_LEVEL, MAX_ELO, MIN_ELO};
use super::tunables;
use protocol::GameKind;
use protocol::{Dialect, OptionDecl, OptionKind, SetOption};

pub const DEFAULT_HASH_MB: i64 = 16;
pub const MAX_HASH_MB: i64 = 65_536;
pub const MAX_THREADS: i64 = 256;
pub const MAX_MULTIPV: i64 = 256;
pub const DEFAULT_MOVE_OVERHEAD_MS: i64 = 10;
/// Xiangqi's move-count rule in plies without a capture (the game crate clamps to 100..=300).
pub const DEFAULT_MOVE_LIMIT: i64 = 120;
pub const MIN_MOVE_LIMIT: i64 = 100;
pub const MAX_MOVE_LIMIT: i64 = 300;

/// Current option values.
#[derive(Clone, Debug)]
pub struct Settings {
    pub hash_mb: usize,
    pub threads: usize,
    pub ponder: bool,
    pub multipv: usize,
    pub move_overhead_ms: u64,
    pub variant: GameKind,
    pub show_wdl: bool,
    /// `UCI_Chess960`: castling written and read as king-takes-rook (`games.rs` applies it).
    pub chess960: bool,
    pub move_limit: u32,
    pub batch: bool,
    pub debug: bool,
    /// `Skill Level` (UCI) or the level of UCCI `randomness`; 20 is full strength.
    pub skill_level: u8,
    pub limit_strength: bool,
    pub elo: i64,
    /// `Use NNUE`: evaluate with the game's net where one is loaded (by default the embedded
    /// ones, see `nets.rs`) instead of the hand-written evaluation.
    pub use_nnue: bool,
    pub nets: Nets,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            hash_mb: DEFAULT_HASH_MB as usize,
            threads: 1,
            ponder: false,
            multipv: 1,
            move_overhead_ms: DEFAULT_MOVE_OVERHEAD_MS as u64,
            variant: GameKind::Chess,
            show_wdl: false,
            chess960: false,
            move_limit: DEFAULT_MOVE_LIMIT as u32,
            batch: false,
            debug: false,
            skill_level: FULL_LEVEL,
            limit_strength: false,
            elo: MAX_ELO,
            use_nnue: true,
            nets: Nets::defaults(),
        }
    }
}

/// Which setting an option controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Key {
    Hash,
    Threads,
    ClearHash,
    Ponder,
    MultiPv,
    MoveOverhead,
    Variant,
    ShowWdl,
    Chess960,
    MoveLimit,
    UseMillisec,
    Batch,
    Debug,
    NewGame,
    SkillLevel,
    LimitStrength,
    Elo,
    /// ElephantEye's `randomness` combo: the UCCI way to ask for weaker play.
    Randomness,
    UseNnue,
    EvalFile,
    /// A standard UCCI option this engine has no use for (book, tablebases, style…): accepted
    /// silently so that GUIs which set them are not told off.
    Ignored,
}

struct Spec {
    uci: Option<&'static str>,
    ucci: Option<&'static str>,
    key: Key,
}

const fn spec(uci: Option<&'static str>, ucci: Option<&'static str>, key: Key) -> Spec {
    Spec { uci, ucci, key }
}

/// Announced in this order; `None` means not announced (but still accepted) in that dialect.
const TABLE: &[Spec] = &[
    spec(Some("Threads"), Some("threads"), Key::Threads),
    spec(Some("Hash"), Some("hashsize"), Key::Hash),
    spec(Some("Clear Hash"), Some("clearhash"), Key::ClearHash),
    spec(Some("Ponder"), Some("ponder"), Key::Ponder),
    spec(Some("MultiPV"), Some("multipv"), Key::MultiPv),
    spec(Some("Move Overhead"), Some("moveoverhead"), Key::MoveOverhead),
    spec(Some("UCI_Variant"), None, Key::Variant),
    spec(Some("UCI_ShowWDL"), None, Key::ShowWdl),
    spec(Some("UCI_Chess960"), None, Key::Chess960),
    spec(Some("Xiangqi Move Limit"), Some("movelimit"), Key::MoveLimit),
    spec(None, Some("usemillisec"), Key::UseMillisec),
    spec(None, Some("batch"), Key::Batch),
    spec(None, Some("debug"), Key::Debug),
    spec(None, Some("newgame"), Key::NewGame),
    spec(Some("Skill Level"), None, Key::SkillLevel),
    spec(Some("UCI_LimitStrength"), None, Key::LimitStrength),
    spec(Some("UCI_Elo"), None, Key::Elo),
    spec(None, Some("randomness"), Key::Randomness),
    spec(Some("Use NNUE"), Some("usennue"), Key::UseNnue),
    spec(Some("EvalFile"), Some("evalfile"), Key::EvalFile),
];

/// Standard UCCI options (spec §5.3) and ElephantEye extras that change nothing here.
const IGNORED_UCCI: &[&str] = &[
    "usebook",
    "useegtb",
    "bookfiles",
    "egtbpaths",
    "evalapi",
    "idle",
    "promotion",
    "pruning",
    "knowledge",
    "selectivity",
    "style",
    "usehash",
    "repetition",
    "drawmoves",
    "loadbook",
];

fn declaration(key: Key, dialect: Dialect) -> OptionKind {
    let ucci = dialect == Dialect::Ucci;
    match key {
        Key::Hash => OptionKind::Spin {
            default: DEFAULT_HASH_MB,
            // UCCI: 0 means "automatic" (the default size).
            min: i64::from(!ucci),
            max: MAX_HASH_MB,
        },
        Key::Threads => OptionKind::Spin {
            default: 1,
            // UCCI: 0 means "automatic" (every core).
            min: i64::from(!ucci),
            max: MAX_THREADS,
        },
        Key::MultiPv => OptionKind::Spin { default: 1, min: 1, max: MAX_MULTIPV },
        Key::MoveOverhead => {
            OptionKind::Spin { default: DEFAULT_MOVE_OVERHEAD_MS, min: 0, max: 5000 }
        }
        Key::MoveLimit => OptionKind::Spin {
            default: DEFAULT_MOVE_LIMIT,
            min: MIN_MOVE_LIMIT,
            max: MAX_MOVE_LIMIT,
        },
        Key::Variant => OptionKind::Combo {
            default: GameKind::Chess.name().into(),
            vars: GameKind::ALL.map(|g| g.name().into()).to_vec(),
        },
        Key::UseMillisec => OptionKind::Check { default: true },
        Key::SkillLevel => {
            OptionKind::Spin { default: i64::from(FULL_LEVEL), min: 0, max: i64::from(FULL_LEVEL) }
        }
        Key::Elo => OptionKind::Spin { default: MAX_ELO, min: MIN_ELO, max: MAX_ELO },
        Key::Randomness => OptionKind::Combo {
            default: "none".into(),
            vars: ["none", "tiny", "small", "medium", "large", "huge"].map(String::from).to_vec(),
        },
        Key::Ponder
        | Key::ShowWdl
        | Key::Chess960
        | Key::Batch
        | Key::Debug
        | Key::LimitStrength
        | Key::Ignored => OptionKind::Check { default: false },
        Key::ClearHash | Key::NewGame => OptionKind::Button,
        Key::UseNnue => OptionKind::Check { default: true },
        Key::EvalFile => OptionKind::String { default: "embedded".into() },
    }
}

/// The `option …` lines of the handshake (the search's tunable constants last, in a `tune`
/// build).
pub fn declarations(dialect: Dialect) -> Vec<String> {
    TABLE
        .iter()
        .filter_map(|s| {
            let name = match dialect {
                Dialect::Uci => s.uci?,
                Dialect::Ucci => s.ucci?,
            };
            Some(OptionDecl::new(name, declaration(s.key, dialect)).line(dialect))
        })
        .chain(tunables::declarations(dialect))
        .collect()
}

/// What the session must do after an option changed, beyond storing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Effect {
    None,
    ResizeHash,
    SetThreads,
    ClearHash,
    NewGame,
    SwitchGame(GameKind),
    /// The xiangqi move-count rule changed: re-apply it to the current position.
    Rules,
    /// `Use NNUE` or the net changed: give the engine its new evaluator.
    Eval,
}

/// Applies `setoption`. `Err` is a message for the user (`Ok(Effect::None)` for names that
/// are silently accepted).
pub fn apply(
    settings: &mut Settings,
    option: &SetOption,
    dialect: Dialect,
) -> Result<Effect, String> {
    let key = TABLE
        .iter()
        .find(|s| [s.uci, s.ucci].iter().flatten().any(|n| option.is(n)))
        .map(|s| s.key)
        .or_else(|| IGNORED_UCCI.iter().any(|n| option.is(n)).then_some(Key::Ignored));
    let Some(key) = key else {
        if let Some(outcome) = tunables::apply(option) {
            return outcome.map(|()| Effect::None);
        }
        return match dialect {
            Dialect::Uci => Err(format!("No such option: {}", option.name)),
            Dialect::Ucci => Ok(Effect::None),
        };
    };
    let bad = |expected: &str| {
        format!(
            "option {}: bad value '{}' (expected {expected})",
            option.name,
            option.value.as_deref().unwrap_or("")
        )
    };
    let spin = |min: i64, max: i64| -> Result<i64, String> {
        option
            .int_value()
            .map(|v| v.clamp(min, max))
            .ok_or_else(|| bad(&format!("a number {min}..{max}")))
    };
    let check = || option.bool_value().ok_or_else(|| bad("true or false"));
    Ok(match key {
        Key::Hash => {
            let mb = spin(0, MAX_HASH_MB)?;
            settings.hash_mb = if mb == 0 { DEFAULT_HASH_MB } else { mb } as usize;
            Effect::ResizeHash
        }
        Key::Threads => {
            let n = spin(0, MAX_THREADS)?;
            settings.threads = if n == 0 {
                std::thread::available_parallelism().map_or(1, |p| p.get())
            } else {
                n as usize
            };
            Effect::SetThreads
        }
        Key::ClearHash => Effect::ClearHash,
        Key::NewGame => Effect::NewGame,
        Key::Ponder => {
            settings.ponder = check()?;
            Effect::None
        }
        Key::MultiPv => {
            settings.multipv = spin(1, MAX_MULTIPV)? as usize;
            Effect::None
        }
        Key::MoveOverhead => {
            settings.move_overhead_ms = spin(0, 5000)? as u64;
            Effect::None
        }
        Key::Variant if dialect == Dialect::Ucci => {
            // UCCI is xiangqi only: a UCCI GUI that got chess moves back could not go on.
            return Err(format!(
                "option {}: UCCI plays xiangqi only; the variant cannot be changed",
                option.name
            ));
        }
        Key::Variant => {
            let value = option.value.as_deref().unwrap_or("");
            let kind = GameKind::from_name(value).ok_or_else(|| bad("chess or xiangqi"))?;
            settings.variant = kind;
            Effect::SwitchGame(kind)
        }
        Key::ShowWdl => {
            settings.show_wdl = check()?;
            Effect::None
        }
        Key::Chess960 => {
            settings.chess960 = check()?;
            Effect::Rules
        }
        Key::MoveLimit => {
            settings.move_limit = spin(MIN_MOVE_LIMIT, MAX_MOVE_LIMIT)? as u32;
            Effect::Rules
        }
        Key::UseMillisec => {
            // The clock unit matters only to parsing `go`, so the input thread keeps it (see
            // `input::LineReader`); here the value is only checked.
            check()?;
            Effect::None
        }
        Key::Batch => {
            settings.batch = check()?;
            Effect::None
        }
        Key::Debug => {
            settings.debug = check()?;
            Effect::None
        }
        Key::SkillLevel => {
            settings.skill_level = spin(0, i64::from(FULL_LEVEL))? as u8;
            Effect::None
        }
        Key::LimitStrength => {
            settings.limit_strength = check()?;
            Effect::None
        }
        Key::Elo => {
            settings.elo = spin(MIN_ELO, MAX_ELO)?;
            Effect::None
        }
        Key::Randomness => {
            let value = option.value.as_deref().unwrap_or("");
            settings.skill_level = skill::level_of_randomness(value)
                .ok_or_else(|| bad("none, tiny, small, medium, large or huge"))?;
            Effect::None
        }
        Key::UseNnue => {
            settings.use_nnue = check()?;
            Effect::Eval
        }
        Key::EvalFile => {
            settings.nets.load(option.value.as_deref().unwrap_or("").trim())?;
            Effect::Eval
        }
        Key::Ignored => Effect::None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set(name: &str, value: Option<&str>) -> SetOption {
        SetOption { name: name.into(), value: value.map(Into::into) }
    }

    #[test]
    fn either_name_in_either_dialect() {
        let mut s = Settings::default();
        assert_eq!(apply(&mut s, &set("Hash", Some("64")), Dialect::Ucci), Ok(Effect::ResizeHash));
        assert_eq!(s.hash_mb, 64);
        assert_eq!(
            apply(&mut s, &set("hashsize", Some("0")), Dialect::Uci),
            Ok(Effect::ResizeHash)
        );
        assert_eq!(s.hash_mb, DEFAULT_HASH_MB as usize);
        assert_eq!(apply(&mut s, &set("clear hash", None), Dialect::Uci), Ok(Effect::ClearHash));
    }

    #[test]
    fn unknown_names_only_complain_under_uci() {
        let mut s = Settings::default();
        assert!(apply(&mut s, &set("Frobnicate", Some("1")), Dialect::Uci).is_err());
        assert_eq!(apply(&mut s, &set("frobnicate", Some("1")), Dialect::Ucci), Ok(Effect::None));
        assert_eq!(apply(&mut s, &set("usebook", Some("false")), Dialect::Uci), Ok(Effect::None));
    }

    #[test]
    fn values_are_checked_and_clamped() {
        let mut s = Settings::default();
        assert!(apply(&mut s, &set("Threads", Some("many")), Dialect::Uci).is_err());
        assert_eq!(s.threads, 1);
        apply(&mut s, &set("MultiPV", Some("100000")), Dialect::Uci).ok();
        assert_eq!(s.multipv, MAX_MULTIPV as usize);
        assert!(apply(&mut s, &set("usemillisec", Some("maybe")), Dialect::Ucci).is_err());
        // Its effect on clocks is tested with `input::LineReader`.
        assert!(apply(&mut s, &set("usemillisec", Some("off")), Dialect::Ucci).is_ok());
        assert_eq!(
            apply(&mut s, &set("UCI_Variant", Some("xiangqi")), Dialect::Uci),
            Ok(Effect::SwitchGame(GameKind::Xiangqi))
        );
        assert!(apply(&mut s, &set("UCI_Variant", Some("shogi")), Dialect::Uci).is_err());
    }

    #[test]
    fn ucci_refuses_the_variant() {
        let mut s = Settings { variant: GameKind::Xiangqi, ..Settings::default() };
        for value in ["chess", "xiangqi"] {
            assert!(apply(&mut s, &set("UCI_Variant", Some(value)), Dialect::Ucci).is_err());
            assert_eq!(s.variant, GameKind::Xiangqi);
        }
    }

    #[test]
    fn ucci_announces_the_spec_names() {
        let lines = declarations(Dialect::Ucci);
        assert!(lines.contains(&"option usemillisec type check default true".to_owned()));
        assert!(lines.contains(&"option newgame type button".to_owned()));
        assert!(lines.iter().any(|l| l.starts_with("option hashsize type spin min 0")));
        assert!(lines.iter().all(|l| !l.contains(" name ")));
        let uci = declarations(Dialect::Uci);
        assert!(uci.contains(
            &"option name UCI_Variant type combo default chess var chess var xiangqi".to_owned()
        ));
        assert!(uci.iter().all(|l| !l.contains("usemillisec")));
    }
}
