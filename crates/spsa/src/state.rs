//! The state file: everything a later `--resume` needs to continue to the very θ an unbroken run
//! would reach. Randomness and openings are pure functions of (seed, iteration) (see `gains`),
//! so the state is only the run's identity (game, seed, pairs, batch size, params) and where it
//! stands: how many pairs are applied, θ after them, and the base θ the current batch plays from.
//!
//! It is plain text, one `key value` per line (θ in Rust's shortest round-trip form, so
//! reading it back gives the same f64 bits), written after every pair to a temporary file that
//! is then renamed over the old one: a run killed mid-write leaves the previous state intact.

use super::error::SpsaError;
use super::params::{self, Param};
use std::path::Path;
use tournament::config::GameKind;

const MAGIC: &str = "kientuong-spsa-state 1";

#[derive(Clone, Debug, PartialEq)]
pub struct State {
    pub game: GameKind,
    pub seed: u64,
    /// Total pairs of the run (`N` of the gain schedule).
    pub pairs: u32,
    /// Pairs per batch: the pairs of a batch all play from the batch's base θ.
    pub batch: u32,
    /// Pairs applied so far.
    pub done: u32,
    pub params: Vec<Param>,
    /// θ after `done` pairs.
    pub theta: Vec<f64>,
    /// θ at the start of the batch that pair `done + 1` belongs to.
    pub base: Vec<f64>,
}

impl State {
    pub fn to_text(&self) -> String {
        let mut s = format!(
            "{MAGIC}\n# written by kientuong spsa after every pair; continue with --resume\n\
             game {}\nseed {}\npairs {}\nbatch {}\ndone {}\n",
            self.game.name(),
            self.seed,
            self.pairs,
            self.batch,
            self.done
        );
        for p in &self.params {
            s.push_str(&format!("param {}\n", p.line_with(p.start)));
        }
        for ((p, t), b) in self.params.iter().zip(&self.theta).zip(&self.base) {
            s.push_str(&format!("theta {}, {t}, {b}\n", p.name));
        }
        s
    }

    /// Writes the state atomically: a temporary file beside it, then a rename.
    pub fn write(&self, path: &Path) -> Result<(), SpsaError> {
        let mut tmp = path.as_os_str().to_owned();
        tmp.push(".tmp");
        let tmp = std::path::PathBuf::from(tmp);
        let fail =
            |e: std::io::Error| SpsaError::State(format!("cannot write {}: {e}", path.display()));
        // Synced before the rename, as the match state is: after a crash of the machine (not
        // only of the process) the name then points at the old bytes or the whole new ones.
        let mut file = std::fs::File::create(&tmp).map_err(fail)?;
        std::io::Write::write_all(&mut file, self.to_text().as_bytes()).map_err(fail)?;
        file.sync_all().map_err(fail)?;
        drop(file);
        std::fs::rename(&tmp, path).map_err(fail)
    }

    pub fn read(path: &Path) -> Result<State, SpsaError> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| SpsaError::State(format!("cannot read {}: {e}", path.display())))?;
        State::parse(&text, &path.display().to_string())
    }

    /// Parses and checks a state text; every error names `source` and, where it can, the line.
    pub fn parse(text: &str, source: &str) -> Result<State, SpsaError> {
        let bad = |why: String| {
            SpsaError::State(format!("{source}: {why} (corrupt or not a state file)"))
        };
        let mut lines = text.lines().enumerate();
        if lines.next().map(|(_, l)| l.trim()) != Some(MAGIC) {
            return Err(bad(format!("the first line is not '{MAGIC}'")));
        }
        let (mut game, mut seed, mut pairs, mut batch, mut done) = (None, None, None, None, None);
        let mut param_lines = String::new();
        let mut thetas: Vec<(String, f64, f64)> = Vec::new();
        for (i, raw) in lines {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let at = |why: String| bad(format!("line {}: {why}", i + 1));
            let (key, rest) = line.split_once(' ').unwrap_or((line, ""));
            let rest = rest.trim();
            let int = |what: &str| -> Result<u64, SpsaError> {
                rest.parse::<u64>()
                    .map_err(|_| at(format!("{what} '{rest}' is not a whole number")))
            };
            let small = |what: &str| -> Result<u32, SpsaError> {
                u32::try_from(int(what)?).map_err(|_| at(format!("{what} '{rest}' is too large")))
            };
            let once =
                |slot: bool| if slot { Err(at(format!("'{key}' appears twice"))) } else { Ok(()) };
            match key {
                "game" => {
                    once(game.is_some())?;
                    game = Some(
                        GameKind::from_name(rest)
                            .ok_or_else(|| at(format!("game '{rest}' is not chess or xiangqi")))?,
                    );
                }
                "seed" => {
                    once(seed.is_some())?;
                    seed = Some(int("seed")?);
                }
                "pairs" => {
                    once(pairs.is_some())?;
                    pairs = Some(small("pairs")?);
                }
                "batch" => {
                    once(batch.is_some())?;
                    batch = Some(small("batch")?);
                }
                "done" => {
                    once(done.is_some())?;
                    done = Some(small("done")?);
                }
                "param" => {
                    param_lines.push_str(rest);
                    param_lines.push('\n');
                }
                "theta" => {
                    let fields: Vec<&str> = rest.split(',').map(str::trim).collect();
                    let [name, t, b] = fields.as_slice() else {
                        return Err(at(format!("'{line}' is not 'theta NAME, VALUE, BASE'")));
                    };
                    let num = |s: &str| match s.parse::<f64>() {
                        Ok(v) if v.is_finite() => Ok(v),
                        _ => Err(at(format!("'{s}' is not a number"))),
                    };
                    thetas.push(((*name).to_owned(), num(t)?, num(b)?));
                }
                other => return Err(at(format!("unknown key '{other}'"))),
            }
        }
        let missing = |what: &str| bad(format!("'{what}' is missing"));
        let game = game.ok_or_else(|| missing("game"))?;
        let seed = seed.ok_or_else(|| missing("seed"))?;
        let pairs = pairs.ok_or_else(|| missing("pairs"))?;
        let batch = batch.ok_or_else(|| missing("batch"))?;
        let done = done.ok_or_else(|| missing("done"))?;
        let params = params::parse(&param_lines, &format!("{source} (its param lines)"))
            .map_err(|e| bad(e.to_string()))?;
        if pairs == 0 || batch == 0 || done > pairs {
            return Err(bad(format!("pairs {pairs}, batch {batch}, done {done} do not fit")));
        }
        if thetas.len() != params.len()
            || thetas.iter().zip(&params).any(|((name, _, _), p)| *name != p.name)
        {
            return Err(bad("the theta lines do not match the param lines".into()));
        }
        for ((name, t, b), p) in thetas.iter().zip(&params) {
            if !(p.min..=p.max).contains(t) || !(p.min..=p.max).contains(b) {
                return Err(bad(format!("theta of '{name}' is outside [{}, {}]", p.min, p.max)));
            }
        }
        let theta = thetas.iter().map(|t| t.1).collect();
        let base = thetas.iter().map(|t| t.2).collect();
        Ok(State { game, seed, pairs, batch, done, params, theta, base })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> State {
        let params =
            params::parse("A, int, 10, 0, 100, 4, 0.002\nB C, float, 0.5, 0, 1, 0.05, 0.01", "t")
                .unwrap();
        State {
            game: GameKind::Xiangqi,
            seed: 99,
            pairs: 200,
            batch: 2,
            done: 17,
            params,
            theta: vec![12.345678901234567, 0.1 + 0.2],
            base: vec![12.0, 0.3],
        }
    }

    #[test]
    fn round_trips_exactly() {
        let s = sample();
        assert_eq!(State::parse(&s.to_text(), "s").unwrap(), s);
        let path = std::env::temp_dir().join(format!("spsa-state-{}.txt", std::process::id()));
        s.write(&path).unwrap();
        assert_eq!(State::read(&path).unwrap(), s);
        let _ = std::fs::remove_file(path);
    }

    #[test]
    fn corrupt_states_are_refused_with_a_reason() {
        let good = sample().to_text();
        for (text, needle) in [
            (String::new(), "first line"),
            (good.replace("done 17", "done x"), "done 'x'"),
            (good.replace("done 17", "done 201"), "do not fit"),
            (good.replace("seed 99\n", ""), "'seed' is missing"),
            (good.replace("theta A, ", "theta Z, "), "do not match"),
            (good.replace("theta A, 12.345678901234567", "theta A, 512"), "outside"),
            (good.replace("theta A, 12.345678901234567", "theta A, NaN"), "not a number"),
            (good.replace("game xiangqi", "game go"), "'go'"),
            (good.replace("param A, int", "param A, long"), "'long'"),
            (format!("{good}zzz 1\n"), "unknown key 'zzz'"),
            (good[..good.len() / 2].to_owned(), "corrupt or not a state file"),
        ] {
            let e = State::parse(&text, "s.txt").unwrap_err().to_string();
            assert!(e.contains(needle) && e.contains("s.txt"), "{needle}: {e}");
        }
    }
}
