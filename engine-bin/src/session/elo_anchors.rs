//! The measured `UCI_Elo` anchors of each game, read when the engine is built from
//! `elo-anchors.tsv`, the table `scripts/calibrate-elo.sh` writes: rerunning the calibration
//! after a new net is all it takes to move the scale. The table is checked as it is read, so a
//! malformed or non-rising table fails the build instead of misleading a player.

use game_api::GameKind;

/// The level at which nothing is weakened; levels run from 0 to it.
pub const FULL_LEVEL: u8 = 20;

const TABLE: &[u8] = include_bytes!("elo-anchors.tsv");
/// At most one anchor per level.
const MAX_ANCHORS: usize = FULL_LEVEL as usize + 1;

/// One game's anchors: `(level, Elo)`, both rising, from level 0 to [`FULL_LEVEL`].
pub struct Anchors {
    len: usize,
    rows: [(u8, i64); MAX_ANCHORS],
}

impl Anchors {
    pub const fn rows(&self) -> &[(u8, i64)] {
        self.rows.split_at(self.len).0
    }

    pub const fn floor(&self) -> i64 {
        self.rows[0].1
    }

    pub const fn full_strength(&self) -> i64 {
        self.rows[self.len - 1].1
    }
}

pub static CHESS: Anchors = read(TABLE, b"chess");
pub static XIANGQI: Anchors = read(TABLE, b"xiangqi");

/// The anchors of `game`.
pub fn of(game: GameKind) -> &'static Anchors {
    match game {
        GameKind::Chess => &CHESS,
        GameKind::Xiangqi => &XIANGQI,
    }
}

/// The rows of `game` in `table` (lines `game level elo`, whitespace-separated; `#` starts a
/// comment line). Runs at compile time: a failed check is a build error naming it.
const fn read(table: &[u8], game: &[u8]) -> Anchors {
    let mut out = Anchors { len: 0, rows: [(0, 0); MAX_ANCHORS] };
    let mut start = 0;
    while start < table.len() {
        let mut end = start;
        while end < table.len() && table[end] != b'\n' {
            end += 1;
        }
        let name = word(table, start, end);
        if name.0 < name.1 && table[name.0] != b'#' && same(table, name, game) {
            let level = word(table, name.1, end);
            let elo = word(table, level.1, end);
            assert!(word(table, elo.1, end).0 == end, "elo-anchors.tsv: a row has extra fields");
            let level = number(table, level);
            let elo = number(table, elo);
            assert!(level <= FULL_LEVEL as i64, "elo-anchors.tsv: a level above full strength");
            assert!(out.len < MAX_ANCHORS, "elo-anchors.tsv: more rows than levels");
            if out.len > 0 {
                let (last_level, last_elo) = out.rows[out.len - 1];
                assert!(level > last_level as i64, "elo-anchors.tsv: levels must rise");
                assert!(elo > last_elo, "elo-anchors.tsv: Elo must rise with the level");
            }
            out.rows[out.len] = (level as u8, elo);
            out.len += 1;
        }
        start = end + 1;
    }
    assert!(out.len >= 2, "elo-anchors.tsv: a game needs at least two anchors");
    assert!(out.rows[0].0 == 0, "elo-anchors.tsv: a game's first anchor must be level 0");
    assert!(
        out.rows[out.len - 1].0 == FULL_LEVEL,
        "elo-anchors.tsv: a game's last anchor must be full strength"
    );
    out
}

/// The next whitespace-separated word of `table[from..end]`, as a range (empty at the end).
const fn word(table: &[u8], from: usize, end: usize) -> (usize, usize) {
    let mut s = from;
    while s < end && table[s].is_ascii_whitespace() {
        s += 1;
    }
    let mut e = s;
    while e < end && !table[e].is_ascii_whitespace() {
        e += 1;
    }
    (s, e)
}

const fn same(table: &[u8], (s, e): (usize, usize), text: &[u8]) -> bool {
    if e - s != text.len() {
        return false;
    }
    let mut i = 0;
    while i < text.len() {
        if table[s + i] != text[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// A non-negative decimal number.
const fn number(table: &[u8], (s, e): (usize, usize)) -> i64 {
    assert!(s < e && e - s <= 6, "elo-anchors.tsv: a level or Elo is missing or too long");
    let mut value = 0;
    let mut i = s;
    while i < e {
        assert!(table[i].is_ascii_digit(), "elo-anchors.tsv: a level or Elo is not a number");
        value = value * 10 + (table[i] - b'0') as i64;
        i += 1;
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_read_with_comments_blank_lines_and_either_spacing() {
        let table =
            b"# comment\nchess 0 700\n\nxiangqi\t0\t900\nchess\t20\t2500\r\nxiangqi 20 3000\n";
        assert_eq!(read(table, b"chess").rows(), [(0, 700), (20, 2500)]);
        assert_eq!(read(table, b"xiangqi").rows(), [(0, 900), (20, 3000)]);
        assert_eq!(
            (read(table, b"chess").floor(), read(table, b"chess").full_strength()),
            (700, 2500)
        );
    }

    #[test]
    fn the_built_table_spans_level_0_to_full_strength_in_both_games() {
        for game in GameKind::ALL {
            let rows = of(game).rows();
            assert_eq!((rows[0].0, rows[rows.len() - 1].0), (0, FULL_LEVEL));
        }
    }
}
