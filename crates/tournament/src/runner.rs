//! Runs a whole match: worker threads (`--concurrency`) take games from the schedule, each
//! keeping its own engine processes between games; the calling thread collects results in
//! finishing order, writes the PGN, prints progress, and stops the match when the SPRT decides.
//! With a state file ([`crate::state::resume`]) each finished game is also recorded there, and a resumed
//! match skips the games it already has and starts from their totals.

use crate::config::{MatchConfig, TournamentKind};
use crate::engine::EngineSession;
use crate::game::adjudicate::Adjudicator;
use crate::game::play::{play_game, GameRules, Played, TbProbe};
use crate::game::record::MatchGame;
use crate::notation::pgn;
use crate::schedule::jobs::{schedule, Job};
use crate::schedule::openings::{self, Opening};
use crate::state::match_state::{Finish, FinishedGame};
use crate::state::resume::Resume;
use crate::stats::report::{crosstable, encounter_report, progress_line};
use crate::stats::sprt::SprtConfig;
use crate::stats::tally::Tally;
use game_api::Game;
use std::collections::VecDeque;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc, Mutex};

/// What a finished match leaves: every game and the totals.
pub struct MatchSummary {
    pub records: Vec<MatchGame>,
    pub tally: Tally,
    /// The text printed at the end (also returned for tests).
    pub report: String,
    pub sprt_stopped: bool,
}

/// Where progress goes: standard output for the command, a buffer or nothing for tests.
pub trait Sink: Send {
    fn line(&mut self, text: &str);
}

pub struct Stdout;

impl Sink for Stdout {
    fn line(&mut self, text: &str) {
        // A closed pipe (`kientuong match … | head`) must not abort a running match.
        let mut out = std::io::stdout().lock();
        let _ = writeln!(out, "{text}").and_then(|()| out.flush());
    }
}

pub struct Silent;

impl Sink for Silent {
    fn line(&mut self, _: &str) {}
}

/// Whether the SPRT of the match has reached a bound.
fn sprt_decided(sprt: Option<&SprtConfig>, tally: &Tally) -> bool {
    sprt.is_some_and(|s| s.decision(&tally.between(0, 1).1).is_some())
}

/// Whether every engine's search is bounded by a node count or a depth (a clock beside it
/// rarely binds first): then, with one search thread each, a game is decided by its opening and
/// colours alone.
pub fn fixed_search(cfg: &MatchConfig) -> bool {
    cfg.engines.iter().all(|e| e.limits.nodes.is_some() || e.limits.depth.is_some())
}

/// A fixed-search match that would play more games than twice its distinct openings plays the
/// same game pairs again, so its error bar and LLR overstate what it measured. Such a match gets
/// a warning (returned, printed before the first game); an SPRT is refused unless
/// `--allow-replays` is given.
pub fn replay_check(
    cfg: &MatchConfig,
    planned_games: usize,
    distinct_openings: usize,
) -> Result<Option<String>, String> {
    if !fixed_search(cfg) || planned_games <= 2 * distinct_openings {
        return Ok(None);
    }
    let text = format!(
        "{planned_games} fixed-node games from {distinct_openings} distinct openings: games past \
         {} replay earlier game pairs (same opening and colours), and the error bar and LLR \
         count them as new; use a larger book (--openings file=…)",
        2 * distinct_openings
    );
    if cfg.sprt.is_some() && !cfg.allow_replays {
        return Err(format!("refusing the SPRT: {text}, or give --allow-replays"));
    }
    Ok(Some(format!("warning: {text}")))
}

/// Plays the match described by `cfg` with `G` as the referee's rules. `setup` sets
/// game-specific options on every fresh position (the xiangqi move-count rule); `tablebase`,
/// when given, adjudicates every position it knows (`--tb`). `resume` says where the state goes
/// and what an earlier run of the match left.
pub fn run_match<G: Game>(
    cfg: &MatchConfig,
    setup: &(dyn Fn(&mut G) + Sync),
    tablebase: Option<TbProbe<'_, G>>,
    sink: &mut dyn Sink,
    resume: Resume,
) -> Result<MatchSummary, String> {
    let Resume { mut journal, stop_after } = resume;
    let openings = openings::load::<G>(&cfg.openings, cfg.game, cfg.chess960, cfg.seed)?;
    let planned = schedule(cfg, openings.len()).len();
    if let Some(warning) = replay_check(cfg, planned, openings::distinct_positions::<G>(&openings))?
    {
        eprintln!("{warning}");
    }
    let mut tally = Tally::new(cfg.engines.len());
    let done = journal.as_ref().map(|j| j.done()).unwrap_or_default();
    if let Some(j) = &journal {
        j.replay(&mut tally);
    }
    let jobs: VecDeque<Job> =
        schedule(cfg, openings.len()).into_iter().filter(|j| !done.contains(&j.number)).collect();
    let names: Vec<String> = cfg.engines.iter().map(|e| e.name.clone()).collect();
    let already_over = journal.as_ref().is_some_and(|j| j.state.finished.is_some())
        || (!done.is_empty() && (jobs.is_empty() || sprt_decided(cfg.sprt.as_ref(), &tally)));
    if already_over {
        sink.line(&format!(
            "This match is already finished ({} games); nothing to resume.",
            tally.games
        ));
        let sprt_stopped = sprt_decided(cfg.sprt.as_ref(), &tally);
        if let Some(j) = journal.as_mut().filter(|j| j.state.finished.is_none()) {
            // Killed between its last game and marking the state finished.
            j.finish(if sprt_stopped { Finish::Sprt } else { Finish::Schedule })?;
        }
        let report = final_report(cfg, &tally, &names, sprt_stopped);
        for line in report.lines() {
            sink.line(line);
        }
        return Ok(MatchSummary { records: Vec::new(), tally, report, sprt_stopped });
    }
    if !done.is_empty() {
        sink.line(&format!(
            "Resuming: {} of {} games already played.",
            done.len(),
            done.len() + jobs.len()
        ));
    }
    let total = jobs.len();
    let queue = Mutex::new(jobs);
    let stop = AtomicBool::new(false);
    let mut pgn_file = match (&cfg.pgnout, journal.as_mut()) {
        (Some(path), Some(j)) => Some(j.open_pgn(path)?),
        (Some(path), None) => Some(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .map_err(|e| format!("{}: {e}", path.display()))?,
        ),
        (None, _) => None,
    };
    if let Some(j) = &journal {
        // Written before the first game, so a match killed at once can still be resumed.
        j.save()?;
    }
    let event = format!("kientuong {} match", cfg.game.name());
    let date = today();
    let mut records = Vec::new();
    let mut sprt_stopped = false;
    let mut interrupted = false;
    let openings = Arc::new(openings);

    std::thread::scope(|scope| -> Result<(), String> {
        let (tx, rx) = mpsc::channel::<(Job, Played)>();
        for _ in 0..cfg.concurrency.min(total.max(1)) {
            let tx = tx.clone();
            let (queue, stop, openings) = (&queue, &stop, Arc::clone(&openings));
            scope.spawn(move || worker::<G>(cfg, setup, tablebase, &openings, queue, stop, tx));
        }
        drop(tx);
        for (job, played) in rx {
            let opening: &Opening = &openings[job.opening];
            let record = MatchGame {
                number: job.number,
                round: job.round,
                white: job.white,
                black: job.black,
                white_name: names[job.white].clone(),
                black_name: names[job.black].clone(),
                start_fen: opening.fen.clone(),
                opening_name: opening.name.clone(),
                moves: played.moves,
                end: played.end,
                time_control: cfg.engines[job.white].limits.pgn_tag(),
                date: date.clone(),
                clock_low: played.clock_low,
            };
            let mut pgn_bytes = None;
            if let Some(file) = pgn_file.as_mut() {
                let text = pgn::write_game_with::<G>(&record, cfg.game, cfg.chess960, &event);
                file.write_all(text.as_bytes()).map_err(|e| format!("writing the PGN: {e}"))?;
                if journal.is_some() {
                    // On disk before the state counts it, even across a power cut.
                    file.sync_data().map_err(|e| format!("writing the PGN: {e}"))?;
                }
                pgn_bytes = Some(
                    file.metadata().map_err(|e| format!("reading the PGN's length: {e}"))?.len(),
                );
            }
            tally.add(job.white, job.black, job.pair, record.end.outcome);
            if let Some(j) = journal.as_mut() {
                let game = FinishedGame {
                    number: job.number,
                    white: job.white,
                    black: job.black,
                    pair: job.pair,
                    outcome: record.end.outcome,
                };
                j.record(game, pgn_bytes, state_notes(cfg, &tally, &names))?;
            }
            if !cfg.quiet {
                sink.line(&format!(
                    "Finished game {} ({} vs {}): {} {{{}}}",
                    job.number,
                    record.white_name,
                    record.black_name,
                    record.end.result_text(),
                    record.end.comment
                ));
                if cfg.engines.len() == 2 {
                    sink.line(&progress_line(&tally, 0, 1, cfg.sprt.as_ref()));
                } else {
                    // Several encounters: the progress of the one this game belongs to.
                    let (a, b) = (job.white.min(job.black), job.white.max(job.black));
                    sink.line(&format!(
                        "{} vs {}: {}",
                        names[a],
                        names[b],
                        progress_line(&tally, a, b, None)
                    ));
                }
            }
            records.push(record);
            if sprt_decided(cfg.sprt.as_ref(), &tally) {
                // The result is the one at the deciding game: games still being played, or
                // finished but not yet collected (the workers run ahead of this loop), are
                // dropped, so the totals do not depend on timing and a resumed test ends the same.
                sprt_stopped = true;
                stop.store(true, Ordering::Relaxed);
                break;
            }
            if stop_after.is_some_and(|k| records.len() >= k) {
                // As if killed here: games still being played are dropped, the state is not
                // marked finished.
                interrupted = records.len() < total;
                stop.store(true, Ordering::Relaxed);
                break;
            }
        }
        Ok(())
    })?;

    if let Some(j) = journal.as_mut() {
        if interrupted {
            sink.line(&format!(
                "Stopped after {} games; continue with --resume {}",
                records.len(),
                j.path.display()
            ));
        } else {
            j.finish(if sprt_stopped { Finish::Sprt } else { Finish::Schedule })?;
        }
    }
    let report = final_report(cfg, &tally, &names, sprt_stopped);
    for line in report.lines() {
        sink.line(line);
    }
    records.sort_by_key(|r| r.number);
    Ok(MatchSummary { records, tally, report, sprt_stopped })
}

/// The totals so far, one line per encounter, for a human reading the state file.
fn state_notes(cfg: &MatchConfig, tally: &Tally, names: &[String]) -> Vec<String> {
    let mut keys: Vec<&(usize, usize)> = tally.encounters.keys().collect();
    keys.sort();
    let mut notes: Vec<String> = keys
        .into_iter()
        .map(|&(a, b)| {
            let (wdl, p) = tally.between(a, b);
            format!(
                "{} vs {}: W-L-D {}-{}-{}, ptnml {:?}",
                names[a], names[b], wdl.wins, wdl.losses, wdl.draws, p.0
            )
        })
        .collect();
    if let Some(sprt) = &cfg.sprt {
        notes.push(format!("LLR {:.3}", sprt.llr(&tally.between(0, 1).1)));
    }
    notes
}

/// The end-of-match text: two engines or a gauntlet, one result block per encounter of the
/// first engine; more than two engines, the crosstable as well (for round robins it is the main
/// table).
fn final_report(cfg: &MatchConfig, tally: &Tally, names: &[String], sprt_stopped: bool) -> String {
    let mut report = String::new();
    if cfg.engines.len() == 2 || cfg.tournament == TournamentKind::Gauntlet {
        for opponent in 1..cfg.engines.len() {
            report.push_str(&encounter_report(tally, 0, opponent, names, cfg.sprt.as_ref()));
        }
    }
    if cfg.engines.len() > 2 {
        report.push_str(&crosstable(tally, names));
    }
    if sprt_stopped {
        report.push_str("SPRT: a bound was reached; the match stopped early.\n");
    }
    report
}

fn worker<G: Game>(
    cfg: &MatchConfig,
    setup: &(dyn Fn(&mut G) + Sync),
    tablebase: Option<TbProbe<'_, G>>,
    openings: &[Opening],
    queue: &Mutex<VecDeque<Job>>,
    stop: &AtomicBool,
    tx: mpsc::Sender<(Job, Played)>,
) {
    let mut sessions: Vec<Option<EngineSession>> = (0..cfg.engines.len()).map(|_| None).collect();
    loop {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        let job = match queue.lock() {
            Ok(mut q) => q.pop_front(),
            Err(_) => None,
        };
        let Some(job) = job else { break };
        let mut white = sessions[job.white].take();
        let mut black = sessions[job.black].take();
        let rules = GameRules {
            game: cfg.game,
            rules: cfg.rules,
            adjudicator: Adjudicator::new(cfg.resign, cfg.draw),
            setup: &|pos: &mut G| setup(pos),
            tablebase,
        };
        let played = play_game::<G>(
            &openings[job.opening],
            rules,
            [&cfg.engines[job.white], &cfg.engines[job.black]],
            [&mut white, &mut black],
        );
        // A process that misbehaved is replaced by a fresh one for the next game.
        for (slot, session, restart) in
            [(job.white, white, played.restart[0]), (job.black, black, played.restart[1])]
        {
            match session {
                Some(s) if restart => s.quit(),
                other => sessions[slot] = other,
            }
        }
        if tx.send((job, played)).is_err() {
            break;
        }
    }
    for s in sessions.into_iter().flatten() {
        s.quit();
    }
}

/// Today's date as PGN writes it (`YYYY.MM.DD`, UTC).
fn today() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

/// Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}
