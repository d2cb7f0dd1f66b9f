//! The training-data file format, shared by both games. Little-endian throughout.
//!
//! ```text
//! header (8 bytes):  "KTDG"  version: u8 (= 1)  game: u8 (0 chess, 1 xiangqi)  0u8  0u8
//! record (5 + n bytes, repeated to the end of the file):
//!   score:  i16  the search score of the position in centipawns, White's (Red's) point of view
//!   result: u8   the game's final result, White's (Red's) point of view: 0 loss, 1 draw, 2 win
//!   stm:    u8   side to move: 0 White (Red), 1 Black
//!   n:      u8   length of the FEN that follows
//!   fen:    n bytes of ASCII, as the rules crate writes it (`Game::fen`)
//! ```
//! The position is stored as FEN text so that both games share one format and a record can be
//! read back by anything (`kientuong`, python-chess, pyffish). About 60–75 bytes a position.

use game_api::GameKind;
use std::io::{self, Read, Write};

pub const MAGIC: &[u8; 4] = b"KTDG";
pub const FORMAT_VERSION: u8 = 1;

/// The game's result from White's (Red's) point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultCode {
    Loss = 0,
    Draw = 1,
    Win = 2,
}

impl ResultCode {
    /// 0, 0.5 or 1: the Texel target.
    pub fn score(self) -> f64 {
        f64::from(self as u8) / 2.0
    }
}

/// One training position: the position, the search's score of it, the result of the game it
/// came from, and the side to move. (A whole game is a `record_format::GameRecord`.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionRecord {
    pub fen: String,
    /// Centipawns, White's (Red's) point of view.
    pub score: i16,
    pub result: ResultCode,
    /// 0 White (Red), 1 Black.
    pub stm: u8,
}

pub struct Writer<W: Write> {
    out: W,
}

impl<W: Write> Writer<W> {
    /// Writes the header.
    pub fn new(mut out: W, game: GameKind) -> io::Result<Writer<W>> {
        out.write_all(MAGIC)?;
        out.write_all(&[FORMAT_VERSION, game.file_byte(), 0, 0])?;
        Ok(Writer { out })
    }

    pub fn write(&mut self, r: &PositionRecord) -> io::Result<()> {
        let fen = r.fen.as_bytes();
        let n = u8::try_from(fen.len()).map_err(|_| invalid("FEN longer than 255 bytes"))?;
        self.out.write_all(&r.score.to_le_bytes())?;
        self.out.write_all(&[r.result as u8, r.stm, n])?;
        self.out.write_all(fen)
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}

fn invalid(why: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, why.to_string())
}

pub struct Reader<R: Read> {
    input: R,
    pub game: GameKind,
}

impl<R: Read> Reader<R> {
    /// Reads and checks the header.
    pub fn new(mut input: R) -> io::Result<Reader<R>> {
        let mut header = [0u8; 8];
        input.read_exact(&mut header)?;
        if &header[..4] != MAGIC {
            return Err(invalid("not a kientuong datagen file (bad magic)"));
        }
        if header[4] != FORMAT_VERSION {
            return Err(invalid("unsupported datagen format version"));
        }
        let game = GameKind::from_file_byte(header[5]).ok_or_else(|| invalid("unknown game id"))?;
        Ok(Reader { input, game })
    }

    /// The next record; `None` at a clean end of file.
    pub fn next_record(&mut self) -> io::Result<Option<PositionRecord>> {
        let mut head = [0u8; 5];
        match self.input.read(&mut head[..1])? {
            0 => return Ok(None),
            _ => self.input.read_exact(&mut head[1..])?,
        }
        let score = i16::from_le_bytes([head[0], head[1]]);
        let result = match head[2] {
            0 => ResultCode::Loss,
            1 => ResultCode::Draw,
            2 => ResultCode::Win,
            _ => return Err(invalid("bad result byte")),
        };
        if head[3] > 1 {
            return Err(invalid("bad side-to-move byte"));
        }
        let mut fen = vec![0u8; usize::from(head[4])];
        self.input.read_exact(&mut fen)?;
        let fen = String::from_utf8(fen).map_err(|_| invalid("FEN is not UTF-8"))?;
        Ok(Some(PositionRecord { fen, score, result, stm: head[3] }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Vec<PositionRecord> {
        vec![
            PositionRecord {
                fen: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1".into(),
                score: -35,
                result: ResultCode::Draw,
                stm: 1,
            },
            PositionRecord {
                fen: "4k3/8/8/8/8/8/8/3QK3 w - - 0 1".into(),
                score: i16::MAX,
                result: ResultCode::Win,
                stm: 0,
            },
            PositionRecord { fen: "x".into(), score: i16::MIN, result: ResultCode::Loss, stm: 0 },
        ]
    }

    #[test]
    fn records_round_trip() {
        let mut w = Writer::new(Vec::new(), GameKind::Xiangqi).unwrap();
        for r in sample() {
            w.write(&r).unwrap();
        }
        let bytes = w.into_inner();
        assert_eq!(&bytes[..8], b"KTDG\x01\x01\0\0");
        assert_eq!(&bytes[8..13], &[0xDD, 0xFF, 1, 1, 58]);
        let mut r = Reader::new(bytes.as_slice()).unwrap();
        assert_eq!(r.game, GameKind::Xiangqi);
        let mut back = Vec::new();
        while let Some(rec) = r.next_record().unwrap() {
            back.push(rec);
        }
        assert_eq!(back, sample());
    }

    #[test]
    fn game_bytes_round_trip() {
        assert_eq!(GameKind::ALL.map(GameKind::file_byte), [0, 1]);
        for game in GameKind::ALL {
            assert_eq!(GameKind::from_file_byte(game.file_byte()), Some(game));
        }
        assert_eq!(GameKind::from_file_byte(2), None);
    }

    #[test]
    fn damaged_files_are_errors_not_panics() {
        assert!(Reader::new(&b"KTDX\x01\x00\0\0"[..]).is_err());
        assert!(Reader::new(&b"KTDG\x02\x00\0\0"[..]).is_err());
        assert!(Reader::new(&b"KTDG\x01\x02\0\0"[..]).is_err(), "unknown game byte");
        let mut r = Reader::new(&b"KTDG\x01\x00\0\0\x05\x00\x03\x00\x01a"[..]).unwrap();
        assert!(r.next_record().is_err(), "bad result byte");
        let mut r = Reader::new(&b"KTDG\x01\x00\0\0\x05\x00\x01\x00\x09abc"[..]).unwrap();
        assert!(r.next_record().is_err(), "truncated FEN");
    }
}
