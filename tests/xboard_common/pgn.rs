//! XBoard's PGN read back and refereed by our rules: every move legal, a finished result that the
//! Result tag and the movetext agree on, an ending that is no forfeit, and a mate that is a mate.
//!
//! XBoard ends a game's movetext with a comment that says why (`{Xboard adjudication:
//! Checkmate} 0-1`, `{XBoard adjudication: repetition draw} 1/2-1/2`, `{White resigns} 0-1`);
//! the comments after moves are scores (`{+0.16/12 0.2}`) and hold no words.

use game_api::{Color, Game, Move, Outcome};

/// One game of the file: its tags and its movetext.
pub struct PgnGame {
    pub tags: Vec<(String, String)>,
    pub movetext: String,
}

impl PgnGame {
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(t, _)| t == name).map(|(_, v)| v.as_str())
    }
}

/// Splits a PGN file into games: a tag line after movetext starts the next game.
pub fn split_games(text: &str) -> Vec<PgnGame> {
    let mut games = Vec::new();
    let mut current = PgnGame { tags: Vec::new(), movetext: String::new() };
    for line in text.lines().map(str::trim) {
        if let Some(inner) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            if !current.movetext.trim().is_empty() {
                games.push(std::mem::replace(
                    &mut current,
                    PgnGame { tags: Vec::new(), movetext: String::new() },
                ));
            }
            if let Some((name, value)) = inner.split_once(' ') {
                current.tags.push((name.to_owned(), value.trim().trim_matches('"').to_owned()));
            }
        } else if !line.is_empty() {
            current.movetext.push_str(line);
            current.movetext.push(' ');
        }
    }
    if !current.tags.is_empty() || !current.movetext.trim().is_empty() {
        games.push(current);
    }
    games
}

/// Movetext taken apart: the moves, the comment that closes the game, the final token.
pub struct Movetext {
    pub moves: Vec<String>,
    pub end_comment: Option<String>,
    pub result: Option<String>,
}

const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

pub fn read_movetext(text: &str) -> Movetext {
    let mut moves = Vec::new();
    let mut result = None;
    // Comments seen since the last move: the game's end comment is the last of them with words.
    let mut trailing: Vec<String> = Vec::new();
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if c == '{' {
            let end = rest.find('}').unwrap_or(rest.len());
            trailing.push(rest[1..end].trim().to_owned());
            rest = rest.get(end + 1..).unwrap_or("");
            continue;
        }
        if c.is_whitespace() {
            rest = &rest[c.len_utf8()..];
            continue;
        }
        let end = rest.find(|ch: char| ch.is_whitespace() || ch == '{').unwrap_or(rest.len());
        let token = &rest[..end];
        rest = &rest[end..];
        if RESULTS.contains(&token) {
            result = Some(token.to_owned());
            continue;
        }
        // Move numbers: "12." or "12..." possibly glued to the move ("12.e4").
        let token = token.trim_start_matches(|ch: char| ch.is_ascii_digit() || ch == '.');
        if !token.is_empty() {
            moves.push(token.to_owned());
            trailing.clear();
        }
    }
    let end_comment = trailing.into_iter().rfind(|c| has_words(c));
    Movetext { moves, end_comment, result }
}

/// A comment that says something (score comments are signs, digits, dots and slashes).
fn has_words(comment: &str) -> bool {
    comment.as_bytes().windows(3).any(|w| w.iter().all(u8::is_ascii_alphabetic))
}

/// Words of an end comment that mean the game was not finished over the board.
const FORFEIT_WORDS: [&str; 9] =
    ["forfeit", "time", "illegal", "exited", "disconnect", "crash", "false", "abort", "error"];

/// What one refereed game came to, for the test's report.
pub struct GameSummary {
    pub result: String,
    pub plies: usize,
    pub end_comment: String,
}

/// Referees one XBoard game. `resolve` reads one movetext move in `pos`; `draws_by_our_rules`
/// says whether XBoard's repetition and 50-move draws are ours too (chess) or not (xiangqi,
/// where XBoard counts 50 moves and we count the 120-ply rule).
pub fn referee<G: Game>(
    game: &PgnGame,
    mut resolve: impl FnMut(&mut G, &str) -> Result<Move, String>,
    draws_by_our_rules: bool,
) -> Result<GameSummary, String> {
    let text = read_movetext(&game.movetext);
    let tag = game.tag("Result").ok_or("no Result tag")?;
    if !["1-0", "0-1", "1/2-1/2"].contains(&tag) {
        return Err(format!("unfinished: Result tag {tag:?}"));
    }
    if text.result.as_deref() != Some(tag) {
        return Err(format!("Result tag {tag} but the movetext ends with {:?}", text.result));
    }
    let end = text.end_comment.clone().ok_or("no comment says why the game ended")?;
    let lowered = end.to_ascii_lowercase();
    if let Some(word) = FORFEIT_WORDS.iter().find(|w| lowered.contains(*w)) {
        return Err(format!("not finished over the board ({word}): {{{end}}} {tag}"));
    }
    let mut pos = match game.tag("FEN") {
        Some(fen) => G::from_fen(fen).map_err(|e| format!("FEN tag {fen}: {e:?}"))?,
        None => G::startpos(),
    };
    for (ply, token) in text.moves.iter().enumerate() {
        let m = resolve(&mut pos, token)
            .map_err(|e| format!("ply {}: {token}: {e} (position {})", ply + 1, pos.fen()))?;
        pos.make(m);
    }
    let claimed = match tag {
        "1-0" => Outcome::Win(Color::White),
        "0-1" => Outcome::Win(Color::Black),
        _ => Outcome::Draw,
    };
    // "Checkmate" and "Stalemate" both mean no legal move: our rules must say the same, with
    // the same winner (a xiangqi stalemate loses, a chess one draws).
    if lowered.contains("mate") && !lowered.contains("material") {
        if pos.count_legal() != 0 {
            return Err(format!("{{{end}}} but {} has legal moves", pos.fen()));
        }
        let ours = pos.no_moves_verdict().outcome;
        if ours != claimed {
            return Err(format!("{{{end}}} {tag}, our rules say {ours:?} in {}", pos.fen()));
        }
    }
    let rule_draw =
        ["repetition", "50-move", "fifty", "insufficient"].iter().any(|w| lowered.contains(w));
    if draws_by_our_rules && rule_draw {
        let ours = pos.verdict(0).map(|v| v.outcome);
        if ours != Some(Outcome::Draw) || claimed != Outcome::Draw {
            return Err(format!("{{{end}}} {tag}, our rules say {ours:?} in {}", pos.fen()));
        }
    }
    Ok(GameSummary { result: tag.to_owned(), plies: text.moves.len(), end_comment: end })
}
