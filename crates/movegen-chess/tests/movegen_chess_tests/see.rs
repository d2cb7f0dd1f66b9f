//! Static exchange evaluation on hand-computed exchanges: exact thresholds either side of the
//! swap value, x-rays, and promotions.

use game_api::Game;
use movegen_chess::Chess;

/// Asserts that the exchange started by `mv` is worth exactly `value`.
fn assert_see(fen: &str, mv: &str, value: i32) {
    let pos = Chess::from_fen(fen).unwrap();
    let m = pos.parse_move(mv).unwrap();
    assert!(pos.see_ge(m, value), "{fen} {mv}: should reach {value}");
    assert!(!pos.see_ge(m, value + 1), "{fen} {mv}: should not reach {}", value + 1);
}

#[test]
fn free_and_defended_captures() {
    assert_see("4k3/8/8/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 100);
    assert_see("4k3/8/4p3/3p4/4P3/8/8/4K3 w - - 0 1", "e4d5", 0);
    assert_see("4k3/8/4p3/3p4/8/8/8/3QK3 w - - 0 1", "d1d5", -800);
}

#[test]
fn x_ray_batteries_join_the_exchange() {
    // R takes P, R takes R, R takes R, R takes R: white ends a rook down for a pawn.
    assert_see("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", -400);
    // With only one black defender, the battery wins the pawn.
    assert_see("4k3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1", "d2d5", 100);
}

#[test]
fn quiet_moves_promotions_and_king_captures() {
    // A quiet move to an attacked square loses the piece.
    assert_see("4k3/8/4p3/8/8/8/8/3NK3 w - - 0 1", "d1f2", 0);
    assert_see("4k3/8/4p3/8/8/8/8/2N1K3 w - - 0 1", "c1d3", 0);
    assert_see("4k3/8/4p3/8/8/2N5/8/4K3 w - - 0 1", "c3d5", -320);
    // An unopposed promotion gains queen minus pawn.
    assert_see("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", "e7e8q", 800);
    // The king may not take a defended piece in the exchange.
    assert_see("4k3/8/8/3p4/4K3/8/8/8 w - - 0 1", "e4d5", 100);
    assert_see("4k3/8/4p3/3p4/4K3/8/8/8 w - - 0 1", "e4e5", 0);
}
