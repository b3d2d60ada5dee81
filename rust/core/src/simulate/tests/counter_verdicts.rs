//! The verdicts read from a hand's classes (103.5: London's bottom, then the keep rule) against
//! the London bottom card by card ([`Engine::class_verdicts`]): from the compact kernels' class
//! counters, eight lanes at a time too (the AVX-512 twin), in one word and in two (decks of
//! more than 16 classes).

use super::super::classes::{ClassHands, DeckClasses};
use super::classes::{london_60, tag_rule};
use super::*;
use crate::cpu::Level;
use crate::rng::LANES;
use crate::rules::HandStep;

/// A xorshift generator: each call gives a number below its argument.
/// Every vector level this CPU runs (the portable one always): the counter verdicts' twins
/// are each checked against the hand-at-a-time path.
fn levels() -> Vec<Level> {
    let mut out = vec![Level::Portable];
    if crate::cpu::has_avx2() {
        out.push(Level::Avx2);
    }
    if crate::cpu::has_avx512() {
        out.push(Level::Avx512);
    }
    out
}

fn xorshift(mut state: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    }
}

/// Every shape of round the tests take (0 to 3 cards bottomed, Vancouver's look, a hand that
/// must be kept, Houston's ten drawn and three bottomed), and `more`.
fn shapes(more: &[(usize, usize, bool, bool)]) -> Vec<HandStep> {
    [
        (7, 0, true, false),
        (7, 1, true, false),
        (7, 2, true, false),
    ]
    .into_iter()
    .chain([
        (7, 3, true, false),
        (6, 0, true, true),
        (7, 2, false, false),
    ])
    .chain([(10, 3, true, false)])
    .chain(more.iter().copied())
    .map(|(draw, bottom, can_mulligan, look)| HandStep {
        draw,
        bottom,
        can_mulligan,
        look,
    })
    .collect()
}

/// Every hand of `draw` cards from a deck holding `sizes[n]` cards of class number `n`, as
/// class counters (four bits a number).
fn every_hand(sizes: &[u64], draw: u64, out: &mut Vec<u64>) {
    fn go(sizes: &[u64], n: usize, left: u64, counters: u64, out: &mut Vec<u64>) {
        match (n == sizes.len(), left) {
            (_, 0) => out.push(counters),
            (true, _) => {}
            (false, _) => {
                for take in 0..=left.min(sizes[n]) {
                    go(sizes, n + 1, left - take, counters | take << (4 * n), out);
                }
            }
        }
    }
    go(sizes, 0, draw, 0, out);
}

/// The verdicts read from a hand's class counters equal the London bottom's
/// ([`Engine::class_verdicts`]: the hand's classes bottomed card by card), for every hand a
/// round may draw: decks whose cards take random tags (2 to 16 classes), minimums from 0 to
/// past the hand (20), every bottom strategy, and every shape of round (0 to 3 cards bottomed,
/// Houston's ten drawn and three bottomed, Vancouver's look, a hand that must be kept, the
/// land redraw).
#[test]
fn verdicts_from_counters_equal_the_bottom_card_by_card() {
    let mut next = xorshift(0x2545_F491_4F6C_DD1D);
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let shapes = shapes(&[(5, 0, true, true)]);
    let (mut hands_checked, mut kept, mut classes_seen) = (0usize, 0usize, vec![]);
    for case in 0..14u64 {
        // Each kind (spells, lands) draws its cards' tags from a few masks: case 0, all 16.
        let kinds = match case {
            0 => 8,
            _ => 1 + next(5),
        };
        let pools: Vec<Vec<u64>> = (0..2)
            .map(|_| {
                (0..kinds)
                    .map(|k| if case == 0 { k } else { next(16) })
                    .collect()
            })
            .collect();
        let tags: Vec<Vec<String>> = (0..60)
            .map(|j| {
                let pool = &pools[usize::from(lands[j])];
                let mask = pool[j % pool.len()];
                (0..4)
                    .filter(|b| mask >> b & 1 == 1)
                    .map(|b| ["a", "b", "c", "d"][b].to_string())
                    .collect()
            })
            .collect();
        let mins = match case {
            0 => [1, 2, 1, 1],
            _ => [next(3), next(3), next(4), [1, 0, 2, 20][case as usize % 4]].map(|m| m as u32),
        };
        let bottom = [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst][case as usize % 3];
        let keep = tag_rule(bottom, mins).compile(&lands, &tags).unwrap();
        // Houston's rule is for its first draw, ten cards.
        let rules = [7, 10].map(|first_draw| keep.count_rule(first_draw).unwrap());
        let rule = &rules[0];
        let deck = DeckClasses::new(&lands, rule.sets.as_ref().unwrap()).unwrap();
        classes_seen.push(deck.len);
        let sizes: Vec<u64> = (0..deck.len)
            .map(|n| {
                let number = |j: usize| u128::from(deck.nibbles[j] / 4);
                (0..60).filter(|&j| number(j) == n as u128).count() as u64
            })
            .collect();
        let engine = Engine::new(&seed(), london_60(), &lands).unwrap();
        for shape in &shapes {
            let mut hands = vec![];
            every_hand(&sizes, shape.draw as u64, &mut hands);
            let rule = &rules[usize::from(shape.draw == 10)];
            for redraw in [false, true] {
                let from_counters = engine.counter_verdicts(rule, shape, redraw, &deck);
                let mut expected = Vec::with_capacity(hands.len());
                for &counters in &hands {
                    let classes = deck.classes(u128::from(counters));
                    let expect = engine.class_verdicts(rule, shape, redraw, classes);
                    assert_eq!(
                        from_counters.get(u128::from(counters)),
                        expect,
                        "case {case} {shape:?} redraw {redraw} hand {counters:#x}"
                    );
                    kept += usize::from(expect[0] & 1 == 1);
                    expected.push(expect);
                }
                // Eight at a time (the AVX-512 twin where the CPU has it), each with the next
                // card a land or not.
                for (i, eight) in hands.chunks(LANES).enumerate() {
                    let mut lanes = ClassHands::default();
                    for (l, &counters) in eight.iter().enumerate() {
                        lanes.counters[l] = counters;
                        lanes.tops[l] = ((i + l) % 3 == 0) as u32;
                    }
                    for level in levels() {
                        let got = from_counters.lanes(&lanes, level);
                        for l in 0..eight.len() {
                            let expect = expected[i * LANES + l][lanes.tops[l] as usize];
                            assert_eq!(got[l], expect, "case {case} {shape:?} {level:?} lane {l}");
                        }
                    }
                }
                hands_checked += hands.len();
            }
        }
    }
    assert!(classes_seen.contains(&16) && classes_seen.iter().any(|&n| n <= 4));
    // Millions of hands (ten cards from sixteen classes are most), both verdicts common.
    assert!(hands_checked > 5_000_000, "{hands_checked}");
    assert!(
        kept > hands_checked / 50 && kept < hands_checked * 49 / 50,
        "{kept}"
    );
}

/// The verdicts read from a hand's class counters in two words (decks of more than 16
/// classes) equal the London bottom's card by card, for random hands of decks whose cards take
/// random tags, lands and spells alike (up to 32 classes), in every shape of round: one hand
/// at a time, and eight (the AVX-512 twin where the CPU has it).
#[test]
fn verdicts_of_many_classes_equal_the_bottom_card_by_card() {
    let mut next = xorshift(0x9E37_79B9_7F4A_7C15);
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let shapes = shapes(&[]);
    let (mut checked, mut kept, mut classes_seen) = (0usize, 0usize, vec![]);
    for case in 0..12u64 {
        let tags: Vec<Vec<String>> = (0..60)
            .map(|j| {
                let mask = match case {
                    0 => j as u64 % 16,
                    _ => next(16),
                };
                (0..4)
                    .filter(|b| mask >> b & 1 == 1)
                    .map(|b| ["a", "b", "c", "d"][b].to_string())
                    .collect()
            })
            .collect();
        let mins = [next(3), next(3), next(3), [1, 0, 2, 20][case as usize % 4]].map(|m| m as u32);
        let bottom = [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst][case as usize % 3];
        let keep = tag_rule(bottom, mins).compile(&lands, &tags).unwrap();
        let rules = [7, 10].map(|first_draw| keep.count_rule(first_draw).unwrap());
        let masks = &rules[0].sets.as_ref().unwrap().masks;
        let class_of = |j: usize| u32::from(lands[j]) << 4 | u32::from(masks[j]);
        let mut present = 0u32;
        (0..60).for_each(|j| present |= 1 << class_of(j));
        classes_seen.push(present.count_ones());
        let deck = DeckClasses::new(&lands, rules[0].sets.as_ref().unwrap()).unwrap();
        let number = |j: usize| u128::from(deck.nibbles[j] / 4);
        let engine = Engine::new(&seed(), london_60(), &lands).unwrap();
        for shape in &shapes {
            let rule = &rules[usize::from(shape.draw == 10)];
            for redraw in [false, true] {
                let compact = engine.counter_verdicts(rule, shape, redraw, &deck);
                let (mut lanes, mut expects) = (ClassHands::default(), [0u32; LANES]);
                for h in 0..20_000 {
                    // A random hand: `draw` distinct cards of the deck.
                    let mut cards: Vec<usize> = (0..60).collect();
                    let (mut classes, mut counters) = (0u128, 0u128);
                    for i in 0..shape.draw {
                        let k = i + next((60 - i) as u64) as usize;
                        cards.swap(i, k);
                        classes += 1 << (4 * class_of(cards[i]));
                        counters += 1 << (4 * number(cards[i]));
                    }
                    let expect = engine.class_verdicts(rule, shape, redraw, classes);
                    let what = format!("case {case} {shape:?} redraw {redraw} hand {classes:#x}");
                    assert_eq!(compact.get(counters), expect, "counters: {what}");
                    // Eight at a time too.
                    let l = h % LANES;
                    (lanes.counters[l], lanes.high[l]) = (counters as u64, (counters >> 64) as u64);
                    lanes.tops[l] = (h % 3 == 0) as u32;
                    expects[l] = expect[lanes.tops[l] as usize];
                    if l == LANES - 1 {
                        for level in levels() {
                            let got = compact.lanes(&lanes, level);
                            assert_eq!(got, expects, "lanes, {level:?}: {what}");
                        }
                    }
                    kept += usize::from(expect[0] & 1 == 1);
                    checked += 1;
                }
            }
        }
    }
    assert!(classes_seen.iter().any(|&n| n > 24), "{classes_seen:?}");
    assert!(
        kept > checked / 50 && kept < checked * 49 / 50,
        "{kept} of {checked}"
    );
}
