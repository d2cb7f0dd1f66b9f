//! The evaluation terms of one side, computed in that side's frame (its back rank is rank 0).

use crate::board_view::{square, BoardView, FILES, RANKS};
use crate::weights::{S, WEIGHTS};
use game_api::Color;
use movegen_xiangqi::Kind;

/// `rank` as seen from `color`'s side (0 = own back rank).
#[inline]
fn rel_rank(color: Color, rank: usize) -> usize {
    if color == Color::White { rank } else { RANKS - 1 - rank }
}

/// Piece-square value (material included) of `kind` on (file, relative rank).
fn psqt(kind: Kind, file: usize, rank: usize) -> S {
    let w = &WEIGHTS;
    let material = w.material[kind as usize];
    let centre_dist = (file as i32 - 4).abs();
    material
        + match kind {
            Kind::Pawn => {
                if rank >= 5 {
                    let palace_file = if (3..=5).contains(&file) { w.pawn_palace_file } else { S(0, 0) };
                    w.pawn_crossed[rank - 5] + palace_file
                } else {
                    S(0, 0)
                }
            }
            Kind::Horse => {
                let forward = (rank as i32).clamp(2, 7) - 2;
                let edge = if file == 0 || file == 8 { w.horse_edge } else { S(0, 0) };
                w.horse_centre * (4 - centre_dist) + w.horse_forward * forward + edge
            }
            Kind::Cannon => {
                let centre = if file == 4 { w.cannon_centre_file } else { S(0, 0) };
                let deep = if rank >= 8 { w.cannon_deep } else { S(0, 0) };
                centre + deep
            }
            Kind::Rook => {
                let crossed = if rank >= 5 { w.rook_crossed } else { S(0, 0) };
                let rib = if file == 3 || file == 5 { w.rook_rib } else { S(0, 0) };
                crossed + rib
            }
            Kind::King => w.king_raised * rank as i32 + if file != 4 { w.king_off_centre } else { S(0, 0) },
            Kind::Advisor => {
                if file == 4 { w.advisor_centre } else { S(0, 0) }
            }
            Kind::Elephant => {
                if file == 4 { w.elephant_centre } else { S(0, 0) }
            }
        }
}

const ORTHOGONAL: [(i32, i32); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
/// Horse moves as (leg, target) offsets.
const HORSE: [((i32, i32), (i32, i32)); 8] = [
    ((0, 1), (1, 2)),
    ((0, 1), (-1, 2)),
    ((0, -1), (1, -2)),
    ((0, -1), (-1, -2)),
    ((1, 0), (2, 1)),
    ((1, 0), (2, -1)),
    ((-1, 0), (-2, 1)),
    ((-1, 0), (-2, -1)),
];

fn rook_mobility(view: &BoardView, us: Color, f: i32, r: i32) -> i32 {
    let mut n = 0;
    for (df, dr) in ORTHOGONAL {
        let (mut x, mut y) = (f + df, r + dr);
        while let Some(cell) = view.at(x, y) {
            match cell {
                None => n += 1,
                Some(m) => {
                    n += i32::from(m.color != us);
                    break;
                }
            }
            x += df;
            y += dr;
        }
    }
    n
}

fn cannon_mobility(view: &BoardView, us: Color, f: i32, r: i32) -> i32 {
    let mut n = 0;
    for (df, dr) in ORTHOGONAL {
        let (mut x, mut y) = (f + df, r + dr);
        let mut screened = false;
        while let Some(cell) = view.at(x, y) {
            match (cell, screened) {
                (None, false) => n += 1,
                (None, true) => {}
                (Some(_), false) => screened = true,
                (Some(m), true) => {
                    n += i32::from(m.color != us);
                    break;
                }
            }
            x += df;
            y += dr;
        }
    }
    n
}

fn horse_mobility(view: &BoardView, us: Color, f: i32, r: i32) -> i32 {
    HORSE
        .iter()
        .filter(|((lf, lr), (tf, tr))| {
            let leg_free = view.at(f + lf, r + lr) == Some(None);
            let target_ok = match view.at(f + tf, r + tr) {
                Some(None) => true,
                Some(Some(m)) => m.color != us,
                None => false,
            };
            leg_free && target_ok
        })
        .count() as i32
}

/// Pieces strictly between two squares of one file (ranks `a` and `b`).
fn between_on_file(view: &BoardView, file: usize, a: usize, b: usize) -> usize {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    (lo + 1..hi).filter(|&r| view.squares[square(file, r)].is_some()).count()
}

/// (middlegame, endgame) terms of `us` and its contribution to the game phase.
pub fn side_terms(view: &BoardView, us: Color) -> (S, i32) {
    let w = &WEIGHTS;
    let them = !us;
    let mut s = S(0, 0);
    let mut phase = 0;
    let mut guards = S(0, 0);
    let mut king = None;
    let mut enemy_king = None;
    let mut attack_force = 0;

    for (sq, cell) in view.squares.iter().enumerate() {
        let Some(man) = cell else { continue };
        let (file, rank) = (sq % FILES, sq / FILES);
        if man.color != us {
            match man.kind {
                Kind::King => enemy_king = Some((file, rank)),
                Kind::Rook => attack_force += 2,
                Kind::Horse | Kind::Cannon => attack_force += 1,
                Kind::Pawn if rel_rank(them, rank) >= 5 => attack_force += 1,
                _ => {}
            }
            continue;
        }
        s += psqt(man.kind, file, rel_rank(us, rank));
        phase += w.phase[man.kind as usize];
        let (f, r) = (file as i32, rank as i32);
        match man.kind {
            Kind::Rook => s += w.mobility[0] * (rook_mobility(view, us, f, r) - w.mobility_base[0]),
            Kind::Horse => s += w.mobility[1] * (horse_mobility(view, us, f, r) - w.mobility_base[1]),
            Kind::Cannon => s += w.mobility[2] * (cannon_mobility(view, us, f, r) - w.mobility_base[2]),
            Kind::Advisor => guards += w.advisor_guard,
            Kind::Elephant => guards += w.elephant_guard,
            Kind::King => king = Some((file, rank)),
            Kind::Pawn => {}
        }
    }
    s += guards * attack_force.min(w.attack_force_cap);

    // King safety: the enemy pieces bearing on our king.
    if let (Some((kf, kr)), Some(_)) = (king, enemy_king) {
        for (sq, cell) in view.squares.iter().enumerate() {
            let Some(man) = cell else { continue };
            if man.color != them {
                continue;
            }
            let (file, rank) = (sq % FILES, sq / FILES);
            match man.kind {
                Kind::Rook if file == kf && between_on_file(view, file, rank, kr) == 0 => s += w.rook_on_king_file,
                Kind::Cannon if file == kf => match between_on_file(view, file, rank, kr) {
                    0 => s += w.cannon_empty_head,
                    1 => s += w.cannon_screened,
                    _ => {}
                },
                Kind::Horse => {
                    let df = (file as i32 - 4).abs();
                    let dr = (rel_rank(us, rank) as i32 - 1).abs();
                    if df <= 2 && dr <= 2 {
                        s += w.horse_near_palace;
                    }
                }
                Kind::Pawn => {
                    let rr = rel_rank(us, rank);
                    if rr <= 3 && (2..=6).contains(&file) {
                        s += w.pawn_near_palace;
                    }
                }
                _ => {}
            }
        }
    }
    (s, phase)
}
