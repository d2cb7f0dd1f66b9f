//! Net files: a written net reads back equal, and every kind of damage is refused with its own
//! typed error (never a panic).

use crate::common;

use common::{random_layers, random_layers_with, random_net, random_net_of};
use game_api::GameKind;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::format::{fnv1a, LoadError, HEADER_BYTES};
use nnue::king_buckets::FeatureSet;
use nnue::{Layers, Net};

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
    for net in [
        random_net_of::<Chess, 256>(2),
        random_net_of::<Chess, 384>(3),
        random_net_of::<Xiangqi, 512>(4),
    ] {
        let bytes = net.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[10], bytes[11]]) as usize, net.hidden_size());
        assert_eq!(Net::parse(&bytes, net.tag, net.inputs()), Ok(net));
    }
}

/// Output buckets are version 2, with the count in the header; one bucket stays version 1, and
/// the embedded (version 1) nets load.
#[test]
fn output_buckets_are_version_2_and_version_1_still_loads() {
    for buckets in [2, 4, 8] {
        let net = Net::from_layers(GameKind::Chess, random_layers::<Chess, 256>(6, buckets));
        let bytes = net.to_bytes();
        assert_eq!(u16::from_le_bytes([bytes[4], bytes[5]]), 2);
        assert_eq!(u16::from_le_bytes([bytes[18], bytes[19]]) as usize, buckets);
        assert_eq!(Net::from_bytes::<Chess>(&bytes), Ok(net));
    }
    let one = random_net::<Chess>(6).to_bytes();
    assert_eq!((one[4], one[5], one[18], one[19]), (1, 0, 0, 0));
    for (bytes, name) in
        [(nnue::games::chess::EMBEDDED, "chess"), (nnue::games::xiangqi::EMBEDDED, "xiangqi")]
    {
        assert_eq!(bytes[4], 1, "the embedded {name} net is a version-1 file");
    }
    assert!(nnue::games::chess::embedded().is_ok_and(|n| n.buckets() == 1));
    assert!(nnue::games::xiangqi::embedded().is_ok_and(|n| n.buckets() == 1));

    let two = Net::from_layers(GameKind::Chess, random_layers::<Chess, 128>(6, 2)).to_bytes();
    for bad in [0u8, 9] {
        let mut b = two.clone();
        b[18] = bad;
        assert_eq!(
            Net::from_bytes::<Chess>(&reseal(b)),
            Err(LoadError::UnsupportedBuckets(u32::from(bad)))
        );
    }
    // Chess king buckets: version 2, feature byte 1, four times the inputs.
    let kb = Net::from_layers(
        GameKind::Chess,
        random_layers_with::<Chess, 128>(8, 1, FeatureSet::ChessKingBuckets),
    );
    let bytes = kb.to_bytes();
    assert_eq!((bytes[4], bytes[18], bytes[19]), (2, 1, 1));
    assert_eq!(u16::from_le_bytes([bytes[8], bytes[9]]), 4 * 768);
    assert_eq!(Net::from_bytes::<Chess>(&bytes), Ok(kb));
    let mut b = bytes.clone();
    b[19] = 7;
    assert_eq!(Net::from_bytes::<Chess>(&reseal(b)), Err(LoadError::UnsupportedFeatures(7)));
    // Xiangqi has no king buckets.
    let mut xq =
        Net::from_layers(GameKind::Xiangqi, random_layers::<Xiangqi, 128>(8, 2)).to_bytes();
    xq[19] = 1;
    assert_eq!(Net::from_bytes::<Xiangqi>(&reseal(xq)), Err(LoadError::UnsupportedFeatures(1)));

    // A version-2 header over a body of another bucket count: the length gives it away.
    let mut b = two.clone();
    b[18] = 3;
    assert!(matches!(Net::from_bytes::<Chess>(&reseal(b)), Err(LoadError::Size { .. })));
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

    // A width this build has no inference for.
    let mut b = good.clone();
    b[10] = 192;
    b[11] = 0;
    assert_eq!(load(&reseal(b)), Err(LoadError::UnsupportedHidden(192)));
    // A width it has, on a body of another: the length gives it away.
    let mut b = good.clone();
    b[10] = 0;
    b[11] = 1;
    assert!(matches!(load(&reseal(b)), Err(LoadError::Size { .. })));

    let truncated = reseal(good[..good.len() - 10].to_vec());
    assert!(
        matches!(load(&truncated), Err(LoadError::Size { found, .. }) if found == good.len() - 10)
    );

    let mut b = good.clone();
    b[HEADER_BYTES + 100] ^= 0x40;
    assert!(matches!(load(&b), Err(LoadError::Checksum { .. })));

    // An output weight of 200 (the SIMD path needs |w| <= 127).
    let mut layers: Layers<128> = random_layers::<Chess, 128>(4, 1);
    layers.out[0][0][5] = 200;
    let net = Net::from_layers(GameKind::Chess, layers);
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
