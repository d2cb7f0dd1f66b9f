//! Pairs played by real engine processes through the match runner's machinery: the same
//! [`play_game`] loop, referee, clocks and failure handling as `kientuong match`, so a crash or
//! an illegal move is a lost game here too. Each worker keeps two processes, one for θ+ and one
//! for θ−, across pairs; before a pair the tuned values are sent as
//! `setoption name <NAME> value <v>` (ints rounded), and a process that misbehaved is replaced
//! by a fresh one started with the values as its configured options.

use super::driver::{PairJob, PairWorker};
use super::error::SpsaError;
use super::params::Param;
use game_api::{Color, Game, Outcome};
use std::marker::PhantomData;
use tournament::config::{EngineConfig, GameKind, RuleSet};
use tournament::engine::EngineSession;
use tournament::game::adjudicate::Adjudicator;
use tournament::game::play::{play_game, GameRules};
use tournament::schedule::openings::Opening;

pub struct EngineWorker<'a, G: Game> {
    game: GameKind,
    engine: &'a EngineConfig,
    params: &'a [Param],
    openings: &'a [Opening],
    /// `[θ+, θ−]`.
    sessions: [Option<EngineSession>; 2],
    rules: PhantomData<fn() -> G>,
}

impl<'a, G: Game> EngineWorker<'a, G> {
    pub fn new(
        game: GameKind,
        engine: &'a EngineConfig,
        params: &'a [Param],
        openings: &'a [Opening],
    ) -> Self {
        EngineWorker { game, engine, params, openings, sessions: [None, None], rules: PhantomData }
    }

    /// The engine's configuration with the tuned values among its options.
    fn config_for(&self, values: &[f64]) -> EngineConfig {
        let mut cfg = self.engine.clone();
        for (p, &v) in self.params.iter().zip(values) {
            cfg.options.retain(|(name, _)| name != &p.name);
            cfg.options.push((p.name.clone(), p.option_value(v)));
        }
        cfg
    }

    /// Makes seat `i` a running engine that has `values` (a fresh one gets them through `cfg`).
    fn prepare(&mut self, i: usize, cfg: &EngineConfig, values: &[f64]) -> Result<(), SpsaError> {
        if let Some(session) = self.sessions[i].as_mut() {
            let sent = self
                .params
                .iter()
                .zip(values)
                .try_for_each(|(p, &v)| session.set_option(&p.name, &p.option_value(v)));
            if sent.is_ok() {
                return Ok(());
            }
            if let Some(s) = self.sessions[i].take() {
                s.quit();
            }
        }
        let session = EngineSession::start(cfg, self.game)
            .map_err(|e| SpsaError::Engine(format!("{}: {e}", cfg.cmd)))?;
        if let Some(p) = self.params.iter().find(|p| !session.has_option(&p.name)) {
            let hello = session.dialect.handshake();
            session.quit();
            return Err(SpsaError::Engine(format!(
                "{} does not announce the option '{}' (no 'option name {}' in its reply to \
                 {hello}; over UCCI option names may differ, try proto=uci)",
                cfg.cmd, p.name, p.name
            )));
        }
        self.sessions[i] = Some(session);
        Ok(())
    }
}

impl<G: Game> PairWorker for EngineWorker<'_, G> {
    fn play_pair(&mut self, job: &PairJob) -> Result<f64, SpsaError> {
        let opening = self.openings.get(job.opening).ok_or_else(|| {
            SpsaError::Setup(format!("opening {} is not in the book", job.opening + 1))
        })?;
        let configs = [self.config_for(&job.plus), self.config_for(&job.minus)];
        for (i, (cfg, values)) in configs.iter().zip([&job.plus, &job.minus]).enumerate() {
            self.prepare(i, cfg, values)?;
        }
        let mut r = 0.0;
        // θ+ as White/Red, then as Black, from the same opening.
        for (white, black) in [(0, 1), (1, 0)] {
            let [plus, minus] = &mut self.sessions;
            let seats = if white == 0 { [plus, minus] } else { [minus, plus] };
            let rules = GameRules::<G> {
                game: self.game,
                rules: RuleSet::Asian,
                adjudicator: Adjudicator::new(None, None),
                setup: &|_| {},
                tablebase: None,
            };
            let played = play_game::<G>(opening, rules, [&configs[white], &configs[black]], seats);
            for (slot, restart) in [(white, played.restart[0]), (black, played.restart[1])] {
                if restart {
                    if let Some(s) = self.sessions[slot].take() {
                        s.quit();
                    }
                }
            }
            let plus_colour = if white == 0 { Color::White } else { Color::Black };
            r += match played.end.outcome {
                Outcome::Win(c) if c == plus_colour => 1.0,
                Outcome::Win(_) => -1.0,
                Outcome::Draw => 0.0,
            };
        }
        Ok(r)
    }
}

impl<G: Game> Drop for EngineWorker<'_, G> {
    fn drop(&mut self) {
        for s in self.sessions.iter_mut().filter_map(Option::take) {
            s.quit();
        }
    }
}
