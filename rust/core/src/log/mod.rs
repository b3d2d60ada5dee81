//! Verifiable game logs (docs/EVENT_LOG.md, schema [`SCHEMA`]): a header with the seed's
//! commitment and the whole set-up, every event, and the reveal of the seed. [`verify`] checks
//! a log's bytes: the set-up digest, the commitments, and that replaying the decisions the
//! events record ([`crate::Game::replay`]) gives exactly the logged events, compared value by value
//! and by type (`20` is not `20.0`, `false` is not `0`). Every problem is an [`crate::Error::Log`]
//! naming the first one; nothing panics, whatever the bytes.

use crate::error::Result;
use crate::game::SetupRecord;
use crate::seed::{contribution_commitment, decode_hex, Seed};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

mod canonical;
mod replay;

use canonical::{canonical, log_error};

/// The log schema this version reads and writes.
pub const SCHEMA: &str = "mulligan-log/2";

const SETUP_DOMAIN: &[u8] = b"mulligan/setup/v1\x00";

/// The header record: published before the game (at least `commitment` and `setup_digest`).
pub fn header(setup: &SetupRecord, commitment: &str, contribution_commitments: &[String]) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), "header".into());
    map.insert("schema".into(), SCHEMA.into());
    map.insert("format_version".into(), crate::FORMAT_VERSION.into());
    map.insert("commitment".into(), commitment.into());
    map.insert(
        "contribution_commitments".into(),
        contribution_commitments.into(),
    );
    if let Ok(Value::Object(fields)) = serde_json::to_value(setup) {
        map.extend(fields);
    }
    let digest = setup_digest(&map);
    map.insert("setup_digest".into(), digest.into());
    Value::Object(map)
}

/// SHA-256 of `b"mulligan/setup/v1\0"` and the header's canonical JSON without its
/// `setup_digest` (keys sorted, separators `,` and `:`, ASCII only: Python's
/// `json.dumps(h, sort_keys=True, separators=(",", ":"), ensure_ascii=True)`).
pub fn setup_digest(head: &Map<String, Value>) -> String {
    let mut text = String::new();
    let body: Map<String, Value> = head
        .iter()
        .filter(|(k, _)| *k != "setup_digest")
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    canonical(&Value::Object(body), &mut text);
    let mut h = Sha256::new();
    h.update(SETUP_DOMAIN);
    h.update(text.as_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// A log's first record: the commitments and the whole set-up (the fields of
/// [`SetupRecord`]), published before the game.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LogHeader")]
pub(crate) struct Header {
    /// `"header"`.
    #[serde(rename = "type")]
    _type: String,
    /// [`SCHEMA`].
    #[serde(rename = "schema")]
    _schema: String,
    /// [`crate::FORMAT_VERSION`].
    format_version: u32,
    /// The host seed's commitment (64 hex digits).
    commitment: String,
    /// Each player contribution's commitment, in seat order.
    contribution_commitments: Vec<String>,
    /// As in [`SetupRecord`].
    variant: crate::rules::Variant,
    /// As in [`SetupRecord`].
    mulligan: crate::rules::MulliganRule,
    /// As in [`SetupRecord`].
    game_index: u64,
    /// As in [`SetupRecord`].
    starting_player: Option<usize>,
    /// As in [`SetupRecord`].
    chooser: Option<usize>,
    /// As in [`SetupRecord`].
    players: Vec<crate::game::PlayerRecord>,
    /// As in [`SetupRecord`] (left out when 0).
    #[serde(default)]
    free_mulligans: u32,
    /// As in [`SetupRecord`] (left out when false).
    #[serde(default)]
    land_mulligan: bool,
    /// As in [`SetupRecord`] (left out when null).
    #[serde(default)]
    smoothing: Option<crate::house::Smoothing>,
    /// As in [`SetupRecord`] (left out when null).
    #[serde(default)]
    smoothing_candidates: Option<u32>,
    /// As in [`SetupRecord`] (left out when false).
    #[serde(default)]
    whole_game: bool,
    /// SHA-256 of the header without this field ([`setup_digest`]).
    setup_digest: String,
}

/// A log's last record: the seed and the contributions, revealed after the game.
#[derive(Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
#[schemars(rename = "LogReveal")]
pub(crate) struct Reveal {
    /// `"reveal"`.
    #[serde(rename = "type")]
    _type: String,
    /// The host's seed, 64 hex digits.
    seed: String,
    /// The contributions, in seat order, as hex.
    contributions: Vec<String>,
}

fn typed<T: for<'de> Deserialize<'de>>(value: &Value, what: &str) -> Result<T> {
    T::deserialize(value).map_err(|e| log_error(format!("{what}: {e}")))
}

/// Verifies a log given as its bytes (JSON Lines). `commitment` and `setup`: the seed
/// commitment and set-up digest published before the game, if kept (then a log rewritten from
/// scratch is caught too; each must be 64 hex digits). Ok, or [`crate::Error::Log`] naming the first
/// problem and the line of the log it is on.
pub fn verify(bytes: &[u8], commitment: Option<&str>, setup: Option<&str>) -> Result<()> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| log_error(format!("the log is not UTF-8 text: {e}")))?;
    let mut records = vec![];
    let mut lines = vec![];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        // Every line is checked to be a JSON object first (without building it: the events
        // are parsed when the replay needs them, most never, replay::Line).
        serde_json::from_str::<serde::de::IgnoredAny>(line)
            .map_err(|e| log_error(format!("line {}: not a JSON record: {e}", i + 1)))?;
        if !line.trim_start().starts_with('{') {
            let value: Value = serde_json::from_str(line).unwrap_or(Value::Null);
            return Err(log_error(format!(
                "line {}: a log record is a JSON object, got {value}",
                i + 1
            )));
        }
        records.push(replay::Line::Text(line));
        lines.push(i + 1);
    }
    verify_lines(&records, &lines, commitment, setup)
}

/// [`verify`] over records already parsed (each a JSON object; record `i` is line `i + 1`).
pub fn verify_records(
    records: &[Value],
    commitment: Option<&str>,
    setup: Option<&str>,
) -> Result<()> {
    let lines: Vec<usize> = (1..=records.len()).collect();
    let records: Vec<replay::Line> = records.iter().map(replay::Line::Parsed).collect();
    verify_lines(&records, &lines, commitment, setup)
}

/// A value published before the game (`what`), lower-cased: 64 hex digits or an error.
fn published(value: Option<&str>, what: &str) -> Result<Option<String>> {
    match value {
        None => Ok(None),
        Some(v) if v.len() == 64 && v.bytes().all(|b| b.is_ascii_hexdigit()) => {
            Ok(Some(v.to_ascii_lowercase()))
        }
        Some(v) => Err(log_error(format!(
            "the published {what} is not 64 hex digits: {}",
            Value::from(v)
        ))),
    }
}

/// The commitment of the seed a reveal record reveals, if it reveals one.
fn revealed_commitment(reveal: &Value) -> Option<String> {
    let reveal: Reveal = Reveal::deserialize(reveal).ok()?;
    Seed::from_hex(&reveal.seed).ok().map(|s| s.commitment())
}

fn verify_lines(
    records: &[replay::Line],
    lines: &[usize],
    commitment: Option<&str>,
    setup: Option<&str>,
) -> Result<()> {
    let commitment = published(commitment, "seed commitment")?;
    let setup = published(setup, "set-up digest")?;
    let kind = |r: &Value| r.get("type").and_then(Value::as_str).map(str::to_owned);
    let (first, last) = match records {
        [first, .., last] => (first.value(), last.value()),
        _ => {
            return Err(log_error(
                "a log starts with a header record and ends with a reveal record",
            ))
        }
    };
    let (first, last): (&Value, &Value) = (&first, &last);
    if kind(first).as_deref() != Some("header") || kind(last).as_deref() != Some("reveal") {
        return Err(log_error(
            "a log starts with a header record and ends with a reveal record",
        ));
    }
    let (head_line, reveal_line) = (lines[0], lines[lines.len() - 1]);
    let schema = first.get("schema");
    if schema != Some(&Value::from(SCHEMA)) {
        return Err(log_error(format!(
            "line {head_line}: unknown schema {}; this version reads {SCHEMA}",
            schema.unwrap_or(&Value::Null)
        )));
    }
    let head: Header = typed(
        first,
        &format!("line {head_line}: the header does not describe a game"),
    )?;
    if head.format_version != crate::FORMAT_VERSION {
        return Err(log_error(format!(
            "line {head_line}: format version {} is not {}",
            head.format_version,
            crate::FORMAT_VERSION
        )));
    }
    let Value::Object(head_map) = first else {
        return Err(log_error("the header is not a JSON object"));
    };
    if head.setup_digest != setup_digest(head_map) {
        // The header's digest covers its commitment: when the revealed seed's commitment
        // makes the digest match again, only the commitment was changed.
        if let Some(original) = revealed_commitment(last) {
            let mut restored = head_map.clone();
            restored.insert("commitment".into(), original.clone().into());
            if original != head.commitment && setup_digest(&restored) == head.setup_digest {
                return Err(log_error(format!(
                    "line {head_line}: the commitment in the header was changed: it is {}, \
                     while the header's set-up digest and the revealed seed both give {original}",
                    head.commitment
                )));
            }
        }
        return Err(log_error(format!(
            "line {head_line}: the header's set-up (decks, players, rules) does not match its \
             digest"
        )));
    }
    if setup.as_ref().is_some_and(|s| *s != head.setup_digest) {
        return Err(log_error(format!(
            "line {head_line}: the header's set-up digest is not the one published before the \
             game"
        )));
    }
    if let Some(c) = commitment.as_ref().filter(|c| **c != head.commitment) {
        return Err(log_error(format!(
            "line {head_line}: the commitment in the header was changed: it is {}, not the \
             {c} published before the game",
            head.commitment
        )));
    }
    let reveal: Reveal = typed(
        last,
        &format!("line {reveal_line}: malformed reveal record"),
    )?;
    let seed = Seed::from_hex(&reveal.seed)
        .map_err(|e| log_error(format!("line {reveal_line}: malformed reveal record: {e}")))?;
    let contributions = reveal
        .contributions
        .iter()
        .map(|c| {
            decode_hex(c).ok_or_else(|| {
                log_error(format!(
                    "line {reveal_line}: malformed reveal record: a contribution is not hex"
                ))
            })
        })
        .collect::<Result<Vec<_>>>()?;
    let matches = seed.verify_commitment(&head.commitment).map_err(|e| {
        log_error(format!(
            "line {head_line}: malformed commitment in the header: {e}"
        ))
    })?;
    if !matches {
        return Err(log_error(format!(
            "line {reveal_line}: the revealed seed does not match the commitment published \
             before the game (line {head_line})"
        )));
    }
    let committed: Vec<String> = contributions
        .iter()
        .map(|c| contribution_commitment(c))
        .collect();
    if committed != head.contribution_commitments {
        return Err(log_error(format!(
            "line {reveal_line}: the revealed contributions do not match their commitments \
             (line {head_line})"
        )));
    }
    let record = SetupRecord {
        variant: head.variant,
        mulligan: head.mulligan,
        game_index: head.game_index,
        starting_player: head.starting_player,
        chooser: head.chooser,
        players: head.players,
        free_mulligans: head.free_mulligans,
        land_mulligan: head.land_mulligan,
        smoothing: head.smoothing,
        smoothing_candidates: head.smoothing_candidates,
        whole_game: head.whole_game,
    };
    let n = record.players.len();
    let game = seed
        .game_seed(&contributions, n)
        .and_then(|s| record.game(s))
        .map_err(|e| {
            log_error(format!(
                "line {head_line}: the header does not describe a game: {e}"
            ))
        })?;
    let events = &records[1..records.len() - 1];
    let event_lines = &lines[1..lines.len() - 1];
    let mut game = game;
    replay::events(&mut game, events, event_lines)?;
    if !game.done() {
        return Err(log_error("the logged game start is not complete"));
    }
    if !game.ended() {
        return Err(log_error(
            "the logged whole game has not ended: its log ends with the host's end, then the reveal",
        ));
    }
    Ok(())
}
