//! The compact set kernels (a deck's cards by class number in flag planes, verdicts read from a
//! hand's class counters and remembered by them): the numbering, the verdicts against the
//! London bottom card by card, the memo, and the kernels against the general path.

use super::super::classes::{
    hands, ClassHands, ClassPlanes, VerdictMemo, MAX_CLASSES, MEMO_CLASSES, MEMO_HANDS,
};
use super::*;
use crate::house::HouseRules;
use crate::rng::LANES;
use crate::rules::HandStep;

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

fn tag_rule(bottom: Bottom, mins: [u32; 4]) -> KeepRule {
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
fn a_deck_s_classes_are_numbered_in_planes() {
    let (lands, tags) = tag_deck(60, 24, false);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    let planes = ClassPlanes::new(&lands, &sets).unwrap();
    assert_eq!(planes.count, 4, "sixteen classes in four planes");
    // Each card's number, read back from the planes, is its class's.
    for (j, (&land, &mask)) in lands.iter().zip(&sets.masks).enumerate() {
        let number = (0..4).fold(0, |n, p| n | ((planes.planes[p] >> j) & 1) << p) as usize;
        let class = u32::from(land) << 4 | u32::from(mask);
        assert_eq!(planes.classes[number], class, "card {j}");
        assert_eq!(planes.is_land(number as u32), u32::from(land), "card {j}");
    }
    // Spells first, then lands; in each, the London bottom's order: fewer sets, then by mask.
    let order = |c: u32| (c >> 4, (c & 15).count_ones(), c & 15);
    assert!(
        planes.classes.windows(2).all(|w| order(w[0]) < order(w[1])),
        "in the bottom's order: {:?}",
        planes.classes
    );
    assert_eq!(planes.classes[..4], [0, 1, 2, 4], "no set, then one");
    assert_eq!(planes.classes[8..12], [16, 17, 18, 20], "the lands alike");
    // Counters by number give the hand's classes in full form.
    let counters = 3 | 2 << 4 | 1 << (4 * 15);
    let expect = 3u128 << (4 * planes.classes[0])
        | 2u128 << (4 * planes.classes[1])
        | 1u128 << (4 * planes.classes[15]);
    assert_eq!(planes.classes(counters), expect);
    // A seventeenth class, or more than 128 cards: the per-set kernels.
    let (lands, tags) = tag_deck(60, 24, true);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    assert!(ClassPlanes::new(&lands, &sets).is_none());
    assert_eq!(MAX_CLASSES, 16);
    let (lands, tags) = tag_deck(129, 50, false);
    let keep = tag_rule(Bottom::Balance, [1, 1, 0, 1])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    assert!(ClassPlanes::new(&lands, &sets).is_none());
    // Two classes take one plane; three, two.
    for (n_classes, count) in [(2, 1), (3, 2), (4, 2), (5, 3), (9, 4)] {
        let lands: Vec<bool> = (0..40).map(|i| i < n_classes.min(2) * 8).collect();
        let masks = (0..40)
            .map(|i| (i % (n_classes - 1).max(1)) as u8 * u8::from(i >= 16))
            .collect();
        let sets = CardSets {
            masks,
            mins: vec![1; 4],
        };
        let planes = ClassPlanes::new(&lands, &sets).unwrap();
        assert_eq!(planes.count, count, "{n_classes} classes");
    }
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
    let mut state = 0x2545_F491_4F6C_DD1Du64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let shapes = [
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
    .chain([(10, 3, true, false), (5, 0, true, true)])
    .map(|(draw, bottom, can_mulligan, look)| HandStep {
        draw,
        bottom,
        can_mulligan,
        look,
    });
    let shapes: Vec<HandStep> = shapes.collect();
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
        let planes = ClassPlanes::new(&lands, rule.sets.as_ref().unwrap()).unwrap();
        classes_seen.push(planes.len);
        let sizes: Vec<u64> = (0..planes.len)
            .map(|n| {
                let number = |j: usize| (0..4).fold(0, |a, p| a | (planes.planes[p] >> j & 1) << p);
                (0..60).filter(|&j| number(j) == n as u128).count() as u64
            })
            .collect();
        let cfg = Config {
            house: HouseRules::default(),
            rule: MulliganRule::London,
            free_first: false,
            hand_size: 7,
            deck_size: 60,
        };
        let engine = Engine::new(&seed(), cfg, &lands).unwrap();
        for shape in &shapes {
            let mut hands = vec![];
            every_hand(&sizes, shape.draw as u64, &mut hands);
            let rule = &rules[usize::from(shape.draw == 10)];
            for redraw in [false, true] {
                let from_counters = engine.counter_verdicts(rule, shape, redraw, &planes);
                let mut expected = Vec::with_capacity(hands.len());
                for &counters in &hands {
                    let classes = planes.classes(counters);
                    let expect = engine.class_verdicts(rule, shape, redraw, classes);
                    assert_eq!(
                        from_counters.get(counters),
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
                    for avx512 in [engine.avx512, false] {
                        let got = from_counters.lanes(&lanes, avx512);
                        for l in 0..eight.len() {
                            let expect = expected[i * LANES + l][lanes.tops[l] as usize];
                            assert_eq!(got[l], expect, "case {case} {shape:?} {avx512} lane {l}");
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

/// The verdicts read from a hand's classes in full form (the per-set kernels' decks, of more
/// than 16 classes) equal the London bottom's card by card, for random hands of decks whose
/// cards take random tags, lands and spells alike (up to 32 classes), in every shape of round.
#[test]
fn full_form_verdicts_equal_the_bottom_card_by_card() {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = |n: u64| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state % n
    };
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    let shapes: Vec<HandStep> = [
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
    .map(|(draw, bottom, can_mulligan, look)| HandStep {
        draw,
        bottom,
        can_mulligan,
        look,
    })
    .collect();
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
        let cfg = Config {
            house: HouseRules::default(),
            rule: MulliganRule::London,
            free_first: false,
            hand_size: 7,
            deck_size: 60,
        };
        let engine = Engine::new(&seed(), cfg, &lands).unwrap();
        for shape in &shapes {
            let rule = &rules[usize::from(shape.draw == 10)];
            for redraw in [false, true] {
                let full = engine.full_verdicts(rule, shape, redraw);
                for _ in 0..20_000 {
                    // A random hand: `draw` distinct cards of the deck.
                    let mut deck: Vec<usize> = (0..60).collect();
                    let mut classes: u128 = 0;
                    for i in 0..shape.draw {
                        let k = i + next((60 - i) as u64) as usize;
                        deck.swap(i, k);
                        classes += 1 << (4 * class_of(deck[i]));
                    }
                    let expect = engine.class_verdicts(rule, shape, redraw, classes);
                    assert_eq!(
                        full.get(classes),
                        expect,
                        "case {case} {shape:?} redraw {redraw} hand {classes:#x}"
                    );
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

/// Games `start .. start + games` on an engine whose narrow class kernel is the AVX2 one (where
/// the CPU has AVX-512F, `simulate` takes its twin; on any other CPU, the same kernel twice).
fn avx2_outcomes(
    cfg: Config,
    lands: &[bool],
    keep: &CompiledRule,
    start: u64,
    games: usize,
) -> Vec<Outcome> {
    let mut engine = Engine::new(&seed(), cfg, lands).unwrap();
    engine.avx512 = false;
    let mut out = vec![Outcome::default(); games];
    let mut counts = Counts::new(&cfg);
    let mut keep = keep.clone();
    engine
        .run(start, games, &mut keep, &mut counts, Some(&mut out))
        .unwrap();
    out
}

/// Which class kernel a deck's planes take: the narrow ones while every plane, shifted by its
/// number and two (59 cards in four planes, 60 in three) or by its number alone (61 in four,
/// 64 in one), fits in 64 bits, the wide one past.
#[test]
fn the_narrow_kernels_hold_the_planes_that_fit_in_a_word() {
    for (n, four_planes, shift) in [
        (59, true, Some(2)),
        (60, false, Some(2)),
        (60, true, Some(0)),
        (61, true, Some(0)),
        (62, true, None),
    ] {
        let lands: Vec<bool> = (0..n).map(|i| i < 24).collect();
        let tags: Vec<Vec<String>> = (0..n)
            .map(|i| match four_planes {
                true => tag_deck(n, 24, false).1[i].clone(),
                false => vec![["a", "b", "c"][i % 3].to_string()],
            })
            .collect();
        let keep = tag_rule(Bottom::Balance, [1, 1, 1, 0])
            .compile(&lands, &tags)
            .unwrap();
        let sets = keep.count_rule(7).unwrap().sets.unwrap();
        let planes = ClassPlanes::new(&lands, &sets).unwrap();
        assert_eq!(planes.count, if four_planes { 4 } else { 3 }, "{n}");
        assert_eq!(planes.shift(), shift, "{n} cards, {} planes", planes.count);
    }
    let lands: Vec<bool> = (0..64).map(|i| i < 24).collect();
    let tags = vec![vec![]; 64];
    let keep = tag_rule(Bottom::Balance, [0; 4])
        .compile(&lands, &tags)
        .unwrap();
    let sets = keep.count_rule(7).unwrap().sets.unwrap();
    let planes = ClassPlanes::new(&lands, &sets).unwrap();
    assert_eq!(
        (planes.count, planes.shift()),
        (1, Some(0)),
        "64 cards, one plane"
    );
}

/// The compact kernels against the general path, game by game: decks of sixteen classes
/// (four planes, far more hands than the memo holds) and of two (one plane), and of seventeen
/// (the per-set kernels), London (bottoms by classes), Vancouver, Paris, Houston and Canadian
/// Highlander, with and without the land redraw, every bottom strategy, decks of 40 to 128
/// (100: a Commander deck, whose hands the wide kernel draws from one word).
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
                (64, true, [1, 0, 1, 1]),
                (65, false, [0, 2, 1, 1]),
                (100, false, [1, 1, 1, 1]),
                (128, false, [1, 1, 1, 0]),
            ] {
                let (lands, tags) = tag_deck(deck_size, deck_size * 2 / 5, extra);
                let keep = tag_rule(bottom, mins).compile(&lands, &tags).unwrap();
                let sets = keep.count_rule(7).unwrap().sets.unwrap();
                assert_eq!(ClassPlanes::new(&lands, &sets).is_some(), !extra);
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
                assert_eq!(
                    avx2_outcomes(cfg, &lands, &keep, k * 10_000, 2500),
                    fast,
                    "{what}"
                );
            }
            // One plane: the only condition is a tag every land has and no spell.
            let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
            let tags: Vec<Vec<String>> = lands
                .iter()
                .map(|&l| if l { vec!["a".into()] } else { vec![] })
                .collect();
            let mut keep = tag_rule(bottom, [3, 0, 0, 0]);
            keep.requires.truncate(1);
            let keep = keep.compile(&lands, &tags).unwrap();
            let sets = keep.count_rule(7).unwrap().sets.unwrap();
            assert_eq!(ClassPlanes::new(&lands, &sets).unwrap().count, 1);
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
            let what = format!("{rule:?} {land_mulligan} {bottom:?} one plane");
            let fast = kernels_agree(cfg, &lands, &keep, (k * 10_000, 2500, 2), &what);
            assert_eq!(
                avx2_outcomes(cfg, &lands, &keep, k * 10_000, 2500),
                fast,
                "{what}"
            );
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
    let cfg = Config {
        house: HouseRules::default(),
        rule: MulliganRule::London,
        free_first: false,
        hand_size: 7,
        deck_size: 60,
    };
    let rules: Vec<CompiledRule> = [[1, 1, 0, 1], [0, 2, 1, 0]]
        .iter()
        .map(|&mins| {
            tag_rule(Bottom::Balance, mins)
                .compile(&lands, &tags)
                .unwrap()
        })
        .collect();
    let sets = rules[0].count_rule(7).unwrap().sets.unwrap();
    let planes = ClassPlanes::new(&lands, &sets).unwrap();
    assert!(hands(planes.len, 7) <= MEMO_HANDS, "{} classes", planes.len);
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
