//! `docs/schema.json` is generated from the types: this test fails when the file drifts from
//! them. `MULLIGAN_BLESS_SCHEMA=1 cargo test -p mulligan-core --test schema` rewrites it.

use std::path::PathBuf;

#[test]
fn committed_schema_is_generated_from_the_types() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/schema.json");
    let fresh = serde_json::to_string_pretty(&mulligan_core::schema::json_schema()).unwrap() + "\n";
    if std::env::var_os("MULLIGAN_BLESS_SCHEMA").is_some() {
        std::fs::write(&path, &fresh).expect("write docs/schema.json");
    }
    let committed = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        committed == fresh,
        "docs/schema.json is not what the types generate: run \
         MULLIGAN_BLESS_SCHEMA=1 cargo test -p mulligan-core --test schema"
    );
}

#[test]
fn every_record_has_its_definition() {
    let schema = mulligan_core::schema::json_schema();
    for name in [
        "Event",
        "Decision",
        "View",
        "SeatResult",
        "Zones",
        "Answer",
        "SetupRecord",
        "SetupRequest",
        "SimulateRequest",
        "AnalyzeRequest",
        "PlayerRequest",
        "LogHeader",
        "LogReveal",
        "CardRef",
        "Card",
    ] {
        assert!(schema["$defs"][name].is_object(), "{name}");
    }
}
