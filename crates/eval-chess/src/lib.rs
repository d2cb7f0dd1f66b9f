//! The chess evaluation: a tapered (middlegame / endgame) sum of material and piece-square
//! values, mobility, pawn structure, rook files, the bishop pair and king safety, seen from the
//! side to move.
//!
//! Design: every number lives in `weights.rs` (one `Weights` table, ready for a tuner); the
//! piece-square tables are built once from a few shape weights (`tables.rs`). Terms are computed
//! from White's side and for both colours with the same code (`side_terms`), so the evaluation
//! is symmetric by construction. It reads the position only through `movegen-chess`'s public
//! accessors (`pieces_of`) and its exported magic slider attacks; nothing is incremental yet.

#![forbid(unsafe_code)]

mod tables;
pub mod weight_list;
// One line per weight: `kientuong texel --write` rewrites weights.rs field by field, so rustfmt
// must not re-wrap it.
#[rustfmt::skip]
pub mod weights;

use game_api::{Color, EvalTrace, Evaluator, TermSink, TermSum};
use movegen_chess::reference::{bishop_attacks, pawn_attacks_of as pawn_attacks, rook_attacks};
use movegen_chess::Chess;
use tables::{adjacent_files, build_psqt, file_mask, psqt_terms, KING_STEPS, KNIGHT_STEPS};
use weight_list as ids;
use weights::{S, WEIGHTS};

use movegen_chess::kinds::{BISHOP, KING, KNIGHT, PAWN, QUEEN, ROOK};

#[derive(Clone)]
pub struct ChessEval {
    psqt: Box<[[S; 64]; 6]>,
}

impl Default for ChessEval {
    fn default() -> Self {
        ChessEval { psqt: build_psqt() }
    }
}

/// Ranks strictly ahead of `sq` from `color`'s point of view.
fn ranks_ahead(color: Color, sq: usize) -> u64 {
    let rank = sq / 8;
    match color {
        Color::White if rank < 7 => !0u64 << ((rank + 1) * 8),
        Color::White => 0,
        Color::Black => (1u64 << (rank * 8)) - 1,
    }
}

/// How many ranks `color`'s pawn on `sq` has advanced (0 on its start rank).
fn advanced(color: Color, sq: usize) -> usize {
    let rank = sq / 8;
    let relative = if color == Color::White { rank } else { 7 - rank };
    relative.saturating_sub(1).min(5)
}

fn squares(mut b: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let sq = b.trailing_zeros() as usize;
            b &= b - 1;
            sq
        })
    })
}

/// A term sink that also knows how to add a piece-square value: the engine's sum reads the
/// prebuilt table, the tuner's trace adds the shape terms the table was built from.
trait PsqtSink: TermSink {
    fn psqt(&mut self, eval: &ChessEval, kind: usize, rel: usize);
}

impl PsqtSink for TermSum {
    #[inline(always)]
    fn psqt(&mut self, eval: &ChessEval, kind: usize, rel: usize) {
        self.0 += eval.psqt[kind][rel];
    }
}

impl PsqtSink for EvalTrace {
    fn psqt(&mut self, _eval: &ChessEval, kind: usize, rel: usize) {
        psqt_terms(self, kind, rel);
    }
}

impl ChessEval {
    /// Adds everything that belongs to `us` to `s` (the White-relative sign is the caller's or
    /// the sink's); returns `us`'s contribution to the phase.
    fn side_terms<T: PsqtSink>(&self, pos: &Chess, us: Color, s: &mut T) -> i32 {
        let w = &WEIGHTS;
        let them = !us;
        let pieces = |c: Color, k: usize| pos.pieces_of(c, k);
        let mut ours = 0u64;
        let mut all = 0u64;
        for k in 0..6 {
            ours |= pieces(us, k);
            all |= pieces(us, k) | pieces(them, k);
        }
        let our_pawns = pieces(us, PAWN);
        let their_pawns = pieces(them, PAWN);
        let mut phase = 0;

        // Material and piece-square values.
        for kind in 0..6 {
            for sq in squares(pieces(us, kind)) {
                let rel = if us == Color::White { sq } else { sq ^ 56 };
                s.psqt(self, kind, rel);
                phase += w.phase[kind];
            }
        }

        // Pawn structure.
        for sq in squares(our_pawns) {
            let file = sq % 8;
            let ahead = ranks_ahead(us, sq);
            if our_pawns & file_mask(file) & ahead != 0 {
                s.add(ids::DOUBLED, w.doubled, 1);
            }
            if our_pawns & adjacent_files(file) == 0 {
                s.add(ids::ISOLATED, w.isolated, 1);
            } else if our_pawns & adjacent_files(file) & !ahead & !(0xFFu64 << (sq / 8 * 8)) == 0
                && pawn_attacks(them, their_pawns)
                    & (if us == Color::White { 1u64 << (sq + 8) } else { 1u64 << (sq - 8) })
                    != 0
            {
                // No pawn beside or behind can support it, and its stop square is guarded.
                s.add(ids::BACKWARD, w.backward, 1);
            }
            let span = (file_mask(file) | adjacent_files(file)) & ahead;
            if their_pawns & span == 0 {
                let adv = advanced(us, sq);
                s.add(ids::PASSED + adv, w.passed[adv], 1);
            }
        }

        // Mobility, rook files, bishop pair.
        let safe = !ours & !pawn_attacks(them, their_pawns);
        let mobility = |s: &mut T, slot: usize, attacks: u64| {
            s.add(
                ids::MOBILITY + slot,
                w.mobility[slot],
                (attacks & safe).count_ones() as i32 - w.mobility_base[slot],
            );
        };
        for sq in squares(pieces(us, KNIGHT)) {
            mobility(s, 0, KNIGHT_STEPS[sq]);
        }
        for sq in squares(pieces(us, BISHOP)) {
            mobility(s, 1, bishop_attacks(sq, all));
        }
        for sq in squares(pieces(us, ROOK)) {
            mobility(s, 2, rook_attacks(sq, all));
            let file = file_mask(sq % 8);
            if (our_pawns | their_pawns) & file == 0 {
                s.add(ids::ROOK_OPEN_FILE, w.rook_open_file, 1);
            } else if our_pawns & file == 0 {
                s.add(ids::ROOK_HALF_OPEN_FILE, w.rook_half_open_file, 1);
            }
        }
        for sq in squares(pieces(us, QUEEN)) {
            mobility(s, 3, bishop_attacks(sq, all) | rook_attacks(sq, all));
        }
        if pieces(us, BISHOP).count_ones() >= 2 {
            s.add(ids::BISHOP_PAIR, w.bishop_pair, 1);
        }

        // King safety: our pawn shield, and the enemy pieces bearing on our king's zone.
        if let Some(ksq) = squares(pieces(us, KING)).next() {
            let file = ksq % 8;
            let files = file_mask(file) | adjacent_files(file);
            let one = ranks_ahead(us, ksq)
                & !ranks_ahead(
                    us,
                    if us == Color::White { (ksq + 8).min(63) } else { ksq.saturating_sub(8) },
                );
            let near = files & one;
            let far_row = if us == Color::White { near << 8 } else { near >> 8 };
            s.add(ids::SHIELD_NEAR, w.shield_near, (our_pawns & near).count_ones() as i32);
            s.add(ids::SHIELD_FAR, w.shield_far, (our_pawns & far_row).count_ones() as i32);

            let zone = KING_STEPS[ksq] | (1u64 << ksq);
            let mut units = 0;
            for sq in squares(pieces(them, KNIGHT)) {
                units += w.attack_units[0] * (KNIGHT_STEPS[sq] & zone).count_ones() as i32;
            }
            for sq in squares(pieces(them, BISHOP)) {
                units += w.attack_units[1] * (bishop_attacks(sq, all) & zone).count_ones() as i32;
            }
            for sq in squares(pieces(them, ROOK)) {
                units += w.attack_units[2] * (rook_attacks(sq, all) & zone).count_ones() as i32;
            }
            for sq in squares(pieces(them, QUEEN)) {
                units += w.attack_units[3]
                    * ((bishop_attacks(sq, all) | rook_attacks(sq, all)) & zone).count_ones()
                        as i32;
            }
            if pieces(them, QUEEN) != 0 || units > 8 {
                s.fixed(S(-(units * units / w.attack_divisor).min(w.attack_cap), 0));
            }
        }
        phase
    }

    /// White-relative (middlegame, endgame) sum and the game phase.
    pub fn terms(&self, pos: &Chess) -> (S, i32) {
        let mut white = TermSum::default();
        let mut black = TermSum::default();
        let pw = self.side_terms(pos, Color::White, &mut white);
        let pb = self.side_terms(pos, Color::Black, &mut black);
        (white.0 - black.0, pw + pb)
    }

    /// The evaluation of `pos` as coefficients of the pair weights in `weight_list` order
    /// (White's point of view); `trace.white_eval(&weight_list::values(&WEIGHTS),
    /// WEIGHTS.tempo)` times the side to move's sign is `evaluate(pos)`. For the tuner;
    /// allocates.
    pub fn trace(&self, pos: &Chess) -> EvalTrace {
        use game_api::Game;
        let mut trace = EvalTrace::new(ids::COUNT);
        trace.side_sign = 1;
        let pw = self.side_terms(pos, Color::White, &mut trace);
        trace.side_sign = -1;
        let pb = self.side_terms(pos, Color::Black, &mut trace);
        trace.side_sign = 1;
        trace.phase = (pw + pb).min(WEIGHTS.phase_total);
        trace.phase_total = WEIGHTS.phase_total;
        trace.stm_sign = pos.side_to_move().sign();
        trace
    }
}

impl Evaluator<Chess> for ChessEval {
    fn evaluate(&mut self, pos: &Chess) -> i32 {
        use game_api::Game;
        let (s, phase) = self.terms(pos);
        s.blend(phase, WEIGHTS.phase_total) * pos.side_to_move().sign() + WEIGHTS.tempo
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_api::Game;

    fn eval(fen: &str) -> i32 {
        ChessEval::default().evaluate(&Chess::from_fen(fen).unwrap())
    }

    #[test]
    fn start_position_is_level() {
        assert_eq!(eval(Chess::START_FEN), WEIGHTS.tempo);
    }

    #[test]
    fn mirrored_positions_score_the_same() {
        let pairs = [
            (
                "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
                "rnbqk2r/pppp1ppp/5n2/2b1p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R b KQkq - 4 4",
            ),
            (
                "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
                "8/4p1p1/8/1r3P1K/kp5R/3P4/2P5/8 b - - 0 1",
            ),
        ];
        for (a, b) in pairs {
            assert_eq!(eval(a), eval(b), "{a}");
        }
    }

    #[test]
    fn material_counts() {
        // White a queen up.
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 w - - 0 1") > 800);
        assert!(eval("4k3/8/8/8/8/8/8/3QK3 b - - 0 1") < -800);
        // A passed pawn on the 7th is worth more than one at home.
        assert!(eval("4k3/P7/8/8/8/8/8/4K3 w - - 0 1") > eval("4k3/8/8/8/8/8/P7/4K3 w - - 0 1"));
    }
}
