//! The evaluation terms of one side, computed in that side's frame (its back rank is rank 0).

use crate::board_view::{square, BoardView, FILES, RANKS};
use crate::weight_list as ids;
use crate::weights::WEIGHTS;
use game_api::{Color, TermSink};
use movegen_xiangqi::Kind;

/// `rank` as seen from `color`'s side (0 = own back rank).
#[inline]
fn rel_rank(color: Color, rank: usize) -> usize {
    if color == Color::White {
        rank
    } else {
        RANKS - 1 - rank
    }
}

/// Piece-square terms (material included) of `kind` on (file, relative rank).
#[inline]
fn psqt<T: TermSink>(t: &mut T, kind: Kind, file: usize, rank: usize) {
    let w = &WEIGHTS;
    t.add(ids::MATERIAL + kind as usize, w.material[kind as usize], 1);
    let centre_dist = (file as i32 - 4).abs();
    match kind {
        Kind::Pawn => {
            if rank >= 5 {
                if (3..=5).contains(&file) {
                    t.add(ids::PAWN_PALACE_FILE, w.pawn_palace_file, 1);
                }
                t.add(ids::PAWN_CROSSED + rank - 5, w.pawn_crossed[rank - 5], 1);
            }
        }
        Kind::Horse => {
            let forward = (rank as i32).clamp(2, 7) - 2;
            t.add(ids::HORSE_CENTRE, w.horse_centre, 4 - centre_dist);
            t.add(ids::HORSE_FORWARD, w.horse_forward, forward);
            if file == 0 || file == 8 {
                t.add(ids::HORSE_EDGE, w.horse_edge, 1);
            }
        }
        Kind::Cannon => {
            if file == 4 {
                t.add(ids::CANNON_CENTRE_FILE, w.cannon_centre_file, 1);
            }
            if rank >= 8 {
                t.add(ids::CANNON_DEEP, w.cannon_deep, 1);
            }
        }
        Kind::Rook => {
            if rank >= 5 {
                t.add(ids::ROOK_CROSSED, w.rook_crossed, 1);
            }
            if file == 3 || file == 5 {
                t.add(ids::ROOK_RIB, w.rook_rib, 1);
            }
        }
        Kind::King => {
            t.add(ids::KING_RAISED, w.king_raised, rank as i32);
            if file != 4 {
                t.add(ids::KING_OFF_CENTRE, w.king_off_centre, 1);
            }
        }
        Kind::Advisor => {
            if file == 4 {
                t.add(ids::ADVISOR_CENTRE, w.advisor_centre, 1);
            }
        }
        Kind::Elephant => {
            if file == 4 {
                t.add(ids::ELEPHANT_CENTRE, w.elephant_centre, 1);
            }
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

/// Adds the (middlegame, endgame) terms of `us` to `s`; returns its contribution to the phase.
pub fn side_terms<T: TermSink>(view: &BoardView, us: Color, s: &mut T) -> i32 {
    let w = &WEIGHTS;
    let them = !us;
    let mut phase = 0;
    let mut advisors = 0;
    let mut elephants = 0;
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
        psqt(s, man.kind, file, rel_rank(us, rank));
        phase += w.phase[man.kind as usize];
        let (f, r) = (file as i32, rank as i32);
        match man.kind {
            Kind::Rook => s.add(
                ids::MOBILITY,
                w.mobility[0],
                rook_mobility(view, us, f, r) - w.mobility_base[0],
            ),
            Kind::Horse => s.add(
                ids::MOBILITY + 1,
                w.mobility[1],
                horse_mobility(view, us, f, r) - w.mobility_base[1],
            ),
            Kind::Cannon => s.add(
                ids::MOBILITY + 2,
                w.mobility[2],
                cannon_mobility(view, us, f, r) - w.mobility_base[2],
            ),
            Kind::Advisor => advisors += 1,
            Kind::Elephant => elephants += 1,
            Kind::King => king = Some((file, rank)),
            Kind::Pawn => {}
        }
    }
    let force = attack_force.min(w.attack_force_cap);
    s.add(ids::ADVISOR_GUARD, w.advisor_guard, advisors * force);
    s.add(ids::ELEPHANT_GUARD, w.elephant_guard, elephants * force);

    // King safety: the enemy pieces bearing on our king.
    if let (Some((kf, kr)), Some(_)) = (king, enemy_king) {
        for (sq, cell) in view.squares.iter().enumerate() {
            let Some(man) = cell else { continue };
            if man.color != them {
                continue;
            }
            let (file, rank) = (sq % FILES, sq / FILES);
            match man.kind {
                Kind::Rook if file == kf && between_on_file(view, file, rank, kr) == 0 => {
                    s.add(ids::ROOK_ON_KING_FILE, w.rook_on_king_file, 1)
                }
                Kind::Cannon if file == kf => match between_on_file(view, file, rank, kr) {
                    0 => s.add(ids::CANNON_EMPTY_HEAD, w.cannon_empty_head, 1),
                    1 => s.add(ids::CANNON_SCREENED, w.cannon_screened, 1),
                    _ => {}
                },
                Kind::Horse => {
                    let df = (file as i32 - 4).abs();
                    let dr = (rel_rank(us, rank) as i32 - 1).abs();
                    if df <= 2 && dr <= 2 {
                        s.add(ids::HORSE_NEAR_PALACE, w.horse_near_palace, 1);
                    }
                }
                Kind::Pawn => {
                    let rr = rel_rank(us, rank);
                    if rr <= 3 && (2..=6).contains(&file) {
                        s.add(ids::PAWN_NEAR_PALACE, w.pawn_near_palace, 1);
                    }
                }
                _ => {}
            }
        }
    }
    phase
}
