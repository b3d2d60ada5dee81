//! Verifiable game logs (docs/EVENT_LOG.md, schema [`SCHEMA`]): a header with the seed's
//! commitment and the whole set-up, every event, and the reveal of the seed. [`verify`] checks
//! a log's bytes: the set-up digest, the commitments, and that replaying the decisions the
//! events record ([`Game::replay`]) gives exactly the logged events, compared value by value
//! and by type (`20` is not `20.0`, `false` is not `0`). Every problem is an [`Error::Log`]
//! naming the first one; nothing panics, whatever the bytes.

use crate::card::CardId;
use crate::error::{Error, Result};
use crate::game::{Answer, Game, SetupRecord};
use crate::seed::{contribution_commitment, decode_hex, Seed};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Map, Value};
use sha2::{Digest, Sha256};

/// The log schema this version reads and writes.
pub const SCHEMA: &str = "mulligan-log/2";

const SETUP_DOMAIN: &[u8] = b"mulligan/setup/v1\x00";

fn log_error(message: impl Into<String>) -> Error {
    Error::Log(message.into())
}

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

fn canonical(value: &Value, out: &mut String) {
    match value {
        Value::Array(items) => {
            out.push('[');
            for (i, v) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                canonical(v, out);
            }
            out.push(']');
        }
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            out.push('{');
            for (i, k) in keys.into_iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                ascii_string(k, out);
                out.push(':');
                canonical(&map[k], out);
            }
            out.push('}');
        }
        Value::String(s) => ascii_string(s, out),
        other => out.push_str(&other.to_string()),
    }
}

/// A JSON string as Python's `ensure_ascii=True` writes it.
fn ascii_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04x}"));
                }
            }
        }
    }
    out.push('"');
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

#[derive(Deserialize)]
struct LoggedCard {
    id: CardId,
}

/// The events that record a decision, as far as replay needs them.
#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum Logged {
    StartingPlayer {
        seat: usize,
        chosen_by: Option<usize>,
    },
    Keep {
        seat: usize,
    },
    DeclareMulligan {
        seat: usize,
    },
    DeclarePartialMulligan {
        seat: usize,
        cards: Vec<LoggedCard>,
    },
    LandMulligan {
        seat: usize,
    },
    Bottom {
        seat: usize,
        cards: Vec<LoggedCard>,
    },
    MulliganAction {
        seat: usize,
        card: LoggedCard,
    },
    Vancouver {
        seat: usize,
        to: String,
    },
    OpeningHandAction {
        seat: usize,
        card: LoggedCard,
        exiled: Option<LoggedCard>,
    },
    PassActions {
        seat: usize,
    },
    #[serde(other)]
    Other,
}

impl Logged {
    fn answer(self) -> Option<Answer> {
        Some(match self {
            Logged::StartingPlayer {
                seat,
                chosen_by: Some(chooser),
            } => Answer::ChooseStartingPlayer {
                chooser,
                starting_seat: seat,
            },
            Logged::Keep { seat } => Answer::Keep { seat },
            Logged::DeclareMulligan { seat } => Answer::Mulligan { seat },
            Logged::DeclarePartialMulligan { seat, cards } => Answer::PartialMulligan {
                seat,
                cards: cards.into_iter().map(|c| c.id).collect(),
            },
            Logged::LandMulligan { seat } => Answer::LandMulligan { seat },
            Logged::Bottom { seat, cards } => Answer::Bottom {
                seat,
                cards: cards.into_iter().map(|c| c.id).collect(),
            },
            Logged::MulliganAction { seat, card } => Answer::MulliganAction {
                seat,
                card: card.id,
            },
            Logged::Vancouver { seat, to } => Answer::Vancouver {
                seat,
                bottom: to == "bottom",
            },
            Logged::OpeningHandAction { seat, card, exiled } => Answer::OpeningHandAction {
                seat,
                card: card.id,
                exile: exiled.map(|c| c.id),
            },
            Logged::PassActions { seat } => Answer::PassActions { seat },
            Logged::StartingPlayer { .. } | Logged::Other => return None,
        })
    }
}

fn typed<T: for<'de> Deserialize<'de>>(value: &Value, what: &str) -> Result<T> {
    T::deserialize(value).map_err(|e| log_error(format!("{what}: {e}")))
}

/// Verifies a log given as its bytes (JSON Lines). `commitment` and `setup`: the seed
/// commitment and set-up digest published before the game, if kept (then a log rewritten from
/// scratch is caught too). Ok, or [`Error::Log`] naming the first problem.
pub fn verify(bytes: &[u8], commitment: Option<&str>, setup: Option<&str>) -> Result<()> {
    let text = std::str::from_utf8(bytes)
        .map_err(|e| log_error(format!("the log is not UTF-8 text: {e}")))?;
    let mut records = vec![];
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let value: Value = serde_json::from_str(line)
            .map_err(|e| log_error(format!("line {}: not a JSON record: {e}", i + 1)))?;
        if !value.is_object() {
            return Err(log_error(format!(
                "line {}: a log record is a JSON object, got {value}",
                i + 1
            )));
        }
        records.push(value);
    }
    verify_records(&records, commitment, setup)
}

/// [`verify`] over records already parsed (each a JSON object).
pub fn verify_records(
    records: &[Value],
    commitment: Option<&str>,
    setup: Option<&str>,
) -> Result<()> {
    let kind = |r: &Value| r.get("type").and_then(Value::as_str).map(str::to_owned);
    let (first, last) = match records {
        [first, .., last] => (first, last),
        _ => {
            return Err(log_error(
                "a log starts with a header record and ends with a reveal record",
            ))
        }
    };
    if kind(first).as_deref() != Some("header") || kind(last).as_deref() != Some("reveal") {
        return Err(log_error(
            "a log starts with a header record and ends with a reveal record",
        ));
    }
    let schema = first.get("schema");
    if schema != Some(&Value::from(SCHEMA)) {
        return Err(log_error(format!(
            "unknown schema {}; this version reads {SCHEMA}",
            schema.unwrap_or(&Value::Null)
        )));
    }
    let head: Header = typed(first, "the header does not describe a game")?;
    if head.format_version != crate::FORMAT_VERSION {
        return Err(log_error(format!(
            "format version {} is not {}",
            head.format_version,
            crate::FORMAT_VERSION
        )));
    }
    let Value::Object(head_map) = first else {
        return Err(log_error("the header is not a JSON object"));
    };
    if head.setup_digest != setup_digest(head_map) {
        return Err(log_error(
            "the header's set-up (decks, players, rules) does not match its digest",
        ));
    }
    if setup.is_some_and(|s| s != head.setup_digest) {
        return Err(log_error(
            "the header's set-up digest is not the one published before the game",
        ));
    }
    if commitment.is_some_and(|c| c.to_ascii_lowercase() != head.commitment) {
        return Err(log_error(
            "the log's seed commitment is not the one published before the game",
        ));
    }
    let reveal: Reveal = typed(last, "malformed reveal record")?;
    let seed = Seed::from_hex(&reveal.seed)
        .map_err(|e| log_error(format!("malformed reveal record: {e}")))?;
    let contributions = reveal
        .contributions
        .iter()
        .map(|c| {
            decode_hex(c)
                .ok_or_else(|| log_error("malformed reveal record: a contribution is not hex"))
        })
        .collect::<Result<Vec<_>>>()?;
    let matches = seed
        .verify_commitment(&head.commitment)
        .map_err(|e| log_error(format!("malformed commitment in the header: {e}")))?;
    if !matches {
        return Err(log_error(
            "the revealed seed does not match the commitment published before the game",
        ));
    }
    let committed: Vec<String> = contributions
        .iter()
        .map(|c| contribution_commitment(c))
        .collect();
    if committed != head.contribution_commitments {
        return Err(log_error(
            "the revealed contributions do not match their commitments",
        ));
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
    };
    let n = record.players.len();
    let game = seed
        .game_seed(&contributions, n)
        .and_then(|s| record.with_seed(s))
        .and_then(Game::new)
        .map_err(|e| log_error(format!("the header does not describe a game: {e}")))?;
    let events = &records[1..records.len() - 1];
    let mut game = game;
    for (i, e) in events.iter().enumerate() {
        let logged: Logged = typed(e, &format!("event {i} is malformed"))?;
        if let Some(answer) = logged.answer() {
            game.apply(answer).map_err(|e| {
                log_error(format!(
                    "a logged decision cannot be replayed: event {i}: {e}"
                ))
            })?;
        }
    }
    let replayed = game.events();
    for (i, (want, got)) in events.iter().zip(replayed).enumerate() {
        let got = got.to_json();
        if *want != got {
            return Err(log_error(format!(
                "event {i} differs from the replay: logged {want}, replayed {got}"
            )));
        }
    }
    if events.len() != replayed.len() {
        return Err(log_error(format!(
            "the log has {} events, the replay {}",
            events.len(),
            replayed.len()
        )));
    }
    if !game.done() {
        return Err(log_error("the logged game start is not complete"));
    }
    Ok(())
}
