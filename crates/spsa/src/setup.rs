//! Where a run starts: a fresh state from the command line, or the state file of `--resume`,
//! checked against what the command line says. A resumed run only reaches the θ of an unbroken
//! one if the schedule (pairs), the randomness (seed), the game and the parameters are the same,
//! so any difference is an error that names both values rather than a silent new run; and a
//! fresh run never overwrites an existing state file.

use super::cli::SpsaArgs;
use super::error::SpsaError;
use super::params;
use super::state::State;

pub fn initial_state(args: &SpsaArgs) -> Result<State, SpsaError> {
    let Some(path) = &args.resume else {
        return fresh(args);
    };
    let state = State::read(path)?;
    let from = path.display();
    let differ = |what: &str, given: String, saved: String| {
        SpsaError::State(format!(
            "{from} was written for {what} {saved}, but this command gives {given}; \
             a resumed run must keep it (or start a new run without --resume)"
        ))
    };
    if let Some(game) = args.game.filter(|g| *g != state.game) {
        return Err(differ("--game", game.name().into(), state.game.name().into()));
    }
    if let Some(seed) = args.seed.filter(|s| *s != state.seed) {
        return Err(differ("--seed", seed.to_string(), state.seed.to_string()));
    }
    if let Some(pairs) = args.pairs.filter(|p| *p != state.pairs) {
        return Err(differ("--pairs", pairs.to_string(), state.pairs.to_string()));
    }
    if let Some(file) = &args.params {
        let given = params::read(file)?;
        if given != state.params {
            return Err(SpsaError::State(format!(
                "{from} tunes other parameters than {} (names, types, start values, bounds, \
                 c_end and r_end must all be the same)",
                file.display()
            )));
        }
    }
    Ok(state)
}

fn fresh(args: &SpsaArgs) -> Result<State, SpsaError> {
    // Rerunning the first command by mistake must not wipe hours of tuning.
    if let Some(path) = args.state.as_ref().filter(|p| p.exists()) {
        return Err(SpsaError::State(format!(
            "{0} exists; continue that run with --resume {0}, or remove it to start afresh",
            path.display()
        )));
    }
    let need = |what: &str| SpsaError::Cli(format!("{what} is required (or --resume FILE)"));
    let game = args.game.ok_or_else(|| need("--game chess|xiangqi"))?;
    let params = params::read(args.params.as_deref().ok_or_else(|| need("--params FILE"))?)?;
    let pairs = args.pairs.ok_or_else(|| need("--pairs N"))?;
    let theta: Vec<f64> = params.iter().map(|p| p.start).collect();
    Ok(State {
        game,
        seed: args.seed.unwrap_or(0x6b69_656e_7475_6f6e),
        pairs,
        batch: u32::try_from(args.concurrency).unwrap_or(u32::MAX),
        done: 0,
        params,
        base: theta.clone(),
        theta,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(str::to_owned).collect()
    }

    #[test]
    fn a_resume_must_match_the_saved_run() {
        let dir = std::env::temp_dir().join(format!("spsa-setup-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (p1, p2, st) = (dir.join("p1"), dir.join("p2"), dir.join("st"));
        std::fs::write(&p1, "A, int, 10, 0, 100, 4, 0.002\n").unwrap();
        std::fs::write(&p2, "A, int, 10, 0, 100, 5, 0.002\n").unwrap();
        let _ = std::fs::remove_file(&st);
        let base = "--engine cmd=e nodes=1";
        let fresh_args = cli::parse(&words(&format!(
            "{base} --game chess --params {} --pairs 50 --seed 9 --concurrency 3",
            p1.display()
        )))
        .unwrap();
        let state = initial_state(&fresh_args).unwrap();
        assert_eq!((state.pairs, state.batch, state.seed, state.done), (50, 3, 9, 0));
        state.write(&st).unwrap();
        let resume = |extra: &str| {
            initial_state(
                &cli::parse(&words(&format!("{base} --resume {} {extra}", st.display()))).unwrap(),
            )
        };
        assert_eq!(resume("").unwrap(), state);
        assert_eq!(resume(&format!("--params {} --pairs 50", p1.display())).unwrap(), state);
        for (extra, needle) in [
            (format!("--params {}", p2.display()), "other parameters"),
            ("--pairs 60".to_owned(), "--pairs 50"),
            ("--game xiangqi".to_owned(), "--game chess"),
        ] {
            let e = resume(&extra).unwrap_err().to_string();
            assert!(e.contains(needle), "{extra}: {e}");
        }
        let e = initial_state(
            &cli::parse(&words(&format!(
                "{base} --game chess --pairs 5 --params {} --state {}",
                p1.display(),
                st.display()
            )))
            .unwrap(),
        )
        .unwrap_err();
        assert!(e.to_string().contains("exists"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
