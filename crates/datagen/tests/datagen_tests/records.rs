//! Game records against the position files they replace: the same self-play games give the
//! same positions, scores and results either way; every move kind of both games survives a
//! round trip; the converter keeps every position of a position file.

use datagen::convert::convert;
use datagen::record_format::{GameRecord, Ply, RecordReader, RecordWriter};
use datagen::replay::replay;
use datagen::{
    play_game, DrawRule, Filter, GameSettings, PositionRecord, Reader, ResultCode, Writer,
};
use game_api::{Evaluator, Game, GameKind, Move};
use movegen_chess::Chess;
use movegen_xiangqi::Xiangqi;
use search::Engine;

fn settings() -> GameSettings {
    GameSettings {
        nodes: 300,
        random_plies: 8,
        opening_cp: 200,
        adjudicate_cp: 2000,
        max_plies: 600,
        draw: DrawRule::OFF,
        start_fen: None,
    }
}

/// Plays `n` games; their records and the positions datagen keeps directly.
fn games<G: Game, E: Evaluator<G> + Default>(n: u64) -> Vec<datagen::PlayedGame> {
    let mut engine = Engine::<G, E>::new(4, 1);
    engine.set_evaluator(E::default());
    (0..n).map(|i| play_game(&mut engine, 5, i, &settings())).collect()
}

fn through_file(id: GameKind, records: &[GameRecord]) -> (Vec<GameRecord>, usize) {
    let mut w = RecordWriter::new(Vec::new(), id, "test").unwrap();
    for g in records {
        w.write_game(g).unwrap();
    }
    let bytes = w.finish().unwrap();
    let mut r = RecordReader::new(bytes.as_slice()).unwrap();
    let mut back = Vec::new();
    while let Some(g) = r.next_game().unwrap() {
        back.push(g);
    }
    (back, bytes.len())
}

fn replay_all<G: Game>(records: &[GameRecord], filter: &Filter) -> Vec<PositionRecord> {
    let mut out = Vec::new();
    for (i, g) in records.iter().enumerate() {
        replay::<G>(g, i as u64, filter, |r| out.push(r)).unwrap();
    }
    out
}

fn records_equal_positions<G: Game, E: Evaluator<G> + Default>(id: GameKind) {
    let played = games::<G, E>(4);
    let direct: Vec<PositionRecord> = played.iter().flat_map(|g| g.kept.clone()).collect();
    let records: Vec<GameRecord> = played.iter().map(|g| g.record.clone()).collect();
    let (back, bytes) = through_file(id, &records);
    assert_eq!(back, records);
    assert_eq!(replay_all::<G>(&back, &Filter::default()), direct, "{}", G::NAME);

    let mut positions = Writer::new(Vec::new(), id).unwrap();
    direct.iter().for_each(|r| positions.write(r).unwrap());
    let plies: usize = records.iter().map(|g| g.plies.len()).sum();
    let position_bytes = positions.into_inner().len();
    eprintln!(
        "{}: {} games, {} plies, {} kept; records {} bytes ({:.2}/ply, {:.2}/kept), positions {} bytes ({:.2}/kept)",
        G::NAME,
        records.len(),
        plies,
        direct.len(),
        bytes,
        bytes as f64 / plies as f64,
        bytes as f64 / direct.len() as f64,
        position_bytes,
        position_bytes as f64 / direct.len() as f64,
    );
    // Every recorded position replays, and the unfiltered stream is every ply.
    assert_eq!(replay_all::<G>(&back, &Filter::all()).len(), plies);
    let late = Filter { min_ply: 10, max_ply: 20, ..Filter::all() };
    assert!(replay_all::<G>(&back, &late).len() <= 11 * records.len());
}

#[test]
fn chess_records_replay_to_the_positions_datagen_keeps() {
    records_equal_positions::<Chess, eval_chess::ChessEval>(GameKind::Chess);
}

#[test]
fn xiangqi_records_replay_to_the_positions_datagen_keeps() {
    records_equal_positions::<Xiangqi, eval_xiangqi::XiangqiEval>(GameKind::Xiangqi);
}

/// A game record of `moves` (the game's notation) from `fen`, scores counting up.
fn record_of<G: Game>(fen: &str, moves: &[&str]) -> (GameRecord, Vec<String>) {
    let mut pos = G::from_fen(fen).unwrap();
    let mut fens = Vec::new();
    let mut plies = Vec::new();
    for (i, text) in moves.iter().enumerate() {
        let m = pos.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        fens.push(pos.fen());
        plies.push(Ply { mv: m.raw(), score: i as i16 - 3 });
        pos.make(m);
    }
    (GameRecord { start_fen: fen.into(), plies, result: ResultCode::Win }, fens)
}

fn round_trip<G: Game>(id: GameKind, fen: &str, moves: &[&str]) {
    let (record, fens) = record_of::<G>(fen, moves);
    let (back, _) = through_file(id, std::slice::from_ref(&record));
    let replayed = replay_all::<G>(&back, &Filter::all());
    let got: Vec<String> = replayed.iter().map(|r| r.fen.clone()).collect();
    assert_eq!(got, fens);
    for (i, r) in replayed.iter().enumerate() {
        let sign = if r.stm == 0 { 1 } else { -1 };
        assert_eq!(r.score, (i as i16 - 3) * sign);
        assert_eq!(r.result, ResultCode::Win);
    }
}

#[test]
fn chess_every_move_kind_round_trips() {
    // Castling both ways, en passant, captures, promotion and all three underpromotions.
    round_trip::<Chess>(
        GameKind::Chess,
        "r3k2r/6P1/8/3pP3/8/8/1p6/R3K2R w KQkq d6 0 1",
        &["e5d6", "e8c8", "e1g1", "b2b1q", "a1b1", "d8d6", "g7h8n", "c8c7"],
    );
    round_trip::<Chess>(
        GameKind::Chess,
        "4k3/1P6/8/8/8/8/1p6/4K3 w - - 0 1",
        &["b7b8b", "b2b1r", "e1e2"],
    );
    round_trip::<Chess>(GameKind::Chess, "r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1", &["e8g8", "e1c1"]);
}

#[test]
fn chess_move_words_keep_their_layout() {
    // The stored word is the rules crate's Move: from | to << 6 | flag << 12.
    let pos = Chess::from_fen("r3k3/1P6/8/3pP3/8/8/8/4K2R w Kq d6 0 1").unwrap();
    let word = |t: &str| pos.parse_move(t).unwrap().raw();
    assert_eq!(word("e1e2"), 4 | 12 << 6);
    assert_eq!(word("e5d6"), 36 | 43 << 6 | 1 << 12);
    // Castling is stored as the king taking its own rook (the rules crate's encoding, which
    // serves Chess960 too): e1 to h1.
    assert_eq!(word("e1g1"), 4 | 7 << 6 | 2 << 12);
    assert_eq!(word("b7b8n"), 49 | 57 << 6 | 4 << 12);
    assert_eq!(word("b7a8q"), 49 | 56 << 6 | 7 << 12);
}

#[test]
fn xiangqi_every_piece_kind_round_trips() {
    // Cannon, horse, elephant, advisor, general, soldier, chariot; captures by cannon and chariot.
    round_trip::<Xiangqi>(
        GameKind::Xiangqi,
        Xiangqi::START_FEN,
        &[
            "h2e2", "h9g7", "g0i2", "d9e8", "f0e1", "e9d9", "e0f0", "c6c5", "i0i1", "b7b0", "a0b0",
            "a9a8", "e3e4", "a8a9",
        ],
    );
}

#[test]
fn xiangqi_move_words_keep_their_layout() {
    // The stored word is the rules crate's Move: from | to << 7, squares as the crate numbers them.
    let pos = Xiangqi::startpos();
    for text in ["h2e2", "h0g2", "a0a1", "e0e1"] {
        let m = pos.parse_move(text).unwrap();
        let (from, to) = (Xiangqi::from_square(m), Xiangqi::to_square(m));
        assert_eq!(m.raw() as usize, from | to << 7, "{text}");
        assert_ne!(from, to);
    }
    assert_eq!(pos.parse_move("a0a1").unwrap().raw(), 9 << 7);
}

#[test]
fn an_illegal_word_is_an_error_and_none_only_ends_a_record() {
    let (mut record, _) = record_of::<Chess>(Chess::START_FEN, &["e2e4", "e7e5", "g1f3"]);
    record.plies[1].mv = 0;
    assert!(replay::<Chess>(&record, 0, &Filter::all(), |_| {}).is_err());
    record.plies[0].mv = Move::NONE.raw();
    record.plies.truncate(1);
    let mut n = 0;
    replay::<Chess>(&record, 0, &Filter::all(), |_| n += 1).unwrap();
    assert_eq!(n, 1);
    record.plies[0].mv = 0xFFFF;
    assert!(replay::<Chess>(&record, 0, &Filter::all(), |_| {}).is_err());
}

fn converter_keeps_every_position<G: Game, E: Evaluator<G> + Default>(id: GameKind) {
    let played = games::<G, E>(3);
    let direct: Vec<PositionRecord> = played.iter().flat_map(|g| g.kept.clone()).collect();
    let mut positions = Writer::new(Vec::new(), id).unwrap();
    direct.iter().for_each(|r| positions.write(r).unwrap());
    let bytes = positions.into_inner();
    let mut reader = Reader::new(bytes.as_slice()).unwrap();
    let mut out = RecordWriter::new(Vec::new(), id, "converted").unwrap();
    let stats = convert::<G, _, _>(&mut reader, &mut out).unwrap();
    let converted = out.finish().unwrap();
    assert_eq!(stats.positions as usize, direct.len());
    assert!(stats.records < stats.positions, "no chain found: {stats:?}");
    let mut r = RecordReader::new(converted.as_slice()).unwrap();
    let mut back = Vec::new();
    while let Some(g) = r.next_game().unwrap() {
        back.push(g);
    }
    assert_eq!(replay_all::<G>(&back, &Filter::default()), direct);
    assert_eq!(replay_all::<G>(&back, &Filter::all()), direct);
    eprintln!(
        "{} converted: {} positions in {} records, {} -> {} bytes",
        G::NAME,
        stats.positions,
        stats.records,
        bytes.len(),
        converted.len()
    );
}

#[test]
fn chess_converter_keeps_every_position() {
    converter_keeps_every_position::<Chess, eval_chess::ChessEval>(GameKind::Chess);
}

#[test]
fn xiangqi_converter_keeps_every_position() {
    converter_keeps_every_position::<Xiangqi, eval_xiangqi::XiangqiEval>(GameKind::Xiangqi);
}

#[test]
fn the_draw_rule_ends_level_games_drawn() {
    let mut engine = Engine::<Chess, eval_chess::ChessEval>::new(4, 1);
    engine.set_evaluator(eval_chess::ChessEval::default());
    // Any level score ends the game at once from ply 0 on.
    let loose = GameSettings { draw: DrawRule { after: 0, cp: 10_000, plies: 1 }, ..settings() };
    let game = play_game(&mut engine, 5, 0, &loose);
    assert_eq!(game.record.plies.len(), 1);
    assert_eq!(game.record.result, ResultCode::Draw);
    // Not before ply `after`: the same game runs past it.
    let late = GameSettings { draw: DrawRule { after: 40, cp: 10_000, plies: 1 }, ..settings() };
    let game = play_game(&mut engine, 5, 0, &late);
    let start_ply = {
        let fields: Vec<&str> = game.record.start_fen.split(' ').collect();
        2 * (fields[5].parse::<usize>().unwrap() - 1) + usize::from(fields[1] == "b")
    };
    assert_eq!(start_ply + game.record.plies.len(), 41, "{}", game.record.start_fen);
}

/// Chess960 and Double Fischer Random data: games start from the drawn back ranks and replay to
/// the positions datagen kept, through a file.
#[test]
fn fischer_random_starts_replay_to_the_positions_datagen_keeps() {
    let frc: fn(u64) -> Option<String> = |r| movegen_chess::chess960_start_fen((r % 960) as usize);
    let dfrc: fn(u64) -> Option<String> =
        |r| movegen_chess::dfrc_start_fen((r % 960) as usize, (r / 960 % 960) as usize);
    for start_fen in [frc, dfrc] {
        let s = GameSettings { start_fen: Some(start_fen), ..settings() };
        let mut engine = Engine::<Chess, eval_chess::ChessEval>::new(4, 1);
        engine.set_evaluator(eval_chess::ChessEval::default());
        let played: Vec<_> = (0..6).map(|i| play_game(&mut engine, 9, i, &s)).collect();
        let records: Vec<GameRecord> = played.iter().map(|g| g.record.clone()).collect();
        // The random plies leave the back ranks mostly in place: at least one game keeps a
        // back rank that differs from the standard one.
        let standard = ["rnbqkbnr", "RNBQKBNR"];
        assert!(records.iter().any(|g| {
            let ranks: Vec<&str> = g.start_fen.split([' ', '/']).collect();
            ranks[0] != standard[0] && ranks[7] != standard[1]
        }));
        let direct: Vec<PositionRecord> = played.iter().flat_map(|g| g.kept.clone()).collect();
        let (back, _) = through_file(GameKind::Chess, &records);
        assert_eq!(back, records);
        assert_eq!(replay_all::<Chess>(&back, &Filter::default()), direct);
        let plies: usize = records.iter().map(|g| g.plies.len()).sum();
        assert_eq!(replay_all::<Chess>(&back, &Filter::all()).len(), plies);
    }
}
