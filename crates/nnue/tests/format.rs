//! Net files: a written net reads back equal, and every kind of damage is refused with its own
//! typed error (never a panic).

mod common;

use common::random_net;
use game_api::GameKind;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::format::{fnv1a, LoadError, HEADER_BYTES};
use nnue::Net;

/// Recomputes the trailer so that a deliberately changed field is what gets refused.
fn reseal(mut bytes: Vec<u8>) -> Vec<u8> {
    let n = bytes.len() - 4;
    let sum = fnv1a(&bytes[..n]);
    bytes[n..].copy_from_slice(&sum.to_le_bytes());
    bytes
}

#[test]
fn a_written_net_reads_back_equal() {
    let net = random_net::<Chess>(9);
    assert_eq!(Net::from_bytes::<Chess>(&net.to_bytes()), Ok(net));
    let net = random_net::<Xiangqi>(9);
    assert_eq!(Net::from_bytes::<Xiangqi>(&net.to_bytes()), Ok(net));
}

#[test]
fn damaged_files_are_refused_with_typed_errors() {
    let good = random_net::<Chess>(4).to_bytes();
    let load = |bytes: &[u8]| Net::from_bytes::<Chess>(bytes);

    assert_eq!(load(&[]), Err(LoadError::TooShort(0)));
    assert_eq!(load(&good[..10]), Err(LoadError::TooShort(10)));

    let mut b = good.clone();
    b[0] = b'X';
    assert_eq!(load(&b), Err(LoadError::BadMagic));

    let mut b = good.clone();
    b[4] = 9;
    assert_eq!(load(&reseal(b)), Err(LoadError::UnsupportedVersion(9)));

    let mut b = good.clone();
    b[6] = 7;
    assert_eq!(load(&reseal(b)), Err(LoadError::UnknownGame(7)));

    let mut b = good.clone();
    b[7] = 0;
    assert_eq!(load(&reseal(b)), Err(LoadError::UnsupportedActivation(0)));

    let mut b = good.clone();
    b[10] = 0;
    b[11] = 1;
    assert_eq!(
        load(&reseal(b)),
        Err(LoadError::Shape { field: "hidden size", expected: 128, found: 256 })
    );

    let truncated = reseal(good[..good.len() - 10].to_vec());
    assert!(
        matches!(load(&truncated), Err(LoadError::Size { found, .. }) if found == good.len() - 10)
    );

    let mut b = good.clone();
    b[HEADER_BYTES + 100] ^= 0x40;
    assert!(matches!(load(&b), Err(LoadError::Checksum { .. })));

    // An output weight of 200 (the SIMD path needs |w| <= 127).
    let mut net = random_net::<Chess>(4);
    net.out_weights[5] = 200;
    assert_eq!(load(&net.to_bytes()), Err(LoadError::OutputWeightRange { index: 5, value: 200 }));

    // A xiangqi net offered to chess, and the other way round.
    let xq = random_net::<Xiangqi>(4).to_bytes();
    assert_eq!(
        load(&xq),
        Err(LoadError::WrongGame { expected: GameKind::Chess, found: GameKind::Xiangqi })
    );
    assert_eq!(
        Net::from_bytes::<Xiangqi>(&good),
        Err(LoadError::WrongGame { expected: GameKind::Xiangqi, found: GameKind::Chess })
    );

    // Random garbage of the right length.
    let garbage: Vec<u8> = (0..good.len()).map(|i| (i * 7 + 3) as u8).collect();
    assert_eq!(load(&garbage), Err(LoadError::BadMagic));
}

#[test]
fn a_missing_file_is_an_io_error() {
    let err = Net::load::<Chess>(std::path::Path::new("/nonexistent/kientuong.nnue"));
    assert!(matches!(err, Err(LoadError::Io(_))), "{err:?}");
}
