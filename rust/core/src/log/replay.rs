//! The replay half of [`super::verify`]: each logged decision (an event that records an answer,
//! [`Logged`]) applied to the game the header sets up, and every event the replay gives
//! compared with the logged one, value by value, as soon as it is replayed, so that the first
//! difference is the one named.

use super::canonical::{canonical, log_error};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::game::{Answer, Game};
use serde::Deserialize;
use serde_json::{Map, Value};
use std::borrow::Cow;

/// One logged record: its line of text, parsed only when the replay needs it (a decision to
/// apply, or an event that is not written exactly as the replay writes it), or a record
/// already parsed.
pub(super) enum Line<'a> {
    /// A line of a log's text, already checked to be a JSON object.
    Text(&'a str),
    /// A parsed record.
    Parsed(&'a Value),
}

impl<'a> Line<'a> {
    /// The record as a JSON value.
    pub(super) fn value(&self) -> Cow<'a, Value> {
        match *self {
            Line::Text(t) => Cow::Owned(serde_json::from_str(t).unwrap_or(Value::Null)),
            Line::Parsed(v) => Cow::Borrowed(v),
        }
    }

    /// The record's `type`, when it is a string.
    fn kind(&self) -> Option<Cow<'a, str>> {
        #[derive(Deserialize)]
        struct Kind<'b> {
            #[serde(rename = "type", borrow)]
            kind: Option<Cow<'b, str>>,
        }
        match *self {
            Line::Text(t) => serde_json::from_str::<Kind>(t).ok()?.kind,
            Line::Parsed(v) => v.get("type")?.as_str().map(Cow::Borrowed),
        }
    }

    /// The decision record `i` (on line `line`) logs, if it logs one.
    fn answer(&self, i: usize, line: usize) -> Result<Option<Answer>> {
        let kind = self.kind();
        if kind.as_deref().is_some_and(|k| !ANSWERS.contains(&k)) {
            return Ok(None); // not a decision: Logged::Other, without reading the rest
        }
        let logged: std::result::Result<Logged, serde_json::Error> = match *self {
            Line::Text(t) => serde_json::from_str(t),
            Line::Parsed(v) => Logged::deserialize(v),
        };
        logged
            .map(Logged::answer)
            .map_err(|e| log_error(format!("line {line}: event {i} is malformed: {e}")))
    }
}

/// The `type`s of the events that record a decision (the variants of [`Logged`] but `Other`).
const ANSWERS: [&str; 12] = [
    "starting_player",
    "keep",
    "declare_mulligan",
    "declare_partial_mulligan",
    "land_mulligan",
    "bottom",
    "mulligan_action",
    "vancouver",
    "opening_hand_action",
    "pass_actions",
    "act",
    "end",
];

/// Applies the decisions `events` record (`lines`: their line numbers) to `game`, comparing
/// each replayed event with the logged one as soon as it is replayed: the first difference is
/// named (not a later decision it made impossible), then a replay that is longer or shorter.
pub(super) fn events(game: &mut Game, events: &[Line], lines: &[usize]) -> Result<()> {
    let mut checked = 0;
    let mut text = String::new();
    for (i, e) in events.iter().enumerate() {
        compare(game, events, lines, &mut checked, i, &mut text)?;
        if let Some(answer) = e.answer(i, lines[i])? {
            game.apply(answer).map_err(|err| {
                log_error(format!(
                    "line {}: a logged decision cannot be replayed: event {i}: {err}",
                    lines[i]
                ))
            })?;
        }
    }
    compare(game, events, lines, &mut checked, events.len(), &mut text)?;
    if events.len() != game.events().len() {
        return Err(log_error(format!(
            "the log has {} events, the replay {}",
            events.len(),
            game.events().len()
        )));
    }
    Ok(())
}

/// Compares the replayed events from `checked` up to `upto` (those replayed so far) with the
/// logged ones. A logged line written exactly as the replayed event's canonical JSON matches
/// without being parsed; any other is compared value by value.
fn compare(
    game: &Game,
    events: &[Line],
    lines: &[usize],
    checked: &mut usize,
    upto: usize,
    text: &mut String,
) -> Result<()> {
    let replayed = game.events();
    let upto = upto.min(replayed.len()).min(events.len());
    while *checked < upto {
        let k = *checked;
        let got = replayed[k].to_json();
        if let Line::Text(t) = events[k] {
            text.clear();
            canonical(&got, text);
            if t.trim_end() == text.as_str() {
                *checked += 1;
                continue;
            }
        }
        let want = events[k].value();
        if *want != got {
            return Err(differs(k, lines[k], &want, &got));
        }
        *checked += 1;
    }
    Ok(())
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
    Act {
        seat: usize,
        host: bool,
        #[serde(default)]
        looker: Option<usize>,
        action: crate::table::Action,
    },
    End {},
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
            Logged::Act {
                seat,
                host,
                looker,
                action,
            } => Answer::Act {
                seat,
                host,
                looker,
                action,
            },
            Logged::End {} => Answer::End {},
            Logged::StartingPlayer { .. } | Logged::Other => return None,
        })
    }
}

/// `got` with its keys (and those of the objects inside it) in the order of `like`'s, then
/// any others: a replayed record shown as the logged one is written.
fn ordered_like(got: &Value, like: &Value) -> Value {
    match (got, like) {
        (Value::Object(g), Value::Object(l)) => {
            let mut out = Map::new();
            for (k, lv) in l {
                if let Some(gv) = g.get(k) {
                    out.insert(k.clone(), ordered_like(gv, lv));
                }
            }
            for (k, gv) in g {
                if !out.contains_key(k) {
                    out.insert(k.clone(), gv.clone());
                }
            }
            Value::Object(out)
        }
        (Value::Array(g), Value::Array(l)) => Value::Array(
            g.iter()
                .enumerate()
                .map(|(i, gv)| {
                    l.get(i)
                        .map_or_else(|| gv.clone(), |lv| ordered_like(gv, lv))
                })
                .collect(),
        ),
        _ => got.clone(),
    }
}

/// A record as one line of JSON with the fields named in `marked` between `>>` and `<<`.
fn with_marks(record: &Value, marked: &[&String]) -> String {
    let Value::Object(map) = record else {
        return record.to_string();
    };
    let fields: Vec<String> = map
        .iter()
        .map(|(k, v)| {
            let field = format!("{}:{v}", Value::from(k.as_str()));
            if marked.contains(&k) {
                format!(">>{field}<<")
            } else {
                field
            }
        })
        .collect();
    format!("{{{}}}", fields.join(","))
}

/// Event `i` (on line `line`) as logged and as replayed, in the same key order, the fields
/// that differ named and marked.
fn differs(i: usize, line: usize, want: &Value, got: &Value) -> Error {
    let got = ordered_like(got, want);
    let empty = Map::new();
    let (w, g) = (
        want.as_object().unwrap_or(&empty),
        got.as_object().unwrap_or(&empty),
    );
    let mut fields: Vec<&String> = w.keys().filter(|k| g.get(*k) != w.get(*k)).collect();
    fields.extend(g.keys().filter(|k| !w.contains_key(*k)));
    let names: Vec<&str> = fields.iter().map(|k| k.as_str()).collect();
    log_error(format!(
        "line {line}: event {i} differs from the replay in {}: logged {}, replayed {}",
        names.join(", "),
        with_marks(want, &fields),
        with_marks(&got, &fields)
    ))
}
