//! Sources tables: exact against simulated, and against Frank Karsten's published method.

use super::*;

fn karsten(cards: usize, lands: usize, turns: usize) -> Request {
    Request {
        karsten: true,
        exact: true,
        turns,
        ..Request::new(cards, lands)
    }
}

fn seed() -> Seed {
    Seed::from_hex(&"5a".repeat(32)).unwrap()
}

fn cell<'a>(t: &'a Table, turn: usize, coloured: usize) -> &'a Cell {
    t.cells
        .iter()
        .find(|c| c.turn == turn && c.coloured == coloured)
        .unwrap()
}

#[test]
fn print_some() {
    let t = table(&karsten(60, 25, 7), &seed()).unwrap();
    eprintln!("{:?}", cell(&t, 1, 1).probability[14]);
    for c in &t.cells {
        eprintln!("{} {:?}", c.cost, c.needed);
    }
}
