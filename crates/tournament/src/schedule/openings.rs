//! Opening positions: the built-in books and EPD or PGN files. Every opening is replayed
//! through the referee when loaded, so a bad line is reported before any game starts.
//!
//! The default built-in books (`data/chess_book.epd`, 20 000 positions; `data/xiangqi_book.epd`,
//! 10 000) were made by `kientuong book` (`scripts/make-books.sh` remakes them bit for bit): a
//! fixed-node match is decided by its openings and colours, so a test of N games needs N / 2
//! distinct openings to play no game twice. The classic books (chess: 373 balanced 4-ply lines;
//! xiangqi: the 36 standard openings of seed 002) stay for `--openings book=classic` and the
//! tests that pin them.

use crate::config::{BuiltinBook, GameKind, OpeningConfig, OpeningFormat, OpeningOrder};
use crate::notation::san::parse_any;
use game_api::{Game, SplitMix64};
use std::collections::HashSet;

const CHESS_BOOK: &str = include_str!("../../data/chess_book.epd");
const XIANGQI_BOOK: &str = include_str!("../../data/xiangqi_book.epd");
const CHESS_CLASSIC: &str = include_str!("../../data/chess_openings.txt");
const XIANGQI_CLASSIC: &str = include_str!("../../data/xiangqi_openings.txt");

/// A start position and moves to play from it, in our notation.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Opening {
    pub name: Option<String>,
    /// `None`: the game's start position.
    pub fen: Option<String>,
    pub moves: Vec<String>,
}

/// The built-in book of Chess960: the 960 numbered start positions, which `load` always
/// shuffles by the seed (a list of chosen ones is an EPD file of their FENs).
pub fn builtin_chess960() -> Vec<Opening> {
    (0..960)
        .filter_map(|n| {
            Some(Opening {
                name: Some(format!("Chess960 #{n}")),
                fen: Some(movegen_chess::chess960_start_fen(n)?),
                moves: Vec::new(),
            })
        })
        .collect()
}

/// The default built-in book of a game: EPD positions.
pub fn builtin(game: GameKind) -> Vec<Opening> {
    parse_epd(match game {
        GameKind::Chess => CHESS_BOOK,
        GameKind::Xiangqi => XIANGQI_BOOK,
    })
}

/// The classic built-in book of a game: named move lines from the start position.
pub fn builtin_classic(game: GameKind) -> Vec<Opening> {
    let text = match game {
        GameKind::Chess => CHESS_CLASSIC,
        GameKind::Xiangqi => XIANGQI_CLASSIC,
    };
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (name, moves) = match line.split_once('|') {
                Some((name, moves)) => (Some(name.trim().to_owned()), moves),
                None => (None, line),
            };
            Opening {
                name,
                fen: None,
                moves: moves.split_whitespace().map(str::to_owned).collect(),
            }
        })
        .collect()
}

/// EPD lines: the four position fields (board, side, castling, en passant), optional opcodes.
pub fn parse_epd(text: &str) -> Vec<Opening> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|line| {
            let fields: Vec<&str> = line.split_whitespace().collect();
            if fields.len() < 2 {
                return None;
            }
            let mut fen: Vec<&str> = fields.iter().take(4).copied().collect();
            while fen.len() < 4 {
                fen.push("-");
            }
            // Keep the clocks when the line is a full FEN, else start them afresh.
            let clocks_given = fields.len() >= 6
                && fields[4].parse::<u32>().is_ok()
                && fields[5].trim_end_matches(';').parse::<u32>().is_ok();
            let clocks = if clocks_given {
                format!("{} {}", fields[4], fields[5].trim_end_matches(';'))
            } else {
                "0 1".to_owned()
            };
            let name = line
                .split("id ")
                .nth(1)
                .map(|s| s.trim_matches(|c| c == '"' || c == ';' || c == ' ').to_owned());
            Some(Opening {
                name,
                fen: Some(format!("{} {clocks}", fen.join(" "))),
                moves: Vec::new(),
            })
        })
        .collect()
}

/// The games of a PGN file as openings: the `FEN` tag (if any) and the main line, in SAN,
/// coordinate or ICCS (`H2-E2`) notation. Comments, variations and NAGs are skipped.
pub fn parse_pgn<G: Game>(text: &str) -> Result<Vec<Opening>, String> {
    let mut out = Vec::new();
    let mut fen: Option<String> = None;
    let mut name: Option<String> = None;
    let mut tokens: Vec<String> = Vec::new();
    let mut in_moves = false;
    let flush = |fen: &mut Option<String>,
                 name: &mut Option<String>,
                 tokens: &mut Vec<String>,
                 out: &mut Vec<Opening>|
     -> Result<(), String> {
        if tokens.is_empty() && fen.is_none() {
            return Ok(());
        }
        let opening = pgn_game::<G>(fen.take(), name.take(), tokens)?;
        tokens.clear();
        out.push(opening);
        Ok(())
    };
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            if in_moves {
                flush(&mut fen, &mut name, &mut tokens, &mut out)?;
                in_moves = false;
            }
            if let Some((tag, value)) = parse_tag(line) {
                match tag.as_str() {
                    "FEN" => fen = Some(value),
                    "Opening" | "Event" if name.is_none() || tag == "Opening" => name = Some(value),
                    _ => {}
                }
            }
        } else if !line.is_empty() {
            in_moves = true;
            tokens.push(line.to_owned());
        }
    }
    flush(&mut fen, &mut name, &mut tokens, &mut out)?;
    Ok(out)
}

fn parse_tag(line: &str) -> Option<(String, String)> {
    let inner = line.trim_start_matches('[').trim_end_matches(']');
    let (tag, rest) = inner.split_once(char::is_whitespace)?;
    Some((tag.to_owned(), rest.trim().trim_matches('"').to_owned()))
}

fn pgn_game<G: Game>(
    fen: Option<String>,
    name: Option<String>,
    lines: &[String],
) -> Result<Opening, String> {
    let text = strip_pgn_noise(&lines.join(" "));
    let mut pos = match &fen {
        Some(f) => G::from_fen(f).map_err(|e| format!("PGN opening: {e}"))?,
        None => G::startpos(),
    };
    let mut moves = Vec::new();
    for token in text.split_whitespace() {
        if matches!(token, "*" | "1-0" | "0-1" | "1/2-1/2") {
            break;
        }
        // Move numbers: "12." or "12..." possibly glued to the move ("12.e4").
        let token = token.trim_start_matches(|c: char| c.is_ascii_digit()).trim_start_matches('.');
        if token.is_empty() || token.starts_with('$') {
            continue;
        }
        let iccs = token.replace('-', "").to_ascii_lowercase();
        let m = parse_any(&mut pos, token)
            .or_else(|| {
                if token.len() == 5 && token.as_bytes()[2] == b'-' {
                    parse_any(&mut pos, &iccs)
                } else {
                    None
                }
            })
            .ok_or_else(|| format!("PGN opening: '{token}' is not a legal move"))?;
        moves.push(pos.write_move(m));
        pos.make(m);
    }
    Ok(Opening { name, fen, moves })
}

/// Removes `{comments}`, `;` line comments and `(variations)` from movetext.
fn strip_pgn_noise(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut brace = false;
    let mut paren = 0usize;
    for c in text.chars() {
        match c {
            '{' if !brace => brace = true,
            '}' if brace => brace = false,
            '(' if !brace => paren += 1,
            ')' if !brace && paren > 0 => paren -= 1,
            _ if brace || paren > 0 => {}
            _ => out.push(c),
        }
    }
    out
}

/// Loads the openings the configuration asks for, checks each is playable, cuts lines to
/// `plies`, and orders them (sequential from `start`, or shuffled by the seed). In Chess960
/// without a file the book is the 960 numbered start positions, shuffled by the seed.
pub fn load<G: Game>(
    cfg: &OpeningConfig,
    game: GameKind,
    chess960: bool,
    seed: u64,
) -> Result<Vec<Opening>, String> {
    // Every complaint about a book file names it: the user has to find the line to fix.
    let source = match &cfg.file {
        Some(path) => format!("{}: ", path.display()),
        None => "the built-in book: ".to_owned(),
    };
    let mut openings = match &cfg.file {
        None if chess960 => builtin_chess960(),
        None if cfg.book == BuiltinBook::Classic => builtin_classic(game),
        None => builtin(game),
        Some(path) => {
            let text = std::fs::read_to_string(path).map_err(|e| format!("{source}{e}"))?;
            match cfg.format {
                OpeningFormat::Epd => parse_epd(&text),
                OpeningFormat::Pgn => parse_pgn::<G>(&text).map_err(|e| format!("{source}{e}"))?,
            }
        }
    };
    for (i, o) in openings.iter_mut().enumerate() {
        if let Some(p) = cfg.plies {
            o.moves.truncate(p);
        }
        validate::<G>(o).map_err(|e| format!("{source}opening {}: {e}", i + 1))?;
    }
    if openings.is_empty() {
        return Err(format!("{source}no openings found"));
    }
    let start = cfg.start.saturating_sub(1) % openings.len();
    openings.rotate_left(start);
    if cfg.order == OpeningOrder::Random || (chess960 && cfg.file.is_none()) {
        SplitMix64::new(seed).shuffle(&mut openings);
    }
    Ok(openings)
}

/// How many of the openings lead to different positions (placement, side to move, castling
/// and en passant: a FEN's first four fields), after their moves. Openings that do not replay
/// count as one each (`load` refuses them anyway).
pub fn distinct_positions<G: Game>(openings: &[Opening]) -> usize {
    let mut seen = HashSet::with_capacity(openings.len());
    let mut broken = 0;
    for o in openings {
        match end_position::<G>(o) {
            Some(fen) => {
                seen.insert(fen.split_whitespace().take(4).collect::<Vec<_>>().join(" "));
            }
            None => broken += 1,
        }
    }
    seen.len() + broken
}

/// The FEN an opening reaches, if it replays.
fn end_position<G: Game>(o: &Opening) -> Option<String> {
    replay::<G>(&mut o.clone()).ok().map(|pos| pos.fen())
}

/// Plays an opening's moves from its start; the moves are rewritten in our notation.
fn replay<G: Game>(o: &mut Opening) -> Result<G, String> {
    let mut pos = match &o.fen {
        Some(f) => G::from_fen(f).map_err(|e| e.to_string())?,
        None => G::startpos(),
    };
    for text in o.moves.iter_mut() {
        let m = pos.parse_move(text).map_err(|e| e.to_string())?;
        *text = pos.write_move(m);
        pos.make(m);
    }
    Ok(pos)
}

/// Replays an opening; the moves are rewritten in our notation.
pub fn validate<G: Game>(o: &mut Opening) -> Result<(), String> {
    if replay::<G>(o)?.game_verdict().is_some() {
        return Err("the game is already over".into());
    }
    Ok(())
}
