//! SAN written from the generic rules interface, opening books and files, and the PGN writer.

use game_api::{Game, GenKind, MoveList};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use tournament::config::{BuiltinBook, GameKind, OpeningConfig, OpeningOrder};
use tournament::game::record::{GameEnd, MatchGame, PlayedMove, Termination};
use tournament::notation::pgn::write_game;
use tournament::notation::san::{parse_any, san};
use tournament::schedule::openings::{builtin_classic, load, parse_epd, parse_pgn, validate};

fn san_of(fen: &str, mv: &str) -> String {
    let mut pos = Chess::from_fen(fen).unwrap();
    let m = pos.parse_move(mv).unwrap();
    san(&mut pos, m)
}

#[test]
fn san_covers_captures_castling_promotion_ambiguity_and_mate() {
    let start = Chess::START_FEN;
    assert_eq!(san_of(start, "e2e4"), "e4");
    assert_eq!(san_of(start, "g1f3"), "Nf3");
    let fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1";
    assert_eq!(san_of(fen, "e1g1"), "O-O");
    assert_eq!(san_of(fen, "e1c1"), "O-O-O");
    assert_eq!(san_of(fen, "a1a8"), "Rxa8+");
    assert_eq!(san_of(fen, "a1d1"), "Rd1", "the king blocks the h-rook");
    assert_eq!(san_of("4k3/8/8/8/8/8/8/R4RK1 w - - 0 1", "a1d1"), "Rad1", "file disambiguates");
    assert_eq!(
        san_of("4k3/8/8/8/R7/8/R7/4K3 w - - 0 1", "a2a3"),
        "R2a3",
        "same file: rank disambiguates"
    );
    assert_eq!(san_of("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1", "b7b8q"), "b8=Q+");
    assert_eq!(
        san_of("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "e5d6"),
        "exd6",
        "en passant is a capture"
    );
    assert_eq!(san_of("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "a1a8"), "Ra8#");
}

#[test]
fn every_san_parses_back_to_its_move() {
    let mut pos = Chess::startpos();
    for line in ["e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1"] {
        for mv in line.split_whitespace() {
            let mut list = MoveList::new();
            pos.generate(GenKind::All, &mut list);
            for &m in list.iter() {
                let text = san(&mut pos, m);
                assert_eq!(parse_any(&mut pos, &text), Some(m), "{text}");
            }
            let m = pos.parse_move(mv).unwrap();
            pos.make(m);
        }
    }
}

#[test]
fn classic_books_are_legal_and_name_their_openings() {
    let chess = builtin_classic(GameKind::Chess);
    assert!(chess.len() >= 200, "{} chess lines", chess.len());
    for mut o in chess {
        validate::<Chess>(&mut o).unwrap();
    }
    let xiangqi = builtin_classic(GameKind::Xiangqi);
    assert!(xiangqi.len() >= 30);
    for mut o in xiangqi {
        let name = o.name.clone().unwrap();
        validate::<Xiangqi>(&mut o).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    let names: Vec<String> =
        builtin_classic(GameKind::Xiangqi).into_iter().filter_map(|o| o.name).collect();
    for family in [
        "Central cannon",
        "Elephant opening",
        "Horse opening",
        "Pawn opening",
        "Same-direction cannons",
    ] {
        assert!(names.iter().any(|n| n.starts_with(family)), "{family} missing");
    }
}

#[test]
fn epd_and_pgn_files_parse() {
    let epd = parse_epd(
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 id \"e4\";\n\n# comment\n\
         rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
    );
    assert_eq!(epd.len(), 2);
    assert_eq!(
        epd[0].fen.as_deref(),
        Some("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1")
    );
    assert_eq!(epd[0].name.as_deref(), Some("e4"));
    assert_eq!(
        epd[1].fen.as_deref(),
        Some("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
    );

    let games = parse_pgn::<Chess>(
        "[Event \"a\"]\n[Opening \"QGD\"]\n\n1. d4 d5 2. c4 e6 $1 {x} (2... c6) 3. Nc3 *\n\n\
         [Event \"b\"]\n[FEN \"4k3/8/8/8/8/8/8/R3K3 w Q - 0 1\"]\n\n1. O-O-O Kf7 1-0\n",
    )
    .unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].name.as_deref(), Some("QGD"));
    assert_eq!(games[0].moves, ["d2d4", "d7d5", "c2c4", "e7e6", "b1c3"]);
    assert_eq!(games[1].moves, ["e1c1", "e8f7"]);
    assert!(parse_pgn::<Chess>("1. e4 Ke7 2. Ke3 *").is_err(), "illegal moves are refused");

    let xq = parse_pgn::<Xiangqi>("[Format \"ICCS\"]\n\n1. H2-E2 H9-G7 2. h0g2 *\n").unwrap();
    assert_eq!(xq[0].moves, ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn loading_cuts_orders_and_shuffles() {
    let classic = OpeningConfig { book: BuiltinBook::Classic, ..OpeningConfig::default() };
    let cfg = OpeningConfig { plies: Some(2), start: 3, ..classic.clone() };
    let seq = load::<Chess>(&cfg, GameKind::Chess, false, 1).unwrap();
    let all = builtin_classic(GameKind::Chess);
    assert_eq!(seq[0].moves, all[2].moves[..2]);
    assert!(seq.iter().all(|o| o.moves.len() == 2));
    let random = OpeningConfig { order: OpeningOrder::Random, ..classic };
    let a = load::<Chess>(&random, GameKind::Chess, false, 42).unwrap();
    let b = load::<Chess>(&random, GameKind::Chess, false, 42).unwrap();
    let c = load::<Chess>(&random, GameKind::Chess, false, 43).unwrap();
    assert_eq!(a, b, "the seed makes the order reproducible");
    assert_ne!(a, c);
    assert_eq!(a.len(), all.len());
}

fn record(moves: &[&str], fen: Option<&str>, end: GameEnd) -> MatchGame {
    MatchGame {
        number: 1,
        round: 1,
        white: 0,
        black: 1,
        white_name: "A \"quoted\"".into(),
        black_name: "B".into(),
        start_fen: fen.map(str::to_owned),
        opening_name: None,
        moves: moves
            .iter()
            .map(|m| PlayedMove { text: (*m).to_owned(), note: Some("+0.10/3 0.010s".into()) })
            .collect(),
        end,
        time_control: "10+0.1".into(),
        clock_low: [Some(std::time::Duration::from_millis(412)), None],
        date: "2026.01.02".into(),
    }
}

#[test]
fn pgn_text_for_both_games() {
    let end = GameEnd {
        outcome: game_api::Outcome::Win(game_api::Color::White),
        termination: Termination::Normal,
        comment: "White mates".into(),
    };
    let text = write_game::<Chess>(
        &record(&["f2f3", "e7e5", "g2g4", "d8h4"], None, end.clone()),
        GameKind::Chess,
        "t",
    );
    assert!(text.contains("[White \"A \\\"quoted\\\"\"]"), "{text}");
    assert!(
        text.contains("1. f3 {+0.10/3 0.010s} e5 {+0.10/3 0.010s} 2. g4 {+0.10/3 0.010s} Qh4#"),
        "{text}"
    );
    assert!(text.contains("{White mates} 1-0"));
    assert!(text.contains("[WhiteClockLow \"0.412\"]\n"), "{text}");
    assert!(!text.contains("BlackClockLow"), "no tag for a side without a clock: {text}");

    let fen = "4k3/8/8/8/8/8/8/R3K3 b Q - 0 7";
    let text = write_game::<Chess>(
        &record(&["e8f7", "e1c1"], Some(fen), end.clone()),
        GameKind::Chess,
        "t",
    );
    assert!(text.contains("[FEN \"4k3/8/8/8/8/8/8/R3K3 b Q - 0 7\"]\n[SetUp \"1\"]"), "{text}");
    assert!(text.contains("7... Kf7 {+0.10/3 0.010s} 8. O-O-O"), "{text}");

    let chase = GameEnd {
        outcome: game_api::Outcome::Win(game_api::Color::Black),
        termination: Termination::Normal,
        comment: "perpetual chase by Red".into(),
    };
    let text =
        write_game::<Xiangqi>(&record(&["h2e2", "h9g7"], None, chase), GameKind::Xiangqi, "t");
    assert!(text.contains("[Format \"ICCS\"]"));
    assert!(text.contains("[TerminationDetails \"perpetual chase by Red\"]"));
    assert!(text.contains("1. H2-E2 H9-G7 0-1"), "{text}");
    assert!(!text.contains('{'), "cchess stops at the first comment: {text}");
}
