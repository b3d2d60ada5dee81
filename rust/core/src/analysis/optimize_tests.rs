//! Tests of the best-keep-rule search: a known best rule, the paired interval, common random
//! numbers (every rule on the same games), thread-count independence, the objective's errors.

use super::*;
use crate::analysis::objective::{Objective, Score};
use crate::analysis::request::Request;
use crate::card::Card;
use crate::deck_profile::play::Play;

fn seed(byte: u8) -> Seed {
    Seed::from_slice(&[byte; 32]).unwrap()
}

/// `lands` lands and `60 - lands` spells.
fn cards(lands: usize) -> Vec<Card> {
    (0..60)
        .map(|i| match i < lands {
            true => Card::new("Forest", true, vec![]),
            false => Card::new("Grizzly Bears", false, vec![]),
        })
        .collect()
}

fn request(objective: &str, games: u64, threads: usize) -> Request<()> {
    Request {
        games,
        threads: Some(threads),
        optimize: Some(Objective::parse(objective).unwrap()),
        ..Request::new((), 3)
    }
}

#[test]
fn finds_the_known_best_rule_keep_every_hand_with_a_land() {
    // Three lands in sixty: a hand holds 0 to 3. "A land in the opening hand" (lands:1@1 on
    // the play) is best served by keeping every hand holding one and refusing the others, at
    // every size: minimum 1 land (never 0 or 2), and the rule scores exactly what the ideal
    // rule {7: [1, 7], 6: [1, 6], 5: [1, 5]} scores on the same games (its maximum may be
    // lower: London's bottom then keeps fewer lands, still at least one).
    // The family of every land range: a scoring function's search (a built-in objective
    // searches a player's ranges only, below).
    let (deck, games) = (cards(3), 20_000);
    let full = |req: &Request<()>| {
        let resolved = Resolved::new(DeckCards::from(&deck), None, req);
        let flags = deck.iter().map(|c| c.land).collect();
        let scorer = crate::analysis::objective::Scorer::Lands(flags, 1, 0).with_draws(0);
        search_scored(&resolved, &seed(3), &scorer, "lands".into(), &mut |_, _| {
            true
        })
        .unwrap()
    };
    let ask = Request {
        turns: 1,
        ..request("lands:1@1", games, 2)
    };
    let r = full(&ask);
    assert_eq!(r.rules_tried, 36 + 28 + 21);
    assert_eq!(r.family_size, 36 * 28 * 21);
    assert_eq!(
        r.stages.iter().map(|s| s.size).collect::<Vec<_>>(),
        [7, 6, 5]
    );
    for size in [5usize, 6, 7] {
        let &(_, lo, _) = r.best.ranges.iter().find(|&&(s, _, _)| s == size).unwrap();
        assert_eq!(lo, 1, "size {size}: {:?}", r.best.ranges);
    }
    let ideal = Request {
        play: Play {
            keep: Some(KeepRule {
                ranges: vec![(5, 1, 5), (6, 1, 6), (7, 1, 7)],
                ..KeepRule::default()
            }),
            ..ask.play.clone()
        },
        ..ask.clone()
    };
    let i = full(&ideal);
    assert_eq!(r.best_value, i.baseline_value, "{:?}", r.best);
    assert_eq!(i.difference, 0.0);
    // The built-in objective keeps a player's sevens (2-4 or 2-5 here) and one-land sixes
    // and fives.
    let p = search(&deck, None, &ask, &seed(3), &mut |_, _| true).unwrap();
    assert_eq!((p.rules_tried, p.family_size), (4 + 6 + 8, 4 * 6 * 8));
    let lo = |size: usize| {
        p.best
            .ranges
            .iter()
            .find(|&&(s, _, _)| s == size)
            .unwrap()
            .1
    };
    assert_eq!((lo(7), lo(6), lo(5)), (2, 1, 1), "{:?}", p.best);
    assert_eq!(r.best.keep_at, Some(4));
    // The default rule (2-5 lands) refuses one-land hands, which have the land: worse, and
    // the paired interval says so.
    assert!(r.difference > 0.05, "{r:?}");
    assert!(r.difference_interval.low > 0.0, "{r:?}");
    assert!((r.difference - (r.best_value - r.baseline_value)).abs() < 1e-12);
}

#[test]
fn the_paired_interval_is_narrower_than_the_unpaired_one() {
    let r = search(
        &cards(24),
        None,
        &request("lands:4@4", 20_000, 2),
        &seed(9),
        &mut |_, _| true,
    )
    .unwrap();
    let width = |i: &Interval| i.high - i.low;
    assert!(r.difference >= 0.0, "{r:?}");
    assert!(
        width(&r.difference_interval) < width(&r.unpaired_interval),
        "paired {:?} unpaired {:?}",
        r.difference_interval,
        r.unpaired_interval
    );
}

#[test]
fn every_rule_is_played_on_the_same_games_and_threads_do_not_matter() {
    let deck = cards(24);
    let one = search(
        &deck,
        None,
        &request("lands:3", 3000, 1),
        &seed(5),
        &mut |_, _| true,
    )
    .unwrap();
    let four = search(
        &deck,
        None,
        &request("lands:3", 3000, 4),
        &seed(5),
        &mut |_, _| true,
    )
    .unwrap();
    assert_eq!(one, four);
    // The search's deals are the analysis's games: game i's round k is shuffle k of library
    // stream i << 8 whatever rule plays it. Play two rules on cached deals and each on fresh
    // shuffles: the same kept hands and draws, game by game.
    let profile = Profile::build(&deck, None);
    let req = request("lands:3", 3000, 1);
    let setup = Setup::new(&profile, &req, 3).unwrap();
    let search = setup.search(&req);
    let mut rules: Vec<_> = [
        KeepRule::default(),
        KeepRule {
            ranges: vec![(5, 0, 5), (6, 3, 3), (7, 3, 4)],
            ..KeepRule::default()
        },
    ]
    .iter()
    .map(|r| r.compile_for(&search.cards).unwrap())
    .collect();
    let s = seed(5);
    let mut deck_ids: Vec<CardId> = (0..60).collect();
    let mut fresh: Vec<CardId> = (0..60).collect();
    let mut deals = Deals::new(&s, &mut deck_ids);
    let (mut a, mut b) = (Kept::default(), Kept::default());
    let mut differ = 0;
    for i in 0..500u64 {
        deals.game(i);
        let mut kept = vec![];
        for rule in rules.iter_mut() {
            search.plan.play_from(&mut deals, 0, rule, &mut a).unwrap();
            search.plan.play(&s, i, rule, &mut fresh, &mut b).unwrap();
            assert_eq!(
                (&a.seen, a.hand, a.mulligans),
                (&b.seen, b.hand, b.mulligans)
            );
            kept.push(a.clone());
        }
        // Where both rules keep the first hand, they keep the same cards and draw the same.
        if kept[0].mulligans == 0 && kept[1].mulligans == 0 {
            assert_eq!(kept[0].seen, kept[1].seen);
        } else {
            differ += 1;
        }
    }
    assert!(differ > 0 && differ < 500);
}

#[test]
fn a_scoring_function_is_a_score_and_is_remembered() {
    /// Counts its calls; scores the lands among the first 8 cards seen.
    #[derive(Clone)]
    struct Lands(std::sync::Arc<std::sync::atomic::AtomicU64>, Vec<bool>);
    impl Score for Lands {
        fn score(&mut self, seen: &[CardId], _hand: usize) -> std::result::Result<f64, Abort> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            Ok(seen.iter().take(8).filter(|&&c| self.1[c as usize]).count() as f64)
        }
        fn remember(&self) -> bool {
            true
        }
    }
    let deck = cards(24);
    let calls = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let scorer = Lands(calls.clone(), deck.iter().map(|c| c.land).collect());
    let req = Request {
        optimize: None,
        ..request("lands:1", 2000, 1)
    };
    let resolved = Resolved::new(DeckCards::from(&deck), None, &req);
    let r = search_scored(&resolved, &seed(2), &scorer, "lands".into(), &mut |_, _| {
        true
    })
    .unwrap();
    // More lands score more: the best keeps the most lands it can at seven cards.
    let &(_, lo7, _) = r.best.ranges.iter().find(|&&(s, _, _)| s == 7).unwrap();
    assert!(lo7 >= 3, "{:?}", r.best);
    // Memoised: far fewer calls than rules times games.
    let plays = (85 + 3 + 2) * 2000;
    assert!(calls.load(std::sync::atomic::Ordering::Relaxed) < plays / 5);
    // A stopped search is an error, not a partial answer.
    let stopped = search(
        &deck,
        None,
        &request("lands:2", 2000, 1),
        &seed(2),
        &mut |d, _| d == 0,
    );
    assert!(stopped.is_err());
}

#[test]
fn objectives_that_mean_nothing_are_errors_naming_them() {
    let deck = cards(24);
    let err = |objective: Objective, mulligan: MulliganRule| {
        let req = Request {
            optimize: Some(objective),
            play: Play {
                mulligan,
                ..request("lands:1", 100, 1).play
            },
            ..request("lands:1", 100, 1)
        };
        let e = search(&deck, None, &req, &seed(1), &mut |_, _| true).unwrap_err();
        assert!(matches!(e, Error::Config(_)), "{e:?}");
        e.to_string()
    };
    let london = MulliganRule::London;
    assert!(err(Objective::OnCurve("Nope".into()), london).contains("\"Nope\" is not in the deck"));
    assert!(err(Objective::OnCurve("Forest".into()), london).contains("is a land"));
    // A mistyped name gets the nearest of the deck's names; nothing near, no suggestion.
    let typo = err(Objective::OnCurve("Grizly Bears".into()), london);
    assert!(
        typo.ends_with("; did you mean \"Grizzly Bears\"?"),
        "{typo}"
    );
    assert!(!err(Objective::OnCurve("Nope".into()), london).contains("did you mean"));
    assert!(err(Objective::OnCurve("Grizzly Bears".into()), london).contains("no mana cost"));
    let lands = |at_least, turn| Objective::Lands { at_least, turn };
    assert!(err(lands(9, Some(1)), london).contains("can never happen"));
    assert!(err(lands(0, None), london).contains("at least 1"));
    assert!(err(lands(2, Some(31)), london).contains("turn"));
    assert!(err(lands(2, None), MulliganRule::NoMulligan).contains("NONE"));
    for bad in ["lands", "lands:x", "lands:2@", "oncurve:", "colours:2", ""] {
        assert!(Objective::parse(bad).is_err(), "{bad}");
    }
    assert_eq!(
        Objective::parse("On-Curve: Goblin Guide").unwrap(),
        Objective::OnCurve("Goblin Guide".into())
    );
    assert_eq!(
        Objective::parse("lands:3@4").unwrap(),
        Objective::Lands {
            at_least: 3,
            turn: Some(4)
        }
    );
}

#[test]
fn a_baseline_with_colour_minimums_reads_the_lands_colours() {
    // Every land a Forest: "at least one green source" is "at least one land", so the two
    // baselines decide alike on every game and score alike (a rule compiled without the
    // lands' colours would refuse every hand for want of green).
    let deck = cards(24);
    let any = |min: u32| vec![(5, min, 5), (6, min, 6), (7, min, 7)];
    let base = |keep: KeepRule| Request {
        play: Play {
            keep: Some(keep),
            ..request("lands:2@2", 2000, 1).play
        },
        ..request("lands:2@2", 2000, 1)
    };
    let green = base(KeepRule {
        ranges: any(0),
        min_sources: vec![("G".into(), 1)],
        ..KeepRule::default()
    });
    let one_land = base(KeepRule {
        ranges: any(1),
        ..KeepRule::default()
    });
    let a = search(&deck, None, &green, &seed(4), &mut |_, _| true).unwrap();
    let b = search(&deck, None, &one_land, &seed(4), &mut |_, _| true).unwrap();
    assert_eq!(a.baseline_value, b.baseline_value);
    assert_eq!(a.best.min_sources, vec![("G".to_string(), 1)]);
}

#[test]
fn colour_minimums_are_searched_with_the_ranges_when_asked() {
    // Four Plains among 24 lands: about half the hands of eight cards hold none, so Lightning
    // Helix ({R}{W}) on turn 2 wants "at least one white source" more than any land range.
    let table = CardTable::embedded();
    let mut deck = vec![];
    for (name, n) in [
        ("Mountain", 20),
        ("Plains", 4),
        ("Lightning Helix", 4),
        ("Shock", 32),
    ] {
        let land = table.lookup(name).unwrap().is_land(Default::default());
        deck.extend((0..n).map(|_| Card::new(name, land, vec![])));
    }
    let ask = |colours: bool| Request {
        optimize_colours: colours,
        ..request("on-curve:Lightning Helix", 4_000, 2)
    };
    let plain = search(&deck, Some(table), &ask(false), &seed(6), &mut |_, _| true).unwrap();
    let both = search(&deck, Some(table), &ask(true), &seed(6), &mut |_, _| true).unwrap();
    // A built-in objective searches a player's ranges: 4 at seven, 6 at six, 8 at five.
    assert_eq!(plain.rules_tried, 18);
    assert_eq!(both.rules_tried, 18 * 9, "W and R, 0 to 2 each");
    assert_eq!(both.family_size, 4 * 6 * 8 * 9);
    assert!(both.family.contains("sources of WR"), "{}", both.family);
    assert!(plain.best.min_sources.is_empty());
    let white = both.best.min_sources.iter().find(|(c, _)| c == "W");
    assert!(white.is_some_and(|&(_, k)| k >= 1), "{:?}", both.best);
    // The ranges-only search is the first combination tried, on the same games: the search
    // with colours finds at least its value, and here more.
    assert!(both.stages[0].value > plain.stages[0].value);
    assert!(both.difference_interval.low > plain.difference_interval.high);
}

#[test]
fn the_minimums_tried_start_from_the_baselines_own() {
    use super::super::optimize_colours::{minimums, with_minimums};
    let base = KeepRule {
        min_sources: vec![("U".into(), 2), ("G".into(), 1)],
        ..KeepRule::default()
    };
    let combos = minimums(&base, &['U', 'R']);
    assert_eq!(combos.len(), 9);
    assert_eq!(combos[0], vec![("U".to_string(), 2), ("R".to_string(), 0)]);
    let rule = with_minimums(&base, &[("U".into(), 0), ("R".into(), 1)]);
    assert_eq!(
        rule.min_sources,
        vec![("G".to_string(), 1), ("R".to_string(), 1)]
    );
    let none = KeepRule::default();
    assert_eq!(
        minimums(&none, &['W', 'U', 'B', 'R']).len(),
        16,
        "0 or 1 with four colours"
    );
    assert_eq!(
        minimums(&base, &['W', 'U', 'B', 'R']).len(),
        24,
        "and the baseline's 2 of U"
    );
    assert_eq!(minimums(&base, &[]), vec![Vec::<(String, u32)>::new()]);
}
