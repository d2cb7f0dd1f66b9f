//! The validation set holds out whole games: the reader gives each position the id of the game
//! it comes from (its file's place in the list and its number there, in both formats, whatever
//! order the files are read in), and the shuffle buffer holds out every position of the chosen
//! games and none of the others, so no game is on both sides, in any epoch.

use crate::common;

use common::*;
use datagen::Filter;
use game_api::SplitMix64;
use movegen_chess::Chess;
use nnue::king_buckets::FeatureSet;
use nnue_trainer::shuffle::{Holdout, HoldoutUnit, ShuffleBuffer};
use nnue_trainer::{PositionReader, Source};
use std::collections::{BTreeMap, BTreeSet};

/// Positions each game gives through `filter`, in file order.
fn kept_per_game(games: &[datagen::GameRecord], filter: &Filter) -> Vec<usize> {
    games
        .iter()
        .map(|g| {
            let mut n = 0;
            datagen::replay::replay::<Chess>(g, 0, filter, |_| n += 1).expect("replay");
            n
        })
        .collect()
}

#[test]
fn the_reader_numbers_positions_by_their_game_across_files() {
    let dir = scratch_dir("split-numbers");
    let (a, b) =
        (playouts::<Chess>(25, 40, &CHESS_VALUES, 1), playouts::<Chess>(25, 40, &CHESS_VALUES, 2));
    let paths = [dir.join("a.ktgr"), dir.join("b.ktgr")];
    write_records::<Chess>(&paths[0], &a);
    write_records::<Chess>(&paths[1], &b);
    let filter = Filter::default();
    let all = PositionReader::<Chess>::read_all(&paths, &filter, FeatureSet::Plain).unwrap();
    let mut counts: BTreeMap<u64, usize> = BTreeMap::new();
    for p in &all {
        *counts.entry(p.game).or_default() += 1;
    }
    let mut expected: BTreeMap<u64, usize> = BTreeMap::new();
    for (file, games) in [&a, &b].into_iter().enumerate() {
        for (g, n) in kept_per_game(games, &filter).into_iter().enumerate() {
            if n > 0 {
                expected.insert((file as u64) << 32 | g as u64, n);
            }
        }
    }
    assert_eq!(counts, expected);
    // Positions of one game are contiguous in the stream.
    let order: Vec<u64> = all.iter().map(|p| p.game).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
    // Read the other way round, every position keeps its game's id.
    let reversed = PositionReader::<Chess>::new(&paths, &filter, FeatureSet::Plain)
        .in_order(vec![1, 0])
        .collect::<Result<Vec<_>, _>>()
        .unwrap();
    let split = all.iter().position(|p| p.game >> 32 == 1).unwrap();
    assert_eq!(reversed[..all.len() - split], all[split..]);
    assert_eq!(reversed[all.len() - split..], all[..split]);
}

#[test]
fn validation_shares_no_game_with_training() {
    let dir = scratch_dir("split-disjoint");
    let games = playouts::<Chess>(60, 40, &CHESS_VALUES, 3);
    let (records, positions) = (dir.join("g.ktgr"), dir.join("p.ktdg"));
    write_records::<Chess>(&records, &games);
    write_positions::<Chess>(&positions, &games);
    for path in [records, positions] {
        let source = nnue_trainer::Files::<Chess>::new(
            vec![path.clone()],
            Filter::default(),
            FeatureSet::Plain,
        );
        let mut stream = source.stream().unwrap();
        // A small buffer, so the cut between buffer fills falls inside games.
        let mut buffer = ShuffleBuffer::new(37, Holdout { every: 4, unit: HoldoutUnit::Games });
        buffer.start_epoch(5, 1);
        let (mut trained, mut held) = (BTreeSet::new(), BTreeSet::new());
        let mut held_positions = 0;
        while let Some(p) = buffer
            .next(&mut stream, |v| {
                held.insert(v.game);
                held_positions += 1;
            })
            .unwrap()
        {
            trained.insert(p.game);
        }
        assert!(trained.is_disjoint(&held), "{}: a game on both sides", path.display());
        assert!(held.iter().all(|&g| SplitMix64::mix(g).is_multiple_of(4)));
        assert!(!held.is_empty() && trained.len() > 3 * held.len() / 2, "{}", path.display());
        assert!(held_positions > held.len(), "held-out games keep all their positions");
    }
}

#[test]
fn shuffled_files_hold_out_the_same_games_every_epoch() {
    let dir = scratch_dir("split-shuffle");
    let paths: Vec<_> = (0..4)
        .map(|i| {
            let path = dir.join(format!("f{i}.ktgr"));
            write_records::<Chess>(&path, &playouts::<Chess>(12, 30, &CHESS_VALUES, 20 + i));
            path
        })
        .collect();
    let source = nnue_trainer::Files::<Chess>::new(paths, Filter::default(), FeatureSet::Plain)
        .with_file_shuffle(true);
    let orders: Vec<Vec<usize>> = (1..=4).map(|e| source.order(9, e)).collect();
    assert!(orders.iter().any(|o| o != &orders[0]), "the file order changes between epochs");
    assert!(orders.iter().all(|o| {
        let mut sorted = o.clone();
        sorted.sort_unstable();
        sorted == [0, 1, 2, 3]
    }));
    let mut held_sets = Vec::new();
    for epoch in 1..=4 {
        let mut stream = source.stream_for_epoch(9, epoch).unwrap();
        let mut buffer = ShuffleBuffer::new(50, Holdout { every: 3, unit: HoldoutUnit::Games });
        buffer.start_epoch(9, epoch);
        let (mut trained, mut held) = (BTreeSet::new(), BTreeSet::new());
        while let Some(p) = buffer
            .next(&mut stream, |v| {
                held.insert(v.game);
            })
            .unwrap()
        {
            trained.insert(p.game);
        }
        assert!(trained.is_disjoint(&held));
        held_sets.push(held);
    }
    assert!(held_sets.iter().all(|h| h == &held_sets[0]), "the same games every epoch");
}
