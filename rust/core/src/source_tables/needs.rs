//! Each card's coloured sources against the sources table's need (docs/ANALYSIS.md, "Sources
//! tables"): for a spell of mana value `t` with `c` symbols of a colour, the deck's sources of
//! that colour and the fewest its table asks for to cast it on curve (turn `t`) at the target
//! chance. A card is short-changed when the deck has fewer.
//!
//! Non-land mana sources are optional ([`NonlandSources`]): a card of the reviewed list
//! ([`known_mana_source`]) or tagged `[mana]` counts as a source of the colours it adds from
//! the turn after it can be cast (mana value `m`: for spells of mana value above `m`). The
//! table itself models lands only, so such a card is counted as one more source of the
//! colour among the lands (capped at the land count): an estimate that errs generous, said so
//! in the report.

use super::{table, Request, Table};
use crate::card_data::CardTable;
use crate::deck_profile::mana::{letters, mask_of, LETTERS};
use crate::deck_profile::sources::Profile;
use crate::error::Result;
use crate::seed::Seed;
use serde::Serialize;
use std::collections::BTreeMap;

/// The tag that makes a card a mana source (`[mana]`, any case).
pub const MANA_TAG: &str = "mana";

/// The reviewed list: non-land cards that add mana, with the colours they add.
const KNOWN: &[(&str, &str)] = &[
    ("Llanowar Elves", "G"),
    ("Elvish Mystic", "G"),
    ("Fyndhorn Elves", "G"),
    ("Arbor Elf", "G"),
    ("Avacyn's Pilgrim", "W"),
    ("Elves of Deep Shadow", "B"),
    ("Noble Hierarch", "GWU"),
    ("Birds of Paradise", "WUBRG"),
    ("Sol Ring", "C"),
    ("Mind Stone", "C"),
    ("Arcane Signet", "WUBRG"),
    ("Fellwar Stone", "WUBRG"),
    ("Azorius Signet", "WU"),
    ("Dimir Signet", "UB"),
    ("Rakdos Signet", "BR"),
    ("Gruul Signet", "RG"),
    ("Selesnya Signet", "GW"),
    ("Orzhov Signet", "WB"),
    ("Izzet Signet", "UR"),
    ("Golgari Signet", "BG"),
    ("Boros Signet", "RW"),
    ("Simic Signet", "GU"),
    ("Talisman of Progress", "WU"),
    ("Talisman of Dominance", "UB"),
    ("Talisman of Indulgence", "BR"),
    ("Talisman of Impulse", "RG"),
    ("Talisman of Unity", "GW"),
    ("Talisman of Hierarchy", "WB"),
    ("Talisman of Creativity", "UR"),
    ("Talisman of Resilience", "BG"),
    ("Talisman of Conviction", "RW"),
    ("Talisman of Curiosity", "GU"),
];

/// The colours (a mask) a card of the reviewed list adds.
pub fn known_mana_source(name: &str) -> Option<u8> {
    KNOWN
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name.trim()))
        .map(|(_, c)| mask_of(c))
}

/// Whether (and how) non-land mana sources count.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum NonlandSources {
    /// Lands only (his tables' sources): the default.
    #[default]
    Off,
    /// Cards of the reviewed list and cards tagged `[mana]` count too.
    On,
}

/// One colour of one card against the table.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct CardNeed {
    /// The card's name.
    pub name: String,
    /// Its printed mana cost.
    pub mana_cost: String,
    /// The turn it is cast on curve (its mana value).
    pub turn: usize,
    /// The colour's letter.
    pub colour: String,
    /// Its symbols of that colour.
    pub coloured: usize,
    /// The deck's sources of the colour that count by then (lands, and non-land sources when
    /// asked for).
    pub sources: usize,
    /// Of those, non-land mana sources.
    pub nonland_sources: usize,
    /// The table's chance of casting it on curve with that many sources (given the land
    /// drops; sources above the land count read as the land count).
    pub probability: Option<f64>,
    /// The fewest sources the table asks for at the target (null: no count reaches it).
    pub needed: Option<usize>,
    /// Fewer sources than needed.
    pub short: bool,
}

/// What `analyze` reports: the table's settings and every coloured card's need.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SourceNeeds {
    /// The target chance.
    pub target: f64,
    /// How the table was computed (`exact`) under which keep rule (`keep_rule`, `karsten`).
    pub procedure: &'static str,
    /// Whether non-land mana sources counted.
    pub nonland_sources: bool,
    /// One entry per card and colour, in deck order.
    pub cards: Vec<CardNeed>,
}

/// The non-land sources of each card (index = card id): the colours it adds and its mana
/// value, for a card of the reviewed list or tagged `[mana]` (its colours from the card
/// table's `produced` when the list does not have it; none known: colourless).
fn nonland(profile: &Profile, table: Option<&CardTable>) -> Vec<Option<(u8, usize)>> {
    (0..profile.len())
        .map(|i| {
            if profile.lands[i].is_some() {
                return None;
            }
            let name = &profile.names[i];
            let tagged = profile.tags[i]
                .iter()
                .any(|t| t.eq_ignore_ascii_case(MANA_TAG));
            let colours = known_mana_source(name).or_else(|| {
                tagged.then(|| {
                    table
                        .and_then(|t| t.lookup(name.trim()))
                        .map_or(0, |info| mask_of(&info.produced))
                })
            })?;
            let mv = profile.costs[i]
                .as_ref()
                .map_or(0, |c| c.mana_value as usize);
            Some((colours, mv))
        })
        .collect()
}

/// Every coloured card's sources against the table built from `base` (its deck size, land
/// count and keep settings; computed exactly), for mana values up to the table's turn limit.
pub fn card_needs(
    profile: &Profile,
    table_data: Option<&CardTable>,
    base: &Request,
    nonland_sources: NonlandSources,
) -> Result<SourceNeeds> {
    let extra = match nonland_sources {
        NonlandSources::On => nonland(profile, table_data),
        NonlandSources::Off => vec![None; profile.len()],
    };
    let mut wanted = BTreeMap::new();
    for (i, cost) in profile.costs.iter().enumerate() {
        let Some(cost) = cost else { continue };
        if profile.lands[i].is_some() || cost.mana_value == 0 || cost.pips.is_empty() {
            continue;
        }
        wanted.entry(profile.names[i].clone()).or_insert(i);
    }
    let mut order: Vec<(String, usize)> = wanted.into_iter().collect();
    order.sort_by_key(|(_, i)| *i);
    let last = order
        .iter()
        .filter_map(|(_, i)| profile.costs[*i].as_ref().map(|c| c.turn()))
        .max()
        .unwrap_or(1)
        .min(super::MAX_TURNS);
    let mut request = base.clone();
    request.exact = true;
    // The deck may be too small to see the last turns: shorten until it is not.
    let mut built: Option<Table> = None;
    for turns in (1..=last).rev() {
        request.turns = turns;
        match table(&request, &Seed::from_slice(&[0; 32])?) {
            Ok(t) => {
                built = Some(t);
                break;
            }
            Err(e) if turns == 1 => return Err(e),
            Err(_) => continue,
        }
    }
    let built = built.expect("turn 1 either builds or returns");
    let mut cards = vec![];
    for (name, i) in order {
        let cost = profile.costs[i].as_ref().expect("kept with a cost");
        let turn = cost.turn();
        if turn > built.turns {
            continue;
        }
        for &(letter, bit) in LETTERS.iter() {
            let coloured = cost.pips.iter().filter(|&&p| p == bit).count();
            if coloured == 0 || coloured > turn {
                continue;
            }
            let lands = profile.sources(bit);
            let nonland = extra
                .iter()
                .flatten()
                .filter(|(c, mv)| c & bit != 0 && *mv < turn)
                .count();
            let sources = lands + nonland;
            let cell = &built.cells[(turn - 1) * turn / 2 + (coloured - 1)];
            cards.push(CardNeed {
                name: name.clone(),
                mana_cost: profile.printed[i].clone(),
                turn,
                colour: letters(bit).chars().next().unwrap_or(letter).to_string(),
                coloured,
                sources,
                nonland_sources: nonland,
                probability: cell.probability[sources.min(built.lands)],
                needed: cell.needed,
                short: cell.needed.is_none_or(|n| sources < n),
            });
        }
    }
    Ok(SourceNeeds {
        target: base.target_or_default(),
        procedure: if base.karsten { "karsten" } else { "keep_rule" },
        nonland_sources: nonland_sources == NonlandSources::On,
        cards,
    })
}
