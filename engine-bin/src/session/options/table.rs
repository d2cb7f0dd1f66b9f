//! The option table: each option declared once, in the order the handshakes announce them.
//!
//! An entry is the option's names, its type with default and range, and its setter, which only
//! stores an already checked value (see `entry.rs`). Adding an option is adding an entry here
//! (and, if it keeps a value, its field in `Settings`).

use super::entry::{Entry, Kind, SpinTarget};
use super::Effect;
use crate::session::skill::{self, FULL_LEVEL, MAX_ELO, MIN_ELO};
use protocol::GameKind;

/// `hashsize 0` (UCCI's "automatic") means this size.
const DEFAULT_HASH_MB: i64 = 16;
/// `UCI_Variant`'s words, those of `GameKind::name` (a test checks they agree).
pub const VARIANTS: &[&str] = &["chess", "xiangqi"];

pub const TABLE: &[Entry] = &[
    Entry::both(
        "Threads",
        "threads",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
            // UCCI: 0 means every core.
            zero_is_auto_in_ucci: true,
            set: SpinTarget::Setting(|s, n| {
                s.threads = match n {
                    0 => std::thread::available_parallelism().map_or(1, |p| p.get()),
                    n => n as usize,
                };
                Effect::SetThreads
            }),
        },
    ),
    Entry::both(
        "Hash",
        "hashsize",
        Kind::Spin {
            default: DEFAULT_HASH_MB,
            min: 1,
            max: 65_536,
            // UCCI: 0 means the default size.
            zero_is_auto_in_ucci: true,
            set: SpinTarget::Setting(|s, mb| {
                s.hash_mb = if mb == 0 { DEFAULT_HASH_MB } else { mb } as usize;
                Effect::ResizeHash
            }),
        },
    ),
    Entry::both("Clear Hash", "clearhash", Kind::Button { effect: Effect::ClearHash }),
    Entry::both(
        "Ponder",
        "ponder",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.ponder = on;
                Effect::None
            },
        },
    ),
    Entry::both(
        "MultiPV",
        "multipv",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 256,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, n| {
                s.multipv = n as usize;
                Effect::None
            }),
        },
    ),
    Entry::both(
        "Move Overhead",
        "moveoverhead",
        Kind::Spin {
            default: 10,
            min: 0,
            max: 5000,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, ms| {
                s.move_overhead_ms = ms as u64;
                Effect::None
            }),
        },
    ),
    // UCCI is xiangqi only: a UCCI GUI that got chess moves back could not go on.
    Entry::uci(
        "UCI_Variant",
        Kind::Combo {
            default: "chess",
            vars: VARIANTS,
            set: |s, name| {
                let kind = GameKind::from_name(name)?;
                s.variant = kind;
                Some(Effect::SwitchGame(kind))
            },
        },
    )
    .refused_in_ucci("UCCI plays xiangqi only; the variant cannot be changed"),
    Entry::uci(
        "UCI_ShowWDL",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.show_wdl = on;
                Effect::None
            },
        },
    ),
    // Castling written king-takes-rook, as Chess960 GUIs expect; the rules take every
    // placement either way.
    Entry::uci(
        "UCI_Chess960",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.chess960 = on;
                Effect::Rules
            },
        },
    ),
    // Xiangqi's move-count rule in plies without a capture.
    Entry::both(
        "Xiangqi Move Limit",
        "movelimit",
        Kind::Spin {
            default: 120,
            min: 100,
            max: 300,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, plies| {
                s.move_limit = plies as u32;
                Effect::Rules
            }),
        },
    ),
    // The clock unit matters only to parsing `go`, so the input thread keeps it (see
    // `input::LineReader`); here the value is only checked.
    Entry::ucci("usemillisec", Kind::Check { default: true, set: |_, _| Effect::None }),
    Entry::ucci(
        "batch",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.batch = on;
                Effect::None
            },
        },
    ),
    Entry::ucci(
        "debug",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.debug = on;
                Effect::None
            },
        },
    ),
    Entry::ucci("newgame", Kind::Button { effect: Effect::NewGame }),
    Entry::uci(
        "Skill Level",
        Kind::Spin {
            default: FULL_LEVEL as i64,
            min: 0,
            max: FULL_LEVEL as i64,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, level| {
                s.skill_level = level as u8;
                Effect::None
            }),
        },
    ),
    Entry::uci(
        "UCI_LimitStrength",
        Kind::Check {
            default: false,
            set: |s, on| {
                s.limit_strength = on;
                Effect::None
            },
        },
    ),
    Entry::uci(
        "UCI_Elo",
        Kind::Spin {
            default: MAX_ELO,
            min: MIN_ELO,
            max: MAX_ELO,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, elo| {
                s.elo = elo;
                Effect::None
            }),
        },
    ),
    // ElephantEye's combo: the UCCI way to ask for weaker play.
    Entry::ucci(
        "randomness",
        Kind::Combo {
            default: "none",
            vars: skill::RANDOMNESS,
            set: |s, value| {
                s.skill_level = skill::level_of_randomness(value)?;
                Some(Effect::None)
            },
        },
    ),
    Entry::both(
        "Use NNUE",
        "usennue",
        Kind::Check {
            default: true,
            set: |s, on| {
                s.use_nnue = on;
                Effect::Eval
            },
        },
    ),
    Entry::both(
        "EvalFile",
        "evalfile",
        Kind::Text {
            default: "embedded",
            set: |s, path| {
                s.nets.load(path)?;
                Ok(Effect::Eval)
            },
        },
    ),
    // Stockfish's names, ranges and defaults, so that GUIs and match runners set them as they
    // do for every other engine. Chess only: xiangqi has no Syzygy tables.
    Entry::uci(
        "SyzygyPath",
        Kind::Text {
            default: "<empty>",
            set: |s, path| {
                s.tablebases.load(path);
                Ok(Effect::Tablebases)
            },
        },
    ),
    Entry::uci(
        "SyzygyProbeDepth",
        Kind::Spin {
            default: 1,
            min: 1,
            max: 100,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, depth| {
                s.tablebases.probe.probe_depth = depth as i32;
                Effect::Tablebases
            }),
        },
    ),
    Entry::uci(
        "Syzygy50MoveRule",
        Kind::Check {
            default: true,
            set: |s, on| {
                s.tablebases.probe.fifty_move_rule = on;
                Effect::Tablebases
            },
        },
    ),
    Entry::uci(
        "SyzygyProbeLimit",
        Kind::Spin {
            default: 7,
            min: 0,
            max: 7,
            zero_is_auto_in_ucci: false,
            set: SpinTarget::Setting(|s, pieces| {
                s.tablebases.probe.probe_limit = pieces as u32;
                Effect::Tablebases
            }),
        },
    ),
];

/// Standard UCCI options (spec §5.3) and ElephantEye extras that this engine has no use for
/// (book, tablebases, style…): accepted silently, with any value and in either dialect, so
/// that GUIs which set them are not told off. Not announced.
pub const IGNORED_UCCI: &[&str] = &[
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
