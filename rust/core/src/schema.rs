//! The JSON Schema of every record (`docs/schema.json`), generated from the types: the shapes
//! the C ABI, the Python dicts, the log and the HTTP service all speak. A test
//! (`tests/schema.rs`) fails when the file drifts from the types.

use schemars::generate::SchemaSettings;
use serde_json::{json, Value};

/// The JSON Schema document: one `$defs` entry per record (`Event`, `Decision`, `View`,
/// `PublicView`,
/// `SeatResult`, `Zones`, `Answer`, `Action`, `SetupRecord`, `SetupRequest`, `SimulateRequest`,
/// `AnalyzeRequest`, `LogHeader`, `LogReveal`, and the parts they are made of). The requests'
/// enums read any case with `-` or `_` ([`crate::spelling`]), and their entries say so.
pub fn json_schema() -> Value {
    let mut generator = SchemaSettings::draft2020_12().into_generator();
    generator.subschema_for::<crate::card::Card>();
    generator.subschema_for::<crate::card::CardRef>();
    generator.subschema_for::<crate::event::Event>();
    generator.subschema_for::<crate::game::Decision>();
    generator.subschema_for::<crate::game::View>();
    generator.subschema_for::<crate::game::PublicView>();
    generator.subschema_for::<crate::game::SeatResult>();
    generator.subschema_for::<crate::game::Zones>();
    generator.subschema_for::<crate::game::Answer>();
    generator.subschema_for::<crate::table::Action>();
    generator.subschema_for::<crate::game::SetupRecord>();
    generator.subschema_for::<crate::game::SetupRequest>();
    generator.subschema_for::<crate::simulate::Request>();
    generator.subschema_for::<crate::analysis::Request>();
    generator.subschema_for::<crate::source_tables::Request>();
    generator.subschema_for::<crate::log::Header>();
    generator.subschema_for::<crate::log::Reveal>();
    let mut defs = generator.take_definitions(true);
    if let Some(event) = defs.get_mut("Event") {
        close_event(event);
    }
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://example.invalid/mulligan/schema.json",
        "title": "mulligan records",
        "description": "Every record of mulligan, one entry of $defs each: the C ABI, the \
            Python dicts, the game log and the HTTP service use exactly these shapes. The \
            requests (SetupRequest: the C ABI's set-up JSON, the service's game; \
            SimulateRequest: the service's simulation, Python's simulate keywords; AnalyzeRequest: \
            the service's analysis, Python's analyze keywords; SourcesRequest: the service's \
            sources table, Python's sources keywords) read every \
            name in any case with - or _ between words and write the canonical spelling.",
        "$defs": Value::Object(defs),
    })
}

/// An event is its type's fields plus `rule` (serde's flatten): each branch of the generated
/// `oneOf` gets `rule` and refuses other keys, so that a full event matches exactly one
/// branch (a `vancouver` event with its card is not also the hidden one without it).
fn close_event(event: &mut Value) {
    let Some(map) = event.as_object_mut() else {
        return;
    };
    let rule = map
        .get("properties")
        .and_then(|p| p.get("rule"))
        .cloned()
        .unwrap_or_else(|| json!({"type": "string"}));
    map.remove("properties");
    map.remove("required");
    if let Some(Value::Array(branches)) = map.get_mut("oneOf") {
        for branch in branches {
            let Some(b) = branch.as_object_mut() else {
                continue;
            };
            if let Some(Value::Object(props)) = b.get_mut("properties") {
                props.insert("rule".into(), rule.clone());
            }
            if let Some(Value::Array(required)) = b.get_mut("required") {
                required.push("rule".into());
            }
            b.insert("additionalProperties".into(), Value::Bool(false));
        }
    }
}

/// The keys a record of type `T` takes (its schema's properties, flattened parts included).
pub fn accepted_keys<T: schemars::JsonSchema>() -> Vec<String> {
    let schema = schemars::SchemaGenerator::default().into_root_schema_for::<T>();
    match schema.as_value().get("properties") {
        Some(Value::Object(properties)) => properties.keys().cloned().collect(),
        _ => vec![],
    }
}

/// A JSON error of a record of type `T`, with the keys it takes when the error is an unknown
/// key that serde could not list (a record with a flattened part: `SetupRequest`,
/// `SimulateRequest`).
pub fn explain_json_error<T: schemars::JsonSchema>(error: &serde_json::Error) -> String {
    let message = error.to_string();
    if !message.starts_with("unknown field") || message.contains("expected") {
        return message;
    }
    let keys: Vec<String> = accepted_keys::<T>()
        .iter()
        .map(|k| format!("`{k}`"))
        .collect();
    // serde's message ends with the position: the keys go before it.
    match message.split_once(" at line ") {
        Some((what, at)) => format!("{what}, expected one of {} at line {at}", keys.join(", ")),
        None => format!("{message}, expected one of {}", keys.join(", ")),
    }
}
