//! The cost of "did you mean" (`cargo bench -p mulligan-core --bench names`): a 100-card deck
//! with 10 mistyped names read against the built-in table (about 34,000 cards), beside the same
//! deck spelled right; indexing the table's names (once per table, on the first suggestion);
//! one suggestion. benches/RESULTS.md ("Did you mean") has the figures.

use criterion::{criterion_group, criterion_main, BatchSize, Criterion};
use mulligan_core::card_data::CardTable;
use mulligan_core::deck::ParseOptions;
use mulligan_core::DeckList;
use std::hint::black_box;
use std::time::Duration;

/// 100 cards over 40 names; `typos` of them written wrong (one or two edits each).
fn deck(typos: bool) -> String {
    const CARDS: [(u32, &str, &str); 40] = [
        (8, "Mountain", "Mountian"),
        (10, "Forest", "Forrest"),
        (4, "Lightning Bolt", "Lightnig Bolt"),
        (4, "Llanowar Elves", "Llanowar Elfs"),
        (4, "Sacred Foundry", "Sacred Fundry"),
        (4, "Stomping Ground", "Stomping Grond"),
        (4, "Goblin Guide", "Gobiln Guide"),
        (4, "Monastery Swiftspear", "Monastary Swiftspear"),
        (4, "Bonecrusher Giant", "Bonecrusher Gaint"),
        (4, "Tarmogoyf", "Tarmagoyf"),
        (2, "Arid Mesa", "Arid Mesa"),
        (2, "Wooded Foothills", "Wooded Foothills"),
        (2, "Windswept Heath", "Windswept Heath"),
        (2, "Bloodstained Mire", "Bloodstained Mire"),
        (2, "Inspiring Vantage", "Inspiring Vantage"),
        (2, "Sunbaked Canyon", "Sunbaked Canyon"),
        (2, "Ragavan, Nimble Pilferer", "Ragavan, Nimble Pilferer"),
        (2, "Guide of Souls", "Guide of Souls"),
        (2, "Ocelot Pride", "Ocelot Pride"),
        (2, "Galvanic Discharge", "Galvanic Discharge"),
        (2, "Static Prison", "Static Prison"),
        (
            2,
            "Phlage, Titan of Fire's Fury",
            "Phlage, Titan of Fire's Fury",
        ),
        (2, "Path to Exile", "Path to Exile"),
        (2, "Swords to Plowshares", "Swords to Plowshares"),
        (
            2,
            "Eidolon of the Great Revel",
            "Eidolon of the Great Revel",
        ),
        (2, "Skewer the Critics", "Skewer the Critics"),
        (2, "Lava Spike", "Lava Spike"),
        (2, "Rift Bolt", "Rift Bolt"),
        (2, "Boros Charm", "Boros Charm"),
        (2, "Lightning Helix", "Lightning Helix"),
        (1, "Wrenn and Six", "Wrenn and Six"),
        (1, "Fire // Ice", "Fire // Ice"),
        (1, "Sol Ring", "Sol Ring"),
        (1, "Birds of Paradise", "Birds of Paradise"),
        (1, "Noble Hierarch", "Noble Hierarch"),
        (1, "Scavenging Ooze", "Scavenging Ooze"),
        (1, "Knight of Autumn", "Knight of Autumn"),
        (1, "Qasali Pridemage", "Qasali Pridemage"),
        (1, "Kitchen Finks", "Kitchen Finks"),
        (1, "Thrun, Breaker of Silence", "Thrun, Breaker of Silence"),
    ];
    let mut out = String::new();
    let mut total = 0;
    for (n, right, wrong) in CARDS {
        total += n;
        out.push_str(&format!("{n} {}\n", if typos { wrong } else { right }));
    }
    assert_eq!(total, 100);
    out
}

fn names(c: &mut Criterion) {
    let table = CardTable::embedded();
    let options = ParseOptions::embedded();
    let (right, wrong) = (deck(false), deck(true));
    let parsed = DeckList::parse_with(&wrong, &options).unwrap();
    assert_eq!(parsed.unknown.len(), 10, "{:?}", parsed.unknown);
    assert!(
        parsed.suggestions.iter().all(|s| s.len() == 1),
        "{:?}",
        parsed.suggestions
    );
    let mut group = c.benchmark_group("did you mean");
    group
        .sample_size(20)
        .measurement_time(Duration::from_secs(4));
    group.bench_function("100-card deck, no typo", |b| {
        b.iter(|| DeckList::parse_with(black_box(&right), &options).unwrap())
    });
    group.bench_function("100-card deck, 10 typos", |b| {
        b.iter(|| DeckList::parse_with(black_box(&wrong), &options).unwrap())
    });
    group.bench_function("one suggestion (Lightnig Bolt)", |b| {
        b.iter(|| table.suggest(black_box("Lightnig Bolt"), 3))
    });
    group.bench_function("index the table's names (first suggestion)", |b| {
        b.iter_batched(
            CardTable::read_embedded,
            |t| t.suggest(black_box("Lightnig Bolt"), 3),
            BatchSize::LargeInput,
        )
    });
    group.bench_function("read the built-in table (for comparison)", |b| {
        b.iter(CardTable::read_embedded)
    });
    group.finish();
}

criterion_group!(benches, names);
criterion_main!(benches);
