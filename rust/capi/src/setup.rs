//! The setup JSON of `mulligan_game_new` (docs/C_ABI.md, "Setup JSON"): the core's
//! `SetupRequest` (docs/schema.json), deserialised as it is. Unknown keys are refused, so a
//! typo never silently changes a game; names are read in any case with `-` or `_`.

use crate::error::{Failure, Outcome, MULLIGAN_ERR_DECK};
use mulligan_core::{GameSetup, SetupRequest};

/// Parses the setup JSON into the core's set-up, the players' names and `whole_game`.
pub fn parse(text: &str) -> Outcome<(GameSetup, Vec<String>, bool)> {
    let request: SetupRequest = serde_json::from_str(text).map_err(|e| {
        let error = mulligan_core::schema::explain_json_error::<SetupRequest>(&e);
        Failure::invalid(format!("setup JSON: {error}"))
    })?;
    let names = request.players.iter().map(|p| p.name.clone()).collect();
    let whole_game = request.whole_game;
    let setup = request.into_setup().map_err(|e| {
        let failure = Failure::from(e);
        match failure.status {
            // A deck error names the player and the line already.
            MULLIGAN_ERR_DECK => failure,
            status => Failure::new(status, format!("setup JSON: {}", failure.message)),
        }
    })?;
    Ok((setup, names, whole_game))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::{
        MULLIGAN_ERR_GAME_CONFIG, MULLIGAN_ERR_INVALID_ARGUMENT, MULLIGAN_ERR_SEED,
    };
    use mulligan_core::{MulliganRule, Start, Variant};

    const DECK: &str = "24 Forest\n36 Grizzly Bears";

    fn two(extra: &str) -> String {
        format!(
            r#"{{"players": [{{"name": "A", "deck": "{d}"}}, {{"name": "B", "deck": "{d}"}}]{extra}}}"#,
            d = DECK.replace('\n', "\\n")
        )
    }

    /// An unknown key is named, with the keys the set-up takes (its table options, a
    /// flattened part, among them), and where it is.
    #[test]
    fn an_unknown_key_lists_the_keys_taken() {
        let failure = parse(&two(r#", "seeed": 1"#)).unwrap_err();
        assert_eq!(failure.status, MULLIGAN_ERR_INVALID_ARGUMENT);
        let message = failure.message;
        assert!(
            message.starts_with(
                "setup JSON: unknown field `seeed`, expected one of `players`, `variant`"
            ),
            "{message}"
        );
        for key in [
            "`seed`",
            "`free_mulligans`",
            "`land_mulligan`",
            "`whole_game`",
        ] {
            assert!(message.contains(key), "{key}: {message}");
        }
        assert!(message.contains(" at line 1 column "), "{message}");
    }

    #[test]
    fn defaults() {
        let (s, names, _) = parse(&two("")).unwrap();
        assert_eq!(names, ["A", "B"]);
        assert_eq!(s.variant, Variant::TwoPlayer);
        assert_eq!(s.rule, MulliganRule::London);
        assert_eq!(s.start, Start::Random);
        assert_eq!(s.game_index, 0);
        assert_eq!(s.players[0].deck.main.len(), 60);
    }

    #[test]
    fn names_and_starts() {
        let (s, _, _) = parse(&two(
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
            let (s, _, _) = parse(&two(&format!(r#", "mulligan": "{name}""#))).unwrap();
            assert_eq!(s.rule, MulliganRule::NoMulligan);
        }
    }

    #[test]
    fn names_in_any_case_with_dashes_or_underscores() {
        for (variant, rule, smoothing) in [
            ("two_player", "paris-sequential", "ARENA2"),
            ("Two-Player", "PARIS_SEQUENTIAL", "arena2"),
            ("TWO_PLAYER", "Paris_Sequential", "Arena2"),
        ] {
            let (s, _, _) = parse(&two(&format!(
                r#", "variant": "{variant}", "mulligan": "{rule}", "smoothing": "{smoothing}""#
            )))
            .unwrap();
            assert_eq!(
                (s.variant, s.rule, s.house.smoothing),
                (
                    Variant::TwoPlayer,
                    MulliganRule::ParisSequential,
                    Some(mulligan_core::Smoothing::Arena2)
                )
            );
        }
        let (s, _, _) = parse(&two(r#", "smoothing": "smoothed-london""#)).unwrap();
        assert_eq!(
            s.house.smoothing,
            Some(mulligan_core::Smoothing::SmoothedLondon)
        );
    }

    #[test]
    fn refusals() {
        for (extra, status) in [
            (r#", "variant": "CHAOS""#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "mulligan": "MOSCOW""#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (r#", "smoothing": "arena3""#, MULLIGAN_ERR_INVALID_ARGUMENT),
            (
                r#", "mulligan": "paris sequential""#,
                MULLIGAN_ERR_INVALID_ARGUMENT,
            ),
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
        let e = parse(bad_team).err().unwrap();
        assert_eq!(e.status, MULLIGAN_ERR_INVALID_ARGUMENT);
        assert!(
            e.message.contains("a string or a 64-bit integer"),
            "{}",
            e.message
        );
    }
}
