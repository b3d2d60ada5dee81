//! The simulation request: its JSON shape, its defaults (the ones `simulate(...)` documents),
//! and a run made from it equal to the engine called by hand.

use super::super::request::{Request, BASE_HAND};
use super::super::*;
use crate::house::Smoothing;
use crate::rules::{MulliganRule, Variant};
use crate::seed::Seed;

const SEED: &str = "0707070707070707070707070707070707070707070707070707070707070707";

fn deck() -> (Vec<bool>, Vec<Vec<String>>) {
    let lands: Vec<bool> = (0..60).map(|i| i < 24).collect();
    (lands, vec![vec![]; 60])
}

#[test]
fn the_json_defaults_are_the_documented_ones() {
    let r: Request = serde_json::from_str(r#"{"deck": "60 Forest", "games": 10}"#).unwrap();
    assert_eq!(r, Request::new("60 Forest".to_string(), 10));
    assert_eq!(
        (r.mulligan, r.variant, r.on_the_play, r.hand_size, r.start),
        (MulliganRule::London, Variant::TwoPlayer, true, BASE_HAND, 0)
    );
    assert_eq!(r.keep_rule(), KeepRule::default());
    // Any key of another name is refused, as is a missing deck or count.
    for bad in [
        r#"{"deck": "60 Forest", "games": 10, "colour": 1}"#,
        r#"{"games": 10}"#,
        r#"{"deck": "60 Forest"}"#,
        r#"{"deck": "60 Forest", "games": 10, "keep": {"ranges": {"7": [2]}}}"#,
        r#"{"deck": "60 Forest", "games": 10, "keep": {"bottom": "middle"}}"#,
    ] {
        assert!(serde_json::from_str::<Request>(bad).is_err(), "{bad}");
    }
}

#[test]
fn names_are_read_in_any_case_and_written_canonically() {
    let r: Request = serde_json::from_str(
        r#"{"deck": "", "games": 1, "mulligan": "partial-paris", "variant": "Commander",
            "smoothing": "ARENA2", "exile": "EXCESS",
            "keep": {"ranges": {"7": [2, 5], "6": [1, 4]}, "bottom": "Lands-First",
                     "requires": {"ramp": 1}, "min_sources": {"u": 2},
                     "requires_cards": [{"cards": ["Lightning Bolt"], "min": 1}]}}"#,
    )
    .unwrap();
    assert_eq!(r.mulligan, MulliganRule::PartialParis);
    assert_eq!(r.variant, Variant::Commander);
    assert_eq!(r.house.smoothing, Some(Smoothing::Arena2));
    assert_eq!(r.exile, Some(Exile::Excess));
    let keep = r.keep.clone().unwrap();
    assert_eq!(keep.ranges, vec![(6, 1, 4), (7, 2, 5)]);
    assert_eq!(keep.bottom, Bottom::LandsFirst);
    assert_eq!(keep.requires, vec![("ramp".to_string(), 1)]);
    assert_eq!(keep.min_sources, vec![("u".to_string(), 2)]);
    assert_eq!(
        keep.requires_cards[0].cards,
        vec!["Lightning Bolt".to_string()]
    );
    let json = serde_json::to_value(&r).unwrap();
    assert_eq!(json["keep"]["min_sources"]["u"], 2);
    assert_eq!(json["keep"]["requires_cards"][0]["min"], 1);
    assert_eq!(json["mulligan"], "PARTIAL_PARIS");
    assert_eq!(json["variant"], "COMMANDER");
    assert_eq!(json["smoothing"], "arena2");
    assert_eq!(json["exile"], "excess");
    assert_eq!(json["keep"]["bottom"], "lands_first");
    assert_eq!(json["keep"]["ranges"]["7"], serde_json::json!([2, 5]));
    assert_eq!(serde_json::from_value::<Request>(json).unwrap(), r);
    assert_eq!(Bottom::parse("spells").unwrap(), Bottom::SpellsFirst);
}

#[test]
fn a_prepared_run_is_the_engine_called_by_hand() {
    let (lands, tags) = deck();
    let mut r = Request::new((), 5_000);
    r.seed = Some(SEED.into());
    r.variant = Variant::FreeForAll;
    r.threads = Some(2);
    r.per_game = true;
    let run = r.prepare(&lands, &tags).unwrap();
    // A free-for-all's usual table is four players: 103.5c's free first mulligan.
    assert_eq!((run.players, run.config.free_first), (4, true));
    let mut records = run.records().unwrap();
    let counts = run
        .run(&r.seed().unwrap(), &mut records, None)
        .unwrap()
        .unwrap();
    let cfg = Config {
        rule: MulliganRule::London,
        free_first: true,
        hand_size: 7,
        deck_size: 60,
        house: Default::default(),
    };
    let compiled = KeepRule::default().compile(&lands, &tags).unwrap();
    let mut by_hand = vec![Outcome::default(); 5_000];
    let seed = Seed::from_hex(SEED).unwrap();
    let expected = simulate(
        &seed,
        cfg,
        &lands,
        &compiled,
        Span::new(0, 5_000).recording(&mut by_hand),
        1,
    )
    .unwrap()
    .unwrap();
    assert_eq!(counts, expected);
    assert_eq!(records, by_hand);
}

#[test]
fn every_option_is_checked_before_a_game_runs() {
    let (lands, tags) = deck();
    let refused = |edit: &dyn Fn(&mut Request<()>), words: &str| {
        let mut r = Request::new((), 10);
        edit(&mut r);
        let e = r.prepare(&lands, &tags).unwrap_err().to_string();
        assert!(e.contains(words), "{words}: {e}");
    };
    refused(&|r| r.threads = Some(0), "threads must be at least 1");
    refused(&|r| r.players = Some(3), "TWO_PLAYER game needs exactly 2");
    refused(&|r| r.hand_size = 40, "hands of at most");
    refused(&|r| r.house.free_mulligans = 6, "0 to 5");
    refused(&|r| r.start = 1 << 48, "2^48");
    refused(
        &|r| {
            r.mulligan = MulliganRule::Houston;
            r.house.land_mulligan = true
        },
        "HOUSTON",
    );
    let mut r = Request::new("0 Forest".to_string(), 10);
    r.seed = Some(SEED.into());
    let e = r.prepare_text().unwrap_err().to_string();
    assert!(e.starts_with("deck: line 1:"), "{e}");
    r.deck = "24 Forest\n36 Bears".into();
    r.seed = Some("abc".into());
    assert!(matches!(r.prepare_text(), Err(crate::Error::Seed(_))));
}

/// A land range for a hand size larger than the run's opening hand is never used: a warning
/// naming the sizes and the largest hand (none for the sizes a hand can have).
#[test]
fn a_range_for_hands_larger_than_any_is_a_warning() {
    let (lands, tags) = deck();
    let mut r = Request::new((), 10);
    r.keep = Some(KeepRule {
        ranges: vec![(7, 2, 5), (8, 2, 5), (9, 1, 4)],
        ..KeepRule::default()
    });
    let run = r.prepare(&lands, &tags).unwrap();
    assert_eq!(
        run.warnings,
        vec![
            "ranges: no hand here has 8 or 9 cards (hands of 7 at most), so the range for them \
             is never used"
                .to_string()
        ]
    );
    r.hand_size = 9;
    assert!(r.prepare(&lands, &tags).unwrap().warnings.is_empty());
    // The default rule's ranges (7, 6, 5 cards) are not the caller's: no warning for them.
    r.hand_size = 4;
    r.keep = None;
    assert!(r.prepare(&lands, &tags).unwrap().warnings.is_empty());
}
