//! Seeded mutation fuzzing of the SPSA inputs, as `kientuong spsa` reads them when it starts
//! (`setup::initial_state`): the params file of a fresh run (`--params FILE`) and the state
//! file of a resumed one (`--resume FILE`): truncated, bit-flipped, overwritten with random
//! bytes, given huge, negative or non-finite numbers (values, bounds, gains, pairs, θ), spliced,
//! replaced by random files, emptied, or replaced by a folder. Every case starts or is refused
//! with a message that names the file; none panics, hangs or allocates beyond what the file's
//! size justifies. (The state is written atomically, temporary file then rename: `state.rs`.)
//!
//! `KIENTUONG_FUZZ_CASES` sets the cases per kind (see `tests/file_fuzz_common`).

#[path = "../../../tests/file_fuzz_common/mod.rs"]
mod file_fuzz_common;

use file_fuzz_common::{Encoding, Fuzzer};
use spsa::cli;
use spsa::params;
use spsa::setup::initial_state;
use spsa::state::State;
use std::path::Path;
use tournament::config::GameKind;

const PARAMS: &str = "\
# name, type, value, min, max, c_end, r_end
RFP_MARGIN, int, 75, 20, 200, 8, 0.002
LMR_BASE, float, 0.75, 0.1, 2.5, 0.05, 0.002
Aspiration Window, int, 18, 5, 60, 3, 0.002
";

fn start(extra: &[&str]) -> Result<(), String> {
    let mut words: Vec<String> = ["--engine", "cmd=e", "nodes=1"].map(str::to_owned).to_vec();
    words.extend(extra.iter().map(|w| (*w).to_owned()));
    let args = cli::parse(&words).map_err(|e| e.to_string())?;
    initial_state(&args).map(|_| ()).map_err(|e| e.to_string())
}

fn path_text(path: &Path) -> String {
    path.display().to_string()
}

#[test]
fn damaged_params_files_are_refused_by_name_or_start_a_run() {
    let check =
        |path: &Path| start(&["--game", "chess", "--pairs", "10", "--params", &path_text(path)]);
    let fuzzer = Fuzzer {
        name: "spsa_params",
        seed: 0x5B5A_0001,
        encoding: Encoding::Text,
        file_name: "tune.params",
        names_file: true,
        reseal: None,
    };
    fuzzer.run(PARAMS.as_bytes(), check).assert_clean("spsa_params");
}

#[test]
fn damaged_spsa_states_are_refused_by_name_or_resume() {
    let params = params::parse(PARAMS, "sample").expect("the sample params parse");
    let theta: Vec<f64> = params.iter().map(|p| p.start + (p.max - p.start) / 3.0).collect();
    let state = State {
        game: GameKind::Xiangqi,
        seed: 99,
        pairs: 200,
        batch: 2,
        done: 17,
        base: params.iter().map(|p| p.start).collect(),
        params,
        theta,
    };
    let original = state.to_text();
    assert_eq!(State::parse(&original, "sample").as_ref(), Ok(&state));
    let check = |path: &Path| start(&["--resume", &path_text(path)]);
    let fuzzer = Fuzzer {
        name: "spsa_state",
        seed: 0x5B5A_0002,
        encoding: Encoding::Text,
        file_name: "tune.state",
        names_file: true,
        reseal: None,
    };
    fuzzer.run(original.as_bytes(), check).assert_clean("spsa_state");
}
