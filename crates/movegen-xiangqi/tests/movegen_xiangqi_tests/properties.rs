//! Property tests over random playouts: make/unmake restores FEN and key, the incremental key
//! equals the recomputed one, FEN round-trips, All = Tactical ∪ Quiet (disjoint), `is_legal`
//! matches generation exactly (also on random 16-bit words), `gives_check` matches make +
//! `in_check`, null moves restore the position.

use game_api::{Game, GenKind, Move, MoveList};
use movegen_xiangqi::Xiangqi;

use game_api::SplitMix64;

fn moves(pos: &Xiangqi, kind: GenKind) -> Vec<Move> {
    let mut list = MoveList::new();
    pos.generate(kind, &mut list);
    list.iter().copied().collect()
}

fn check_node(pos: &mut Xiangqi, rng: &mut SplitMix64) {
    let fen = pos.fen();
    let key = pos.hash();
    assert_eq!(key, pos.recomputed_key(), "incremental key differs from recomputed at {fen}");
    let reparsed =
        Xiangqi::from_fen(&fen).unwrap_or_else(|e| panic!("own FEN refused: {fen}: {e}"));
    assert_eq!(reparsed.fen(), fen, "FEN does not round-trip");
    assert_eq!(reparsed.hash(), key, "key depends on history at {fen}");
    assert_eq!(reparsed.in_check(), pos.in_check());

    let all = moves(pos, GenKind::All);
    let tactical = moves(pos, GenKind::Tactical);
    let quiet = moves(pos, GenKind::Quiet);
    let mut union: Vec<Move> = tactical.iter().chain(quiet.iter()).copied().collect();
    union.sort_by_key(|m| m.0);
    let mut sorted = all.clone();
    sorted.sort_by_key(|m| m.0);
    assert_eq!(union, sorted, "All != Tactical + Quiet at {fen}");
    for m in &tactical {
        assert!(pos.is_tactical(*m) && pos.captured_kind(*m).is_some());
    }
    for m in &quiet {
        assert!(!pos.is_tactical(*m));
    }
    for &m in &all {
        assert!(pos.is_legal(m), "generated move {} not is_legal at {fen}", pos.write_move(m));
        assert!(m.is_some());
        let text = pos.write_move(m);
        assert_eq!(pos.parse_move(&text), Ok(m));
        assert_eq!(pos.parse_move(&text.to_uppercase()), Ok(m));
        let gives = pos.gives_check(m);
        let key_after = pos.tt_key_after(m);
        pos.make(m);
        assert_eq!(gives, pos.in_check(), "gives_check wrong for {text} at {fen}");
        assert_eq!(key_after, Some(pos.tt_key()), "tt_key_after wrong for {text} at {fen}");
        pos.unmake();
        assert_eq!(pos.fen(), fen, "unmake of {text} did not restore");
        assert_eq!(pos.hash(), key);
    }
    for _ in 0..200 {
        let word = Move(rng.next_u64() as u16);
        assert_eq!(pos.is_legal(word), all.contains(&word), "is_legal({:#x}) at {fen}", word.0);
        // Move facts on stray words must stay in range and never panic.
        assert!(pos.moved_piece(word) < Xiangqi::PIECES);
        assert!(pos.captured_kind(word).is_none_or(|k| k < Xiangqi::PIECES / 2));
        let _ = (pos.is_tactical(word), pos.see_ge(word, 0), pos.gives_check(word));
    }
    assert_eq!(pos.fen(), fen, "move facts must not change the position");
    // Near-miss words: every from/to pair of squares.
    if rng.below(8) == 0 {
        for from in 0..90u16 {
            for to in 0..90u16 {
                let word = Move(from | (to << 7));
                assert_eq!(
                    pos.is_legal(word),
                    all.contains(&word),
                    "is_legal {from}->{to} at {fen}"
                );
            }
        }
    }
    assert!(!pos.is_legal(Move::NONE));
    if !pos.in_check() {
        pos.make_null();
        assert_ne!(pos.hash(), key);
        pos.unmake_null();
        assert_eq!(pos.fen(), fen);
        assert_eq!(pos.hash(), key);
    }
}

#[test]
fn random_playouts_keep_every_invariant() {
    let mut rng = SplitMix64::new(0x1234_5678);
    let mut nodes = 0;
    for game in 0..60 {
        let mut pos = if game % 3 == 0 {
            Xiangqi::startpos()
        } else {
            let fens = Xiangqi::BENCH_FENS;
            Xiangqi::from_fen(fens[game % fens.len()]).expect("bench FEN")
        };
        let start_fen = pos.fen();
        let mut played = 0;
        for _ in 0..160 {
            check_node(&mut pos, &mut rng);
            nodes += 1;
            let all = moves(&pos, GenKind::All);
            if all.is_empty() {
                break;
            }
            pos.make(all[rng.below(all.len())]);
            played += 1;
        }
        for _ in 0..played {
            pos.unmake();
        }
        assert_eq!(pos.fen(), start_fen, "unwinding the whole game did not restore the start");
        assert_eq!(pos.history_len(), 0);
    }
    assert!(nodes > 5000, "only {nodes} nodes checked");
}

#[test]
fn fen_fuzz_never_panics_and_accepted_fens_round_trip() {
    let mut rng = SplitMix64::new(42);
    let alphabet: &[u8] = b"rnbakcpRNBAKCPehEH0123456789/ -wbr";
    let mut seeds: Vec<String> = Xiangqi::BENCH_FENS.iter().map(|s| s.to_string()).collect();
    // Positions from playouts make better seeds than the fixed ones alone.
    let mut pos = Xiangqi::startpos();
    for _ in 0..300 {
        let all = moves(&pos, GenKind::All);
        if all.is_empty() {
            pos = Xiangqi::startpos();
            continue;
        }
        pos.make(all[rng.below(all.len())]);
        seeds.push(pos.fen());
    }
    let mut accepted = 0;
    for i in 0..20_000 {
        let base = seeds[rng.below(seeds.len())].as_bytes().to_vec();
        let mut text = base.clone();
        for _ in 0..1 + rng.below(4) {
            match rng.below(4) {
                0 if !text.is_empty() => {
                    let at = rng.below(text.len());
                    text[at] = alphabet[rng.below(alphabet.len())];
                }
                1 if !text.is_empty() => {
                    text.remove(rng.below(text.len()));
                }
                2 => {
                    let at = rng.below(text.len() + 1);
                    text.insert(at, alphabet[rng.below(alphabet.len())]);
                }
                _ => {
                    // Swap two board characters: moves pieces onto odd squares.
                    let a = rng.below(text.len().max(1));
                    let b = rng.below(text.len().max(1));
                    if a < text.len() && b < text.len() {
                        text.swap(a, b);
                    }
                }
            }
        }
        let s = if i % 50 == 0 {
            // Raw random bytes now and then, including non-ASCII.
            let n = rng.below(100);
            String::from_utf8_lossy(&(0..n).map(|_| rng.next_u64() as u8).collect::<Vec<_>>())
                .into_owned()
        } else {
            String::from_utf8_lossy(&text).into_owned()
        };
        if let Ok(p) = Xiangqi::from_fen(&s) {
            accepted += 1;
            let again = Xiangqi::from_fen(&p.fen()).expect("re-parse of own FEN");
            assert_eq!(again.fen(), p.fen());
            assert_eq!(again.hash(), p.recomputed_key());
            let mut list = MoveList::new();
            p.generate(GenKind::All, &mut list);
            let _ = p.game_verdict();
        }
    }
    assert!(accepted > 100, "fuzzing accepted only {accepted} FENs: mutations too destructive");
}
