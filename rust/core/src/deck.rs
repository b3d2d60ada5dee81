//! Deck lists and the set-up before shuffling (103.2): the sideboard is set aside (103.2a), a
//! companion is revealed from outside the game (103.2b), commanders go to the command zone
//! (103.2c). Only the main deck becomes the library.
//!
//! # The plain list format
//! One card per line: `4 Lightning Bolt`, `4x Lightning Bolt`, or a name alone (one copy).
//! Blank lines and lines starting with `#` or `//` are ignored. A line holding only a section
//! header (`Deck`, `Main`, `Mainboard`, `Sideboard`, `Commander`, `Companion`, any case, an
//! optional trailing `:`) starts that section. Markers in square brackets at the end of a card
//! line, comma-separated: `land` makes it a land, any other word is a tag
//! (`4 Llanowar Elves [ramp, creature]`). Basic lands, Wastes, their snow versions and Gemstone
//! Caverns are lands by name; Serum Powder, Gemstone Caverns, the Leylines and the Chancellors
//! get their ability tags by name (see [`known_card`]).

use crate::card::{tags, Card};
use crate::error::{Error, Result};

/// Copies above this in one line are refused (a typo, not a deck).
pub const MAX_COPIES: u32 = 100_000;

/// Cards above this in one deck list, all sections together, are refused: a bound on memory
/// (a few kilobytes of `100000 x` lines would otherwise ask for tens of millions of cards), far
/// above any real deck. [`crate::Game::new`] refuses a bigger deck too.
pub const MAX_DECK_CARDS: usize = 1_000_000;

#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DeckList {
    pub main: Vec<Card>,
    pub sideboard: Vec<Card>,
    pub commanders: Vec<Card>,
    pub companions: Vec<Card>,
}

#[derive(Clone, Copy)]
enum Section {
    Main,
    Sideboard,
    Commander,
    Companion,
}

const BASIC_TYPES: [&str; 6] = ["Plains", "Island", "Swamp", "Mountain", "Forest", "Wastes"];
const CHANCELLORS: [&str; 5] = [
    "Chancellor of the Annex",
    "Chancellor of the Dross",
    "Chancellor of the Forge",
    "Chancellor of the Spires",
    "Chancellor of the Tangle",
];

/// Whether a card name is a land and which ability tags it has, from the names the engine
/// knows (everything else is a nonland without tags unless the list marks it).
pub fn known_card(name: &str) -> (bool, Vec<String>) {
    let lower = name.to_ascii_lowercase();
    let basic = BASIC_TYPES.iter().any(|b| {
        let b = b.to_ascii_lowercase();
        lower == b || lower == format!("snow-covered {b}")
    });
    let mut found: Vec<String> = vec![];
    let mut land = basic;
    if lower == "serum powder" {
        found.push(tags::MULLIGAN_ACTION.into());
    } else if lower == "gemstone caverns" {
        land = true;
        found.push(tags::GEMSTONE_CAVERNS.into());
    } else if lower.starts_with("leyline of ") || lower == "leyline axe" {
        found.push(tags::BEGIN_ON_BATTLEFIELD.into());
    } else if CHANCELLORS.iter().any(|c| c.eq_ignore_ascii_case(name)) {
        found.push(tags::REVEAL.into());
    }
    (land, found)
}

impl DeckList {
    /// Every card of the list: main deck, sideboard, commanders and companions.
    pub fn total_cards(&self) -> usize {
        self.main.len() + self.sideboard.len() + self.commanders.len() + self.companions.len()
    }

    /// Parses the plain list format (module docs). Errors name the 1-based line; a list of
    /// more than [`MAX_DECK_CARDS`] cards in all is refused at the line that goes over.
    pub fn parse(text: &str) -> Result<DeckList> {
        let mut deck = DeckList::default();
        let mut section = Section::Main;
        for (index, raw) in text.lines().enumerate() {
            let line_no = index + 1;
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            if let Some(s) = header(line) {
                section = s;
                continue;
            }
            let (count, card) = parse_card_line(line).map_err(|message| Error::Deck {
                line: line_no,
                message,
            })?;
            let total = deck.total_cards() + count as usize;
            if total > MAX_DECK_CARDS {
                return Err(Error::Deck {
                    line: line_no,
                    message: format!(
                        "a deck list holds at most {MAX_DECK_CARDS} cards in all (main deck, \
                         sideboard, commanders and companions together); this line makes {total}"
                    ),
                });
            }
            let target = match section {
                Section::Main => &mut deck.main,
                Section::Sideboard => &mut deck.sideboard,
                Section::Commander => &mut deck.commanders,
                Section::Companion => &mut deck.companions,
            };
            target.extend(std::iter::repeat_n(card, count as usize));
            if deck.companions.len() > 1 {
                return Err(Error::Deck {
                    line: line_no,
                    message: "at most one companion may be revealed (103.2b)".into(),
                });
            }
        }
        Ok(deck)
    }
}

fn header(line: &str) -> Option<Section> {
    let word = line
        .strip_suffix(':')
        .unwrap_or(line)
        .trim()
        .to_ascii_lowercase();
    match word.as_str() {
        "deck" | "main" | "mainboard" | "main deck" => Some(Section::Main),
        "sideboard" => Some(Section::Sideboard),
        "commander" | "commanders" => Some(Section::Commander),
        "companion" => Some(Section::Companion),
        _ => None,
    }
}

fn parse_card_line(line: &str) -> std::result::Result<(u32, Card), String> {
    let (body, markers) = split_markers(line)?;
    let (count, name) = split_count(body)?;
    if name.is_empty() {
        return Err(format!("{line:?} has no card name"));
    }
    if name.contains('[') || name.contains(']') {
        return Err(format!(
            "{line:?}: markers in [brackets] go at the end of the line"
        ));
    }
    let (mut land, mut card_tags) = known_card(name);
    for marker in markers {
        if marker.eq_ignore_ascii_case("land") {
            land = true;
        } else if !card_tags.contains(&marker) {
            card_tags.push(marker);
        }
    }
    Ok((count, Card::new(name, land, card_tags)))
}

/// Splits `name [a, b]` into the name part and the markers.
fn split_markers(line: &str) -> std::result::Result<(&str, Vec<String>), String> {
    let Some(open) = line.find('[') else {
        if line.contains(']') {
            return Err(format!("{line:?} has a ']' with no '['"));
        }
        return Ok((line, vec![]));
    };
    let rest = &line[open + 1..];
    let Some(close) = rest.find(']') else {
        return Err(format!("{line:?} has an unterminated '['"));
    };
    if !rest[close + 1..].trim().is_empty() {
        return Err(format!("{line:?}: nothing may follow the closing ']'"));
    }
    let mut markers = vec![];
    for m in rest[..close].split(',') {
        let m = m.trim();
        if m.is_empty() {
            return Err(format!("{line:?} has an empty marker in [brackets]"));
        }
        markers.push(m.to_string());
    }
    Ok((line[..open].trim(), markers))
}

fn split_count(body: &str) -> std::result::Result<(u32, &str), String> {
    let first = body.split_whitespace().next().unwrap_or("");
    let digits = first.strip_suffix(['x', 'X']).unwrap_or(first);
    let looks_numeric = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
    if !looks_numeric {
        if first.starts_with('-') || first.starts_with('+') {
            return Err(format!(
                "{body:?}: a count must be a whole number of at least 1"
            ));
        }
        return Ok((1, body));
    }
    let count: u32 = digits
        .parse()
        .map_err(|_| format!("{body:?}: the count {digits} is too large"))?;
    if count == 0 {
        return Err(format!("{body:?}: a count must be at least 1"));
    }
    if count > MAX_COPIES {
        return Err(format!("{body:?}: at most {MAX_COPIES} copies per line"));
    }
    Ok((count, body[first.len()..].trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_counts_sections_and_markers() {
        let d = DeckList::parse(
            "# my deck\nDeck\n4 Lightning Bolt\n3x Forest\nSnow-Covered Island\n2 Dryad Arbor [land, creature]\n\nSideboard:\n1 Duress\nCommander\n1 Atraxa\nCOMPANION\n1 Lurrus",
        )
        .unwrap();
        assert_eq!(d.main.len(), 10);
        assert!(d.main[4].land && d.main[7].land && d.main[8].land);
        assert_eq!(d.main[8].tags, vec!["creature".to_string()]);
        assert!(!d.main[0].land);
        assert_eq!(
            (d.sideboard.len(), d.commanders.len(), d.companions.len()),
            (1, 1, 1)
        );
    }

    #[test]
    fn tags_known_cards_by_name() {
        assert_eq!(known_card("Serum Powder").1, vec![tags::MULLIGAN_ACTION]);
        assert_eq!(
            known_card("Leyline of the Void").1,
            vec![tags::BEGIN_ON_BATTLEFIELD]
        );
        assert!(known_card("Leyline Binding").1.is_empty());
        assert_eq!(
            known_card("Gemstone Caverns"),
            (true, vec![tags::GEMSTONE_CAVERNS.to_string()])
        );
        assert_eq!(known_card("Chancellor of the Tangle").1, vec![tags::REVEAL]);
        assert!(known_card("Wastes").0 && known_card("snow-covered wastes").0);
    }

    #[test]
    fn malformed_lines_name_their_line() {
        for (text, line) in [
            ("Forest\n0 Forest", 2),
            ("-1 Forest", 1),
            ("\n\n4", 3),
            ("4x", 1),
            ("[land]", 1),
            ("4 Forest [land", 1),
            ("4 Forest [land] x", 1),
            ("4 Forest []", 1),
            ("99999999999 Forest", 1),
            ("Companion\nLurrus\nKaheera", 3),
        ] {
            match DeckList::parse(text) {
                Err(Error::Deck { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
                other => panic!("{text:?} gave {other:?}"),
            }
        }
    }

    #[test]
    fn total_cards_are_capped_across_sections() {
        // Exactly at the cap: accepted.
        let at_cap = "100000 Forest\n".repeat(MAX_DECK_CARDS / 100_000);
        let deck = DeckList::parse(&at_cap).unwrap();
        assert_eq!(deck.total_cards(), MAX_DECK_CARDS);
        // One card more, here in the sideboard: refused at that line, with the cap and the total.
        let over = format!("{at_cap}Sideboard\n1 Duress\n");
        match DeckList::parse(&over) {
            Err(Error::Deck { line, message }) => {
                assert_eq!(line, MAX_DECK_CARDS / 100_000 + 2);
                assert!(message.contains("at most 1000000 cards"), "{message}");
                assert!(message.contains("makes 1000001"), "{message}");
            }
            other => panic!("{other:?}"),
        }
        // A long list of large lines stops at the first line over the cap, not at its end.
        let many = "100000 Island\n".repeat(1_000);
        match DeckList::parse(&many) {
            Err(Error::Deck { line, .. }) => assert_eq!(line, MAX_DECK_CARDS / 100_000 + 1),
            other => panic!("{other:?}"),
        }
    }
}
