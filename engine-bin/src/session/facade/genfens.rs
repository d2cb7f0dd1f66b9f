//! `genfens …` in the session: generates openings of the active game (chess, or xiangqi under
//! `UCI_Variant xiangqi` / UCCI) with `openings.rs`, and prints each as
//! `info string genfens <FEN>`, the line OpenBench's client collects.
//!
//! Diagnostics start `info string genfens: …` — with a colon, so that the client, which takes
//! every line starting `info string genfens ` as an opening, never mistakes one for a FEN.

mod openings;

use super::{PlayableGame, SessionEngine};
use crate::session::output::Out;
use openings::{generate, read_book, Request};
use protocol::GenFensParams;

impl<G: PlayableGame> SessionEngine<G> {
    pub fn genfens(&self, params: &GenFensParams, out: &Out) {
        if !params.extra.is_empty() {
            out.note(&format!("genfens: ignoring '{}'", params.extra.join(" ")));
        }
        let book = match params.book.as_deref().map(read_book::<G>) {
            None => Vec::new(),
            Some(Ok((positions, bad_lines))) => {
                if bad_lines > 0 {
                    out.note(&format!(
                        "genfens: skipped {bad_lines} book lines that hold no {} position",
                        G::NAME
                    ));
                }
                positions
            }
            Some(Err(e)) => {
                out.note(&format!("genfens: {e}"));
                return;
            }
        };
        let request = Request { count: params.count, seed: params.seed, book };
        let result = generate::<G, G::Eval>(&request, |fen| {
            out.line(&format!("info string genfens {fen}"));
        });
        if let Err(e) = result {
            out.note(&format!("genfens: {e}"));
        }
    }
}
