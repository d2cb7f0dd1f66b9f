//! Which game is played. The protocols name it (`UCI_Variant chess|xiangqi`; UCCI is xiangqi
//! only), so do the command lines of the binary and the match runner, and the NNUE net files
//! carry it as their game byte: the one type for it lives here, below all of them.

/// One of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    /// Chess.
    Chess,
    /// Xiangqi (Chinese chess).
    Xiangqi,
}

impl GameKind {
    /// Both games, chess first.
    pub const ALL: [GameKind; 2] = [GameKind::Chess, GameKind::Xiangqi];

    /// The game's name as `UCI_Variant` and the command lines write it.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Chess => "chess",
            GameKind::Xiangqi => "xiangqi",
        }
    }

    /// The game byte of the data and net file headers (datagen, game records, NNUE): the
    /// files' numbering, fixed forever.
    pub const fn file_byte(self) -> u8 {
        match self {
            GameKind::Chess => 0,
            GameKind::Xiangqi => 1,
        }
    }

    /// The game a header's game byte names, if this build knows it.
    pub const fn from_file_byte(byte: u8) -> Option<GameKind> {
        match byte {
            0 => Some(GameKind::Chess),
            1 => Some(GameKind::Xiangqi),
            _ => None,
        }
    }

    /// The game called `name` (ASCII case ignored, surrounding whitespace too).
    pub fn from_name(name: &str) -> Option<GameKind> {
        let name = name.trim();
        GameKind::ALL.into_iter().find(|g| name.eq_ignore_ascii_case(g.name()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for game in GameKind::ALL {
            assert_eq!(GameKind::from_name(game.name()), Some(game));
        }
        assert_eq!(GameKind::from_name(" XiangQi "), Some(GameKind::Xiangqi));
        assert_eq!(GameKind::from_name("shogi"), None);
    }
}
