//! Game records: the compact data format. A datagen game is stored as what it is, a start
//! position and the moves played, instead of one FEN per position: about 4 bytes a position
//! where the position format (`format.rs`) spends 55–65. Positions are rebuilt by replaying the
//! moves (`replay.rs`), which is also where the training filters now live, so one file serves
//! any selection. Little-endian throughout.
//!
//! ```text
//! header:   "KTGR"  version: u8 (= 1)  game: u8 (0 chess, 1 xiangqi)
//!           n: u16  recipe: n bytes of text (the datagen settings, so a file says how it was made)
//! game:     'G'  f: u8  start FEN: f bytes  plies: u16
//!           plies × (move: u16  score: i16)  result: u8 (0 loss, 1 draw, 2 win, White's/Red's view)
//! trailer:  'E'  games: u64  checksum: u64 (FNV-1a 64 of every byte before the checksum)
//! ```
//!
//! The move is the game's own 16-bit `Move` word (chess: from 6 bits, to 6 bits, a 4-bit flag
//! for en passant, castling and the four promotions; xiangqi: from 7 bits, to 7 bits), so no
//! second encoding has to be kept in step with the rules crates; the replay validates every word
//! with `Game::is_legal`, and `tests` pin the layouts so a change to them shows up as a failing
//! test (and a new version here), not as silently different data. `Move::NONE` is allowed as the
//! last ply's move only: a position whose move is unknown (converted position files).
//!
//! The score is the search's, from the side to move's view: centipawns within ±`CP_LIMIT`, a
//! mate beyond it (`MATE_SCORE` minus the distance in plies, negated when the side to move is
//! mated). The trailer makes a file whose writing was interrupted detectable: a reader accepts
//! a file only after checking its trailer.

use crate::error::DataError;
use crate::format::ResultCode;
use game_api::GameKind;
use std::io::{self, Read, Write};

pub const RECORDS_MAGIC: &[u8; 4] = b"KTGR";
pub const RECORDS_VERSION: u8 = 1;
/// Centipawn scores are clamped to this; a stored score beyond it is a mate.
pub const CP_LIMIT: i16 = 32_000;
/// A mate now; a mate in `n` plies is stored as `MATE_SCORE - n` (at least `CP_LIMIT + 1`).
pub const MATE_SCORE: i16 = i16::MAX;

const GAME_TAG: u8 = b'G';
const END_TAG: u8 = b'E';

/// One ply: the move played (or searched, for the last ply of an adjudicated game) and the
/// search score of the position before it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ply {
    pub mv: u16,
    /// Side to move's view; see the module notes for mates.
    pub score: i16,
}

/// One game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub start_fen: String,
    pub plies: Vec<Ply>,
    pub result: ResultCode,
}

/// A centipawn score as stored (side to move's view).
pub fn stored_cp(cp: i32) -> i16 {
    cp.clamp(-i32::from(CP_LIMIT), i32::from(CP_LIMIT)) as i16
}

/// A mate score as stored: `plies` > 0 the side to move mates, otherwise it is mated.
pub fn stored_mate(plies: i32) -> i16 {
    let distance = plies.unsigned_abs().min((MATE_SCORE - CP_LIMIT - 1) as u32) as i16;
    if plies > 0 {
        MATE_SCORE - distance
    } else {
        -(MATE_SCORE - distance)
    }
}

/// Whether a stored score is a mate.
pub fn is_mate(score: i16) -> bool {
    score.unsigned_abs() > CP_LIMIT as u16
}

/// FNV-1a 64, the checksum of the trailer: cheap, and enough to catch damage (not an attack).
#[derive(Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn update(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

fn result_code(byte: u8) -> Result<ResultCode, DataError> {
    match byte {
        0 => Ok(ResultCode::Loss),
        1 => Ok(ResultCode::Draw),
        2 => Ok(ResultCode::Win),
        _ => Err(DataError::Corrupt("bad result byte")),
    }
}

fn invalid(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why.to_string())
}

pub struct RecordWriter<W: Write> {
    out: W,
    hash: Fnv,
    games: u64,
}

impl<W: Write> RecordWriter<W> {
    /// Writes the header; `recipe` is free text (the settings the games were made with).
    pub fn new(out: W, game: GameKind, recipe: &str) -> io::Result<RecordWriter<W>> {
        let recipe = recipe.as_bytes();
        let n = u16::try_from(recipe.len()).map_err(|_| invalid("recipe over 65535 bytes"))?;
        let mut w = RecordWriter { out, hash: Fnv::new(), games: 0 };
        w.put(RECORDS_MAGIC)?;
        w.put(&[RECORDS_VERSION, game.file_byte()])?;
        w.put(&n.to_le_bytes())?;
        w.put(recipe)?;
        Ok(w)
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.hash.update(bytes);
        self.out.write_all(bytes)
    }

    pub fn write_game(&mut self, g: &GameRecord) -> io::Result<()> {
        let fen = g.start_fen.as_bytes();
        let f = u8::try_from(fen.len()).map_err(|_| invalid("FEN longer than 255 bytes"))?;
        let n = u16::try_from(g.plies.len()).map_err(|_| invalid("game over 65535 plies"))?;
        let mut bytes = Vec::with_capacity(5 + fen.len() + 4 * g.plies.len());
        bytes.extend_from_slice(&[GAME_TAG, f]);
        bytes.extend_from_slice(fen);
        bytes.extend_from_slice(&n.to_le_bytes());
        for p in &g.plies {
            bytes.extend_from_slice(&p.mv.to_le_bytes());
            bytes.extend_from_slice(&p.score.to_le_bytes());
        }
        bytes.push(g.result as u8);
        self.put(&bytes)?;
        self.games += 1;
        Ok(())
    }

    /// Games written so far.
    pub fn games(&self) -> u64 {
        self.games
    }

    /// Writes the trailer; without it a reader takes the file for a truncated one.
    pub fn finish(mut self) -> io::Result<W> {
        self.put(&[END_TAG])?;
        self.put(&self.games.to_le_bytes())?;
        let sum = self.hash.0.to_le_bytes();
        self.out.write_all(&sum)?;
        self.out.flush()?;
        Ok(self.out)
    }
}

pub struct RecordReader<R: Read> {
    input: R,
    hash: Fnv,
    pub game: GameKind,
    /// The recipe text of the header.
    pub recipe: String,
    games: u64,
    done: bool,
}

impl<R: Read> RecordReader<R> {
    /// Reads and checks the header.
    pub fn new(input: R) -> Result<RecordReader<R>, DataError> {
        let mut r = RecordReader {
            input,
            hash: Fnv::new(),
            game: GameKind::Chess,
            recipe: String::new(),
            games: 0,
            done: false,
        };
        let head: [u8; 8] = r.take()?;
        if &head[..4] != RECORDS_MAGIC {
            return Err(DataError::Corrupt("not a kientuong game-record file (bad magic)"));
        }
        if head[4] != RECORDS_VERSION {
            return Err(DataError::Corrupt("unsupported game-record version"));
        }
        r.game = GameKind::from_file_byte(head[5]).ok_or(DataError::Corrupt("unknown game id"))?;
        let recipe = r.take_vec(usize::from(u16::from_le_bytes([head[6], head[7]])))?;
        r.recipe = String::from_utf8(recipe).map_err(|_| DataError::Corrupt("recipe not UTF-8"))?;
        Ok(r)
    }

    fn take<const N: usize>(&mut self) -> Result<[u8; N], DataError> {
        let mut b = [0u8; N];
        self.input.read_exact(&mut b)?;
        self.hash.update(&b);
        Ok(b)
    }

    fn take_vec(&mut self, n: usize) -> Result<Vec<u8>, DataError> {
        let mut b = vec![0u8; n];
        self.input.read_exact(&mut b)?;
        self.hash.update(&b);
        Ok(b)
    }

    /// The next game; `None` once the trailer has been read and checked.
    pub fn next_game(&mut self) -> Result<Option<GameRecord>, DataError> {
        if self.done {
            return Ok(None);
        }
        let [tag] = self.take::<1>()?;
        match tag {
            GAME_TAG => {}
            END_TAG => {
                self.finish()?;
                return Ok(None);
            }
            _ => return Err(DataError::Corrupt("bad tag")),
        }
        let [f] = self.take::<1>()?;
        let fen = String::from_utf8(self.take_vec(usize::from(f))?)
            .map_err(|_| DataError::Corrupt("FEN not UTF-8"))?;
        let n = usize::from(u16::from_le_bytes(self.take::<2>()?));
        let body = self.take_vec(4 * n + 1)?;
        let plies = body
            .chunks_exact(4)
            .map(|c| Ply {
                mv: u16::from_le_bytes([c[0], c[1]]),
                score: i16::from_le_bytes([c[2], c[3]]),
            })
            .collect();
        let result = result_code(body[4 * n])?;
        self.games += 1;
        Ok(Some(GameRecord { start_fen: fen, plies, result }))
    }

    fn finish(&mut self) -> Result<(), DataError> {
        let games = u64::from_le_bytes(self.take::<8>()?);
        let expected = self.hash.0;
        let mut sum = [0u8; 8];
        self.input.read_exact(&mut sum)?;
        if u64::from_le_bytes(sum) != expected {
            return Err(DataError::Corrupt("checksum mismatch"));
        }
        if games != self.games {
            return Err(DataError::Corrupt("game count mismatch"));
        }
        let mut extra = [0u8; 1];
        if self.input.read(&mut extra)? != 0 {
            return Err(DataError::Corrupt("bytes after the trailer"));
        }
        self.done = true;
        Ok(())
    }

    /// Games read so far.
    pub fn games(&self) -> u64 {
        self.games
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<GameRecord> {
        vec![
            GameRecord {
                start_fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
                plies: vec![Ply { mv: 0x0ADC, score: -35 }, Ply { mv: 7, score: stored_mate(3) }],
                result: ResultCode::Draw,
            },
            GameRecord { start_fen: "x".into(), plies: vec![], result: ResultCode::Loss },
        ]
    }

    fn write(games: &[GameRecord]) -> Vec<u8> {
        let mut w = RecordWriter::new(Vec::new(), GameKind::Xiangqi, "nodes=5").unwrap();
        for g in games {
            w.write_game(g).unwrap();
        }
        w.finish().unwrap()
    }

    fn read(bytes: &[u8]) -> Result<Vec<GameRecord>, DataError> {
        let mut r = RecordReader::new(bytes)?;
        let mut out = Vec::new();
        while let Some(g) = r.next_game()? {
            out.push(g);
        }
        Ok(out)
    }

    #[test]
    fn games_round_trip() {
        let bytes = write(&sample());
        assert_eq!(&bytes[..10], b"KTGR\x01\x01\x07\0no");
        let r = RecordReader::new(bytes.as_slice()).unwrap();
        assert_eq!((r.game, r.recipe.as_str()), (GameKind::Xiangqi, "nodes=5"));
        assert_eq!(read(&bytes).unwrap(), sample());
    }

    #[test]
    fn every_cut_short_file_is_refused() {
        let bytes = write(&sample());
        for len in 0..bytes.len() {
            assert!(read(&bytes[..len]).is_err(), "cut at {len} accepted");
        }
    }

    #[test]
    fn a_changed_byte_or_extra_bytes_are_refused() {
        let bytes = write(&sample());
        for at in 0..bytes.len() {
            let mut bad = bytes.clone();
            bad[at] ^= 0x10;
            assert!(read(&bad).is_err(), "flip at {at} accepted");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(read(&longer).is_err());
    }

    #[test]
    fn scores_keep_centipawns_and_mark_mates() {
        assert_eq!(stored_cp(-123), -123);
        assert_eq!(stored_cp(99_999), CP_LIMIT);
        assert!(!is_mate(stored_cp(-99_999)));
        assert!(is_mate(stored_mate(1)) && stored_mate(1) > 0);
        assert!(is_mate(stored_mate(-4)) && stored_mate(-4) < 0);
        assert!(is_mate(stored_mate(100_000)) && is_mate(stored_mate(-100_000)));
    }
}
