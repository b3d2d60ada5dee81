//! Tests of a Commander deck's analysis: sources inside the commander's colour identity
//! (903.4), the variant taken from the deck (903, 103.5c, 103.8c), the commander asked about
//! from the command zone (903.6), and the on-curve objectives.

use super::objective::{Objective, Score, Scorer};
use super::report::Method;
use super::request::{Request, VariantSource};
use super::sources::{DeckCards, Profile};
use super::*;
use crate::card::{Card, CardId};
use crate::deck_profile::play::Play;
use crate::rules::Variant;

/// Scryfall records cut to what the table keeps (colour identities and produced mana as
/// Scryfall gives them: Command Tower, Exotic Orchard and City of Brass list all five).
const BULK: &str = r#"[
 {"name":"Teval, the Balanced Scale","layout":"normal","type_line":"Legendary Creature — Spirit Dragon","mana_cost":"{1}{B}{G}{U}","colors":["B","G","U"],"color_identity":["B","G","U"]},
 {"name":"Command Tower","layout":"normal","type_line":"Land","mana_cost":"","color_identity":[],"produced_mana":["W","U","B","R","G"]},
 {"name":"Exotic Orchard","layout":"normal","type_line":"Land","mana_cost":"","color_identity":[],"produced_mana":["W","U","B","R","G"]},
 {"name":"City of Brass","layout":"normal","type_line":"Land","mana_cost":"","color_identity":[],"produced_mana":["W","U","B","R","G"]},
 {"name":"Forest","layout":"normal","type_line":"Basic Land — Forest","mana_cost":"","color_identity":["G"],"produced_mana":["G"]},
 {"name":"Island","layout":"normal","type_line":"Basic Land — Island","mana_cost":"","color_identity":["U"],"produced_mana":["U"]},
 {"name":"Swamp","layout":"normal","type_line":"Basic Land — Swamp","mana_cost":"","color_identity":["B"],"produced_mana":["B"]},
 {"name":"Mountain","layout":"normal","type_line":"Basic Land — Mountain","mana_cost":"","color_identity":["R"],"produced_mana":["R"]},
 {"name":"Reflecting Pool","layout":"normal","type_line":"Land","mana_cost":"","color_identity":[]},
 {"name":"Grizzly Bears","layout":"normal","type_line":"Creature — Bear","mana_cost":"{1}{G}","colors":["G"],"color_identity":["G"]}
]"#;

fn table() -> CardTable {
    CardTable::from_scryfall(BULK).unwrap()
}

/// 99 cards: Command Tower, Exotic Orchard, City of Brass, 12 Forest, 12 Island, 10 Swamp and
/// 62 Grizzly Bears; and the commander.
fn deck() -> (Vec<Card>, Vec<Card>) {
    let mut main = vec![];
    for name in ["Command Tower", "Exotic Orchard", "City of Brass"] {
        main.push(Card::new(name, true, vec![]));
    }
    for (name, n) in [("Forest", 12), ("Island", 12), ("Swamp", 10)] {
        main.extend((0..n).map(|_| Card::new(name, true, vec![])));
    }
    main.extend((0..62).map(|_| Card::new("Grizzly Bears", false, vec![])));
    (
        main,
        vec![Card::new("Teval, the Balanced Scale", false, vec![])],
    )
}

fn seed() -> Seed {
    Seed::from_slice(&[9; 32]).unwrap()
}

#[test]
fn sources_count_for_the_commanders_colour_identity_only() {
    let (main, commanders) = deck();
    let t = table();
    let cards = DeckCards {
        main: &main,
        commanders: &commanders,
    };
    let p = Profile::build_deck(cards, Some(&t));
    assert_eq!(p.identity, Some(mana::mask_of("BGU")));
    // Command Tower, Exotic Orchard and City of Brass count for B, G and U; no land for W or R;
    // City of Brass's other colours are colourless.
    assert_eq!(p.sources(mana::G), 12 + 3);
    assert_eq!(p.sources(mana::U), 12 + 3);
    assert_eq!(p.sources(mana::B), 10 + 3);
    assert_eq!((p.sources(mana::W), p.sources(mana::R)), (0, 0));
    assert_eq!(p.sources(mana::C), 1);
    assert_eq!(p.notes.len(), 1);
    assert!(p.notes[0].starts_with("Exotic Orchard") && p.notes[0].contains("106.7"));
    // The same lands without a commander: the table's five colours.
    let plain = Profile::build(&main, Some(&t));
    assert_eq!(plain.sources(mana::W), 3);
    let mut request = Request::new((), 3);
    request.play.mulligan = crate::rules::MulliganRule::NoMulligan;
    request.exact = true;
    let r = analyze(cards, Some(&t), &request, &seed()).unwrap();
    assert_eq!(r.colours, "UBGC");
    assert!(r.by_turn[0].sources.keys().all(|c| c != "W" && c != "R"));
    assert_eq!(r.identity.as_deref(), Some("UBG"));
    assert_eq!(r.commanders, ["Teval, the Balanced Scale"]);
    assert_eq!(r.notes, p.notes);
    assert!(r.warnings.iter().all(|w| !w.contains("903.4")));
    // Without a card table the identity is unknown, and the report says so.
    let r = analyze(cards, None, &request, &seed()).unwrap();
    assert_eq!(r.identity, None);
    assert!(r
        .warnings
        .iter()
        .any(|w| w.starts_with("903.4") && w.contains("Teval")));
}

#[test]
fn a_deck_with_a_commander_runs_as_commander_unless_asked_otherwise() {
    let (main, commanders) = deck();
    let t = table();
    let cards = DeckCards {
        main: &main,
        commanders: &commanders,
    };
    let mut request = Request::new((), 2);
    request.games = 2000;
    let r = analyze(cards, Some(&t), &request, &seed()).unwrap();
    // 903 Commander: four players, no one skips the first draw (103.8c), a free first
    // mulligan (103.5c).
    assert_eq!(
        (r.variant, r.variant_source, r.players, r.skips_first_draw),
        (Variant::Commander, VariantSource::Deck, 4, false)
    );
    assert_eq!(r.by_turn[0].cards_seen, 8);
    request.play.variant = Some(Variant::TwoPlayer);
    let r = analyze(cards, Some(&t), &request, &seed()).unwrap();
    assert_eq!(
        (r.variant, r.variant_source, r.skips_first_draw),
        (Variant::TwoPlayer, VariantSource::Request, true)
    );
    request.play.variant = None;
    let r = analyze(&main, Some(&t), &request, &seed()).unwrap();
    assert_eq!(
        (r.variant, r.variant_source),
        (Variant::TwoPlayer, VariantSource::Default)
    );
}

#[test]
fn the_commander_is_asked_about_from_the_command_zone() {
    let (main, commanders) = deck();
    let t = table();
    let cards = DeckCards {
        main: &main,
        commanders: &commanders,
    };
    let mut request = Request::new((), 4);
    request.play.mulligan = crate::rules::MulliganRule::NoMulligan;
    request.exact = true;
    // Exact sums are for a kept first hand: no free mulligan (two players, 103.5c).
    request.play.variant = Some(Variant::TwoPlayer);
    let r = analyze(cards, Some(&t), &request, &seed()).unwrap();
    assert_eq!(r.method, Method::Exact);
    // Asked about first by default, with no copy in the library: the mana alone.
    let teval = &r.cards[0];
    assert_eq!(
        (teval.name.as_str(), teval.copies, teval.command_zone),
        ("Teval, the Balanced Scale", 0, true)
    );
    assert_eq!(teval.turn, 4);
    assert!(teval.castable > 0.3);
    assert_eq!(teval.castable_and_drawn, teval.castable);
    let bears = &r.cards[1];
    assert!(!bears.command_zone && bears.castable_and_drawn < bears.castable);
    // By name, simulated with mulligans: the same identity.
    let mut named = Request::new((), 4);
    named.cards = vec!["teval, the balanced scale".into()];
    named.games = 3000;
    let r = analyze(cards, Some(&t), &named, &seed()).unwrap();
    assert_eq!(r.cards.len(), 1);
    assert_eq!(r.cards[0].castable_and_drawn, r.cards[0].castable);
    // And as an objective: every game scores as the mana alone.
    named.optimize = Some(Objective::parse("on-curve:Teval, the Balanced Scale").unwrap());
    named.games = 500;
    let o = optimize::search(cards, Some(&t), &named, &seed(), &mut |_, _| true).unwrap();
    named.optimize = Some(Objective::parse("castable:Teval, the Balanced Scale").unwrap());
    let c = optimize::search(cards, Some(&t), &named, &seed(), &mut |_, _| true).unwrap();
    assert_eq!(
        (o.best_value, o.objective_name.as_str()),
        (c.best_value, "castable_and_drawn")
    );
    assert_eq!(c.objective_name, "castable");
    // Not a commander of a deck without one.
    let err = analyze(&main, Some(&t), &named, &seed()).unwrap_err();
    assert!(
        err.to_string().contains("not in the deck's main deck"),
        "{err}"
    );
}

#[test]
fn on_curve_scores_the_card_too_and_castable_the_mana_alone() {
    let (main, _) = deck();
    let t = table();
    let p = Profile::build(&main, Some(&t));
    let q = castable::Question::new(&p, "Grizzly Bears", mana::ManaCost::parse("{1}{G}")).unwrap();
    let forests: Vec<CardId> = (3..10).collect();
    let mut with_card = Scorer::OnCurve(Box::new(q.clone()), 1, true, vec![]);
    let mut mana_only = Scorer::OnCurve(Box::new(q), 1, false, vec![]);
    // Seven Forests and a Forest drawn: the mana, not the card.
    let seen: Vec<CardId> = forests.iter().copied().chain([10]).collect();
    assert_eq!(with_card.score(&seen, 7).unwrap(), 0.0);
    assert_eq!(mana_only.score(&seen, 7).unwrap(), 1.0);
    // A Bear drawn: both.
    let seen: Vec<CardId> = forests.iter().copied().chain([40]).collect();
    assert_eq!(with_card.score(&seen, 7).unwrap(), 1.0);
    assert_eq!(mana_only.score(&seen, 7).unwrap(), 1.0);
    for (text, name) in [
        ("on-curve:Bears", "castable_and_drawn"),
        ("castable-and-drawn:Bears", "castable_and_drawn"),
        ("castable:Bears", "castable"),
        ("lands:3", "lands"),
    ] {
        assert_eq!(Objective::parse(text).unwrap().name(), name, "{text}");
    }
    let json: Objective = serde_json::from_str(r#"{"castable": "Bears"}"#).unwrap();
    assert_eq!(json, Objective::Castable("Bears".into()));
}

/// The deck of [`deck`] with two Mountains and a Reflecting Pool for three Grizzly Bears.
fn deck_with_red() -> (Vec<Card>, Vec<Card>) {
    let (mut main, commanders) = deck();
    main.truncate(main.len() - 3);
    main.push(Card::new("Mountain", true, vec![]));
    main.push(Card::new("Mountain", true, vec![]));
    main.push(Card::new("Reflecting Pool", true, vec![]));
    (main, commanders)
}

#[test]
fn a_sources_table_reads_a_commander_deck_as_the_analysis_does() {
    use crate::source_tables::{deck_table, Request as Sources};
    let (main, commanders) = deck_with_red();
    let t = table();
    let cards = DeckCards {
        main: &main,
        commanders: &commanders,
    };
    let ask = Sources {
        exact: true,
        turns: 3,
        ..Sources::new(0, 0)
    };
    let before = crate::deck_profile::play::resolutions();
    let out = deck_table(cards, Some(&t), &ask, &seed()).unwrap();
    assert_eq!(crate::deck_profile::play::resolutions(), before + 1);
    // The variant from the commander section: Commander, a draw on turn 1 (103.8c).
    assert_eq!(out.variant, Some(Variant::Commander));
    assert_eq!(out.variant_source, Some(VariantSource::Deck));
    assert!(out.draws_first_turn);
    assert_eq!(
        out.commanders,
        vec!["Teval, the Balanced Scale".to_string()]
    );
    assert_eq!(out.identity.as_deref(), Some("UBG"));
    // No red: the Mountains and City of Brass's red count as colourless (903.4); Reflecting
    // Pool counts as what the other lands add (106.7), inside the identity.
    let sources = out.deck_sources.clone().unwrap();
    assert_eq!(sources.get("R"), None, "{sources:?}");
    assert_eq!(sources.get("C"), Some(&4), "{sources:?}");
    assert_eq!(sources.get("B"), Some(&(10 + 3 + 1)), "{sources:?}");
    let pool = out
        .notes
        .iter()
        .find(|n| n.starts_with("Reflecting Pool") && n.contains("106.7"))
        .expect("a note for Reflecting Pool");
    // Its note names what it counts for: no red, which the identity leaves colourless.
    assert!(pool.contains("add, UBGC "), "{pool}");
    // The analysis counts the same.
    let r = analyze(cards, Some(&t), &Request::new((), 3), &seed()).unwrap();
    assert_eq!(r.by_turn[0].sources.get("R"), None);
    assert_eq!(r.identity.as_deref(), Some("UBG"));
    // A named variant overrides the deck's.
    let two = Sources {
        play: Play {
            variant: Some(Variant::TwoPlayer),
            ..ask.play.clone()
        },
        ..ask.clone()
    };
    let out = deck_table(cards, Some(&t), &two, &seed()).unwrap();
    assert_eq!(
        (out.variant, out.variant_source, out.draws_first_turn),
        (
            Some(Variant::TwoPlayer),
            Some(VariantSource::Request),
            false
        )
    );
    // Karsten: his 99-card column, said in a note.
    let k = Sources {
        karsten: true,
        ..ask.clone()
    };
    let out = deck_table(cards, Some(&t), &k, &seed()).unwrap();
    assert_eq!((out.variant, out.variant_source), (None, None));
    assert!(out.notes.iter().any(|n| n.contains("Commander model")));
    // A deck with no lands: a clear error.
    let spells: Vec<Card> = (0..60)
        .map(|_| Card::new("Grizzly Bears", false, vec![]))
        .collect();
    let e = deck_table(DeckCards::from(&spells), Some(&t), &ask, &seed()).unwrap_err();
    assert!(e.to_string().contains("no lands"), "{e}");
}

#[test]
fn one_analysis_with_its_search_resolves_the_deck_once() {
    let (main, commanders) = deck();
    let t = table();
    let cards = DeckCards {
        main: &main,
        commanders: &commanders,
    };
    let request = Request {
        games: 500,
        threads: Some(1),
        optimize: Some(Objective::Lands {
            at_least: 3,
            turn: None,
        }),
        ..Request::new((), 3)
    };
    let before = crate::deck_profile::play::resolutions();
    let r = analyze(cards, Some(&t), &request, &seed()).unwrap();
    assert!(r.optimize.is_some() && r.source_needs.is_some());
    assert_eq!(crate::deck_profile::play::resolutions(), before + 1);
}

#[test]
fn every_built_in_objective_keeps_a_players_range_of_sevens() {
    // 60 cards, 20 to 26 Forests, the rest Grizzly Bears: the best seven-card range is a
    // player's (contiguous, holding 3 and 4 lands) for on-curve:, castable: and lands:.
    let t = table();
    for lands in 20..=26 {
        let main: Vec<Card> = (0..60)
            .map(|i| match i < lands {
                true => Card::new("Forest", true, vec![]),
                false => Card::new("Grizzly Bears", false, vec![]),
            })
            .collect();
        for objective in [
            "on-curve:Grizzly Bears",
            "castable:Grizzly Bears",
            "lands:3",
        ] {
            let request = Request {
                games: 1000,
                threads: Some(1),
                optimize: Some(Objective::parse(objective).unwrap()),
                ..Request::new((), 3)
            };
            let r = optimize::search(&main, Some(&t), &request, &seed(), &mut |_, _| true).unwrap();
            let &(_, lo, hi) = r.best.ranges.iter().find(|&&(s, _, _)| s == 7).unwrap();
            assert!(lo <= 3 && hi >= 4, "{lands} lands, {objective}: {lo}-{hi}");
            assert!(r.family.contains("a player would keep"), "{}", r.family);
            assert_eq!(r.stages[0].tried, 4, "{objective}");
            assert!(r.warnings.is_empty(), "{:?}", r.warnings);
        }
    }
}
