//! Mirror augmentation: a position's mirrored twin has exactly the inputs of the mirrored
//! position set up from its FEN (both games), is made only where the rules are symmetric
//! (chess: no castling rights), and shares its game, so validation keeps twins together.

use crate::common;

use common::*;
use datagen::Filter;
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use nnue::king_buckets::FeatureSet;
use nnue::NnueGame;
use nnue_trainer::position::mirrors_exactly;
use nnue_trainer::{PositionReader, TrainingPosition};

/// The FEN with its files mirrored: each rank's text reversed, the en passant file flipped.
fn mirror_fen(fen: &str, files: u8) -> String {
    let mut fields: Vec<String> = fen.split_whitespace().map(str::to_owned).collect();
    fields[0] = fields[0]
        .split('/')
        .map(|rank| rank.chars().rev().collect::<String>())
        .collect::<Vec<_>>()
        .join("/");
    if fields.len() > 3 && fields[3] != "-" {
        let b = fields[3].as_bytes();
        fields[3] = format!("{}{}", (b'a' + files - 1 - (b[0] - b'a')) as char, b[1] as char);
    }
    fields.join(" ")
}

/// The (own, opponent) input pairs, order aside.
fn pairs(p: &TrainingPosition) -> Vec<(u16, u16)> {
    let (a, b) = p.sides();
    let mut v: Vec<(u16, u16)> = a.iter().copied().zip(b.iter().copied()).collect();
    v.sort_unstable();
    v
}

fn twins_match<G: NnueGame>(values: &[i32], files: u8) {
    let games = playouts::<G>(20, 60, values, 11);
    let mut checked = 0;
    for g in &games {
        datagen::replay::replay::<G>(g, 0, &Filter::all(), |rec| {
            if !mirrors_exactly::<G>(&rec.fen) {
                return;
            }
            let p = TrainingPosition::from_record::<G>(&rec, FeatureSet::Plain).unwrap();
            let mirrored =
                datagen::PositionRecord { fen: mirror_fen(&rec.fen, files), ..rec.clone() };
            let q = TrainingPosition::from_record::<G>(&mirrored, FeatureSet::Plain).unwrap();
            let twin = p.mirrored::<G>();
            assert_eq!(pairs(&twin), pairs(&q), "{}", rec.fen);
            assert_eq!((twin.result, twin.score, twin.count), (q.result, q.score, q.count));
            assert_eq!(twin.mirrored::<G>(), p, "mirroring twice is the identity");
            checked += 1;
        })
        .unwrap();
    }
    assert!(checked > 200, "only {checked} positions checked");
}

#[test]
fn chess_twins_are_the_mirrored_positions() {
    twins_match::<Chess>(&CHESS_VALUES, 8);
}

#[test]
fn xiangqi_twins_are_the_mirrored_positions() {
    twins_match::<Xiangqi>(&XIANGQI_VALUES, 9);
}

#[test]
fn the_reader_adds_twins_only_where_exact_and_in_the_same_game() {
    let dir = scratch_dir("mirror-reader");
    let games = playouts::<Chess>(10, 80, &CHESS_VALUES, 5);
    let path = dir.join("g.ktgr");
    write_records::<Chess>(&path, &games);
    let paths = [path];
    let plain =
        PositionReader::<Chess>::read_all(&paths, &Filter::all(), FeatureSet::Plain).unwrap();
    let doubled: Vec<_> = PositionReader::<Chess>::new(&paths, &Filter::all(), FeatureSet::Plain)
        .with_mirror(true)
        .collect::<Result<_, _>>()
        .unwrap();
    let mut exact = 0;
    for g in &games {
        datagen::replay::replay::<Chess>(g, 0, &Filter::all(), |rec| {
            exact += usize::from(mirrors_exactly::<Chess>(&rec.fen))
        })
        .unwrap();
    }
    assert!(exact > 0 && exact < plain.len(), "the playouts have castling rights for a while");
    assert_eq!(doubled.len(), plain.len() + exact);
    // Each twin follows its original, in the same game.
    let mut i = 0;
    for p in &plain {
        assert_eq!(&doubled[i], p);
        i += 1;
        if i < doubled.len() && doubled[i] == p.mirrored::<Chess>() && doubled[i] != *p {
            assert_eq!(doubled[i].game, p.game);
            i += 1;
        }
    }
    assert_eq!(i, doubled.len());
    // King buckets mirror by themselves: no twins there.
    let kb: Vec<_> =
        PositionReader::<Chess>::new(&paths, &Filter::all(), FeatureSet::ChessKingBuckets)
            .with_mirror(true)
            .collect::<Result<_, _>>()
            .unwrap();
    assert_eq!(kb.len(), plain.len());
}
