//! `go`: from the GUI's parameters to a search, and from the search's result to the line that
//! ends it (`bestmove m [ponder p] [draw|resign]`, `bestmove (none)`, `nobestmove`).

use super::lag::Clock;
use super::progress::{self, Progress};
use super::{PlayableGame, SessionEngine};
use crate::session::control::{Control, Ticket};
use crate::session::options::Settings;
use crate::session::skill::Skill;
use game_api::{Color, Game, GameKind, GenKind, Move, MoveList};
use protocol::{BestMove, Dialect, GoParams, Offer, Score, SearchInfo};
use std::time::Duration;

/// Accept an offered draw (UCCI `go draw`, `ponderhit draw`) at or below this score.
const DRAW_ACCEPT_CP: i32 = 20;
/// Resign (UCCI) at or below this score, or when mated for sure.
const RESIGN_CP: i32 = -2000;

/// Clock values above this (about 11 days) are read as this: no game needs more, and GUIs
/// and fuzzers do send `wtime 18446744073709551616`, which the time arithmetic need not survive.
const MAX_CLOCK_MS: u64 = 1_000_000_000;
/// Likewise for node budgets (2^48 nodes is days of search).
const MAX_NODES: u64 = 1 << 48;

/// The finite search that replaces one that could never end on its own: a `go` whose tokens
/// were all unreadable (`go depth banana`), one that names only the opponent's clock, or an
/// infinite or ponder search in UCCI batch mode (where `stop` and `ponderhit` wait in the queue
/// behind the search). One second: short enough that a clock-driven GUI does not wait long,
/// long enough for a reasonable move.
pub const FALLBACK_MOVETIME_MS: u64 = 1000;

/// Error lines name at most this many of the ignored `go` tokens, then give the count.
const MAX_NAMED_TOKENS: usize = 5;

/// The search a `go` asks for, as the search crate takes it: the one place where the GUI's
/// numbers are bounded. Clocks go to the colour they belong to: UCCI's `time`/`opptime` are the
/// side to move's and its opponent's, UCI's `wtime`/`btime` are by colour.
pub fn limits(go: &GoParams, settings: &Settings, side: Color) -> search::Limits {
    let ms = |v: u64| v.min(MAX_CLOCK_MS);
    let white_to_move = side == Color::White;
    let mut limits = search::Limits {
        // Stockfish searches at least one ply whatever the depth; so do we (UCCI's
        // `go depth 0` is answered before a search is asked for).
        depth: go.depth.map(|d| d.max(1)),
        nodes: go.nodes.map(|n| n.min(MAX_NODES)),
        movetime: go.movetime.map(ms),
        mate: go.mate,
        infinite: go.is_infinite(),
        ponder: go.ponder,
        movestogo: go.movestogo,
        move_overhead: settings.move_overhead_ms,
        multipv: settings.multipv,
        ..search::Limits::default()
    };
    let clocks = [(side, go.own_clock(white_to_move)), (!side, go.opponent_clock(white_to_move))];
    for (color, clock) in clocks {
        if let Some(clock) = clock {
            limits.time[color.index()] = Some(ms(clock.remaining_ms));
            limits.inc[color.index()] = Some(ms(clock.increment_ms));
        }
    }
    limits
}

/// What `go` needs from the session besides the engine.
pub struct GoContext<'a> {
    pub control: &'a Control,
    pub dialect: Dialect,
    pub settings: &'a Settings,
}

impl<G: PlayableGame> SessionEngine<G> {
    /// Runs search `seq` and prints its answer. Every path ends the ticket, so the GUI always
    /// gets exactly one `bestmove`/`nobestmove` per `go`.
    pub fn go(&mut self, params: &GoParams, seq: u64, cx: &GoContext<'_>) {
        let ticket = cx.control.begin_search(seq);
        cx.control.set_prober(Some(self.prober(cx.settings)));
        let answer = self.answer(params, cx, &ticket);
        cx.control.set_prober(None);
        cx.control.end_search(ticket, &answer.line(cx.dialect));
    }

    fn answer(&mut self, params: &GoParams, cx: &GoContext<'_>, ticket: &Ticket) -> BestMove {
        let out = &cx.control.out;
        let played = self.played.take();
        if !params.ignored.is_empty() {
            out.note(&format!("go: ignored {}", summarize(&params.ignored)));
        }
        let Some(root) = self.root.as_ref() else {
            out.note("go: no valid position (the last position command failed)");
            return BestMove::default();
        };
        let mut searchmoves = Vec::new();
        for token in &params.searchmoves {
            match root.parse_move(token) {
                Ok(m) => searchmoves.push(m),
                Err(e) => out.note(&format!("go searchmoves: {e}")),
            }
        }
        if cx.dialect == Dialect::Ucci && params.depth == Some(0) && !params.infinite {
            // The spec's `go depth 0`: a static evaluation and nothing to play.
            let eval = self.search.static_eval(root);
            let info = SearchInfo {
                depth: Some(0),
                score: Some(Score::Cp(eval)),
                ..SearchInfo::default()
            };
            out.line(&info.line(cx.dialect));
            return BestMove::default();
        }
        let side = root.side_to_move();
        let mut limits = limits(params, cx.settings, side);
        if let Some(why) = bound_endless(&mut limits, params, cx.settings.batch, side) {
            out.note(&format!("go: {why}"));
        }
        limits.searchmoves = searchmoves;
        limits.banmoves = self.banned.clone();
        let clock = timed_clock(&limits, side);
        let continues = played.as_ref().is_some_and(|after| is_reply(after, root));
        self.lag.observe(continues, clock);
        if let Some(ms) = self.lag.announce(limits.move_overhead) {
            out.note(&format!(
                "clock lag: the GUI charges about {ms} ms a move beyond the search; planning \
                 with {ms} ms (Move Overhead {})",
                limits.move_overhead
            ));
        }
        limits.move_overhead = self.lag.overhead_ms(limits.move_overhead);
        let s = cx.settings;
        let game = G::KIND.unwrap_or(GameKind::Chess);
        let skill = Skill::new(s.skill_level, s.limit_strength.then_some(s.elo), game);
        if let Some(skill) = skill {
            limits.nodes = Some(limits.nodes.map_or(skill.node_cap(), |n| n.min(skill.node_cap())));
            limits.multipv = limits.multipv.max(skill.candidates());
        }
        let reporter = Progress::new(out, cx.dialect, cx.settings.show_wdl);
        let found = self.search.search(root, &limits, &reporter, &cx.control.signals);
        // Weakened play chooses among the candidate lines instead of taking the best.
        let chosen = match skill {
            Some(skill) => {
                skill.pick(&reporter.candidates(), root.hash() ^ seq_seed(ticket)).or(found.best)
            }
            None => found.best,
        };
        // The search filters the root moves (legal, not banned, within `searchmoves`) and
        // returns one of them whenever there is one, even when stopped in its first iteration;
        // the candidates weakened play picks from are its lines. So `None` means no move is
        // allowed.
        let Some(best) = chosen else {
            wait_if_held(cx.control, limits.infinite || limits.ponder);
            self.lag.record(None, 0);
            return BestMove::default();
        };
        let mut after = root.clone();
        after.make(best);
        // What the time manager counted; the rest of the GUI's charge is lag, ours included.
        self.lag.record(clock, found.thinking_ms);
        self.played = clock.map(|_| after.clone());
        let ponder = found.ponder.filter(|&p| found.best == Some(best) && after.is_legal(p));
        let draw_offered = params.draw || cx.control.draw_offered(ticket);
        let offer = match cx.dialect {
            Dialect::Ucci => offer(progress::score(found.score), draw_offered),
            Dialect::Uci => None,
        };
        // VinXiangQi cannot read `bestmove X draw` without a ponder move: give any reply.
        let ponder = match (ponder, offer) {
            (None, Some(_)) => first_move(&after),
            (p, _) => p,
        };
        BestMove {
            best: Some(root.write_move(best)),
            ponder: ponder.map(|p| after.write_move(p)),
            // Without a reply to name, the offer is dropped (the game is over after our move
            // anyway).
            offer: offer.filter(|_| ponder.is_some()),
        }
    }
}

/// The side to move's clock when this search runs on it (not a fixed time, not pondering, not
/// infinite): then the next `go` can tell what the GUI charged for it.
fn timed_clock(limits: &search::Limits, side: Color) -> Option<Clock> {
    let timed = limits.movetime.is_none() && !limits.ponder && !limits.infinite;
    let left_ms = limits.time[side.index()].filter(|_| timed)?;
    Some(Clock { left_ms, inc_ms: limits.inc[side.index()].unwrap_or(0) })
}

/// Whether `pos` is `after` plus one legal move: the game our last move was played in, going on.
fn is_reply<G: Game>(after: &G, pos: &G) -> bool {
    let mut list = MoveList::new();
    after.generate(GenKind::All, &mut list);
    list.iter().any(|&m| {
        let mut next = after.clone();
        next.make(m);
        next.hash() == pos.hash()
    })
}

/// `'a', 'b', 'c'` for a few tokens; the first few and a count for many (a GUI that sends
/// 200,000 bad words gets one short line back, not a megabyte).
fn summarize(tokens: &[String]) -> String {
    let named: Vec<&str> = tokens.iter().take(MAX_NAMED_TOKENS).map(String::as_str).collect();
    let list = format!("'{}'", named.join("', '"));
    match tokens.len() {
        n if n > MAX_NAMED_TOKENS => format!("{n} tokens: {list} …"),
        _ => list,
    }
}

/// Turns a search that would never end on its own into a [`FALLBACK_MOVETIME_MS`] one; says
/// why, or `None` if the search was bounded (or meant to be infinite: a bare `go`, or
/// `go infinite`, outside batch mode). `side` is the side to move.
fn bound_endless(
    limits: &mut search::Limits,
    go: &GoParams,
    batch: bool,
    side: Color,
) -> Option<String> {
    let mut dropped_ponder = false;
    if batch && limits.ponder {
        // `ponderhit` would wait in the queue behind the search: search on the clock now.
        limits.ponder = false;
        dropped_ponder = true;
    }
    let unlimited = limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.movetime.is_none()
        && limits.mate.is_none();
    let why = if batch && limits.infinite {
        "batch mode cannot stop an infinite or ponder search"
    } else if limits.infinite && !go.infinite && !go.ponder && !go.ignored.is_empty() {
        "no valid limit left"
    } else if !limits.infinite && !limits.ponder && unlimited && !limits.uses_clock(side.index()) {
        // Only the opponent's clock: the time manager has nothing to plan with.
        "no clock for the side to move"
    } else if dropped_ponder {
        return Some("batch mode cannot wait for ponderhit; searching on the clock".to_owned());
    } else {
        return None;
    };
    limits.infinite = false;
    limits.ponder = false;
    limits.movetime = Some(FALLBACK_MOVETIME_MS);
    Some(format!("{why}; searching {FALLBACK_MOVETIME_MS} ms instead"))
}

/// UCCI's draw acceptance and resignation.
fn offer(score: Score, draw_offered: bool) -> Option<Offer> {
    match score {
        Score::MatedIn(_) => Some(Offer::Resign),
        Score::Cp(cp) if cp <= RESIGN_CP => Some(Offer::Resign),
        Score::Cp(cp) if draw_offered && cp <= DRAW_ACCEPT_CP => Some(Offer::Draw),
        _ => None,
    }
}

/// A seed per search for weakened play's choice: varies from one `go` to the next.
fn seq_seed(ticket: &Ticket) -> u64 {
    ticket.seq().wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

fn first_move<G: Game>(pos: &G) -> Option<Move> {
    let mut list = MoveList::new();
    pos.generate(GenKind::All, &mut list);
    list.iter().next().copied()
}

/// An infinite or ponder search must not answer before `stop` or `ponderhit` (UCI).
fn wait_if_held(control: &Control, held: bool) {
    while held && !control.released() {
        std::thread::sleep(Duration::from_millis(1));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ucci_clocks_are_relative_to_the_side_to_move() {
        let go = GoParams {
            time: Some(60_000),
            increment: Some(1000),
            opptime: Some(50_000),
            ..GoParams::default()
        };
        let s = Settings::default();
        let black = limits(&go, &s, Color::Black);
        assert_eq!(black.time, [Some(50_000), Some(60_000)]);
        assert_eq!(black.inc, [Some(0), Some(1000)]);
        let red = limits(&go, &s, Color::White);
        assert_eq!(red.time, [Some(60_000), Some(50_000)]);
        assert!(!red.infinite);
    }

    #[test]
    fn uci_clocks_by_colour_and_depth_at_least_one() {
        let go = GoParams {
            wtime: Some(1000),
            btime: Some(2000),
            binc: Some(5),
            movestogo: Some(7),
            depth: Some(0),
            ..GoParams::default()
        };
        let r = limits(&go, &Settings::default(), Color::Black);
        assert_eq!(r.time, [Some(1000), Some(2000)]);
        assert_eq!(r.inc, [Some(0), Some(5)]);
        assert_eq!(r.movestogo, Some(7));
        assert_eq!(r.depth, Some(1));
        assert!(limits(&GoParams::default(), &Settings::default(), Color::White).infinite);
    }

    #[test]
    fn absurd_clocks_are_capped() {
        let go = GoParams {
            wtime: Some(u64::MAX),
            winc: Some(u64::MAX),
            movetime: Some(u64::MAX),
            nodes: Some(u64::MAX),
            ..GoParams::default()
        };
        let r = limits(&go, &Settings::default(), Color::White);
        assert_eq!(r.time[0], Some(MAX_CLOCK_MS));
        assert_eq!(r.inc[0], Some(MAX_CLOCK_MS));
        assert_eq!(r.movetime, Some(MAX_CLOCK_MS));
        assert_eq!(r.nodes, Some(MAX_NODES));
    }

    fn bounded(line: &str, batch: bool) -> (search::Limits, Option<String>) {
        let Ok(protocol::Command::Go(go)) = protocol::parse(line, Dialect::Uci) else {
            return (search::Limits::default(), Some("not a go".into()));
        };
        let mut r = limits(&go, &Settings::default(), Color::White);
        let why = bound_endless(&mut r, &go, batch, Color::White);
        (r, why)
    }

    #[test]
    fn endless_searches_get_a_finite_limit() {
        for line in ["go depth banana", "go btime 5000", "go wtime x btime 10"] {
            let (r, why) = bounded(line, false);
            assert!(why.is_some(), "{line}");
            assert_eq!((r.infinite, r.movetime), (false, Some(FALLBACK_MOVETIME_MS)));
        }
        for line in ["go infinite", "go ponder", "go"] {
            let (r, why) = bounded(line, true);
            assert!(why.is_some(), "{line} in batch mode");
            assert!(!r.infinite && !r.ponder, "{line}");
            assert_eq!(r.movetime, Some(FALLBACK_MOVETIME_MS), "{line}");
        }
        // A ponder search with a clock searches on that clock in batch mode.
        let (r, why) = bounded("go ponder wtime 100 btime 100", true);
        assert!(why.is_some());
        assert_eq!((r.ponder, r.movetime, r.time[0]), (false, None, Some(100)));
        // What is meant to be infinite or is bounded stays as it is.
        for line in ["go", "go infinite", "go ponder", "go depth 3 banana", "go wtime 10"] {
            let (r, why) = bounded(line, false);
            assert_eq!(why, None, "{line}");
            assert_eq!(r.movetime, None, "{line}");
        }
    }

    #[test]
    fn many_ignored_tokens_make_one_short_summary() {
        let many: Vec<String> = (0..200_000).map(|i| format!("foo{i}")).collect();
        let text = summarize(&many);
        assert!(text.starts_with("200000 tokens: 'foo0', 'foo1'"), "{text}");
        assert!(text.len() < 100);
        assert_eq!(summarize(&["a".into(), "b".into()]), "'a', 'b'");
    }

    #[test]
    fn offers() {
        assert_eq!(offer(Score::Cp(0), true), Some(Offer::Draw));
        assert_eq!(offer(Score::Cp(0), false), None);
        assert_eq!(offer(Score::Cp(300), true), None);
        assert_eq!(offer(Score::MatedIn(4), false), Some(Offer::Resign));
        assert_eq!(offer(Score::Cp(-2500), true), Some(Offer::Resign));
        assert_eq!(offer(Score::MateIn(3), true), None);
    }
}
