//! How long the built-in card table takes to load: medians of 21 loads of the table's own text
//! (`CardTable::from_text`, what `CardTable::embedded` does once per process), beside two peers
//! in the same run: splitting the same text into lines, and reading every card of it (what a
//! load costs when each card's fields are read at once, as before cards were read on first
//! lookup). `cargo run --release -p mulligan-core --example card_table`

use mulligan_core::card_data::CardTable;
use std::hint::black_box;
use std::time::Instant;

fn median_ms(runs: usize, mut f: impl FnMut()) -> f64 {
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed().as_secs_f64() * 1e3
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[runs / 2]
}

fn main() {
    let text = CardTable::embedded().to_text();
    let runs = 21;
    let load = median_ms(runs, || {
        black_box(CardTable::from_text(black_box(&text)).unwrap());
    });
    let lines = median_ms(runs, || {
        black_box(black_box(&text).lines().count());
    });
    let whole = median_ms(runs, || {
        let table = CardTable::from_text(black_box(&text)).unwrap();
        black_box(table.cards().count());
    });
    println!(
        "built-in card table: {} cards, {} bytes of text",
        CardTable::embedded().len(),
        text.len()
    );
    println!("median of {runs} runs:");
    println!("  load (names indexed, lines checked)  {load:8.2} ms");
    println!(
        "  peer: split into lines               {lines:8.2} ms  (load = {:.1}x)",
        load / lines
    );
    println!(
        "  peer: load and read every card       {whole:8.2} ms  (load = {:.2}x)",
        load / whole
    );
}
