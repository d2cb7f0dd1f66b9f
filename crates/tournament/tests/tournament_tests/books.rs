//! The default books: large, every position distinct, every one playable, and big enough that
//! a 10,000-game match with both colours per opening plays no opening twice.

use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use std::collections::HashSet;
use tournament::cli::parse_args;
use tournament::config::GameKind;
use tournament::schedule::jobs::schedule;
use tournament::schedule::openings::{builtin, distinct_positions, load};

fn ten_thousand_games(game: &str) -> tournament::MatchConfig {
    let args: Vec<String> = format!(
        "--game {game} --engine cmd=a --engine cmd=b --each nodes=20000 --games 2 --rounds 5000 --repeat"
    )
    .split_whitespace()
    .map(str::to_owned)
    .collect();
    parse_args(&args).unwrap()
}

fn no_repeats<G: game_api::Game>(game: &str, kind: GameKind, at_least: usize) {
    let book = builtin(kind);
    assert!(book.len() >= at_least, "{game}: {} positions", book.len());
    assert_eq!(distinct_positions::<G>(&book), book.len(), "{game}: a position twice");
    let cfg = ten_thousand_games(game);
    let openings = load::<G>(&cfg.openings, kind, false, cfg.seed).unwrap();
    let jobs = schedule(&cfg, openings.len());
    assert_eq!(jobs.len(), 10_000);
    let used: HashSet<usize> = jobs.iter().map(|j| j.opening).collect();
    assert_eq!(used.len(), 5_000, "{game}: one opening per pair, none twice");
    let played: Vec<_> = used.iter().map(|&i| openings[i].clone()).collect();
    assert_eq!(distinct_positions::<G>(&played), 5_000, "{game}: two pairs start alike");
    let runner_ok = tournament::runner::replay_check(&cfg, jobs.len(), openings.len());
    assert_eq!(runner_ok, Ok(None), "{game}: the runner would warn");
}

#[test]
fn the_chess_book_repeats_no_opening_in_ten_thousand_games() {
    no_repeats::<Chess>("chess", GameKind::Chess, 20_000);
}

#[test]
fn the_xiangqi_book_repeats_no_opening_in_ten_thousand_games() {
    no_repeats::<Xiangqi>("xiangqi", GameKind::Xiangqi, 10_000);
}
