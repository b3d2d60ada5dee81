//! Hand smoothing (not the rules; docs/VARIANTS.md, "Hand smoothing: not the rules"): scenario
//! tests written from each model's text, the log of a smoothed game verifies and a changed
//! smoothing record does not, and the land count of the hand dealt against its closed form.
//!
//! Statistical tests: fixed seeds; thresholds by Bonferroni over a family-wise alpha of 1e-4
//! for the file (15 cells: 5 land-count cells for each of the 3 models), each a two-sided
//! normal test on a binomial count.

use super::*;
use crate::house::{smoothed_london_random, smoothing_stream, Smoothing, NOT_THE_RULES};
use crate::library::Library;
use serde_json::{json, Value};

const MIXED: &str = "24 Forest\n36 Grizzly Bears";

fn seed() -> Seed {
    Seed::from_bytes([9; 32])
}

fn smoothed(model: Smoothing) -> HouseRules {
    HouseRules {
        smoothing: Some(model),
        ..HouseRules::default()
    }
}

fn setup(deck: &str, rule: MulliganRule, house: HouseRules, game_index: u64) -> GameSetup {
    GameSetup {
        house,
        players: (0..2)
            .map(|i| PlayerSetup::new(format!("P{i}"), DeckList::parse(deck).unwrap()))
            .collect(),
        variant: Variant::TwoPlayer,
        rule,
        seed: seed(),
        game_index,
        start: Start::Seat(0),
    }
}

fn game(deck: &str, house: HouseRules, game_index: u64) -> Game {
    Game::new(setup(deck, MulliganRule::London, house, game_index)).unwrap()
}

/// Seat `seat`'s events, as JSON.
fn seat_events(g: &Game, seat: usize) -> Vec<Value> {
    g.events()
        .iter()
        .map(|e| e.to_json())
        .filter(|e| e["seat"] == seat)
        .collect()
}

fn lands_of(g: &Game, seat: usize, cards: &[CardId]) -> usize {
    let deck = g.cards(seat).unwrap();
    cards.iter().filter(|&&c| deck[c as usize].land).count()
}

/// XMage's score in floating point, from its text: an independent check of the integers.
fn xmage_score(lands: usize, hand: usize, library: usize, library_lands: usize, k: u32) -> f64 {
    let ratio = library_lands as f64 / library as f64;
    ((ratio - lands as f64 / hand as f64).abs() - 0.15).max(0.0)
        + 0.3 * f64::from(k) / 2f64.powi(32)
}

/// Seat 0 mulligans twice (and seat 1 keeps), then everyone keeps, bottoming the first cards.
fn mulligan_twice(g: &mut Game) {
    let mut taken = 0;
    while let Some(d) = g.pending().first().cloned() {
        match d.kind {
            DecisionKind::KeepOrMulligan if d.seat == 0 && taken < 2 => {
                taken += 1;
                g.mulligan(0)
            }
            DecisionKind::KeepOrMulligan => g.keep(d.seat),
            DecisionKind::Bottom => g.bottom(d.seat, &d.hand_ids()[..d.count.unwrap()]),
            DecisionKind::OpeningHandAction => g.pass_actions(d.seat),
            _ => unreachable!("{d:?}"),
        }
        .unwrap();
    }
}

fn records(g: &Game) -> Vec<Value> {
    let seed = g.seed().clone();
    let mut records = vec![crate::log::header(
        g.setup_record(),
        &seed.commitment(),
        &[],
    )];
    records.extend(g.events().iter().map(|e| e.to_json()));
    records.push(json!({"type": "reveal", "seed": seed.hex(), "contributions": []}));
    records
}

#[test]
fn smoothed_london_draws_the_better_scored_of_the_top_two_hands_then_shuffles() {
    // XMage: hand 1 = the top 7 cards of the library as 103.3 shuffled it, hand 2 the next 7;
    // each scored max(0, |24/60 - lands/7| - 0.15) + 0.3 U; the lower is drawn; then a shuffle.
    let mut forced = 0;
    for game_index in 0..60 {
        let g = game(MIXED, smoothed(Smoothing::SmoothedLondon), game_index);
        for seat in 0..2 {
            let stream = game_index << 8 | seat as u64;
            let mut library = Library::new((0..60).collect(), seed(), stream).unwrap();
            library.shuffle().unwrap();
            let order = library.cards();
            let hands = [&order[..7], &order[7..14]];
            let lands = [lands_of(&g, seat, hands[0]), lands_of(&g, seat, hands[1])];
            let random = smoothed_london_random(&seed(), smoothing_stream(stream, 0));
            let score = |i: usize| xmage_score(lands[i], 7, 60, 24, random[i]);
            let chosen = usize::from(score(0) >= score(1));
            let ev: Vec<Value> = seat_events(&g, seat)
                .into_iter()
                .filter(|e| ["shuffle", "smoothing", "draw"].contains(&e["type"].as_str().unwrap()))
                .collect();
            let types: Vec<&str> = ev.iter().map(|e| e["type"].as_str().unwrap()).collect();
            assert_eq!(types, ["shuffle", "smoothing", "draw", "shuffle"]);
            assert_eq!(ev[0]["shuffle"], 0);
            let sm = &ev[1];
            assert_eq!(sm["rule"], NOT_THE_RULES);
            assert_eq!(sm["model"], "smoothed_london");
            assert_eq!(sm["candidates"], 2);
            assert_eq!(sm["lands"], json!(lands));
            assert_eq!(sm["random"], json!(random));
            assert_eq!(sm["chosen"], chosen, "game {game_index} seat {seat}");
            // The other player sees the model and the count, not the lands, choice or words.
            let seen = g
                .events()
                .iter()
                .find(|e| e.to_json() == *sm)
                .unwrap()
                .seen_by(1 - seat)
                .to_json();
            assert_eq!(
                seen,
                json!({"type": "smoothing", "rule": NOT_THE_RULES, "seat": seat,
                       "model": "smoothed_london", "candidates": 2})
            );
            assert_eq!(
                g.hand(seat).unwrap(),
                hands[chosen],
                "the chosen hand is drawn"
            );
            // The 53 cards left are shuffled: the library's next shuffle, a real one.
            assert_eq!(ev[3]["shuffle"], 1);
            assert_eq!(ev[3]["size"], 53);
            assert_eq!(ev[3]["rule"], NOT_THE_RULES);
            // A hand more than 0.3 past the dead zone always loses to one inside it.
            let excess = |l: usize| ((0.4 - l as f64 / 7.0).abs() - 0.15).max(0.0);
            if excess(lands[0]) > 0.3 && excess(lands[1]) == 0.0 {
                forced += 1;
                assert_eq!(chosen, 1);
            }
            if excess(lands[1]) > 0.3 && excess(lands[0]) == 0.0 {
                forced += 1;
                assert_eq!(chosen, 0);
            }
        }
    }
    assert!(forced > 0, "the sample holds hands the dead zone decides");
}

#[test]
fn smoothed_london_smooths_every_london_draw_each_from_its_own_stream_word() {
    // Seat 0 mulligans twice: each redraw (after the mulligan's own shuffle) is smoothed, from
    // smoothing draw 1, then 2, and followed by a shuffle.
    let mut g = game(MIXED, smoothed(Smoothing::SmoothedLondon), 7);
    mulligan_twice(&mut g);
    let ev = seat_events(&g, 0);
    let sm: Vec<&Value> = ev.iter().filter(|e| e["type"] == "smoothing").collect();
    assert_eq!(sm.len(), 3);
    for (i, e) in sm.iter().enumerate() {
        let random = smoothed_london_random(&seed(), smoothing_stream(7 << 8, i as u32));
        assert_eq!(e["random"], json!(random));
    }
    let shuffles: Vec<u64> = ev
        .iter()
        .filter(|e| e["type"] == "shuffle")
        .map(|e| e["shuffle"].as_u64().unwrap())
        .collect();
    // 103.3, smoothing; mulligan, smoothing; mulligan, smoothing.
    assert_eq!(shuffles, [0, 1, 2, 3, 4, 5]);
    let order: Vec<&str> = ev
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .filter(|t| ["mulligan", "shuffle", "smoothing", "draw"].contains(t))
        .collect();
    assert_eq!(
        &order[order.len() - 10..],
        [
            "mulligan",
            "shuffle",
            "smoothing",
            "draw",
            "shuffle",
            "mulligan",
            "shuffle",
            "smoothing",
            "draw",
            "shuffle"
        ]
    );
    crate::log::verify_records(&records(&g), None, None).unwrap();
}

#[test]
fn smoothed_london_needs_two_hands_in_the_library_and_smooths_the_land_redraw() {
    // 13 cards: fewer than 2 x 7, a plain draw.
    let g = game(
        "5 Forest\n8 Grizzly Bears",
        smoothed(Smoothing::SmoothedLondon),
        0,
    );
    assert!(seat_events(&g, 0).iter().all(|e| e["type"] != "smoothing"));
    assert_eq!(g.hand(0).unwrap().len(), 7);
    // 14 cards: smoothed.
    let g = game(
        "5 Forest\n9 Grizzly Bears",
        smoothed(Smoothing::SmoothedLondon),
        0,
    );
    assert_eq!(
        seat_events(&g, 0)
            .iter()
            .filter(|e| e["type"] == "smoothing")
            .count(),
        1
    );
    // The land redraw draws a new hand: smoothed too.
    let house = HouseRules {
        land_mulligan: true,
        ..smoothed(Smoothing::SmoothedLondon)
    };
    let mut g = game("60 Forest", house, 0);
    g.land_mulligan(0).unwrap();
    let ev = seat_events(&g, 0);
    let types: Vec<&str> = ev.iter().map(|e| e["type"].as_str().unwrap()).collect();
    assert_eq!(
        &types[types.len() - 5..],
        ["land_mulligan", "shuffle", "smoothing", "draw", "shuffle"]
    );
}

#[test]
fn smoothed_london_is_london_only_and_two_candidates() {
    for rule in [
        MulliganRule::Paris,
        MulliganRule::Vancouver,
        MulliganRule::Houston,
    ] {
        let e = Game::new(setup(MIXED, rule, smoothed(Smoothing::SmoothedLondon), 0)).unwrap_err();
        assert!(matches!(e, Error::Config(_)), "{e:?}");
        assert!(e.to_string().contains("LONDON only"), "{e}");
    }
    let house = HouseRules {
        smoothing_candidates: Some(3),
        ..smoothed(Smoothing::SmoothedLondon)
    };
    let e = Game::new(setup(MIXED, MulliganRule::London, house, 0)).unwrap_err();
    assert!(e.to_string().contains("exactly two hands"), "{e}");
}

#[test]
fn a_changed_smoothing_record_does_not_verify() {
    for model in Smoothing::ALL {
        let mut g = game(MIXED, smoothed(model), 2);
        mulligan_twice(&mut g);
        let good = records(&g);
        crate::log::verify_records(&good, None, None).unwrap();
        let at = good.iter().position(|r| r["type"] == "smoothing").unwrap();
        let chosen = good[at]["chosen"].as_u64().unwrap();
        let mut changes: Vec<(&str, Value)> = vec![
            ("chosen", json!(1 - chosen.min(1))),
            ("lands", json!([0, 7, 7])),
            ("candidates", json!(5)),
            (
                "model",
                json!(if model == Smoothing::Arena2 {
                    "weighted3"
                } else {
                    "arena2"
                }),
            ),
        ];
        if model == Smoothing::SmoothedLondon {
            let mut random = good[at]["random"].clone();
            random[0] = json!(random[0].as_u64().unwrap() ^ 1);
            changes.push(("random", random));
        } else {
            changes.push(("random", json!([1, 2])));
        }
        for (field, value) in changes {
            let mut bad = good.clone();
            bad[at][field] = value;
            assert!(
                crate::log::verify_records(&bad, None, None).is_err(),
                "{} with a changed {field} verifies",
                model.name()
            );
        }
        // Without the record, or without the shuffle after a smoothed London draw.
        let mut bad = good.clone();
        bad.remove(at);
        assert!(crate::log::verify_records(&bad, None, None).is_err());
        if model == Smoothing::SmoothedLondon {
            let mut bad = good.clone();
            bad.remove(at + 2);
            assert!(crate::log::verify_records(&bad, None, None).is_err());
        }
    }
}

// --------------------------------------------------------------------------------------------
// The land count of the hand dealt, against its closed form

/// z for a two-sided per-cell alpha of 1e-4 / 15 (the normal quantile 1 - 3.3e-6).
const Z: f64 = 4.50;

fn choose(n: u64, k: u64) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// P(k lands among `draw` cards of a deck of `n` holding `lands`).
fn hypergeometric(n: u64, lands: u64, draw: u64, k: u64) -> f64 {
    choose(lands, k) * choose(n - lands, draw - k) / choose(n, draw)
}

/// The cells: at most 1 land, 2, 3, 4, at least 5 (merged tails keep every cell's expected
/// count large enough for the normal test).
fn cell(lands: usize) -> usize {
    lands.clamp(1, 5) - 1
}

/// P(the hand dealt has k lands), k = 0..=7, 24 lands in 60, hands of 7.
fn closed_form(model: Smoothing) -> [f64; 8] {
    let p: Vec<f64> = (0..=7).map(|k| hypergeometric(60, 24, 7, k)).collect();
    let d = |k: usize| (k as f64 - 2.8).abs();
    let mut out = [0.0; 8];
    match model {
        // Two independent shuffles; the first is dealt unless the second is strictly closer:
        // P(k) = p_k (P(d >= d_k) + P(d > d_k)).
        Smoothing::Arena2 => {
            for k in 0..=7 {
                let ge: f64 = (0..=7).filter(|&j| d(j) >= d(k)).map(|j| p[j]).sum();
                let gt: f64 = (0..=7).filter(|&j| d(j) > d(k)).map(|j| p[j]).sum();
                out[k] = p[k] * (ge + gt);
            }
        }
        // Three independent shuffles; candidate i dealt with probability w_i / sum w.
        Smoothing::Weighted3 => {
            let w = |k: usize| (-d(k) * d(k) / (2.0 * 0.5626 * 0.5626)).exp();
            for a in 0..=7 {
                for b in 0..=7 {
                    for c in 0..=7 {
                        let (total, pr) = (w(a) + w(b) + w(c), p[a] * p[b] * p[c]);
                        out[a] += pr * w(a) / total;
                        out[b] += pr * w(b) / total;
                        out[c] += pr * w(c) / total;
                    }
                }
            }
        }
        // One shuffle: hand 1 the top 7 (a lands), hand 2 the next 7 (b lands, from the 53
        // left). Hand 1 is drawn when e_a + 0.3 U1 < e_b + 0.3 U2, i.e. U1 - U2 < t with
        // t = (e_b - e_a) / 0.3, whose probability is the triangular distribution's CDF.
        Smoothing::SmoothedLondon => {
            let e = |k: usize| ((0.4 - k as f64 / 7.0).abs() - 0.15).max(0.0);
            let tri = |t: f64| match t {
                t if t <= -1.0 => 0.0,
                t if t <= 0.0 => (1.0 + t) * (1.0 + t) / 2.0,
                t if t < 1.0 => 1.0 - (1.0 - t) * (1.0 - t) / 2.0,
                _ => 1.0,
            };
            for a in 0..=7 {
                for b in 0..=7 {
                    let pr = p[a] * hypergeometric(53, 24 - a as u64, 7, b as u64);
                    let first = tri((e(b) - e(a)) / 0.3);
                    out[a] += pr * first;
                    out[b] += pr * (1.0 - first);
                }
            }
        }
    }
    out
}

#[test]
fn the_hand_dealt_has_the_closed_form_land_distribution() {
    // Seats 0 and 1 of games 0..N: independent library streams, 2N hands per model.
    let games = 6_000u64;
    for model in Smoothing::ALL {
        let want = closed_form(model);
        assert!((want.iter().sum::<f64>() - 1.0).abs() < 1e-12);
        let mut observed = [0u64; 5];
        for game_index in 0..games {
            let g = game(MIXED, smoothed(model), game_index);
            for seat in 0..2 {
                let hand = g.hand(seat).unwrap();
                observed[cell(lands_of(&g, seat, hand))] += 1;
            }
        }
        let n = 2 * games;
        for (c, &obs) in observed.iter().enumerate() {
            let p: f64 = (0..=7).filter(|&k| cell(k) == c).map(|k| want[k]).sum();
            let expected = n as f64 * p;
            let sd = (n as f64 * p * (1.0 - p)).sqrt();
            let z = (obs as f64 - expected) / sd;
            assert!(
                z.abs() < Z,
                "{} cell {c}: observed {obs}, expected {expected:.1} (z = {z:.2})",
                model.name()
            );
        }
    }
}
