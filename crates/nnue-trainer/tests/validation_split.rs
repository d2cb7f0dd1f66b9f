//! The validation set holds out whole games: the reader numbers each position by the game it
//! comes from (through several files, in both formats), and the shuffle buffer holds out every
//! position of the chosen games and none of the others, so no game is on both sides.

mod common;

use common::*;
use datagen::Filter;
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
    let mut counts: BTreeMap<u32, usize> = BTreeMap::new();
    for p in &all {
        *counts.entry(p.game).or_default() += 1;
    }
    let expected: Vec<usize> =
        kept_per_game(&a, &filter).into_iter().chain(kept_per_game(&b, &filter)).collect();
    for (game, &n) in expected.iter().enumerate() {
        assert_eq!(counts.get(&(game as u32)).copied().unwrap_or(0), n, "game {game}");
    }
    assert!(counts.keys().all(|&g| (g as usize) < expected.len()));
    // Positions of one game are contiguous in the stream.
    let order: Vec<u32> = all.iter().map(|p| p.game).collect();
    assert!(order.windows(2).all(|w| w[0] <= w[1]));
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
        assert!(held.iter().all(|g| g % 4 == 0));
        assert!(!held.is_empty() && trained.len() > 3 * held.len() / 2, "{}", path.display());
        assert!(held_positions > held.len(), "held-out games keep all their positions");
    }
}
