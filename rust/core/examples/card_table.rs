//! How long the built-in card table takes to load: medians of 21 loads (`CardTable::read_embedded`,
//! what `CardTable::embedded` does once per process, and `CardTable::from_text` of the same text,
//! what a saved table from a file costs, every line checked), in wall time and in this thread's
//! CPU time (from /proc/thread-self/schedstat, where there is one), beside two peers
//! in the same run: splitting the same text into lines, and reading every card of it (what a
//! load costs when each card's fields are read at once, as before cards were read on first
//! lookup). `cargo run --release -p mulligan-core --example card_table`

use mulligan_core::card_data::CardTable;
use std::hint::black_box;
use std::time::Instant;

/// This thread's CPU time so far, in ms (Linux), if known.
fn cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = stat.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e6)
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Median wall time and median CPU time (NaN where unknown) of `runs` runs of `f`, in ms.
fn median_ms2(runs: usize, mut f: impl FnMut()) -> (f64, f64) {
    let (walls, cpus): (Vec<f64>, Vec<f64>) = (0..runs)
        .map(|_| {
            let cpu = cpu_ms();
            let start = Instant::now();
            f();
            let wall = start.elapsed().as_secs_f64() * 1e3;
            let used = match (cpu, cpu_ms()) {
                (Some(a), Some(b)) => b - a,
                _ => f64::NAN,
            };
            (wall, used)
        })
        .unzip();
    (median(walls), median(cpus))
}

fn median_ms(runs: usize, f: impl FnMut()) -> f64 {
    median_ms2(runs, f).0
}

fn main() {
    let text = CardTable::embedded().to_text();
    let runs = 21;
    let (builtin, builtin_cpu) = median_ms2(runs, || {
        black_box(CardTable::read_embedded());
    });
    let (load, load_cpu) = median_ms2(runs, || {
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
    println!(
        "  built-in table's load (names indexed)     {builtin:8.2} ms  (CPU {builtin_cpu:.2} ms)"
    );
    println!("  from_text (names indexed, lines checked)  {load:8.2} ms  (CPU {load_cpu:.2} ms)");
    println!(
        "  peer: split into lines                    {lines:8.2} ms  (built-in = {:.1}x)",
        builtin / lines
    );
    println!(
        "  peer: from_text and read every card       {whole:8.2} ms  (built-in = {:.3}x)",
        builtin / whole
    );
}
