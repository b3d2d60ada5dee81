//! The compact set kernels (a deck's cards by class number, verdicts read from a
//! hand's class counters and remembered by them): the numbering, the memo, and the kernels
//! against the general path (the verdicts themselves: `counter_verdicts`).

use super::super::classes::{
    hands, DeckClasses, VerdictMemo, MAX_CLASSES, MEMO_CLASSES, MEMO_HANDS,
};
use super::*;
use crate::house::HouseRules;

/// A deck of `n` cards, the first `lands` of them lands, tagged `a`, `b`, `c` by the bits of
/// `i % 8` and `d` when `i % 8 == 7` (so lands and spells each fall in eight classes of four
/// tag conditions: sixteen in all); with `extra`, the last card is a spell tagged `d` alone
/// (a seventeenth class).
fn tag_deck(n: usize, lands: usize, extra: bool) -> (Vec<bool>, Vec<Vec<String>>) {
    let land: Vec<bool> = (0..n).map(|i| i < lands).collect();
    let tags = (0..n)
        .map(|i| {
            if extra && i + 1 == n {
                return vec!["d".to_string()];
            }
            let mut t: Vec<String> = (0..3)
                .filter(|b| (i % 8) >> b & 1 == 1)
                .map(|b| ["a", "b", "c"][b].to_string())
                .collect();
            if i % 8 == 7 {
                t.push("d".into());
            }
            t
        })
        .collect();
    (land, tags)
}

/// One player of a 60-card deck under London, seven cards.
pub(super) fn london_60() -> Config {
    Config {
        house: HouseRules::default(),
        rule: MulliganRule::London,
        free_first: false,
        hand_size: 7,
        deck_size: 60,
    }
}

/// A rule of the four tags `a` to `d` with these minimums, lands 2-5 in seven cards.
pub(super) fn tag_rule(bottom: Bottom, mins: [u32; 4]) -> KeepRule {
    KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(3),
        bottom,
        requires: ["a", "b", "c", "d"]
            .iter()
            .zip(mins)
            .map(|(t, m)| (t.to_string(), m))
            .collect(),
        min_sources: vec![],
        requires_cards: vec![],
        exile: Exile::Hand,
    }
}

#[test]
fn a_deck_s_classes_are_numbered_in_the_bottom_s_order() {
    let (lands, tags) = tag_deck(60, 24, false);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    let deck = DeckClasses::new(&lands, &sets).unwrap();
    assert_eq!(deck.len, 16, "sixteen classes");
    // Each card's number, read back from the kernel's tables (four times it a byte, and four
    // bits two cards a byte), is its class's.
    for (j, (&land, &mask)) in lands.iter().zip(&sets.masks).enumerate() {
        let number = usize::from(deck.nibbles[j] / 4);
        assert_eq!(deck.nibbles[j] % 4, 0, "card {j}");
        assert_eq!(
            usize::from(deck.packed[j / 2] >> (4 * (j % 2)) & 15),
            number
        );
        let class = u32::from(land) << 4 | u32::from(mask);
        assert_eq!(deck.classes[number], class, "card {j}");
        assert_eq!(deck.is_land(number as u32), u32::from(land), "card {j}");
    }
    // Spells first, then lands; in each, the London bottom's order: fewer sets, then by mask.
    let order = |c: u32| (c >> 4, (c & 15).count_ones(), c & 15);
    assert!(
        deck.classes[..deck.len]
            .windows(2)
            .all(|w| order(w[0]) < order(w[1])),
        "in the bottom's order: {:?}",
        deck.classes
    );
    assert_eq!(deck.classes[..4], [0, 1, 2, 4], "no set, then one");
    assert_eq!(deck.classes[8..12], [16, 17, 18, 20], "the lands alike");
    // Counters by number give the hand's classes in full form.
    let counters = 3 | 2 << 4 | 1 << (4 * 15);
    let expect = 3u128 << (4 * deck.classes[0])
        | 2u128 << (4 * deck.classes[1])
        | 1u128 << (4 * deck.classes[15]);
    assert_eq!(deck.classes(counters), expect);
    // A seventeenth class: its counter in the second word.
    let (lands, tags) = tag_deck(60, 24, true);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    let deck = DeckClasses::new(&lands, &sets).unwrap();
    assert_eq!(deck.len, 17);
    assert_eq!(
        deck.nibbles[..60].iter().max(),
        Some(&64),
        "number 16, four times"
    );
    assert_eq!(deck.classes[16], 16 + 15, "the last land class numbered 16");
    assert_eq!(deck.is_land(16), 1);
    let counters = 1u128 << (4 * 16) | 2;
    assert_eq!(deck.classes(counters), 1u128 << (4 * 31) | 2);
    assert_eq!(deck.set_counts(counters)[0], 1, "one land");
    // Every class four conditions make (32), or more than 128 cards: none.
    assert_eq!(MAX_CLASSES, 32);
    let (lands, tags) = tag_deck(129, 50, false);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    assert!(DeckClasses::new(&lands, &sets).is_none());
    // Decks of two to nine classes.
    for n_classes in [2, 3, 4, 5, 9] {
        let lands: Vec<bool> = (0..40).map(|i| i < n_classes.min(2) * 8).collect();
        let masks = (0..40)
            .map(|i| (i % (n_classes - 1).max(1)) as u8 * u8::from(i >= 16))
            .collect();
        let sets = CardSets {
            masks,
            mins: vec![1; 4],
        };
        let deck = DeckClasses::new(&lands, &sets).unwrap();
        assert_eq!(deck.len, n_classes, "{n_classes} classes");
    }
}

/// A memo holds twice as many entries as the hands it may see, from 2,048 to 4,096: seven
/// cards from six classes are 792 hands, from seven 1,716; a round remembers the verdicts of a
/// deck of at most eight classes and 2,048 hands (else it reads each from the counters).
#[test]
fn a_memo_is_sized_by_the_hands_it_may_see() {
    for (classes, draw, entries) in [(6, 7, 2048), (7, 7, 4096), (2, 7, 2048), (8, 6, 4096)] {
        assert_eq!(
            VerdictMemo::for_hands(classes, draw).len(),
            entries,
            "{classes} {draw}"
        );
    }
    assert!(hands(7, 7) <= MEMO_HANDS && hands(8, 7) > MEMO_HANDS);
    assert!(
        hands(16, 3) <= MEMO_HANDS && MEMO_CLASSES == 8,
        "few hands, too many classes"
    );
}

#[test]
fn the_memo_computes_what_it_does_not_hold() {
    let mut memo = VerdictMemo::default();
    // Verdicts of sixteen bits, each hand's own.
    let verdict = |c: u64| [c as u32 & 0xffff, (c >> 16) as u32 ^ 1];
    let mut calls = 0;
    // Many more hands (counters of up to eight classes) than entries: every answer is the
    // hand's own, remembered or not.
    for round in 0..2 {
        for c in (0..20_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) {
            let top = (c % 3 == 0) as u32;
            let got = memo.get(c, top, |k| {
                calls += 1;
                verdict(k)
            });
            assert_eq!(got, verdict(c)[top as usize], "round {round}");
        }
    }
    assert!(calls > 20_000, "collisions recompute: {calls}");
    assert_eq!(memo.len(), 2048);
    // A hand asked again at once is remembered.
    let before = calls;
    for _ in 0..3 {
        memo.get(77, 1, |k| {
            calls += 1;
            verdict(k)
        });
    }
    assert_eq!(calls, before + 1);
}

/// Games `start .. start + games` on the class kernels of each level below the CPU's own
/// (which `simulate` takes): with AVX2 but its counter verdicts (where the CPU has AVX-512),
/// and without any vector extension (the portable kernel, one hand's verdict at a time).
fn lower_levels_outcomes(
    cfg: Config,
    lands: &[bool],
    keep: &CompiledRule,
    start: u64,
    games: usize,
) -> Vec<Vec<Outcome>> {
    let mut engine = Engine::new(&seed(), cfg, lands).unwrap();
    let mut outs = vec![];
    for portable in [false, true] {
        engine.avx512 = false;
        let mut out = vec![Outcome::default(); games];
        let mut counts = Counts::new(&cfg);
        let mut keep = keep.clone();
        let runs = match portable {
            false => engine.run(start, games, &mut keep, &mut counts, Some(&mut out)),
            true => {
                engine.run_any::<_, false>(start, games, &mut keep, &mut counts, Some(&mut out))
            }
        };
        runs.unwrap();
        outs.push(out);
    }
    outs
}

/// The compact kernels against the general path, game by game: decks of sixteen classes
/// (far more hands than the memo holds), of seventeen (counters in two words, the kernel's
/// byte table: 58, 60 and 64 cards) and of two, London
/// (bottoms by classes), Vancouver, Paris, Houston and Canadian Highlander, with and without
/// the land redraw, every bottom strategy, decks of 40 to 128 (100: a Commander deck, whose
/// hands the kernel draws from one word, its table in four vectors).
#[test]
fn the_compact_kernels_equal_the_general_path_game_by_game() {
    let mut k = 0u64;
    for (rule, land_mulligan) in [
        (MulliganRule::London, false),
        (MulliganRule::London, true),
        (MulliganRule::Vancouver, true),
        (MulliganRule::Paris, false),
        (MulliganRule::Houston, false),
        (MulliganRule::CanadianHighlander, false),
    ] {
        for bottom in [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst] {
            for (deck_size, extra, mins) in [
                (60, false, [1, 1, 0, 1]),
                (59, false, [1, 1, 1, 1]),
                (61, false, [1, 2, 0, 1]),
                (40, false, [2, 1, 1, 0]),
                (58, true, [1, 1, 1, 1]),
                (60, true, [1, 2, 0, 1]),
                (64, true, [1, 0, 1, 1]),
                (65, false, [0, 2, 1, 1]),
                (100, false, [1, 1, 1, 1]),
                (128, false, [1, 1, 1, 0]),
            ] {
                let (lands, tags) = tag_deck(deck_size, deck_size * 2 / 5, extra);
                let keep = tag_rule(bottom, mins).compile(&lands, &tags).unwrap();
                let sets = keep.count_rule(7).unwrap().sets.unwrap();
                let deck = DeckClasses::new(&lands, &sets).unwrap();
                assert_eq!(deck.len > 16, extra);
                k += 1;
                let cfg = Config {
                    house: HouseRules {
                        land_mulligan,
                        ..HouseRules::default()
                    },
                    rule,
                    free_first: k % 3 == 0,
                    hand_size: 7,
                    deck_size,
                };
                let what = format!("{rule:?} {land_mulligan} {bottom:?} {deck_size} {mins:?}");
                let fast = kernels_agree(cfg, &lands, &keep, (k * 10_000, 2500, 2), &what);
                if rule != MulliganRule::Houston {
                    assert!(fast.iter().any(|o| o.mulligans >= 2), "{what}");
                }
                for (i, out) in lower_levels_outcomes(cfg, &lands, &keep, k * 10_000, 2500)
                    .into_iter()
                    .enumerate()
                {
                    assert_eq!(out, fast, "{what}, lower level {i}");
                }
            }
            // Two classes: the only condition is a tag every land has and no spell.
            let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
            let tags: Vec<Vec<String>> = lands
                .iter()
                .map(|&l| if l { vec!["a".into()] } else { vec![] })
                .collect();
            let mut keep = tag_rule(bottom, [3, 0, 0, 0]);
            keep.requires.truncate(1);
            let keep = keep.compile(&lands, &tags).unwrap();
            let sets = keep.count_rule(7).unwrap().sets.unwrap();
            assert_eq!(DeckClasses::new(&lands, &sets).unwrap().len, 2);
            k += 1;
            let cfg = Config {
                house: HouseRules {
                    land_mulligan,
                    ..HouseRules::default()
                },
                rule,
                free_first: false,
                hand_size: 7,
                deck_size: 60,
            };
            let what = format!("{rule:?} {land_mulligan} {bottom:?} two classes");
            let fast = kernels_agree(cfg, &lands, &keep, (k * 10_000, 2500, 2), &what);
            for (i, out) in lower_levels_outcomes(cfg, &lands, &keep, k * 10_000, 2500)
                .into_iter()
                .enumerate()
            {
                assert_eq!(out, fast, "{what}, lower level {i}");
            }
        }
    }
}

/// The memos an engine keeps between runs hold one rule's verdicts each: runs of two rules
/// in turn on one engine give what each gives on an engine of its own, and any CPU (the
/// portable build takes the general path for card conditions) the same.
#[test]
fn an_engine_s_memos_are_by_rule_and_any_cpu_agrees() {
    // Four classes (lands tagged `a`, spells `b`, `c` or `d`): few enough hands to remember.
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let tags: Vec<Vec<String>> = (0..60)
        .map(|i| {
            vec![if lands[i] {
                "a"
            } else {
                ["b", "c", "d"][i % 3]
            }
            .to_string()]
        })
        .collect();
    let cfg = london_60();
    let rules: Vec<CompiledRule> = [[1, 1, 0, 1], [0, 2, 1, 0]]
        .iter()
        .map(|&mins| {
            tag_rule(Bottom::Balance, mins)
                .compile(&lands, &tags)
                .unwrap()
        })
        .collect();
    let sets = rules[0].count_rule(7).unwrap().sets.unwrap();
    let deck = DeckClasses::new(&lands, &sets).unwrap();
    assert!(hands(deck.len, 7) <= MEMO_HANDS, "{} classes", deck.len);
    let games = 5000;
    let run = |engine: &Engine<'_>, keep: &CompiledRule, portable: bool| {
        let mut out = vec![Outcome::default(); games];
        let mut counts = Counts::new(&cfg);
        let mut keep = keep.clone();
        match portable {
            false => engine.run(9, games, &mut keep, &mut counts, Some(&mut out)),
            true => engine.run_any::<_, false>(9, games, &mut keep, &mut counts, Some(&mut out)),
        }
        .unwrap();
        (out, counts)
    };
    let shared = Engine::new(&seed(), cfg, &lands).unwrap();
    let mut firsts = vec![];
    for round in 0..2 {
        for keep in &rules {
            let got = run(&shared, keep, false);
            let own = run(&Engine::new(&seed(), cfg, &lands).unwrap(), keep, false);
            assert_eq!(got, own, "round {round}");
            assert_eq!(got, run(&shared, keep, true), "portable, round {round}");
            firsts.push(got);
        }
    }
    assert_ne!(firsts[0], firsts[1], "the two rules differ");
}
