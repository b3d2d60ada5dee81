//! Tests of the analysis: exact against brute force and against simulation (fixed seeds,
//! Bonferroni over a family-wise alpha), the simulation against the bulk engine game by game,
//! and published figures.

use super::castable::Question;
use super::keep_odds::keep_odds;
use super::mana::{ManaCost, B, C, G, R, U, W};
use super::simulation::{Kept, Plan};
use super::sources::{Land, Profile};
use super::wilson::{wilson_z, z_for};
use super::*;
use crate::card_data::CardTable;
use crate::deck_profile::play::Play;
use crate::rules::Variant;
use crate::simulate::{simulate_serial, Bottom, Exile, KeepRule, Outcome, Span};

/// Family-wise alpha of every statistical test here; each family splits it (Bonferroni).
const ALPHA: f64 = 1e-4;

pub(super) fn seed(byte: u8) -> Seed {
    Seed::from_slice(&[byte; 32]).unwrap()
}

/// A deck: lands as (count, colours, tapped), then spells as (count, name, cost).
pub(super) fn deck(lands: &[(usize, u8, bool)], spells: &[(usize, &str, &str)]) -> Profile {
    let mut p = Profile::default();
    for (i, &(n, colours, tapped)) in lands.iter().enumerate() {
        for _ in 0..n {
            p.names.push(format!("Land {i}"));
            p.lands.push(Some(Land { colours, tapped }));
            p.tags.push(vec![]);
            p.costs.push(None);
            p.printed.push(String::new());
        }
    }
    for &(n, name, cost) in spells {
        for _ in 0..n {
            p.names.push(name.into());
            p.lands.push(None);
            p.tags.push(if name.starts_with("Ramp") {
                vec!["ramp".into()]
            } else {
                vec![]
            });
            p.costs.push(Some(ManaCost::parse(cost)));
            p.printed.push(cost.into());
        }
    }
    p
}

/// The deck's spell names, each once (a test deck lists each spell's copies together).
pub(super) fn spell_names(p: &Profile) -> Vec<String> {
    let mut names: Vec<String> = p
        .names
        .iter()
        .zip(&p.lands)
        .filter(|(_, l)| l.is_none())
        .map(|(n, _)| n.clone())
        .collect();
    names.dedup();
    names
}

pub(super) fn question(p: &Profile, name: &str) -> Question {
    let i = p.names.iter().position(|n| n == name).unwrap();
    Question::new(p, name, p.costs[i].clone().unwrap()).unwrap()
}

#[test]
fn castable_counts_colours_by_matching_and_one_untapped_land() {
    let p = deck(
        &[
            (1, U | R, false),
            (1, R, false),
            (1, B, true),
            (1, 0, false),
        ],
        &[(1, "X", "{1}{U}{R}")],
    );
    let q = question(&p, "X");
    let kinds = |ur: u8, r: u8, b_tapped: u8, colourless: u8| {
        let mut v = vec![0u8; q.kinds.len()];
        for (k, &(c, t)) in q.kinds.iter().enumerate() {
            v[k] = match (c, t) {
                (c, false) if c == U | R => ur,
                (c, false) if c == R => r,
                (0, true) => b_tapped,
                (0, false) => colourless,
                _ => 0,
            };
        }
        v
    };
    assert!(q.castable(&mut kinds(1, 1, 0, 1)), "UR pays U, R pays R");
    assert!(!q.castable(&mut kinds(0, 2, 0, 1)), "no blue source");
    assert!(
        !q.castable(&mut kinds(1, 1, 0, 0)),
        "two lands for mana value 3"
    );
    assert!(
        q.castable(&mut kinds(1, 1, 1, 0)),
        "the tapped land played first"
    );
    let all_tapped = deck(&[(3, R, true)], &[(1, "Y", "{R}")]);
    let q = question(&all_tapped, "Y");
    assert!(
        !q.castable(&mut [1]),
        "a tapped land adds nothing the turn it is played"
    );
    let colourless = deck(&[(2, C, false), (2, G, false)], &[(1, "Z", "{C}{G}")]);
    let q = question(&colourless, "Z");
    let only = |colour: u8| -> Vec<u8> {
        q.kinds
            .iter()
            .map(|&(c, _)| if c == colour { 2 } else { 0 })
            .collect()
    };
    assert!(
        !q.castable(&mut only(G)),
        "{{C}} needs a land adding colourless mana"
    );
    assert!(q.castable(&mut vec![1; q.kinds.len()]));
    let hybrid = deck(&[(2, W, false)], &[(1, "H", "{W/U}{W/U}")]);
    assert!(question(&hybrid, "H").castable(&mut [2]));
}

/// Every subset of `seen` cards of a small deck, counted: the exact computation must equal it.
#[test]
fn exact_equals_brute_force_on_small_decks() {
    let p = deck(
        &[
            (3, W, false),
            (2, U, true),
            (2, W | U, false),
            (1, 0, false),
        ],
        &[(2, "A", "{1}{W}{U}"), (3, "B", "{W}{W}"), (2, "C", "{U}")],
    );
    let n = p.len();
    for name in ["A", "B", "C"] {
        let q = question(&p, name);
        for seen in [3, 5, 8] {
            let o = q.exact(n, seen).unwrap();
            let (mut total, mut enough, mut castable, mut both) = (0u64, 0u64, 0u64, 0u64);
            for mask in 0u32..(1 << n) {
                if mask.count_ones() as usize != seen {
                    continue;
                }
                total += 1;
                let mut counts = vec![0u8; q.kinds.len()];
                let mut drawn = false;
                for c in 0..n {
                    if mask & (1 << c) != 0 {
                        if q.kind_of[c] != castable::NOT_A_LAND {
                            counts[q.kind_of[c] as usize] += 1;
                        }
                        drawn |= q.is_target[c];
                    }
                }
                enough +=
                    u64::from(counts.iter().map(|&c| c as u32).sum::<u32>() >= q.cost.mana_value);
                if q.castable(&mut counts) {
                    castable += 1;
                    both += u64::from(drawn);
                }
            }
            let f = |k: u64| k as f64 / total as f64;
            assert!((o.enough_lands - f(enough)).abs() < 1e-12, "{name} {seen}");
            assert!((o.castable - f(castable)).abs() < 1e-12, "{name} {seen}");
            assert!(
                (o.castable_and_drawn - f(both)).abs() < 1e-12,
                "{name} {seen}"
            );
        }
    }
}

/// Twenty decks: a 60-card Standard shape, 40-card Limited, a 99-card Commander deck, two and
/// three colours, tapped lands.
pub(super) fn decks() -> Vec<Profile> {
    let mut out = vec![];
    for (i, lands) in [16usize, 17, 20, 22, 23, 24, 25, 26]
        .into_iter()
        .enumerate()
    {
        let size = if i < 2 { 40 } else { 60 };
        let dual = i % 4;
        let mono = (lands - dual) / 2;
        out.push(deck(
            &[
                (mono, W, false),
                (lands - dual - mono, U, i % 3 == 0),
                (dual, W | U, i % 2 == 1),
            ],
            &[
                (4, "One", "{W}"),
                (4, "Two", "{U}{U}"),
                (4, "Three", "{1}{W}{U}"),
                (4, "Ramp", "{2}{W}"),
                (size - lands - 16, "Filler", "{4}{U}{U}"),
            ],
        ));
    }
    for (i, (r, g, b, tri)) in [(8, 8, 5, 3), (7, 7, 7, 3), (10, 6, 4, 4), (6, 6, 6, 6)]
        .into_iter()
        .enumerate()
    {
        let lands = r + g + b + tri;
        let size = if i == 3 { 99 } else { 60 };
        out.push(deck(
            &[
                (r, R, false),
                (g, G, false),
                (b, B, i == 2),
                (tri, R | G | B, true),
            ],
            &[
                (4, "Bolt", "{R}"),
                (4, "Charm", "{B}{R}{G}"),
                (4, "Beast", "{2}{G}{G}"),
                (size - lands - 12, "Big", "{3}{B}{B}"),
            ],
        ));
    }
    out
}

/// A seven-card configuration of `era` for `profile`.
fn config(era: MulliganRule, free_first: bool, profile: &Profile) -> Config {
    Config {
        rule: era,
        free_first,
        hand_size: 7,
        deck_size: profile.len(),
        house: HouseRules::default(),
    }
}

/// A plan of four turns tallying these colours and the tag "ramp".
fn ramp_plan<'a>(
    profile: &'a Profile,
    cfg: Config,
    on_the_draw: bool,
    colours: Vec<u8>,
    questions: &[Question],
) -> Plan<'a> {
    Plan {
        profile,
        cfg,
        skips_first_draw: !on_the_draw,
        turns: 4,
        tags: vec!["ramp".into()],
        colours,
        questions: questions.to_vec(),
    }
}

/// Twelve decks, on the play and on the draw in turn (on the draw turn `t` sees what on the
/// play turn `t + 1` sees, so alternating covers seven to eleven cards seen on every shape of
/// deck at half the games of running both on each).
#[test]
fn exact_agrees_with_simulation_without_mulligan() {
    let decks = decks();
    let turns = 4;
    // Per deck: lands by turn (each land count a rate) and four numbers per card.
    let family: usize = decks.iter().map(|_| turns * 8 + 4 * 4 * 3).sum::<usize>();
    let z = z_for(ALPHA / family as f64);
    for (d, profile) in decks.iter().enumerate() {
        for on_the_draw in [false, true] {
            if on_the_draw != (d % 2 == 1) {
                continue;
            }
            let questions: Vec<Question> = spell_names(profile)
                .iter()
                .map(|n| question(profile, n))
                .collect();
            let cfg = config(MulliganRule::NoMulligan, false, profile);
            let plan = ramp_plan(profile, cfg, on_the_draw, vec![W, U, R, G, B], &questions);
            let policy = KeepRule::default()
                .compile(&profile.land_flags(), &profile.tags)
                .unwrap();
            let games = 40_000;
            let tally = plan.run(&seed(d as u8 + 1), &policy, games, 2).unwrap();
            let check = |hits: u64, p: f64, what: &str| {
                let i = wilson_z(hits, games, z);
                assert!(
                    i.low <= p + 1e-12 && p <= i.high + 1e-12,
                    "deck {d}, draw {on_the_draw}, {what}: exact {p}, simulated {} ({i:?})",
                    hits as f64 / games as f64
                );
            };
            for t in 1..=turns {
                let seen = 7 + plan.draws(t);
                let exact = hypergeometric::distribution(profile.len(), profile.land_count(), seen);
                for (k, &hits) in tally.lands[t - 1].iter().enumerate() {
                    check(hits, exact.get(k).copied().unwrap_or(0.0), "lands");
                }
            }
            for (q, c) in questions.iter().zip(&tally.cards) {
                let o = q.exact(profile.len(), 7 + plan.draws(q.turn())).unwrap();
                check(c[0], o.enough_lands, "enough lands");
                check(c[1], o.castable, "castable");
                check(c[2], o.castable_and_drawn, "castable and drawn");
            }
        }
    }
}

pub(super) fn rules() -> Vec<KeepRule> {
    vec![
        KeepRule::default(),
        KeepRule {
            ranges: vec![(7, 3, 4), (6, 2, 4), (5, 1, 5)],
            keep_at: Some(4),
            bottom: Bottom::LandsFirst,
            requires: vec![],
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        },
        KeepRule {
            ranges: vec![(7, 2, 4), (6, 2, 3), (5, 2, 3), (4, 1, 3)],
            keep_at: None,
            bottom: Bottom::SpellsFirst,
            requires: vec![],
            min_sources: vec![],
            requires_cards: vec![],
            exile: Exile::Hand,
        },
    ]
}

/// Every era on every deck, each with one rule and free-mulligan setting chosen in rotation
/// so that every era meets every rule and both settings, and every deck every rule: twenty
/// combinations at full games each instead of all 120 (the same power per check, a sixth of
/// the time).
#[test]
fn exact_keep_odds_agree_with_the_bulk_engine() {
    let eras = [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::CanadianHighlander,
    ];
    let decks: Vec<(usize, usize)> = vec![(40, 17), (60, 20), (60, 24), (60, 26), (99, 38)];
    let family = eras.len() * decks.len() * 8;
    let z = z_for(ALPHA / family as f64);
    let games = 60_000u64;
    for (e, &era) in eras.iter().enumerate() {
        for (d, &(n, lands)) in decks.iter().enumerate() {
            let flags: Vec<bool> = (0..n).map(|i| i < lands).collect();
            let tags = vec![vec![]; n];
            for (r, rule) in rules().iter().enumerate() {
                for free_first in [false, true] {
                    if r != (e + d) % 3 || free_first != ((e + d) % 2 == 1) {
                        continue;
                    }
                    let cfg = Config {
                        rule: era,
                        free_first,
                        hand_size: 7,
                        deck_size: n,
                        house: HouseRules::default(),
                    };
                    let mut policy = rule.compile(&flags, &tags).unwrap();
                    let exact = keep_odds(&cfg, &policy.count_rule(7).unwrap(), lands).unwrap();
                    let total: f64 = exact.by_size.iter().sum();
                    assert!((total - 1.0).abs() < 1e-9, "{era:?}: {total}");
                    let s = seed((e * 40 + r * 2 + usize::from(free_first)) as u8 + 100);
                    let counts =
                        simulate_serial(&s, cfg, &flags, &mut policy, Span::new(0, games), None)
                            .unwrap()
                            .unwrap();
                    for (size, &hits) in counts.kept_by_size().iter().enumerate() {
                        let i = wilson_z(hits, games, z);
                        let p = exact.by_size[size];
                        assert!(
                            i.low <= p + 1e-12 && p <= i.high + 1e-12,
                            "{era:?} deck {n}/{lands} rule {r} free {free_first} size {size}: \
                             exact {p}, simulated {}",
                            hits as f64 / games as f64
                        );
                    }
                }
            }
        }
    }
}

/// The analysis's own games are the engine's: same mulligans, kept hands and Vancouver looks,
/// game by game.
#[test]
fn simulated_games_are_the_engines_games() {
    let profile = &decks()[3];
    let flags = profile.land_flags();
    for era in [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::CanadianHighlander,
        MulliganRule::Houston,
        MulliganRule::NoMulligan,
    ] {
        for rule in rules() {
            let cfg = Config {
                rule: era,
                free_first: era == MulliganRule::Houston,
                hand_size: 7,
                deck_size: profile.len(),
                house: HouseRules::default(),
            };
            let mut policy = rule.compile(&flags, &profile.tags).unwrap();
            let games = 3000;
            let mut outcomes = vec![Outcome::default(); games];
            simulate_serial(
                &seed(7),
                cfg,
                &flags,
                &mut policy,
                Span::new(0, games as u64).recording(&mut outcomes),
                None,
            )
            .unwrap()
            .unwrap();
            let plan = Plan {
                profile,
                cfg,
                skips_first_draw: true,
                turns: 3,
                tags: vec![],
                colours: vec![],
                questions: vec![],
            };
            let mut buf: Vec<u32> = (0..profile.len() as u32).collect();
            let mut kept = Kept::default();
            for (i, o) in outcomes.iter().enumerate() {
                plan.play(&seed(7), i as u64, &mut policy, &mut buf, &mut kept)
                    .unwrap();
                let lands = kept.seen[..kept.hand]
                    .iter()
                    .filter(|&&c| flags[c as usize])
                    .count();
                assert_eq!(
                    (kept.hand, lands, kept.mulligans, kept.vancouver_bottom),
                    (
                        o.hand_size as usize,
                        o.lands as usize,
                        u32::from(o.mulligans),
                        o.vancouver_bottom
                    ),
                    "{era:?} game {i}"
                );
            }
        }
    }
}

const TABLE: &str = r#"[
 {"name":"Sacred Foundry","layout":"normal","mana_cost":"","type_line":"Land — Mountain Plains","produced_mana":["R","W"]},
 {"name":"Mountain","layout":"normal","mana_cost":"","type_line":"Basic Land — Mountain","produced_mana":["R"]},
 {"name":"Plains","layout":"normal","mana_cost":"","type_line":"Basic Land — Plains","produced_mana":["W"]},
 {"name":"Arid Mesa","layout":"normal","mana_cost":"","type_line":"Land"},
 {"name":"Evolving Wilds","layout":"normal","mana_cost":"","type_line":"Land"},
 {"name":"Lightning Helix","layout":"normal","mana_cost":"{R}{W}","type_line":"Instant"},
 {"name":"Boros Guildgate","layout":"normal","mana_cost":"","type_line":"Land — Gate","produced_mana":["R","W"],"oracle_text":"This land enters tapped.\n{T}: Add {R} or {W}."},
 {"name":"Inspiring Vantage","layout":"normal","mana_cost":"","type_line":"Land","produced_mana":["R","W"],"oracle_text":"This land enters tapped unless you control two or fewer other lands.\n{T}: Add {R} or {W}."},
 {"name":"Fire // Ice","layout":"split","mana_cost":"{1}{R} // {1}{U}","type_line":"Instant // Instant",
  "card_faces":[{"name":"Fire","mana_cost":"{1}{R}","type_line":"Instant"},{"name":"Ice","mana_cost":"{1}{U}","type_line":"Instant"}]}
]"#;

#[test]
fn a_deck_read_through_the_card_table() {
    let table = CardTable::from_scryfall(TABLE).unwrap();
    let card = |n: &str, land: bool| crate::Card::new(n, land, vec![]);
    let cards = vec![
        card("Sacred Foundry", true),
        card("Mountain", true),
        card("Arid Mesa", true),
        card("Evolving Wilds", true),
        card("Lightning Helix", false),
        card("Fire // Ice", false),
        card("Unknown Spell", false),
        card("Boros Guildgate", true),
        card("Inspiring Vantage", true),
    ];
    let p = Profile::build(&cards, Some(&table));
    let land = |i: usize| p.lands[i].unwrap();
    // 614.1c: a land that always enters tapped is tapped; a fast land (conditional) is not.
    assert_eq!((land(7).colours, land(7).tapped), (R | W, true));
    assert_eq!((land(8).colours, land(8).tapped), (R | W, false));
    assert_eq!(land(0).colours, R | W);
    assert_eq!(land(1).colours, R);
    // Arid Mesa finds a Mountain or Plains card: Sacred Foundry (R, W) and the Mountain.
    assert_eq!((land(2).colours, land(2).tapped), (R | W, false));
    // Evolving Wilds finds a basic land (only the Mountain here), which enters tapped.
    assert_eq!((land(3).colours, land(3).tapped), (R, true));
    assert_eq!(p.costs[4].as_ref().unwrap().pips, vec![W, R]);
    assert_eq!(p.printed[5], "{1}{R}", "a split card: its first half");
    assert!(p.costs[6].is_none());
    // Without a table: basic lands by name only.
    let bare = Profile::build(&cards, None);
    assert_eq!(bare.lands[1].unwrap().colours, R);
    assert_eq!(bare.lands[0].unwrap().colours, 0);
}

#[test]
fn the_report_names_what_it_left_out_and_refuses_bad_requests() {
    let table = CardTable::from_scryfall(TABLE).unwrap();
    let mut cards = vec![];
    for _ in 0..12 {
        cards.push(crate::Card::new("Mountain", true, vec![]));
        cards.push(crate::Card::new("Plains", true, vec![]));
    }
    for _ in 0..18 {
        cards.push(crate::Card::new("Lightning Helix", false, vec![]));
        cards.push(crate::Card::new(
            "Unknown Spell",
            false,
            vec!["ramp".into()],
        ));
    }
    let request = Request {
        exact: true,
        games: 1000,
        threads: Some(1),
        play: Play {
            mulligan: MulliganRule::NoMulligan,
            ..Play::default()
        },
        ..Request::new((), 3)
    };
    let r = analyze(&cards, Some(&table), &request, &seed(1)).unwrap();
    assert_eq!(r.method, report::Method::Exact);
    assert_eq!(r.cards.len(), 1);
    assert_eq!(r.cards[0].name, "Lightning Helix");
    assert!(r.warnings[0].contains("Unknown Spell"), "{:?}", r.warnings);
    // Turn 1 on the play: seven cards seen (103.8a), on the draw eight.
    assert_eq!(r.by_turn[0].cards_seen, 7);
    assert_eq!(r.by_turn[0].tags["ramp"].len(), 8);
    let draw = Request {
        play: Play {
            on_the_draw: true,
            ..request.play.clone()
        },
        ..request.clone()
    };
    let r2 = analyze(&cards, Some(&table), &draw, &seed(1)).unwrap();
    assert_eq!(r2.by_turn[0].cards_seen, 8);
    // Commander with four players: no one skips the first draw (103.8c).
    let pod = Request {
        play: Play {
            variant: Some(Variant::Commander),
            ..request.play.clone()
        },
        ..request.clone()
    };
    let r3 = analyze(&cards, Some(&table), &pod, &seed(1)).unwrap();
    assert!(!r3.skips_first_draw);
    assert_eq!(
        r3.method,
        report::Method::Simulation,
        "103.5c: a free mulligan"
    );
    for bad in [
        Request {
            turns: 0,
            ..request.clone()
        },
        Request {
            cards: vec!["Mountain".into()],
            ..request.clone()
        },
        Request {
            cards: vec!["Nope".into()],
            ..request.clone()
        },
        Request {
            play: Play {
                mulligan: MulliganRule::PartialParis,
                ..request.play.clone()
            },
            ..request.clone()
        },
    ] {
        let e = analyze(&cards, Some(&table), &bad, &seed(1)).unwrap_err();
        assert!(matches!(e, Error::Config(_)), "{e:?}");
    }
}

#[test]
fn the_luck_tests_can_fail() {
    let hand = |lands: usize| luck::DealtHand {
        seat: 0,
        player: "Ann".into(),
        deck_size: 60,
        deck_lands: 24,
        drawn: 7,
        lands,
    };
    // Twenty land-less hands: P = 0.0157 each (C(36,7)/C(60,7)), far too many together.
    let screwed: Vec<_> = (0..20).map(|_| hand(0)).collect();
    let r = luck::luck(&screwed, 2000).unwrap();
    assert!(r.p_total < 1e-20 && r.p_at_most < 1e-20, "{r:?}");
    assert!(r.p_surprise <= 1.0 / 2001.0 + 1e-12, "{r:?}");
    assert_eq!(r.shapes[0].observed[0], 20);
    // Hands at the expectation (2.8 lands): nothing to see.
    let fair: Vec<_> = (0..20)
        .map(|i| hand(if i % 5 == 0 { 2 } else { 3 }))
        .collect();
    let r = luck::luck(&fair, 2000).unwrap();
    assert!(r.p_total > 0.5 && r.p_surprise > 0.5, "{r:?}");
    assert!((r.expected_lands - 20.0 * 7.0 * 24.0 / 60.0).abs() < 1e-9);
    assert!(luck::luck(&[], 10).is_err());
    assert!(
        luck::luck(&[hand(8)], 10).is_err(),
        "eight lands of seven cards"
    );
}

/// After any prefix shuffle, `restore` gives the identity back (a prefix shuffle may go past
/// its prefix by up to a batch).
#[test]
fn a_prefix_shuffle_is_undone() {
    for n in [1usize, 2, 7, 20, 60, 61, 250, 1000] {
        let mut deck: Vec<u32> = (0..n as u32).collect();
        for (k, need) in [0usize, 1, 5, 8, 9, 15, 40, 59, 60, 100]
            .into_iter()
            .enumerate()
        {
            let need = need.min(n);
            let mut rng = crate::rng::ShuffleWords::new(&seed(9), k as u64, 0);
            crate::shuffle::fisher_yates_prefix(&mut deck, need, &mut rng);
            simulation::restore(&mut deck, need);
            assert!(
                deck.iter().enumerate().all(|(i, &c)| c as usize == i),
                "{n} {need}"
            );
        }
    }
}

/// The exact turn-by-turn distributions after a mulligan keep ([`super::after_keep`]) against
/// the simulation: twelve decks, each with its own era (London, Vancouver, Paris, Canadian
/// Highlander in turn), keep rule, free first mulligan or not, on the play or the draw; every
/// entry of the lands, sources and tag distributions of four turns within its simulated
/// Wilson interval (Bonferroni over the whole family at [`ALPHA`]).
#[test]
fn exact_turns_after_a_keep_agree_with_simulation() {
    use super::after_keep::{by_turn, Category};
    let eras = [
        MulliganRule::London,
        MulliganRule::Vancouver,
        MulliganRule::Paris,
        MulliganRule::CanadianHighlander,
    ];
    let turns = 4;
    let games = 30_000u64;
    let decks = decks();
    // Per deck and turn: at most 12 counts per distribution; lands, up to three colours, a tag.
    let family = decks.len() * turns * 12 * 5;
    let z = z_for(ALPHA / family as f64);
    for (d, profile) in decks.iter().enumerate() {
        let era = eras[d % eras.len()];
        let rule = &rules()[d % 3];
        let on_the_draw = d % 3 == 1;
        let cfg = config(era, d % 2 == 1, profile);
        let colours: Vec<u8> = [W, U, R, G, B]
            .into_iter()
            .filter(|&b| profile.sources(b) > 0)
            .collect();
        let plan = ramp_plan(profile, cfg, on_the_draw, colours.clone(), &[]);
        let policy = rule.compile(&profile.land_flags(), &profile.tags).unwrap();
        let count_rule = policy.count_rule(7).unwrap();
        let tally = plan.run(&seed(d as u8 + 60), &policy, games, 2).unwrap();
        let draws: Vec<usize> = (1..=turns).map(|t| plan.draws(t)).collect();
        let lands = profile.land_count();
        let exact = |members: usize, is_land: bool| {
            let category = Category {
                members,
                lands: is_land,
            };
            by_turn(&cfg, &count_rule, lands, category, &draws).unwrap()
        };
        let ramp = profile.tags.iter().filter(|t| !t.is_empty()).count();
        type Check<'a> = (&'a str, Vec<Vec<f64>>, &'a Vec<Vec<u64>>);
        let mut checks: Vec<Check> = vec![("lands", exact(lands, true), &tally.lands)];
        for (i, &b) in colours.iter().enumerate() {
            checks.push((
                "sources",
                exact(profile.sources(b), true),
                &tally.sources[i],
            ));
        }
        checks.push(("ramp", exact(ramp, false), &tally.tags[0]));
        for (what, exact, counts) in checks {
            for t in 0..turns {
                let total: f64 = exact[t].iter().sum();
                assert!(
                    (total - 1.0).abs() < 1e-9,
                    "deck {d} {what} turn {t}: {total}"
                );
                for k in 0..exact[t].len().max(counts[t].len()) {
                    let p = exact[t].get(k).copied().unwrap_or(0.0);
                    let hits = counts[t].get(k).copied().unwrap_or(0);
                    let i = wilson_z(hits, games, z);
                    assert!(
                        i.low <= p + 1e-12 && p <= i.high + 1e-12,
                        "deck {d} {era:?} {what} turn {} k {k}: exact {p}, simulated {} {i:?}",
                        t + 1,
                        hits as f64 / games as f64
                    );
                }
            }
        }
    }
}

/// The table lookup answers as the matching does, for every count of each kind up to the
/// deck's (capped or not), on every question of the twenty decks' kind.
#[test]
fn castable_table_equals_the_matching() {
    for profile in decks() {
        for name in spell_names(&profile) {
            let q = question(&profile, &name);
            let mut state: u64 = 0x9e37_79b9_7f4a_7c15;
            for _ in 0..2000 {
                let mut counts: Vec<u8> = q
                    .kind_counts
                    .iter()
                    .map(|&c| {
                        state = state
                            .wrapping_mul(6_364_136_223_846_793_005)
                            .wrapping_add(1);
                        ((state >> 33) % (c as u64 + 1)) as u8
                    })
                    .collect();
                let mut copy = counts.clone();
                assert_eq!(
                    q.castable(&mut counts),
                    q.matches(&mut copy),
                    "{name} {counts:?}"
                );
            }
        }
    }
}
