//! The analysis's request (`AnalyzeRequest`) and the sources tables' (`SourcesRequest`) share
//! one shape for how a deck is played (`deck_profile::play::Play`, flattened into both): the
//! same keys with the same schema in both, read into the same `Play`, and every other key
//! still refused, by name, by both.

use mulligan_core::analysis;
use mulligan_core::deck_profile::play::Play;
use mulligan_core::rules::{MulliganRule, Variant};
use mulligan_core::schema::{accepted_keys, explain_json_error, json_schema};
use mulligan_core::source_tables;
use serde_json::{json, Value};

const PLAY_KEYS: [&str; 5] = ["on_the_draw", "variant", "players", "mulligan", "keep"];

fn defs() -> Value {
    json_schema()["$defs"].clone()
}

#[test]
fn the_play_keys_have_one_schema_in_both_requests() {
    let mut keys = accepted_keys::<Play>();
    keys.sort();
    let mut want = PLAY_KEYS.map(String::from).to_vec();
    want.sort();
    assert_eq!(keys, want);
    let defs = defs();
    let (analyze, sources) = (&defs["AnalyzeRequest"], &defs["SourcesRequest"]);
    for key in PLAY_KEYS {
        let a = &analyze["properties"][key];
        assert!(a.is_object(), "AnalyzeRequest.{key}");
        assert_eq!(a, &sources["properties"][key], "{key}");
    }
    // Both still refuse any other key, and require what they required.
    for (request, required) in [
        (analyze, json!(["deck", "turns"])),
        (sources, json!(["cards", "lands"])),
    ] {
        assert_eq!(request["additionalProperties"], json!(false));
        assert_eq!(request["required"], required);
    }
    // The lookalikes stay each request's own: their ranges and defaults differ.
    assert_eq!(analyze["properties"]["turns"]["maximum"], json!(30));
    assert_eq!(sources["properties"]["turns"]["maximum"], json!(15));
    assert_eq!(sources["properties"]["turns"]["default"], json!(7));
    assert!(analyze["properties"]["turns"].get("default").is_none());
}

#[test]
fn the_same_play_keys_read_into_the_same_play() {
    let play = json!({
        "on_the_draw": true,
        "variant": "commander",
        "players": 4,
        "mulligan": "vancouver",
        "keep": {"ranges": {"7": [2, 4]}},
    });
    let mut a = play.clone();
    a["deck"] = json!("60 Forest");
    a["turns"] = json!(3);
    let mut s = play;
    s["cards"] = json!(60);
    s["lands"] = json!(24);
    let a: analysis::Request = serde_json::from_value(a).unwrap();
    let s: source_tables::Request = serde_json::from_value(s).unwrap();
    assert_eq!(a.play, s.play);
    assert!(a.play.on_the_draw);
    assert_eq!(a.play.variant, Some(Variant::Commander));
    assert_eq!(a.play.players, Some(4));
    assert_eq!(a.play.mulligan, MulliganRule::Vancouver);
    // A hand size key ("7") is read inside the flattened part as at the top level.
    let keep = a.play.keep.clone().unwrap();
    assert_eq!(keep.ranges, vec![(7, 2, 4)]);
    assert_eq!((keep.keep_at, keep.requires.len()), (None, 0));
    // Left out: the defaults, the same in both; the requests' own keys keep theirs.
    let a: analysis::Request = serde_json::from_value(json!({"deck": "x", "turns": 2})).unwrap();
    let s: source_tables::Request =
        serde_json::from_value(json!({"cards": 60, "lands": 24})).unwrap();
    assert_eq!(a, analysis::Request::new("x".to_string(), 2));
    assert_eq!(s, source_tables::Request::new(60, 24));
    assert_eq!(
        (a.play.clone(), s.play.clone()),
        (Play::default(), Play::default())
    );
    // Written back, a request has the keys its schema lists, the play's among them.
    for (written, name) in [
        (serde_json::to_value(&a).unwrap(), "AnalyzeRequest"),
        (serde_json::to_value(&s).unwrap(), "SourcesRequest"),
    ] {
        let mut keys: Vec<&String> = written.as_object().unwrap().keys().collect();
        keys.sort();
        let defs = defs();
        let mut want: Vec<&String> = defs[name]["properties"]
            .as_object()
            .unwrap()
            .keys()
            .collect();
        want.sort();
        assert_eq!(keys, want, "{name}");
    }
}

#[test]
fn an_unknown_key_is_refused_by_name_in_both_requests() {
    let cases = [
        (
            json!({"deck": "60 Forest", "turns": 2, "on_the_drw": true}),
            "on_the_drw",
        ),
        (
            json!({"deck": "60 Forest", "turns": 2, "target": 0.9}),
            "target",
        ),
    ];
    for (body, key) in cases {
        let e = serde_json::from_str::<analysis::Request>(&body.to_string()).unwrap_err();
        let message = explain_json_error::<analysis::Request>(&e);
        assert!(
            message.starts_with(&format!("unknown field `{key}`")),
            "{message}"
        );
        assert!(
            message.contains("`on_the_draw`") && message.contains("`turns`"),
            "{message}"
        );
    }
    let cases = [
        (
            json!({"cards": 60, "lands": 24, "mulligans": "LONDON"}),
            "mulligans",
        ),
        (
            json!({"cards": 60, "lands": 24, "optimize": null}),
            "optimize",
        ),
    ];
    for (body, key) in cases {
        let e = serde_json::from_str::<source_tables::Request>(&body.to_string()).unwrap_err();
        let message = explain_json_error::<source_tables::Request>(&e);
        assert!(
            message.starts_with(&format!("unknown field `{key}`")),
            "{message}"
        );
        assert!(
            message.contains("`mulligan`") && message.contains("`karsten`"),
            "{message}"
        );
    }
    // A play key of the wrong type is refused too, naming what it got, and so is a hand size
    // that is no number.
    for (play, got) in [
        (json!({"players": "four"}), "four"),
        (json!({"keep": {"ranges": {"seven": [2, 4]}}}), "seven"),
        (json!({"keep": {"ranges": {"+7": [2, 4]}}}), "+7"),
    ] {
        let mut body = play;
        body["cards"] = json!(60);
        body["lands"] = json!(24);
        let e = serde_json::from_value::<source_tables::Request>(body).unwrap_err();
        assert!(e.to_string().contains(got), "{e}");
    }
}
