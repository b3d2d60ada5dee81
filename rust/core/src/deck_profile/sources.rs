//! A deck as the analysis reads it: for each card (by its id, its index in the deck) whether it
//! is a land, the colours of mana it adds (106.1; a basic land type stands for its colour,
//! 305.6), whether it enters tapped (614.1c), its tags, and a spell's mana cost (202.1).
//!
//! A fetch land (one that sacrifices itself to search for a land, 701.23) counts as the colours
//! of the lands of this deck it can fetch, and as tapped when the land it fetches enters tapped.
//! A land that enters tapped unless a condition is met (shock lands, fast lands, check lands:
//! [`crate::card_data`]'s conditional kind) counts as untapped, as Karsten and mtgoncurve count
//! them (docs/ANALYSIS.md).
//!
//! In a Commander deck the sources count only for the commanders' colour identity
//! ([`super::commander`]), and the commanders are kept beside the main deck: in the command
//! zone (903.6), never drawn.

use super::commander::{self, AnyColour};
use super::mana::{mask_of, ManaCost, B, C, G, R, U, W};
use crate::card::Card;
use crate::card_data::{CardInfo, CardTable, EntersTapped};
use crate::simulate::RuleCards;

/// A land of the deck: the colours it adds and whether it enters tapped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Land {
    /// Colours of mana it adds ([`super::mana`] masks); 0 for a land that adds only generic
    /// mana as far as the data says (it still pays generic costs).
    pub colours: u8,
    /// It always enters tapped: it adds no mana on the turn it is played.
    pub tapped: bool,
}

/// The deck, card by card (index = card id).
#[derive(Debug, Clone, Default)]
pub struct Profile {
    /// Card names.
    pub names: Vec<String>,
    /// `Some` for a land.
    pub lands: Vec<Option<Land>>,
    /// Tags each card carries.
    pub tags: Vec<Vec<String>>,
    /// A spell's mana cost, when the card table gives one.
    pub costs: Vec<Option<ManaCost>>,
    /// That cost as printed (`{1}{W}{W}`), `""` when unknown.
    pub printed: Vec<String>,
    /// The commanders, in the command zone (903.6): never drawn, always at hand.
    pub commanders: Vec<Commander>,
    /// The commanders' combined colour identity (903.4) as a mask, when there are commanders
    /// and the card table knows them all.
    pub identity: Option<u8>,
    /// What the analysis assumed of a source's colours (a "could produce" land, 106.7), to be
    /// reported.
    pub notes: Vec<String>,
}

/// A commander as the analysis reads it: its name and mana cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Commander {
    /// Its name.
    pub name: String,
    /// Its mana cost, when the card table gives one.
    pub cost: Option<ManaCost>,
    /// That cost as printed, `""` when unknown.
    pub printed: String,
}

/// The cards an analysis reads: the main deck (index = card id: it becomes the library) and
/// the commanders, set aside in the command zone (103.2c, 903.6).
#[derive(Debug, Clone, Copy, Default)]
pub struct DeckCards<'a> {
    /// The main deck.
    pub main: &'a [Card],
    /// The commanders (none outside Commander).
    pub commanders: &'a [Card],
}

impl<'a> From<&'a [Card]> for DeckCards<'a> {
    fn from(main: &'a [Card]) -> DeckCards<'a> {
        DeckCards {
            main,
            commanders: &[],
        }
    }
}

impl<'a> From<&'a Vec<Card>> for DeckCards<'a> {
    fn from(main: &'a Vec<Card>) -> DeckCards<'a> {
        DeckCards::from(main.as_slice())
    }
}

impl<'a, const N: usize> From<&'a [Card; N]> for DeckCards<'a> {
    fn from(main: &'a [Card; N]) -> DeckCards<'a> {
        DeckCards::from(main.as_slice())
    }
}

/// What a fetch land finds (701.23: a search of the library).
#[derive(Debug, Clone, Copy)]
enum Fetch {
    /// A land card with one of these land types (Onslaught and Zendikar fetch lands).
    Types(&'static [&'static str]),
    /// A basic land card (Evolving Wilds and the like).
    Basic,
}

/// The fetch lands the analysis knows, what each finds, and whether the land found enters
/// tapped. A reviewed list: the card table has no rules text.
const FETCHES: [(&str, Fetch, bool); 14] = [
    ("Flooded Strand", Fetch::Types(&["Plains", "Island"]), false),
    ("Polluted Delta", Fetch::Types(&["Island", "Swamp"]), false),
    (
        "Bloodstained Mire",
        Fetch::Types(&["Swamp", "Mountain"]),
        false,
    ),
    (
        "Wooded Foothills",
        Fetch::Types(&["Mountain", "Forest"]),
        false,
    ),
    (
        "Windswept Heath",
        Fetch::Types(&["Forest", "Plains"]),
        false,
    ),
    ("Marsh Flats", Fetch::Types(&["Plains", "Swamp"]), false),
    (
        "Scalding Tarn",
        Fetch::Types(&["Island", "Mountain"]),
        false,
    ),
    (
        "Verdant Catacombs",
        Fetch::Types(&["Swamp", "Forest"]),
        false,
    ),
    ("Arid Mesa", Fetch::Types(&["Mountain", "Plains"]), false),
    (
        "Misty Rainforest",
        Fetch::Types(&["Forest", "Island"]),
        false,
    ),
    ("Prismatic Vista", Fetch::Basic, false),
    ("Evolving Wilds", Fetch::Basic, true),
    ("Terramorphic Expanse", Fetch::Basic, true),
    ("Fabled Passage", Fetch::Basic, true),
];

/// The basic lands by name, for a deck read without a card table (305.6, 305.9: Wastes).
const BASICS: [(&str, u8); 6] = [
    ("Plains", W),
    ("Island", U),
    ("Swamp", B),
    ("Mountain", R),
    ("Forest", G),
    ("Wastes", C),
];

/// What the data says of one land before fetch lands are resolved.
struct LandFacts {
    colours: u8,
    tapped: bool,
    /// Its type line (`Basic Land — Forest`), for what a fetch land finds.
    type_line: String,
    fetch: Option<(Fetch, bool)>,
}

fn basic_by_name(name: &str) -> Option<(u8, String)> {
    let plain = name
        .trim()
        .strip_prefix("Snow-Covered ")
        .unwrap_or(name.trim());
    BASICS
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(plain))
        .map(|(n, c)| (*c, format!("Basic Land \u{2014} {n}")))
}

/// The front face's type line, or the first land face's (a modal double-faced card with a land
/// on its back, 712.8a).
fn land_type_line(info: &CardInfo) -> String {
    info.faces
        .iter()
        .find(|f| f.is_land())
        .or(info.faces.first())
        .map(|f| f.type_line.clone())
        .unwrap_or_default()
}

/// Whether the card table says the card always enters tapped (614.1c; a conditional one,
/// such as a shock land, counts as untapped: module docs).
fn table_tapped(info: &CardInfo) -> bool {
    info.enters_tapped == EntersTapped::Tapped
}

fn land_facts(card: &Card, info: Option<&CardInfo>) -> LandFacts {
    let fetch = FETCHES
        .iter()
        .find(|(n, _, _)| n.eq_ignore_ascii_case(card.name.trim()))
        .map(|(_, f, t)| (*f, *t));
    match info {
        Some(info) => {
            let mut colours = mask_of(&info.produced);
            if colours == 0 {
                colours = mask_of(&info.basic_land_type_colors());
            }
            LandFacts {
                colours,
                tapped: table_tapped(info),
                type_line: land_type_line(info),
                fetch,
            }
        }
        None => {
            let (colours, type_line) = basic_by_name(&card.name).unwrap_or((0, String::new()));
            LandFacts {
                colours,
                tapped: false,
                type_line,
                fetch,
            }
        }
    }
}

/// Whether a land of this type line is one a fetch finds.
fn fetches(fetch: Fetch, type_line: &str) -> bool {
    let mut parts = type_line.splitn(2, '\u{2014}');
    let types = parts.next().unwrap_or("");
    let subtypes = parts.next().unwrap_or("");
    match fetch {
        Fetch::Basic => types.split_whitespace().any(|w| w == "Basic"),
        Fetch::Types(wanted) => subtypes.split_whitespace().any(|w| wanted.contains(&w)),
    }
}

impl Profile {
    /// The profile of these cards (index = card id) read through `table` (none: basic lands by
    /// name, every other land adds generic mana only, no spell has a known cost).
    pub fn build(cards: &[Card], table: Option<&CardTable>) -> Profile {
        Profile::build_deck(DeckCards::from(cards), table)
    }

    /// The profile of a deck with its commanders (module docs): each source's colours bounded
    /// by their colour identity when the table knows it.
    pub fn build_deck(deck: DeckCards<'_>, table: Option<&CardTable>) -> Profile {
        let cards = deck.main;
        let identity = commander::identity(deck.commanders, table);
        let infos: Vec<Option<&CardInfo>> = cards
            .iter()
            .map(|c| table.and_then(|t| t.lookup(c.name.trim())))
            .collect();
        let facts: Vec<Option<LandFacts>> = cards
            .iter()
            .zip(&infos)
            .map(|(c, info)| c.land.then(|| land_facts(c, *info)))
            .collect();
        let lands = facts
            .iter()
            .map(|f| {
                f.as_ref().map(|f| match f.fetch {
                    None => Land {
                        colours: f.colours,
                        tapped: f.tapped,
                    },
                    Some((fetch, tapped)) => Land {
                        colours: facts
                            .iter()
                            .flatten()
                            .filter(|o| o.fetch.is_none() && fetches(fetch, &o.type_line))
                            .fold(0, |m, o| m | o.colours),
                        tapped,
                    },
                })
            })
            .collect::<Vec<Option<Land>>>();
        let mut notes = vec![];
        // 106.7: Reflecting Pool and the like add what the deck's other lands add.
        let others = lands
            .iter()
            .zip(cards)
            .filter(|(l, c)| l.is_some() && !commander::adds_what_own_lands_could(&c.name))
            .fold(0, |m, (l, _)| m | l.map_or(0, |l| l.colours));
        let lands: Vec<Option<Land>> = lands
            .into_iter()
            .zip(cards.iter().zip(&infos))
            .map(|(land, (card, info))| {
                let mut land = land?;
                let name = card.name.trim();
                let noted = |notes: &Vec<String>| notes.iter().any(|n| n.starts_with(name));
                if commander::adds_what_own_lands_could(name) {
                    land.colours = others;
                    if !noted(&notes) {
                        notes.push(commander::own_lands_note(name, others));
                    }
                } else if land.colours == 0
                    && info.is_some()
                    && !FETCHES.iter().any(|(n, _, _)| n.eq_ignore_ascii_case(name))
                    && !noted(&notes)
                {
                    notes.push(commander::no_mana_note(name));
                }
                Some(land)
            })
            .collect();
        let lands = match identity {
            None => lands,
            Some(identity) => lands
                .into_iter()
                .zip(cards)
                .map(|(land, card)| {
                    let land = land?;
                    let named = commander::any_colour(&card.name);
                    if named == Some(AnyColour::OpponentsLands)
                        && !notes
                            .iter()
                            .any(|n: &String| n.starts_with(card.name.trim()))
                    {
                        notes.push(commander::could_produce_note(card.name.trim(), identity));
                    }
                    let colours = commander::within_identity(&card.name, land.colours, identity);
                    if commander::adds_what_own_lands_could(&card.name) {
                        // Its note names what it counts for: the other lands' colours as the
                        // identity bounds them (903.4), not a colour it counts nothing for.
                        let name = card.name.trim();
                        let own = commander::own_lands_note(name, colours);
                        for note in notes.iter_mut().filter(|n| n.starts_with(name)) {
                            note.clone_from(&own);
                        }
                    }
                    Some(Land { colours, ..land })
                })
                .collect(),
        };
        let printed: Vec<Option<String>> = cards
            .iter()
            .zip(&infos)
            .map(|(c, info)| match (c.land, info) {
                (false, Some(info)) => info.faces.first().map(|f| f.mana_cost.clone()),
                _ => None,
            })
            .collect();
        let costs = printed
            .iter()
            .map(|p| p.as_deref().map(ManaCost::parse))
            .collect();
        let commanders = deck
            .commanders
            .iter()
            .map(|c| {
                let printed = table
                    .and_then(|t| t.lookup(c.name.trim()))
                    .and_then(|info| info.faces.first())
                    .map(|f| f.mana_cost.clone());
                Commander {
                    name: c.name.clone(),
                    cost: printed.as_deref().map(ManaCost::parse),
                    printed: printed.unwrap_or_default(),
                }
            })
            .collect();
        Profile {
            names: cards.iter().map(|c| c.name.clone()).collect(),
            lands,
            tags: cards.iter().map(|c| c.tags.clone()).collect(),
            costs,
            printed: printed.into_iter().map(Option::unwrap_or_default).collect(),
            commanders,
            identity,
            notes,
        }
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the deck is empty.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Land flags by card id.
    pub fn land_flags(&self) -> Vec<bool> {
        self.lands.iter().map(Option::is_some).collect()
    }

    /// The number of lands.
    pub fn land_count(&self) -> usize {
        self.lands.iter().flatten().count()
    }

    /// The deck's land classes (the colours a land adds and whether it enters tapped: what
    /// an on-curve question reads of a land), numbered in deck order, and each card's class
    /// (`None`: not a land).
    pub fn land_classes(&self) -> (Vec<(u8, bool)>, Vec<Option<usize>>) {
        let mut classes: Vec<(u8, bool)> = vec![];
        let class_of = self
            .lands
            .iter()
            .map(|land| {
                let key = land.as_ref().map(|l| (l.colours, l.tapped))?;
                Some(match classes.iter().position(|&k| k == key) {
                    Some(c) => c,
                    None => {
                        classes.push(key);
                        classes.len() - 1
                    }
                })
            })
            .collect();
        (classes, class_of)
    }

    /// The colours some land of the deck adds, in `WUBRG` order then `C`.
    pub fn colours(&self) -> u8 {
        self.lands.iter().flatten().fold(0, |m, l| m | l.colours)
    }

    /// The lands that add colour `bit`.
    pub fn sources(&self, bit: u8) -> usize {
        self.lands
            .iter()
            .flatten()
            .filter(|l| l.colours & bit != 0)
            .count()
    }

    /// What a keep rule reads of these cards ([`RuleCards`]): land flags, tags, names, and the
    /// colours each land adds (a fetch land's as resolved here).
    pub fn rule_cards(&self) -> RuleCards {
        RuleCards {
            lands: self.land_flags(),
            tags: self.tags.clone(),
            names: self.names.clone(),
            colours: self
                .lands
                .iter()
                .map(|l| l.map_or(0, |l| l.colours))
                .collect(),
        }
    }

    /// Every tag some card carries, sorted.
    pub fn tag_names(&self) -> Vec<String> {
        let mut out: Vec<String> = self.tags.iter().flatten().cloned().collect();
        out.sort();
        out.dedup();
        out
    }
}
