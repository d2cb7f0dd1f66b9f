//! What the tuner needs of each game: its weight list, current values and a FEN → trace map.

use game_api::{EvalTrace, Game, S};
use std::sync::OnceLock;

pub struct GameModel {
    pub name: &'static str,
    /// `(field of Weights, number of pairs)` in flat order.
    pub fields: &'static [(&'static str, usize)],
    pub values: Vec<S>,
    pub tempo: i32,
    /// Where the weights live, relative to the workspace root.
    pub weights_path: &'static str,
    /// The trace of the position a FEN describes; `None` for a FEN the rules refuse.
    pub trace: fn(&str) -> Option<EvalTrace>,
}

fn chess_trace(fen: &str) -> Option<EvalTrace> {
    static EVAL: OnceLock<eval_chess::ChessEval> = OnceLock::new();
    let pos = movegen_chess::Chess::from_fen(fen).ok()?;
    Some(EVAL.get_or_init(eval_chess::ChessEval::default).trace(&pos))
}

fn xiangqi_trace(fen: &str) -> Option<EvalTrace> {
    let pos = movegen_xiangqi::Xiangqi::from_fen(fen).ok()?;
    Some(eval_xiangqi::XiangqiEval::trace(&pos))
}

impl GameModel {
    pub fn by_name(name: &str) -> Option<GameModel> {
        match name {
            "chess" => Some(GameModel {
                name: "chess",
                fields: eval_chess::weight_list::FIELDS,
                values: eval_chess::weight_list::values(&eval_chess::weights::WEIGHTS),
                tempo: eval_chess::weights::WEIGHTS.tempo,
                weights_path: "crates/eval-chess/src/weights.rs",
                trace: chess_trace,
            }),
            "xiangqi" => Some(GameModel {
                name: "xiangqi",
                fields: eval_xiangqi::weight_list::FIELDS,
                values: eval_xiangqi::weight_list::values(&eval_xiangqi::weights::WEIGHTS),
                tempo: eval_xiangqi::weights::WEIGHTS.tempo,
                weights_path: "crates/eval-xiangqi/src/weights.rs",
                trace: xiangqi_trace,
            }),
            _ => None,
        }
    }
}
