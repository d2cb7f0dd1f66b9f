//! UCCI `probe [position]`: what the hash table holds for a position (the current one when
//! none is given), answered with a `pophash` line — in order by the session thread, or at once
//! by the input thread while a search holds the engine (the TT is lockless).

use super::position::build;
use super::{PlayableGame, SessionEngine};
use crate::session::control::Prober;
use crate::session::options::Settings;
use crate::session::output::Out;
use protocol::{HashBound, PopHash, PositionSpec, Score, UCCI_MATE};

impl<G: PlayableGame> SessionEngine<G> {
    /// The `pophash` line for `spec` (or the current position).
    pub fn probe(&self, spec: Option<&PositionSpec>, settings: &Settings, out: &Out) -> String {
        pophash_line(&self.search.tt_reader(), self.root.as_ref(), spec, settings, out)
    }

    /// The same answer, as a closure the input thread can run while a search holds the
    /// engine (UCCI says `probe` is answered at once).
    pub fn prober(&self, settings: &Settings) -> Prober {
        let reader = self.search.tt_reader();
        let root = self.root.clone();
        let settings = settings.clone();
        Box::new(move |spec, out| pophash_line(&reader, root.as_ref(), spec, &settings, out))
    }
}

/// The `pophash` line for `spec` (or `root`), from the TT behind `reader`.
fn pophash_line<G: PlayableGame>(
    reader: &search::TtReader,
    root: Option<&G>,
    spec: Option<&PositionSpec>,
    settings: &Settings,
    out: &Out,
) -> String {
    let pos = match spec {
        None => root.cloned(),
        Some(spec) => match build::<G>(spec, settings) {
            Ok((pos, warning)) => {
                if let Some(w) = warning {
                    out.note(&format!("probe: {w}"));
                }
                Some(pos)
            }
            Err(e) => {
                out.note(&format!("probe: {e}"));
                None
            }
        },
    };
    let Some(pos) = pos else {
        return PopHash::default().line();
    };
    let Some(entry) = reader.probe(&pos) else {
        return PopHash::default().line();
    };
    let (lower, upper) = match entry.bound {
        search::Bound::Exact => (true, true),
        search::Bound::Lower => (true, false),
        search::Bound::Upper => (false, true),
        search::Bound::None => (false, false),
    };
    let bound =
        HashBound { score: ucci_value(super::progress::score(entry.value)), depth: entry.depth };
    PopHash {
        best: entry.best.map(|m| pos.write_move(m)),
        lower: lower.then_some(bound),
        upper: upper.then_some(bound),
    }
    .line()
}

/// A score as UCCI writes it: centipawns, or ±(10000 − plies) for mates.
fn ucci_value(score: Score) -> i32 {
    let plies = |p: u32| i32::try_from(p).unwrap_or(UCCI_MATE).min(UCCI_MATE);
    match score {
        Score::Cp(cp) => cp,
        Score::MateIn(p) => UCCI_MATE - plies(p),
        Score::MatedIn(p) => -(UCCI_MATE - plies(p)),
    }
}
