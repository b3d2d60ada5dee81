//! The JSON documents the C API returns (docs/C_ABI.md, "JSON documents"). Events are the
//! core's own serde form (`Event::to_json`); decisions, results, zones, cards and game info are
//! defined here. A card is `{"id": i, "name": s}`, `i` its index in its owner's deck main cards.

use mulligan_core::game::Zones;
use mulligan_core::{CardId, Decision, Event, Game, SeatResult};
use serde_json::{json, Value};

pub fn events(events: &[Event]) -> String {
    Value::Array(events.iter().map(Event::to_json).collect()).to_string()
}

fn card(game: &Game, seat: usize, id: CardId) -> Value {
    let name = game
        .cards(seat)
        .ok()
        .and_then(|cards| cards.get(id as usize))
        .map(|c| c.name.as_str())
        .unwrap_or("");
    json!({"id": id, "name": name})
}

fn cards(game: &Game, seat: usize, ids: &[CardId]) -> Value {
    Value::Array(ids.iter().map(|&id| card(game, seat, id)).collect())
}

pub fn decisions(game: &Game, pending: &[Decision]) -> String {
    let list: Vec<Value> = pending
        .iter()
        .map(|d| {
            json!({
                "kind": d.kind.name(),
                "seat": d.seat,
                "hand": cards(game, d.seat, &d.hand),
                "count": d.count,
                "card": d.card.map(|c| card(game, d.seat, c)),
                "can_mulligan": d.can_mulligan,
                "actions": cards(game, d.seat, &d.actions),
                "options": d.options,
            })
        })
        .collect();
    Value::Array(list).to_string()
}

pub fn results(game: &Game, results: &[SeatResult]) -> String {
    let list: Vec<Value> = results
        .iter()
        .map(|r| {
            json!({
                "seat": r.seat,
                "name": r.name,
                "hand": cards(game, r.seat, &r.hand),
                "library_size": r.library_size,
                "life": r.life,
                "mulligans": r.mulligans,
                "skips_first_draw": r.skips_first_draw,
                "battlefield": cards(game, r.seat, &r.battlefield),
                "exile": cards(game, r.seat, &r.exile),
                "revealed": cards(game, r.seat, &r.revealed),
            })
        })
        .collect();
    Value::Array(list).to_string()
}

pub fn zones(game: &Game, seat: usize, z: &Zones) -> String {
    json!({
        "hand": cards(game, seat, &z.hand),
        "library": cards(game, seat, &z.library),
        "battlefield": cards(game, seat, &z.battlefield),
        "exile": cards(game, seat, &z.exile),
        "revealed": cards(game, seat, &z.revealed),
    })
    .to_string()
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
