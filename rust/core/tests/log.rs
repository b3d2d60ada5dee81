//! Log verification in the core (`mulligan_core::log`): a complete log verifies; any change
//! to it, and any input at all that is not a log, is an `Error::Log` (never a panic).

use mulligan_core::log::{header, verify, SCHEMA};
use mulligan_core::{
    DeckList, Error, Game, GameSetup, MulliganRule, PlayerSetup, Seed, Start, Variant,
};
use serde_json::{json, Value};

const HOST: [u8; 32] = [0x42; 32];

fn setup(contributions: &[Vec<u8>]) -> GameSetup {
    let deck = DeckList::parse(
        "20 Forest\n2 Serum Powder\n2 Leyline of Sanctity\n36 Grizzly Bears\nSideboard\n1 Naturalize",
    )
    .unwrap();
    let host = Seed::from_bytes(HOST);
    GameSetup {
        house: Default::default(),
        players: ["Zoë", "B", "C"]
            .iter()
            .map(|n| PlayerSetup::new(*n, deck.clone()))
            .collect(),
        variant: Variant::FreeForAll,
        rule: MulliganRule::London,
        seed: host.game_seed(contributions, 3).unwrap(),
        game_index: 2,
        start: Start::Random,
    }
}

/// A finished game's log records: header, events, reveal.
fn records() -> Vec<Value> {
    let contributions = vec![b"x".to_vec(), b"yy".to_vec(), vec![]];
    let mut game = Game::new(setup(&contributions)).unwrap();
    let mut step = 0;
    while !game.done() {
        let d = game.pending()[0].clone();
        match d.kind {
            mulligan_core::DecisionKind::ChooseStartingPlayer => {
                game.choose_starting_player(d.seat, 1)
            }
            mulligan_core::DecisionKind::KeepOrMulligan if step < 2 && d.can_mulligan => {
                game.mulligan(d.seat)
            }
            mulligan_core::DecisionKind::KeepOrMulligan => game.keep(d.seat),
            mulligan_core::DecisionKind::Bottom => {
                game.bottom(d.seat, &d.hand_ids()[..d.count.unwrap()])
            }
            mulligan_core::DecisionKind::Vancouver => game.vancouver(d.seat, true),
            mulligan_core::DecisionKind::OpeningHandAction => game.pass_actions(d.seat),
        }
        .unwrap();
        step += 1;
    }
    let committed: Vec<String> = contributions
        .iter()
        .map(|c| mulligan_core::seed::contribution_commitment(c))
        .collect();
    let host = Seed::from_bytes(HOST);
    let mut out = vec![header(game.setup_record(), &host.commitment(), &committed)];
    out.extend(game.events().iter().map(|e| e.to_json()));
    out.push(json!({"type": "reveal", "seed": host.hex(), "contributions": ["78", "7979", ""]}));
    out
}

fn bytes(records: &[Value]) -> Vec<u8> {
    records
        .iter()
        .map(|r| r.to_string() + "\n")
        .collect::<String>()
        .into_bytes()
}

fn refused(data: &[u8]) -> String {
    match verify(data, None, None) {
        Err(Error::Log(m)) => m,
        Err(e) => panic!("not a log error: {e:?}"),
        Ok(()) => panic!("accepted: {}", String::from_utf8_lossy(data)),
    }
}

#[test]
fn a_complete_log_verifies_with_and_without_what_was_published() {
    let r = records();
    assert_eq!(r[0]["schema"], SCHEMA);
    let digest = r[0]["setup_digest"].as_str().unwrap().to_string();
    let commitment = Seed::from_bytes(HOST).commitment();
    verify(&bytes(&r), None, None).unwrap();
    verify(&bytes(&r), Some(&commitment.to_uppercase()), Some(&digest)).unwrap();
    assert!(refused_with(&r, Some(&"0".repeat(64)), None).contains("published"));
    assert!(refused_with(&r, None, Some("abc")).contains("published"));
}

fn refused_with(r: &[Value], commitment: Option<&str>, setup: Option<&str>) -> String {
    match verify(&bytes(r), commitment, setup) {
        Err(Error::Log(m)) => m,
        other => panic!("{other:?}"),
    }
}

/// Every scalar of every event, changed in value or only in type, is caught, and the message
/// names the event.
#[test]
fn every_change_to_an_event_is_caught_by_value_and_by_type() {
    let r = records();
    let mut checked = 0;
    for i in 1..r.len() - 1 {
        let Value::Object(event) = &r[i] else {
            panic!()
        };
        for (key, value) in event {
            let changes: Vec<Value> = match value {
                Value::Number(n) if n.is_u64() => {
                    let v = n.as_u64().unwrap();
                    vec![json!(v + 1), json!(v as f64), json!(v.to_string())]
                }
                Value::Bool(b) => vec![json!(!b), json!(u8::from(*b))],
                Value::String(s) => vec![json!(format!("{s}x"))],
                Value::Null => vec![json!(0), json!(false)],
                _ => continue,
            };
            for change in changes {
                let mut bad = r.clone();
                bad[i][key] = change.clone();
                let m = refused(&bytes(&bad));
                assert!(!m.is_empty(), "{key} = {change}");
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{checked}");
}

#[test]
fn anything_that_is_not_a_log_is_a_log_error() {
    let r = records();
    let good = bytes(&r);
    let nested = "[".repeat(10_000);
    let cases: Vec<Vec<u8>> = vec![
        vec![],
        b"\n\n".to_vec(),
        vec![0xff, 0xfe, b'{', b'}'],
        b"null\n".to_vec(),
        b"[1, 2]\n".to_vec(),
        b"{}\n{}\n".to_vec(),
        nested.into_bytes(),
        good[..good.len() / 2].to_vec(),
        [b"[]\n".as_slice(), &good].concat(),
    ];
    for data in cases {
        refused(&data);
    }
    // The header: missing fields, wrong types, a malformed commitment, an unknown field.
    for (key, value) in [
        ("players", Value::Null),
        ("game_index", json!(-1)),
        ("game_index", json!(2.0)),
        ("commitment", json!("zz")),
        ("commitment", json!(7)),
        ("contribution_commitments", json!("x")),
        ("variant", json!("CHAOS")),
        ("extra", json!(1)),
        ("schema", json!("mulligan-log/1")),
        ("format_version", json!(1)),
    ] {
        let mut bad = r.clone();
        bad[0][key] = value;
        refused(&bytes(&bad));
    }
    let mut bad = r.clone();
    bad[0].as_object_mut().unwrap().remove("players");
    assert!(refused(&bytes(&bad)).contains("players"));
    // The reveal: a seed that is not the committed one, a malformed seed or contribution.
    for (key, value) in [
        ("seed", json!("00".repeat(32))),
        ("seed", json!("xyz")),
        ("contributions", json!(["+7"])),
        ("contributions", json!(["78", "7979"])),
        ("contributions", Value::Null),
    ] {
        let mut bad = r.clone();
        let last = bad.len() - 1;
        bad[last][key] = value;
        refused(&bytes(&bad));
    }
    // An event that is not an object, or the wrong shape for its type.
    let mut bad = r.clone();
    bad[3] = Value::Null;
    refused(&bytes(&bad));
    let mut bad = r.clone();
    bad.insert(3, json!({"type": "keep", "seat": "0"}));
    refused(&bytes(&bad));
    // A dropped or an added event.
    let mut bad = r.clone();
    bad.remove(r.len() - 2);
    refused(&bytes(&bad));
}

#[test]
fn the_set_up_is_bound_by_its_digest() {
    let r = records();
    let mut bad = r.clone();
    bad[0]["players"][1]["deck"][59]["name"] = json!("Black Lotus");
    assert!(refused(&bytes(&bad)).contains("digest"));
}

/// A published value that is not 64 hex digits is said to be so (not "does not match").
#[test]
fn a_published_value_that_is_not_64_hex_digits_is_named_as_such() {
    let r = records();
    for bad in ["00", "", &"g".repeat(64), &"0".repeat(65)] {
        let m = refused_with(&r, Some(bad), None);
        assert!(
            m.starts_with("the published seed commitment is not 64 hex digits"),
            "{m}"
        );
        let m = refused_with(&r, None, Some(bad));
        assert!(
            m.starts_with("the published set-up digest is not 64 hex digits"),
            "{m}"
        );
    }
}

/// A changed commitment is named: edited in the header alone (its digest, which covers it,
/// and the revealed seed agree on the original), or in a header rewritten with its digest but
/// not the one published.
#[test]
fn a_changed_commitment_in_the_header_is_named() {
    let r = records();
    let mut bad = r.clone();
    bad[0]["commitment"] = json!("ab".repeat(32));
    let m = refused(&bytes(&bad));
    assert!(
        m.starts_with("line 1: the commitment in the header was changed"),
        "{m}"
    );
    assert!(m.contains(&Seed::from_bytes(HOST).commitment()), "{m}");
    let m = refused_with(&r, Some(&"ab".repeat(32)), None);
    assert!(
        m.starts_with("line 1: the commitment in the header was changed")
            && m.contains("published before the game"),
        "{m}"
    );
    // Another change to the header is still a set-up that does not match its digest.
    let mut bad = r.clone();
    bad[0]["commitment"] = json!("ab".repeat(32));
    bad[0]["game_index"] = json!(3);
    assert!(refused(&bytes(&bad)).contains("does not match its digest"));
}

/// A differing event names its line in the file (blank lines counted), the fields that
/// differ, and shows both records in the logged record's key order with those fields marked.
#[test]
fn a_differing_event_names_its_line_and_marks_the_fields_that_differ() {
    let r = records();
    let shuffle = r.iter().position(|e| e["type"] == "shuffle").unwrap();
    let mut bad = r.clone();
    bad[shuffle]["shuffle"] = json!(7);
    // Written with sorted keys (as Python's write_log does) and one blank line after the header.
    let mut text = String::new();
    for (i, record) in bad.iter().enumerate() {
        let sorted: std::collections::BTreeMap<_, _> = record.as_object().unwrap().iter().collect();
        text += &serde_json::to_string(&sorted).unwrap();
        text += if i == 0 { "\n\n" } else { "\n" };
    }
    let m = refused(text.as_bytes());
    let line = shuffle + 2;
    let prefix = format!(
        "line {line}: event {} differs from the replay in shuffle: ",
        shuffle - 1
    );
    assert!(m.starts_with(&prefix), "{m}");
    let (logged, replayed) = m[prefix.len()..].split_once(", replayed ").unwrap();
    let logged = logged.strip_prefix("logged ").unwrap();
    assert!(logged.contains(">>\"shuffle\":7<<"), "{m}");
    assert!(replayed.contains(">>\"shuffle\":0<<"), "{m}");
    let keys = |s: &str| -> Vec<String> {
        s.split(',')
            .filter_map(|f| f.trim_start_matches(['{', '>']).split_once("\":"))
            .map(|(k, _)| k.trim_start_matches('"').to_string())
            .collect()
    };
    assert_eq!(keys(logged), keys(replayed), "{m}");
    assert_eq!(
        keys(logged).first().map(String::as_str),
        Some("rule"),
        "{m}"
    );
}
