//! `kientuong judge --game G [--fen F] [--moves "..."]`: plays the moves and prints
//! `result: <side>_wins|draw|ongoing` and `reason: <rule>`. A bad FEN or an illegal move is an
//! error naming the offending token (non-zero exit).

use crate::dispatch::{game_arg, position_from, GameKind};
use crate::stdout::say;
use clap::Args;
use game_api::{Game, Outcome, Reason};

#[derive(Args)]
pub struct JudgeArgs {
    #[arg(long, value_parser = game_arg())]
    game: GameKind,
    #[arg(long)]
    fen: Option<String>,
    /// Space-separated moves in coordinate notation.
    #[arg(long, default_value = "")]
    moves: String,
}

pub fn run(args: &JudgeArgs) -> Result<(), String> {
    match args.game {
        GameKind::Chess => run_for::<movegen_chess::Chess>(args),
        GameKind::Xiangqi => run_for::<movegen_xiangqi::Xiangqi>(args),
    }
}

fn run_for<G: Game>(args: &JudgeArgs) -> Result<(), String> {
    let mut pos: G = position_from(args.fen.as_deref())?;
    let tokens: Vec<&str> = args.moves.split_whitespace().collect();
    pos.reserve(tokens.len());
    for (index, token) in tokens.iter().enumerate() {
        // A game that has ended takes no more moves. Claimable draws (threefold, fifty moves)
        // end it only if claimed, and a move list that plays on has not claimed them.
        if let Some(verdict) = pos.game_verdict().filter(|v| !is_claimable(v.reason)) {
            return Err(format!(
                "move {} '{token}' played after the game ended ({})",
                index + 1,
                verdict.reason
            ));
        }
        let m = pos.parse_move(token).map_err(|e| format!("move {} '{token}': {e}", index + 1))?;
        pos.make(m);
    }
    match pos.game_verdict() {
        None => {
            say!("result: ongoing");
            say!("reason: none");
        }
        Some(verdict) => {
            let result = match verdict.outcome {
                Outcome::Draw => "draw".to_owned(),
                Outcome::Win(side) => format!("{}_wins", G::COLOR_NAMES[side.index()]),
            };
            say!("result: {result}");
            say!("reason: {}", verdict.reason);
        }
    }
    Ok(())
}

/// Draws a player may claim but that do not end the game by themselves.
fn is_claimable(reason: Reason) -> bool {
    matches!(reason, Reason::ThreefoldRepetition | Reason::FiftyMove)
}
