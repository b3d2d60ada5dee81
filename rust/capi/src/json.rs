//! The JSON documents the C API returns (docs/C_ABI.md, "JSON documents"): the core's records
//! in their one serialised shape (docs/schema.json), plus the game info and deck listing that
//! only the C API has. A card is `{"id": i, "name": s}`, `i` its id in its owner's deck.

use mulligan_core::Game;
use serde::Serialize;
use serde_json::{json, Value};

/// A core record as JSON text.
pub fn record<T: Serialize + ?Sized>(record: &T) -> String {
    serde_json::to_string(record).unwrap_or_else(|_| "null".into())
}

pub fn deck_cards(game: &Game, seat: usize) -> mulligan_core::Result<String> {
    let list: Vec<Value> = game
        .cards(seat)?
        .iter()
        .enumerate()
        .map(|(i, c)| json!({"id": i, "name": c.name, "land": c.land, "tags": c.tags}))
        .collect();
    Ok(Value::Array(list).to_string())
}

pub fn info(game: &Game, names: &[String]) -> String {
    json!({
        "players": game.players(),
        "names": names,
        "variant": game.variant().name(),
        "mulligan": game.rule().name(),
        "game_index": game.game_index(),
        "starting_player": game.starting_player(),
        "chooser": game.chooser(),
        "turn_order": game.turn_order(),
        "done": game.done(),
        "commitment": game.seed().commitment(),
        "format_version": mulligan_core::FORMAT_VERSION,
    })
    .to_string()
}
