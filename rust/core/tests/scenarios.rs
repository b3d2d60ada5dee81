//! Rule 103 scenarios shared with the Python and C tests (tests/scenarios/*.json, written by
//! scripts/make_scenarios.py): each set-up and seed, with its players' answers, must give
//! exactly the recorded events and results. `cargo test` alone covers rule 103 this way.

use mulligan_core::{Answer, DeckList, Game, GameSetup, PlayerSetup, Seed, Start, Team};
use serde::Deserialize;
use serde_json::Value;
use std::path::PathBuf;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Player {
    name: String,
    deck: String,
    #[serde(default)]
    team: Option<Team>,
    #[serde(default)]
    hand_modifier: i32,
    #[serde(default)]
    life_modifier: i32,
    #[serde(default)]
    archenemy: bool,
}

/// The C ABI's setup JSON (decks as text lists).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Setup {
    players: Vec<Player>,
    #[serde(default)]
    variant: mulligan_core::Variant,
    #[serde(default)]
    mulligan: mulligan_core::MulliganRule,
    #[serde(default)]
    starting_player: Option<usize>,
    #[serde(default)]
    chooser: Option<usize>,
    #[serde(default)]
    game_index: u64,
    /// The table options of docs/VARIANTS.md.
    #[serde(default)]
    free_mulligans: u32,
    #[serde(default)]
    land_mulligan: bool,
    #[serde(default)]
    smoothing: Option<mulligan_core::Smoothing>,
    #[serde(default)]
    smoothing_candidates: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Scenario {
    name: String,
    rules: Vec<String>,
    description: String,
    setup: Setup,
    seed: String,
    answers: Vec<Answer>,
    events: Vec<Value>,
    result: Vec<Value>,
}

fn scenarios() -> Vec<(PathBuf, Scenario)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("tests/scenarios")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).unwrap();
            let s: Scenario =
                serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
            (p, s)
        })
        .collect()
}

fn game_setup(setup: Setup, seed: &str) -> GameSetup {
    GameSetup {
        house: mulligan_core::HouseRules {
            free_mulligans: setup.free_mulligans,
            land_mulligan: setup.land_mulligan,
            smoothing: setup.smoothing,
            smoothing_candidates: setup.smoothing_candidates,
        },
        players: setup
            .players
            .into_iter()
            .map(|p| {
                let mut player = PlayerSetup::new(p.name, DeckList::parse(&p.deck).unwrap());
                player.team = p.team;
                player.hand_modifier = p.hand_modifier;
                player.life_modifier = p.life_modifier;
                player.archenemy = p.archenemy;
                player
            })
            .collect(),
        variant: setup.variant,
        rule: setup.mulligan,
        seed: Seed::from_hex(seed).unwrap(),
        game_index: setup.game_index,
        start: Start::given(setup.starting_player, setup.chooser).unwrap(),
    }
}

#[test]
fn every_scenario_replays_to_its_events_and_results() {
    let all = scenarios();
    assert!(all.len() >= 10, "{} scenarios", all.len());
    let mut cited: Vec<String> = vec![];
    for (path, s) in all {
        assert!(
            !s.description.is_empty() && !s.rules.is_empty(),
            "{}",
            s.name
        );
        let setup = game_setup(s.setup, &s.seed);
        let game =
            Game::replay(setup, &s.answers).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(game.done(), "{}: not done", s.name);
        let events: Vec<Value> = game.events().iter().map(|e| e.to_json()).collect();
        for (i, (got, want)) in events.iter().zip(&s.events).enumerate() {
            assert_eq!(got, want, "{}: event {i}", s.name);
        }
        assert_eq!(events.len(), s.events.len(), "{}: event count", s.name);
        cited.extend(
            events
                .iter()
                .filter_map(|e| e["rule"].as_str().map(str::to_owned)),
        );
        let result = serde_json::to_value(game.result().unwrap()).unwrap();
        assert_eq!(result, Value::Array(s.result), "{}: result", s.name);
    }
    // Every step of rule 103 (and of the sequential 101 procedure) is cited by some event.
    for rule in [
        "103.1", "103.1a", "103.1b", "103.2a", "103.2b", "103.2c", "103.3", "103.4", "103.5",
        "103.5b", "103.5c", "103.6a", "103.6b", "103.8a", "103.8b", "103.8c", "101.4", "101.4a",
    ] {
        assert!(cited.iter().any(|r| r == rule), "no scenario covers {rule}");
    }
}
