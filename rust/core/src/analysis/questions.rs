//! The on-curve questions an analysis asks ([`questions`]): the cards a request names, or
//! every nonland card with a known cost, each compiled against the deck ([`Question`]) with its
//! name and printed cost; the names checked (a card not in the main deck, a land, a card
//! without a known cost are errors naming it). A commander is asked about too: by name, and
//! first by default; it waits in the command zone (903.6), so its answer is the mana alone
//! ([`Question::for_commander`]).

use super::castable::Question;
use super::mana::{self, letters};
use super::request::Request;
use super::sources::Profile;
use crate::card_data::similar::{self, Matcher};
use crate::card_data::CardTable;
use crate::error::{Error, Result};

/// The most cards one analysis asks the on-curve question of (the first in deck order).
pub const MAX_QUESTIONS: usize = 128;

/// A question's card name and printed cost.
pub type Label = (String, String);

/// The on-curve questions of a request: the cards it names, or every nonland card with a known
/// cost (each name once, in deck order), with each card's name and printed cost. A name not in
/// the main deck is an error that suggests the nearest of the deck's names and `table`'s.
pub fn questions<D>(
    profile: &Profile,
    request: &Request<D>,
    table: Option<&CardTable>,
    warnings: &mut Vec<String>,
) -> Result<(Vec<Question>, Vec<Label>)> {
    // A card of the main deck by its index, or a commander by its index among them.
    let mut names: Vec<(String, Asked)> = vec![];
    if request.cards.len() > MAX_QUESTIONS {
        return Err(Error::config(format!(
            "at most {MAX_QUESTIONS} cards may be named, got {}",
            request.cards.len()
        )));
    }
    if request.cards.is_empty() {
        for (i, c) in profile.commanders.iter().enumerate() {
            names.push((c.name.clone(), Asked::Commander(i)));
        }
        for (i, name) in profile.names.iter().enumerate() {
            if profile.lands[i].is_none()
                && !names.iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
            {
                names.push((name.clone(), Asked::Main(i)));
            }
        }
    } else {
        for wanted in &request.cards {
            let found = profile
                .names
                .iter()
                .position(|n| n.trim().eq_ignore_ascii_case(wanted.trim()));
            let commander = profile
                .commanders
                .iter()
                .position(|c| c.name.trim().eq_ignore_ascii_case(wanted.trim()));
            match (found, commander) {
                (None, Some(i)) => {
                    names.push((profile.commanders[i].name.clone(), Asked::Commander(i)));
                }
                (None, None) => {
                    let own = Matcher::new(
                        profile
                            .names
                            .iter()
                            .map(String::as_str)
                            .chain(profile.commanders.iter().map(|c| c.name.as_str())),
                    );
                    let empty = Matcher::default();
                    let rest = table.map_or(&empty, CardTable::matcher);
                    let near = similar::closest_of(wanted, &own, rest, similar::SUGGESTIONS);
                    // A card the table knows by this very name is no misspelling: say so
                    // rather than suggest the name asked for.
                    let same = |n: &String| n.trim().eq_ignore_ascii_case(wanted.trim());
                    let hint = match (near.iter().any(same), near.is_empty()) {
                        (true, _) => "; the card table knows it: add it to the deck".to_string(),
                        (false, true) => String::new(),
                        (false, false) => format!("; {}", similar::did_you_mean(&near)),
                    };
                    return Err(Error::config(format!(
                        "{wanted:?} is not in the deck's main deck{}{hint}",
                        if profile.commanders.is_empty() {
                            ""
                        } else {
                            " nor its commander"
                        }
                    )));
                }
                (Some(i), _) if profile.lands[i].is_some() => {
                    return Err(Error::config(format!(
                        "{wanted:?} is a land: the on-curve question is asked of spells"
                    )))
                }
                (Some(i), _) => names.push((profile.names[i].clone(), Asked::Main(i))),
            }
        }
    }
    let mut out = vec![];
    let mut labels = vec![];
    let mut unknown = vec![];
    for (name, asked) in names {
        let (cost, printed) = match asked {
            Asked::Main(i) => (profile.costs[i].clone(), profile.printed[i].as_str()),
            Asked::Commander(i) => {
                let c = &profile.commanders[i];
                (c.cost.clone(), c.printed.as_str())
            }
        };
        let Some(cost) = cost else {
            if !request.cards.is_empty() {
                return Err(Error::config(format!(
                    "no mana cost is known for {name:?}: the card table does not have it \
                     (run `mulligan cards download`)"
                )));
            }
            unknown.push(name);
            continue;
        };
        let printed = match printed {
            "" => cost_text(&cost),
            p => p.to_string(),
        };
        let q = match asked {
            Asked::Main(_) => Question::new(profile, &name, cost),
            Asked::Commander(_) => Question::for_commander(profile, &name, cost),
        };
        let Some(q) = q else {
            warnings.push(format!(
                "{name:?}: the deck has too many kinds of land for this cost; left out"
            ));
            continue;
        };
        out.push(q);
        labels.push((name, printed));
    }
    if out.len() > MAX_QUESTIONS {
        warnings.push(format!(
            "{} cards with a known cost: only the first {MAX_QUESTIONS} in deck order are asked \
             about (name the others with --card)",
            out.len()
        ));
        out.truncate(MAX_QUESTIONS);
        labels.truncate(MAX_QUESTIONS);
    }
    if !unknown.is_empty() {
        warnings.push(format!(
            "no mana cost known for {} card(s), left out: {}{}",
            unknown.len(),
            unknown[..unknown.len().min(20)].join(", "),
            if unknown.len() > 20 { ", ..." } else { "" }
        ));
    }
    Ok((out, labels))
}

/// Where a card asked about is.
#[derive(Debug, Clone, Copy)]
enum Asked {
    /// In the main deck, at this index.
    Main(usize),
    /// A commander, at this index among them.
    Commander(usize),
}

/// A cost as the analysis reads it, in mana symbols: generic, then each coloured symbol.
fn cost_text(cost: &mana::ManaCost) -> String {
    let mut out = String::new();
    if cost.generic() > 0 || cost.mana_value == 0 {
        out.push_str(&format!("{{{}}}", cost.generic()));
    }
    for &p in &cost.pips {
        let l: Vec<String> = letters(p).chars().map(String::from).collect();
        out.push_str(&format!("{{{}}}", l.join("/")));
    }
    out
}
