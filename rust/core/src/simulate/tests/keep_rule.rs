//! The keep rule compiled against a deck: its decisions, its count tables, its checks.

use crate::card::CardId;
use crate::simulate::keep_rule::*;

fn rule(bottom: Bottom) -> CompiledRule {
    let k = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
        keep_at: Some(4),
        bottom,
        requires: vec![("ramp".into(), 1)],
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

#[test]
fn tag_counts_agree_with_the_rule_on_real_hands() {
    // A 40-card deck: 10 untagged lands, 10 tagged lands, 10 untagged spells, 10 tagged.
    let lands: Vec<bool> = (0..40).map(|i| i < 20).collect();
    let tags: Vec<Vec<String>> = (0..40)
        .map(|i| {
            if (10..20).contains(&i) || i >= 30 {
                vec!["ramp".into()]
            } else {
                vec![]
            }
        })
        .collect();
    for bottom in [Bottom::Balance, Bottom::LandsFirst, Bottom::SpellsFirst] {
        let r = KeepRule {
            ranges: vec![(7, 2, 5), (6, 2, 4), (5, 1, 4)],
            keep_at: Some(3),
            bottom,
            requires: vec![("ramp".into(), 2)],
            exile: Exile::Hand,
        }
        .compile(&lands, &tags)
        .unwrap();
        let t = r.count_rule(7).unwrap();
        for l in 0..=7usize {
            for tl in 0..=l {
                for ts in 0..=7 - l {
                    // tl tagged lands, l - tl untagged; ts tagged spells, the rest untagged.
                    let hand: Vec<CardId> = (10..10 + tl as u32)
                        .chain(0..(l - tl) as u32)
                        .chain(30..30 + ts as u32)
                        .chain(20..20 + (7 - l - ts) as u32)
                        .collect();
                    assert_eq!(t.keeps_tagged(7, l, tl + ts), r.keeps(&hand, true));
                    for count in 0..=7 {
                        let gone = r.choose_bottom(&hand, count);
                        let left: Vec<CardId> =
                            hand.iter().copied().filter(|c| !gone.contains(c)).collect();
                        let expect = (
                            left.iter().filter(|&&c| c < 20).count(),
                            left.iter()
                                .filter(|&&c| (10..20).contains(&c) || c >= 30)
                                .count(),
                        );
                        assert_eq!(
                            t.after_bottom(7, count, l, tl, ts),
                            expect,
                            "{bottom:?} l={l} tl={tl} ts={ts} count={count}"
                        );
                        assert_eq!(
                            t.keeps_tagged(7 - count, expect.0, expect.1),
                            r.keeps(&left, true)
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn the_table_agrees_with_the_rule() {
    let k = KeepRule {
        ranges: vec![(7, 2, 5), (6, 2, 4)],
        keep_at: Some(4),
        bottom: Bottom::Balance,
        requires: vec![],
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
        rule(Bottom::Balance).count_rule(7).unwrap().tag.is_some(),
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
        exile: Exile::Hand,
    };
    assert!(k.validate().is_err());
    k.ranges = vec![(7, 2, 5), (7, 1, 3)];
    assert!(k.validate().is_err());
    k.ranges = vec![(33, 0, 1)];
    assert!(k.validate().is_err());
}
