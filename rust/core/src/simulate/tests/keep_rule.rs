//! The keep rule compiled against a deck: its decisions, its count tables, its checks.

use crate::card::CardId;
use crate::simulate::keep_rule::*;

fn rule(bottom: Bottom) -> CompiledRule {
    let k = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(4),
        bottom,
        requires: vec![("ramp".into(), 1)],
        min_sources: vec![],
        requires_cards: vec![],
        exile: Exile::Hand,
    };
    // cards 0..10 lands, 10..20 spells, 15 and 16 tagged ramp
    let lands: Vec<bool> = (0..20).map(|i| i < 10).collect();
    let tags: Vec<Vec<String>> = (0..20)
        .map(|i| {
            if i == 15 || i == 16 {
                vec!["ramp".into()]
            } else {
                vec![]
            }
        })
        .collect();
    k.compile(&lands, &tags).unwrap()
}

#[test]
fn keeps_by_range_requirement_and_size() {
    let r = rule(Bottom::Balance);
    assert!(r.keeps(&[0, 1, 15, 11, 12, 13, 14], true));
    assert!(!r.keeps(&[0, 1, 10, 11, 12, 13, 14], true), "no ramp card");
    assert!(!r.keeps(&[0, 15, 11, 12, 13, 14, 17], true), "one land");
    assert!(r.keeps(&[10, 11, 12, 13], true), "keep_at 4");
    assert!(r.keeps(&[10, 11, 12, 13, 14], false), "must keep");
}

#[test]
fn bottom_strategies() {
    let hand = [0, 1, 2, 3, 4, 15, 11];
    let r = rule(Bottom::Balance);
    // Keep 5: target 2.5 -> 3 lands (ties go to more lands): bottom two lands, later first.
    assert_eq!(r.choose_bottom(&hand, 2), vec![4, 3]);
    assert_eq!(rule(Bottom::LandsFirst).choose_bottom(&hand, 2), vec![4, 3]);
    // Spells first: the untagged spell before the ramp card.
    assert_eq!(
        rule(Bottom::SpellsFirst).choose_bottom(&hand, 2),
        vec![11, 15]
    );
    assert_eq!(
        rule(Bottom::SpellsFirst).choose_bottom(&hand, 3),
        vec![4, 11, 15]
    );
}

#[test]
fn vancouver_look() {
    let r = rule(Bottom::Balance);
    assert!(
        r.vancouver_bottom(&[0, 1, 2, 11, 12, 13], 5),
        "3 lands >= 3: bottom a land"
    );
    assert!(
        !r.vancouver_bottom(&[0, 11, 12, 13, 14, 17], 5),
        "1 land: keep a land"
    );
    assert!(
        r.vancouver_bottom(&[0, 11, 12, 13, 14, 17], 18),
        "1 land: bottom a spell"
    );
}

#[test]
fn count_tables_agree_with_the_rule_on_real_hands() {
    // Every hand shape of a 20-card deck (10 lands, 10 spells), every strategy.
    for bottom in [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst] {
        let k = KeepRule {
            ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 3)],
            keep_at: Some(3),
            bottom,
            requires: vec![],
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        };
        let lands: Vec<bool> = (0..20).map(|i| i < 10).collect();
        let r = k.compile(&lands, &vec![vec![]; 20]).unwrap();
        let t = r.count_rule(7).unwrap();
        let hand = |size: usize, l: usize| -> Vec<CardId> {
            (0..l as u32).chain(10..(10 + (size - l) as u32)).collect()
        };
        for size in 0..=8usize {
            for l in 0..=size {
                let h = hand(size, l);
                assert_eq!(t.keeps(size, l), r.keeps(&h, true), "{size} {l}");
                assert_eq!(t.vancouver(size, l, true), r.vancouver_bottom(&h, 0));
                assert_eq!(t.vancouver(size, l, false), r.vancouver_bottom(&h, 19));
            }
        }
        for l in 0..=7 {
            let h = hand(7, l);
            for count in 0..=7 {
                let out = r.choose_bottom(&h, count);
                let bottomed = out.iter().filter(|&&c| c < 10).count();
                assert_eq!(
                    t.kept_lands(count, l),
                    l - bottomed,
                    "{bottom:?} {count} {l}"
                );
            }
        }
    }
}

/// A 40-card deck for the set tests: lands 0..20; card `i` tagged "ramp" when `i % 3 == 0`,
/// "draw" when `i % 4 == 1`, named "Bolt" when `i % 5 == 2`, and lands add blue when
/// `i % 2 == 0` and red when `i % 3 != 1` (so the sets overlap in every way).
fn set_deck() -> RuleCards {
    let lands: Vec<bool> = (0..40).map(|i| i < 20).collect();
    let tags = (0..40)
        .map(|i| {
            let mut t = vec![];
            if i % 3 == 0 {
                t.push("ramp".to_string());
            }
            if i % 4 == 1 {
                t.push("draw".to_string());
            }
            t
        })
        .collect();
    let names = (0..40)
        .map(|i| {
            if i % 5 == 2 {
                "Bolt".into()
            } else {
                format!("Card {i}")
            }
        })
        .collect();
    let colours = (0..40)
        .map(|i| u8::from(i < 20) * (u8::from(i % 2 == 0) * 2 + u8::from(i % 3 != 1) * 8))
        .collect();
    RuleCards {
        lands,
        tags,
        names,
        colours,
    }
}

/// A rule with `n` (1 to 4) card conditions on [`set_deck`].
fn set_rule(bottom: Bottom, n: usize) -> CompiledRule {
    let all = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(3),
        bottom,
        requires: vec![("ramp".into(), 2), ("draw".into(), 1)],
        min_sources: vec![("u".into(), 1), ("R".into(), 2)],
        requires_cards: vec![CardsRequirement {
            cards: vec!["bolt".into()],
            min: 1,
        }],
        exile: Exile::Hand,
    };
    let mut k = all.clone();
    k.requires.truncate(n.min(2));
    k.min_sources.truncate(n.saturating_sub(2).min(1));
    k.requires_cards.truncate(n.saturating_sub(3));
    k.compile_for(&set_deck()).unwrap()
}

#[test]
fn set_counts_agree_with_the_rule_on_real_hands() {
    // Random 7-card hands of the set deck (a fixed LCG): the count tables' keep and London
    // bottom (by classes) equal the compiled rule's on the cards, for 1 to 4 conditions.
    let deck = set_deck();
    let mut x = 12345u64;
    for n in 1..=4 {
        for bottom in [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst] {
            let r = set_rule(bottom, n);
            let t = r.count_rule(7).unwrap();
            let sets = t.sets.clone().unwrap();
            assert_eq!(sets.mins.len(), n);
            for _ in 0..3000 {
                let mut hand: Vec<CardId> = vec![];
                while hand.len() < 7 {
                    x = x
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let c = ((x >> 33) % 40) as CardId;
                    if !hand.contains(&c) {
                        hand.push(c);
                    }
                }
                let class = |c: CardId| {
                    u32::from(deck.lands[c as usize]) << 4 | u32::from(sets.masks[c as usize])
                };
                let classes: u128 = hand.iter().map(|&c| 1u128 << (4 * class(c))).sum();
                let lands = hand.iter().filter(|&&c| c < 20).count();
                let counts = |cards: &[CardId]| -> Vec<u32> {
                    (0..n)
                        .map(|i| {
                            let f = |&&c: &&CardId| sets.masks[c as usize] & (1 << i) != 0;
                            cards.iter().filter(f).count() as u32
                        })
                        .collect()
                };
                assert_eq!(t.keeps_with(7, lands, &counts(&hand)), r.keeps(&hand, true));
                for count in 0..=7 {
                    let gone = r.choose_bottom(&hand, count);
                    let left: Vec<CardId> =
                        hand.iter().copied().filter(|c| !gone.contains(c)).collect();
                    let (kept, after) = t.after_bottom(count, classes);
                    let what = format!("{bottom:?} n={n} hand={hand:?} count={count}");
                    assert_eq!(kept, left.iter().filter(|&&c| c < 20).count(), "{what}");
                    assert_eq!(&after[..n], &counts(&left)[..], "{what}");
                    assert_eq!(
                        t.keeps_with(7 - count, kept, &after),
                        r.keeps(&left, true),
                        "{what}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_bottom_keeps_what_the_conditions_need() {
    // A rule needing a blue and a red source; a hand of lands 0 (blue and red), 1 (neither)
    // and 3 (red only), and four spells, bottoming lands.
    let deck = set_deck();
    let k = KeepRule {
        ranges: vec![],
        keep_at: None,
        bottom: Bottom::LandsFirst,
        requires: vec![],
        min_sources: vec![("U".into(), 1), ("R".into(), 1)],
        requires_cards: vec![],
        exile: Exile::Hand,
    };
    let r = k.compile_for(&deck).unwrap();
    let hand = [0, 1, 3, 21, 23, 25, 27];
    assert_eq!(
        r.choose_bottom(&hand, 1),
        vec![1],
        "the land no condition counts"
    );
    // Then land 3 (red, with red to spare), not land 0 (the only blue source).
    assert_eq!(r.choose_bottom(&hand, 2), vec![1, 3]);
    assert!(r.keeps(&[0, 21, 23, 25, 27], true));
}

#[test]
fn the_table_agrees_with_the_rule() {
    let k = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4)],
        keep_at: Some(4),
        bottom: Bottom::Balance,
        requires: vec![],
        min_sources: vec![],
        requires_cards: vec![],
        exile: Exile::Hand,
    };
    let lands: Vec<bool> = (0..20).map(|i| i < 10).collect();
    let r = k.compile(&lands, &vec![vec![]; 20]).unwrap();
    for size in 0..=8usize {
        for l in 0..=size.min(10) {
            let hand: Vec<CardId> = (0..l as u32).chain(10..(10 + (size - l) as u32)).collect();
            assert_eq!(
                r.count_rule(7).unwrap().keeps(size, l),
                r.keeps(&hand, true),
                "size {size} lands {l}"
            );
        }
    }
    assert!(
        rule(Bottom::Balance).count_rule(7).unwrap().sets.is_some(),
        "one tag requirement is counted too"
    );
}

#[test]
fn exile_the_over_represented_kind() {
    let lands: Vec<bool> = (0..20).map(|i| i < 10).collect();
    let mut k = KeepRule::default();
    let hand_rule = k.compile(&lands, &vec![vec![]; 20]).unwrap();
    assert_eq!(hand_rule.choose_exile(&[0, 1, 2, 3, 4, 5, 10]), None);
    k.exile = Exile::Excess;
    let r = k.compile(&lands, &vec![vec![]; 20]).unwrap();
    // Seven cards, target 3.5 lands (2-5): six lands go, one land and spells stay.
    assert_eq!(
        r.choose_exile(&[0, 10, 1, 2, 3, 4, 5]),
        Some(vec![0, 1, 2, 3, 4, 5])
    );
    assert_eq!(
        r.choose_exile(&[10, 0, 11, 12, 13, 14, 15]),
        Some(vec![10, 11, 12, 13, 14, 15])
    );
    // No land, or only lands: the whole hand.
    assert_eq!(r.choose_exile(&[10, 11, 12, 13, 14, 15, 16]), None);
    assert_eq!(r.choose_exile(&[0, 1, 2, 3, 4, 5, 6]), None);
    // Six cards, target 3 (2-4): exactly on target is the whole hand.
    assert_eq!(r.choose_exile(&[0, 1, 2, 10, 11, 12]), None);
    assert_eq!(Exile::parse("excess").unwrap(), Exile::Excess);
    // Names are read in any case (crate::spelling); another word is refused.
    assert_eq!(Exile::parse("Excess").unwrap(), Exile::Excess);
    assert!(Exile::parse("most").is_err());
}

#[test]
fn invalid_rules() {
    let mut k = KeepRule {
        ranges: vec![(7, 5, 2)],
        keep_at: None,
        bottom: Bottom::Balance,
        requires: vec![],
        min_sources: vec![],
        requires_cards: vec![],
        exile: Exile::Hand,
    };
    assert!(k.validate().is_err());
    k.ranges = vec![(7, 2, 5), (7, 1, 3)];
    assert!(k.validate().is_err());
    k.ranges = vec![(33, 0, 1)];
    assert!(k.validate().is_err());
}

#[test]
fn card_conditions_are_checked_and_warned_of() {
    let mut k = KeepRule {
        min_sources: vec![("x".into(), 1)],
        ..KeepRule::default()
    };
    let e = k.validate().unwrap_err().to_string();
    assert!(e.contains("min_sources: unknown colour \"x\""), "{e}");
    k.min_sources = vec![("UR".into(), 1)];
    assert!(k.validate().is_err(), "one letter a colour");
    k.min_sources = vec![("u".into(), 1), ("W".into(), 2)];
    k.requires_cards = vec![CardsRequirement {
        cards: vec![" ".into()],
        min: 1,
    }];
    let e = k.validate().unwrap_err().to_string();
    assert!(e.contains("requires_cards[0]: names no card"), "{e}");
    k.requires_cards = vec![CardsRequirement {
        cards: vec!["Nothing Here".into(), "BOLT".into()],
        min: 1,
    }];
    k.validate().unwrap();
    // The set deck's lands add blue and red, never white; "Bolt" is there in any case.
    let w = k.warnings_for(&set_deck());
    assert_eq!(
        w,
        vec![
            "no land of the deck adds W mana (min_sources W): no hand above keep_at is kept"
                .to_string()
        ]
    );
    k.requires_cards[0].cards.pop();
    let w = k.warnings_for(&set_deck());
    assert!(
        w[1].starts_with("no card of the deck is any of [\"Nothing Here\"]"),
        "{w:?}"
    );
    // 33 conditions in all: refused.
    k.requires = (0..30).map(|i| (format!("t{i}"), 1)).collect();
    assert!(k.validate().is_err());
    k.requires.pop();
    k.validate().unwrap();
    // More than four: no count tables (every hand by the general path).
    assert!(k.compile_for(&set_deck()).unwrap().count_rule(7).is_none());
}
