//! Deck lists and the set-up before shuffling (103.2): the sideboard is set aside (103.2a), a
//! companion is revealed from outside the game (103.2b), commanders go to the command zone
//! (103.2c). Only the main deck becomes the library.
//!
//! # The files players have, detected from the text
//! - XML: an MTGO `.dek` (`<Cards Quantity Sideboard Name>`, one element per printing, summed)
//!   or a Cockatrice `.cod` (`<zone name="main|side">`, `<card number name>`): `xml`, a strict
//!   reader that refuses any DTD or entity other than the five predefined ones.
//! - Text (`text`, one card line per line, `line` for the dialects of a line): plain lists,
//!   MTG Arena (`About`/`Name`, `Deck`/`Sideboard`/`Commander`/`Companion`, `4 Lightning Bolt
//!   (M11) 149`), MTGO `.txt` (the sideboard after a blank line), `SB:` lines (Magic
//!   Workstation, Cockatrice, XMage `[SET:NUM]`), Forge `.dck` (`[Main]`, `Name|SET|art`,
//!   `Name|SET|[123]`), Moxfield/Archidekt/TappedOut markers (`*F*`, `*CMDR*`, `#tag`,
//!   `[Category]`, `4x`). tests/decks/README.md names the writer code and the real exported
//!   files each dialect was checked against.
//! - CSV (`csv`): exports of deck and collection sites, only when the first line is a header
//!   naming a quantity and a name column (`Count,Name`, TappedOut's `Board,Qty,Name,…`); a
//!   text line that looks like a CSV row without it (`Forest,20`) is refused, naming its line.
//!
//! Line ends: LF or CRLF, alike in every format (a CRLF inside a quoted CSV field reads as
//! LF). A text's very last character may be a lone CR, as a CRLF file cut after its CR: it
//! reads as that line's end, so the text reads as it would with the LF (and a line appended
//! after it changes nothing before it). A byte-order mark at the start is skipped.
//!
//! A card line that looks like nothing (a name with `<`, `=`, `{`, …, or no name) is refused
//! with a [`Error::Deck`] naming its 1-based line. Whether each card is a land comes from, in
//! order: its name ([`known_card`]: basic lands and the few cards the engine acts on), a
//! `[land]` (or Archidekt `[Land]`) marker, the card table ([`crate::card_data`]). A card known
//! by none of them counts as a nonland and is named in a warning, with the nearest names the
//! table and the engine know ([`crate::card_data::similar`]: `Mountian (did you mean
//! "Mountain"?)`). [`check`] adds the deck-size and copy-count warnings of 100.2a, 100.2b and
//! 903.5 (errors when strict).

pub mod check;
mod csv;
mod encoding;
mod entry;
mod known;
mod line;
mod list;
mod text;
mod xml;

use crate::card::Card;
use crate::card_data::similar;
use crate::card_data::{CardTable, MdfcLand};
use crate::error::{Error, Result};
pub use check::DeckFormat;
pub use encoding::decode_file;
use entry::Entry;
pub use entry::{SourceFormat, MAX_COPIES};
pub use known::{is_basic, known_card};
use known::{known_by_name, known_names};
pub use list::{DeckList, Section};

/// Cards above this in one deck list, all sections together, are refused: a bound on memory
/// (a few kilobytes of `100000 x` lines would otherwise ask for tens of millions of cards), far
/// above any real deck. [`crate::Game::new`] refuses a bigger deck too.
pub const MAX_DECK_CARDS: usize = 1_000_000;

/// How to read a deck list: the card table to look names up in, how to class a modal
/// double-faced card whose back is a land, which format's deck rules to check (`None`: guessed
/// from the deck, see [`DeckFormat::guess`]) and whether a failed check is an error.
#[derive(Debug, Clone, Copy, Default)]
pub struct ParseOptions<'a> {
    /// The card table names are looked up in, if any.
    pub cards: Option<&'a CardTable>,
    /// How a modal double-faced card with a land only on its back counts.
    pub mdfc: MdfcLand,
    /// The format whose deck rules are checked (`None`: guessed).
    pub format: Option<DeckFormat>,
    /// A broken deck rule is an error, not a warning.
    pub strict: bool,
}

impl ParseOptions<'static> {
    /// Options that look names up in the table built into the library
    /// ([`CardTable::embedded`]): what a binding without a table of its own (the C ABI) uses,
    /// so that every land the table knows counts.
    pub fn embedded() -> ParseOptions<'static> {
        ParseOptions {
            cards: Some(CardTable::embedded()),
            ..ParseOptions::default()
        }
    }
}

/// A parsed deck list with what the reader noticed: warnings (unknown cards, failed format
/// checks) and the detected file format.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsedDeck {
    /// The deck.
    pub deck: DeckList,
    /// What the reader noticed: unknown cards, broken deck rules (each names its rule).
    pub warnings: Vec<String>,
    /// The file format it was read from.
    pub source: SourceFormat,
    /// The format whose deck rules were checked.
    pub format: DeckFormat,
    /// The card names neither the engine, the list nor the card table could classify
    /// (counted as nonlands), each once, in first-seen order; the first warning names them.
    pub unknown: Vec<String>,
    /// For each name of `unknown`, in its order, the closest names the card table and the
    /// engine know ([`CardTable::suggest`]; empty when none is close): the warning's "did you
    /// mean".
    pub suggestions: Vec<Vec<String>>,
}

/// Whether the reader takes `text` for a CSV export (deck/csv.rs): not XML, and its first line
/// (after a byte-order mark and Excel's `sep=` hint) is a header naming a quantity and a name
/// column; whether its rows then read or not. A CSV text has no comment lines.
pub fn is_csv(text: &str) -> bool {
    let text = body(text);
    !xml::looks_like_xml(text) && csv::looks_like_csv(text)
}

/// The text the readers read: without a byte-order mark, and without a lone CR as its last
/// character (module docs, "Line ends").
fn body(text: &str) -> &str {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    text.strip_suffix('\r').unwrap_or(text)
}

impl DeckList {
    /// Parses a deck list in any supported format, without a card table and without format
    /// checks (the warnings of [`DeckList::parse_with`] are dropped). Errors name the 1-based
    /// line; a list of more than [`MAX_DECK_CARDS`] cards in all is refused at the line that
    /// goes over.
    pub fn parse(text: &str) -> Result<DeckList> {
        Ok(Self::parse_with(text, &ParseOptions::default())?.deck)
    }

    /// Parses a deck list in any supported format (module docs), looks its names up in the
    /// card table if one is given, and checks the deck against its format's rules.
    pub fn parse_with(text: &str, options: &ParseOptions<'_>) -> Result<ParsedDeck> {
        let text = body(text);
        let (entries, source) = if xml::looks_like_xml(text) {
            xml::entries(text)?
        } else if csv::looks_like_csv(text) {
            (csv::entries(text)?, SourceFormat::Csv)
        } else {
            (text::entries(text)?, SourceFormat::Text)
        };
        let mut warnings = vec![];
        let (deck, unknown, suggestions) = build(entries, options, &mut warnings)?;
        let format = options.format.unwrap_or_else(|| DeckFormat::guess(&deck));
        let checks = check::check(&deck, format, options.cards);
        for problem in checks.broken {
            if options.strict {
                return Err(Error::Deck {
                    line: 0,
                    message: problem,
                });
            }
            warnings.push(problem);
        }
        warnings.extend(checks.skipped);
        Ok(ParsedDeck {
            deck,
            warnings,
            source,
            format,
            unknown,
            suggestions,
        })
    }
}

/// Cards from entries: names looked up, land flags and tags set, the cap on the total and the
/// one-companion rule (103.2b) enforced at the line that breaks them; with the names nothing
/// classified and the closest known names to each.
fn build(
    entries: Vec<Entry>,
    options: &ParseOptions<'_>,
    warnings: &mut Vec<String>,
) -> Result<(DeckList, Vec<String>, Vec<Vec<String>>)> {
    let mut deck = DeckList::default();
    let mut unknown: Vec<String> = vec![];
    for entry in entries {
        let total = deck.total_cards() + entry.count as usize;
        if total > MAX_DECK_CARDS {
            return Err(Error::Deck {
                line: entry.line,
                message: format!(
                    "a deck list holds at most {MAX_DECK_CARDS} cards in all (main deck, \
                     sideboard, commanders and companions together); this line makes {total}"
                ),
            });
        }
        let mut name = entry.name;
        let mut land = entry.land;
        let mut known = entry.classified || known_by_name(&name);
        if let Some(info) = options.cards.and_then(|t| t.lookup(&name)) {
            name = info.name.clone();
            land |= info.is_land(options.mdfc);
            known = true;
        }
        if !known && !unknown.contains(&name) {
            unknown.push(name.clone());
        }
        let (by_name, mut card_tags) = known_card(&name);
        for t in entry.tags {
            if !card_tags.contains(&t) {
                card_tags.push(t);
            }
        }
        let card = Card::new(name, land || by_name, card_tags);
        let target = match entry.section {
            Section::Main => &mut deck.main,
            Section::Sideboard => &mut deck.sideboard,
            Section::Commander => &mut deck.commanders,
            Section::Companion => &mut deck.companions,
        };
        target.extend(std::iter::repeat_n(card, entry.count as usize));
        if deck.companions.len() > 1 {
            return Err(Error::Deck {
                line: entry.line,
                message: "at most one companion may be revealed (103.2b)".into(),
            });
        }
    }
    // MTG Arena lists the companion twice, under Companion and in the sideboard it comes from:
    // one card.
    if let Some(companion) = deck.companions.first() {
        if let Some(i) = deck
            .sideboard
            .iter()
            .rposition(|c| c.name == companion.name)
        {
            deck.sideboard.remove(i);
        }
    }
    // The table's names are indexed only when a name is unknown (a clean deck never pays it).
    let empty = similar::Matcher::default();
    let suggestions: Vec<Vec<String>> = unknown
        .iter()
        .map(|n| {
            let table = options.cards.map_or(&empty, CardTable::matcher);
            similar::closest_of(n, known_names(), table, similar::SUGGESTIONS)
        })
        .collect();
    if !unknown.is_empty() {
        let (source, fix) = if options.cards.is_some() {
            (
                "not in the card table",
                "a misspelling, or cards newer than the table: `mulligan cards download` \
                 refreshes it",
            )
        } else {
            (
                "unknown without card data",
                "run `mulligan cards download` once to fetch the card data, or mark lands \
                 [land]",
            )
        };
        let named: Vec<String> = unknown
            .iter()
            .zip(&suggestions)
            .map(|(n, s)| match s.is_empty() {
                true => n.clone(),
                false => format!("{n} ({})", similar::did_you_mean(s)),
            })
            .collect();
        warnings.push(format!(
            "{} card name(s) {source}, counted as nonlands: {} ({fix})",
            unknown.len(),
            named.join(", ")
        ));
    }
    Ok((deck, unknown, suggestions))
}

#[cfg(test)]
mod tests;
