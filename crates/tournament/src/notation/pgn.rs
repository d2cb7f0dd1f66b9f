//! PGN output. Chess games use SAN with cutechess-style move notes (`{+0.31/12 0.105s}`) and a
//! closing comment with the reason. Xiangqi games use ICCS moves (`H2-E2`, `[Format "ICCS"]`) as
//! cchess and xiangqi GUIs read them; because that reader stops at the first comment, the
//! reason goes into a `TerminationDetails` tag there instead of the movetext.

use crate::config::GameKind;
use crate::game::record::MatchGame;
use crate::notation::san::san;
use game_api::Game;

const LINE_WIDTH: usize = 80;

fn tag(out: &mut String, name: &str, value: &str) {
    let escaped = value.replace('\\', "\\\\").replace('"', "\\\"");
    out.push_str(&format!("[{name} \"{escaped}\"]\n"));
}

/// The game as PGN text, ending with a blank line.
pub fn write_game<G: Game>(rec: &MatchGame, game: GameKind, event: &str) -> String {
    write_game_with::<G>(rec, game, false, event)
}

/// [`write_game`], marking a Chess960 game with `[Variant "Chess960"]` as cutechess and
/// the rating lists do (its start position is in the `FEN` tag, with `SetUp`).
pub fn write_game_with<G: Game>(
    rec: &MatchGame,
    game: GameKind,
    chess960: bool,
    event: &str,
) -> String {
    let mut out = String::new();
    tag(&mut out, "Event", event);
    tag(&mut out, "Site", "kientuong match");
    tag(&mut out, "Date", &rec.date);
    tag(&mut out, "Round", &rec.round.to_string());
    tag(&mut out, "White", &rec.white_name);
    tag(&mut out, "Black", &rec.black_name);
    tag(&mut out, "Result", rec.end.result_text());
    if chess960 {
        tag(&mut out, "Variant", "Chess960");
    }
    if game == GameKind::Xiangqi {
        tag(&mut out, "Game", "Chinese Chess");
        tag(&mut out, "Format", "ICCS");
    }
    if let Some(fen) = &rec.start_fen {
        tag(&mut out, "FEN", fen);
        tag(&mut out, "SetUp", "1");
    }
    if let Some(name) = &rec.opening_name {
        tag(&mut out, "Opening", name);
    }
    tag(&mut out, "PlyCount", &rec.moves.len().to_string());
    tag(&mut out, "TimeControl", &rec.time_control);
    tag(&mut out, "Termination", rec.end.termination.pgn_text());
    // How near each side came to losing on time, for both games (xiangqi has no move notes).
    for (side, low) in ["WhiteClockLow", "BlackClockLow"].into_iter().zip(rec.clock_low) {
        if let Some(low) = low {
            tag(&mut out, side, &format!("{:.3}", low.as_secs_f64()));
        }
    }
    if game == GameKind::Xiangqi {
        tag(&mut out, "TerminationDetails", &rec.end.comment);
    }
    out.push('\n');

    let mut words: Vec<String> = Vec::new();
    let mut pos: Option<G> = match &rec.start_fen {
        Some(fen) => G::from_fen(fen).ok(),
        None => Some(G::startpos()),
    };
    // Move numbers follow the start position: a game from a FEN with Black to move opens "1...".
    let black_first = pos.as_ref().is_some_and(|p| p.side_to_move() == game_api::Color::Black);
    let first_number: usize = rec
        .start_fen
        .as_deref()
        .and_then(|f| f.split_whitespace().nth(5))
        .and_then(|n| n.parse().ok())
        .unwrap_or(1);
    for (i, played) in rec.moves.iter().enumerate() {
        let ply = i + usize::from(black_first);
        let number = first_number + ply / 2;
        if ply % 2 == 0 {
            words.push(format!("{number}."));
        } else if i == 0 {
            words.push(format!("{number}..."));
        }
        let text = match (game, pos.as_mut()) {
            (GameKind::Chess, Some(p)) => match p.parse_move(&played.text) {
                Ok(m) => {
                    let s = san(p, m);
                    p.make(m);
                    s
                }
                Err(_) => played.text.clone(),
            },
            (GameKind::Xiangqi, _) => iccs(&played.text),
            (_, None) => played.text.clone(),
        };
        words.push(text);
        if game == GameKind::Chess {
            if let Some(note) = &played.note {
                words.push(format!("{{{note}}}"));
            }
        }
    }
    if game == GameKind::Chess && !rec.end.comment.is_empty() {
        words.push(format!("{{{}}}", rec.end.comment.replace('}', ")")));
    }
    words.push(rec.end.result_text().to_owned());
    out.push_str(&wrap(&words));
    out.push_str("\n\n");
    out
}

/// `h2e2` → `H2-E2`.
fn iccs(text: &str) -> String {
    if text.len() == 4 {
        format!("{}-{}", text[..2].to_ascii_uppercase(), text[2..].to_ascii_uppercase())
    } else {
        text.to_owned()
    }
}

/// Joins words into lines of at most `LINE_WIDTH` characters, never splitting a comment's
/// opening brace from its text.
fn wrap(words: &[String]) -> String {
    let mut out = String::new();
    let mut line_len = 0;
    for word in words {
        if line_len > 0 && line_len + 1 + word.len() > LINE_WIDTH {
            out.push('\n');
            line_len = 0;
        } else if line_len > 0 {
            out.push(' ');
            line_len += 1;
        }
        out.push_str(word);
        line_len += word.len();
    }
    out
}
