//! The NNUE trainer: fits the `nnue` crate's nets to datagen files on the CPU, with memory that
//! does not grow with the data.
//!
//! Design, in the order the data flows:
//! - [`reader`]: the one reader of training data: datagen files of either format become
//!   fixed-size [`position::TrainingPosition`]s (active features per perspective, result and
//!   score), pulled one at a time;
//! - [`shuffle`]: a bounded buffer shuffles the stream chunk by chunk, seeded per epoch, and
//!   holds out every n-th position (by its 64-bit number) for validation; a buffer as large as
//!   the data is exactly training in memory ([`source::InMemory`]);
//! - [`shape`]: what is trained: the hidden width (inference loads 128, 256, 384, 512), output
//!   buckets by piece count, and plain or chess king-bucket inputs (`nnue::king_buckets`, the
//!   mapping inference uses, so the two cannot disagree); [`float_net`] holds it in f32;
//! - [`gradient`]: the gradient is sparse in the feature transformer: only the rows of active
//!   features are written, summed and cleared; [`adam`] updates only those rows (lazy Adam, the
//!   choice is argued there);
//! - [`train`]: batches cut into fixed chunks computed in parallel and summed in chunk order, so
//!   a seed gives the same net whatever the thread count; reports positions per second per
//!   thread;
//! - [`quantise`]: the float net becomes an `nnue::Net`, whose writer is the file format's
//!   (header, version, checksum live in `nnue::format` only).
//!
//! Target = `lambda` × result + (1 − `lambda`) × sigmoid(score / 400), from the side to move's
//! view; loss the mean squared error of sigmoid(output). It trains the committed nets. The net's
//! numbers differ from those of the first trainer, `train-net` (other initial weights, chunking,
//! lazy Adam, shuffle), which is why the recipes of the older nets it made build that retired
//! trainer from history (`TRAINER=train-net` in `scripts/train-net.sh`).

#![forbid(unsafe_code)]

pub mod adam;
pub mod error;
pub mod float_net;
pub mod gradient;
pub mod position;
pub mod quantise;
pub mod reader;
pub mod shape;
pub mod shuffle;
pub mod source;
pub mod train;

pub use error::TrainError;
pub use float_net::FloatNet;
pub use position::TrainingPosition;
pub use quantise::quantise;
pub use reader::PositionReader;
pub use shape::Shape;
pub use source::{Files, InMemory, Source};
pub use train::{train, EpochReport, Settings};
