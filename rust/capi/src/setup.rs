//! The setup JSON of `mulligan_game_new` (docs/C_ABI.md, "Setup JSON"), converted to the
//! core's `GameSetup`. Unknown keys are refused, so a typo never silently changes a game.

use crate::error::{Failure, Outcome, MULLIGAN_ERR_DECK, MULLIGAN_ERR_GAME_CONFIG};
use mulligan_core::game::check_size;
use mulligan_core::{DeckList, GameSetup, MulliganRule, PlayerSetup, Seed, Start, Team, Variant};
use serde::Deserialize;
use serde_json::Value;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetupJson {
    players: Vec<PlayerJson>,
    #[serde(default)]
    variant: Option<String>,
    #[serde(default)]
    mulligan: Option<String>,
    #[serde(default)]
    seed: Option<String>,
    #[serde(default)]
    starting_player: Option<u64>,
    #[serde(default)]
    chooser: Option<u64>,
    #[serde(default)]
    game_index: Option<u64>,
    /// Table options that are not the rules (docs/VARIANTS.md).
    #[serde(default)]
    free_mulligans: Option<u32>,
    #[serde(default)]
    land_mulligan: Option<bool>,
    #[serde(default)]
    smoothing: Option<String>,
    #[serde(default)]
    smoothing_candidates: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerJson {
    name: String,
    deck: String,
    #[serde(default)]
    team: Option<Value>,
    #[serde(default)]
    hand_modifier: Option<i32>,
    #[serde(default)]
    life_modifier: Option<i32>,
    #[serde(default)]
    archenemy: Option<bool>,
}

fn variant(name: Option<&str>) -> Outcome<Variant> {
    let Some(name) = name else {
        return Ok(Variant::TwoPlayer);
    };
    Variant::ALL
        .into_iter()
        .find(|v| v.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let known: Vec<&str> = Variant::ALL.iter().map(|v| v.name()).collect();
            Failure::invalid(format!(
                "setup JSON: unknown variant {name:?} (one of {})",
                known.join(", ")
            ))
        })
}

fn rule(name: Option<&str>) -> Outcome<MulliganRule> {
    let Some(name) = name else {
        return Ok(MulliganRule::London);
    };
    MulliganRule::ALL
        .into_iter()
        .find(|r| r.name().eq_ignore_ascii_case(name))
        .ok_or_else(|| {
            let known: Vec<&str> = MulliganRule::ALL.iter().map(|r| r.name()).collect();
            Failure::invalid(format!(
                "setup JSON: unknown mulligan rule {name:?} (one of {})",
                known.join(", ")
            ))
        })
}

/// A team: a string or an integer (as in Python: `"A"` and `1` are different teams).
fn team(i: usize, value: Option<Value>) -> Outcome<Option<Team>> {
    match value {
        None | Some(Value::Null) => Ok(None),
        Some(v) => serde_json::from_value(v.clone()).map(Some).map_err(|_| {
            Failure::invalid(format!(
                "setup JSON: players[{i}].team must be a string or a 64-bit integer, got {v}"
            ))
        }),
    }
}

fn seat(value: u64, what: &str) -> Outcome<usize> {
    usize::try_from(value).map_err(|_| {
        Failure::new(
            MULLIGAN_ERR_GAME_CONFIG,
            format!("{what} {value} is not a seat"),
        )
    })
}

/// Parses the setup JSON into the core's set-up and the players' names.
pub fn parse(text: &str) -> Outcome<(GameSetup, Vec<String>)> {
    let setup: SetupJson =
        serde_json::from_str(text).map_err(|e| Failure::invalid(format!("setup JSON: {e}")))?;
    let variant = variant(setup.variant.as_deref())?;
    let rule = rule(setup.mulligan.as_deref())?;
    let config = |e: mulligan_core::Error| {
        Failure::new(MULLIGAN_ERR_GAME_CONFIG, format!("setup JSON: {e}"))
    };
    let house = mulligan_core::HouseRules {
        free_mulligans: setup.free_mulligans.unwrap_or(0),
        land_mulligan: setup.land_mulligan.unwrap_or(false),
        smoothing: setup
            .smoothing
            .as_deref()
            .map(mulligan_core::Smoothing::parse)
            .transpose()
            .map_err(config)?,
        smoothing_candidates: setup.smoothing_candidates,
    };
    house.validate().map_err(config)?;
    let seed = match &setup.seed {
        Some(hex) => Seed::from_hex(hex).map_err(|e| {
            Failure::new(
                crate::error::MULLIGAN_ERR_SEED,
                format!("setup JSON: seed: {e}"),
            )
        })?,
        None => Seed::generate()?,
    };
    let start = Start::given(
        setup
            .starting_player
            .map(|s| seat(s, "starting_player"))
            .transpose()?,
        setup.chooser.map(|c| seat(c, "chooser")).transpose()?,
    )
    .map_err(|e| Failure::new(MULLIGAN_ERR_GAME_CONFIG, format!("setup JSON: {e}")))?;
    let mut names = vec![];
    let mut players = vec![];
    // The set-up's size is checked as each deck is parsed, so that a short text asking for
    // millions of cards is refused before they are built.
    let n = setup.players.len();
    let size = |cards: usize| {
        check_size(n, cards)
            .map_err(|e| Failure::new(MULLIGAN_ERR_GAME_CONFIG, format!("setup JSON: {e}")))
    };
    size(0)?;
    let mut cards = 0usize;
    for (i, p) in setup.players.into_iter().enumerate() {
        let deck = DeckList::parse(&p.deck)
            .map_err(|e| Failure::new(MULLIGAN_ERR_DECK, format!("players[{i}].deck: {e}")))?;
        cards = cards.saturating_add(deck.total_cards());
        size(cards)?;
        let mut player = PlayerSetup::new(p.name.clone(), deck);
        player.team = team(i, p.team)?;
        player.hand_modifier = p.hand_modifier.unwrap_or(0);
        player.life_modifier = p.life_modifier.unwrap_or(0);
        player.archenemy = p.archenemy.unwrap_or(false);
        names.push(p.name);
        players.push(player);
    }
    Ok((
        GameSetup {
            house,
            players,
            variant,
            rule,
            seed,
            game_index: setup.game_index.unwrap_or(0),
            start,
        },
        names,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{MULLIGAN_ERR_INVALID_ARGUMENT, MULLIGAN_ERR_SEED};

    const DECK: &str = "24 Forest\n36 Grizzly Bears";

    fn two(extra: &str) -> String {
        format!(
            r#"{{"players": [{{"name": "A", "deck": "{d}"}}, {{"name": "B", "deck": "{d}"}}]{extra}}}"#,
            d = DECK.replace('\n', "\\n")
        )
    }

    #[test]
    fn defaults() {
        let (s, names) = parse(&two("")).unwrap();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(s.variant, Variant::TwoPlayer);
        assert_eq!(s.rule, MulliganRule::London);
        assert_eq!(s.start, Start::Random);
        assert_eq!(s.game_index, 0);
        assert_eq!(s.players[0].deck.main.len(), 60);
    }

    #[test]
    fn names_and_starts() {
        let (s, _) = parse(&two(
            r#", "variant": "vanguard", "mulligan": "PARIS_SEQUENTIAL", "chooser": 1, "game_index": 4"#,
        ))
        .unwrap();
        assert_eq!(
            (s.variant, s.rule, s.start, s.game_index),
            (
                Variant::Vanguard,
                MulliganRule::ParisSequential,
                Start::ChosenBy(1),
                4
            )
        );
    }

    #[test]
    fn the_era_without_a_mulligan_is_none() {
        for name in ["NONE", "none"] {
            let (s, _) = parse(&two(&format!(r#", "mulligan": "{name}""#))).unwrap();
            assert_eq!(s.rule, MulliganRule::NoMulligan);
        }
    }

    #[test]
    fn refusals() {
        for (extra, status) in [
            (r#", "variant": "CHAOS""#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "mulligan": "MOSCOW""#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "colour": 1"#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "starting_player": -1"#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "seed": "abc""#, MULLIGAN_ERR_SEED),
            (
                r#", "starting_player": 0, "chooser": 1"#,
                MULLIGAN_ERR_GAME_CONFIG,
            ),
        ] {
            let Err(e) = parse(&two(extra)) else {
                panic!("{extra} was accepted")
            };
            assert_eq!(e.status, status, "{extra}: {}", e.message);
        }
        let bad_deck = r#"{"players": [{"name": "A", "deck": "0 Forest"}]}"#;
        let e = parse(bad_deck).err().unwrap();
        assert_eq!(e.status, MULLIGAN_ERR_DECK);
        assert!(
            e.message.starts_with("players[0].deck: line 1:"),
            "{}",
            e.message
        );
        // 300 players, each asking for a million cards in 20 bytes: refused before a deck is
        // parsed (this asked for gigabytes).
        let player = r#"{"name": "A", "deck": "1000000 Forest"}"#;
        let many = format!(r#"{{"players": [{}]}}"#, vec![player; 300].join(","));
        let e = parse(&many).err().unwrap();
        assert_eq!(e.status, MULLIGAN_ERR_GAME_CONFIG);
        assert!(e.message.contains("at most 256 players"), "{}", e.message);
        let bad_team = r#"{"players": [{"name": "A", "deck": "", "team": [1]}]}"#;
        assert_eq!(
            parse(bad_team).err().unwrap().status,
            MULLIGAN_ERR_INVALID_ARGUMENT
        );
    }
}
