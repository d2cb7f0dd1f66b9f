//! The protocol through the real binary (`target/<profile>/kientuong`): UCI and UCCI transcripts,
//! options, bounds on answers, real GUI-side clients (python-chess, cchess, uci2wb), and what an
//! OpenBench worker and a closed stdout need. One binary for what used to be one per file; each
//! module's doc says what it checks.

#[path = "../protocol_driver/mod.rs"]
mod protocol_driver;

mod bounds;
mod chess960;
mod client_chess960;
mod clients;
mod closed_stdout;
mod lenient;
mod nnue_options;
mod openbench;
mod options;
mod progress;
mod reliability;
mod ucci;
mod uci;
mod uci2wb;
