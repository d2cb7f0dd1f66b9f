//! The tools and the repository end to end: `kientuong datagen`, `spsa`, `judge`, the SPSA build,
//! `scripts/train-net.sh`, `scripts/calibrate-elo.sh`, and the checks of the tree itself (docs' paths, lab patches, import
//! cycles). One binary for what used to be one per file; each module's doc says what it checks.

mod calibrate_elo_script;
mod datagen_cli;
mod docs_paths;
mod import_cycles;
mod lab_patches;
mod spsa_cli;
mod train_net_script;
mod tunable_build;
mod xiangqi_cli;
