//! Text deck lists: the line loop, section headers and what is not a card line.
//!
//! - Blank lines, lines starting with `#` or `//` (Magic Workstation, Cockatrice, XMage
//!   comments) or `;` (Forge) are skipped; `#!Sideboard`-style lines and the headers below
//!   start a section.
//! - Section headers, any case, an optional trailing `:` and an optional count (`Sideboard
//!   (15)`, `MainBoard: 3 cards`): `Deck`, `Main`, `Mainboard`, `Main deck`, `Sideboard`,
//!   `Commander(s)`, `Companion`; Forge's `[Main]`, `[Sideboard]`, `[Commander]`. `About`
//!   (MTG Arena) and Forge's `[metadata]`, `[shop]` (quest decks) and `[general]` (old files)
//!   hold no cards; Forge's other bracketed sections (`[Planes]`, `[Schemes]`, …) and
//!   `Maybeboard`, `Considering`, `Tokens` hold cards outside the deck (parsed, then left out).
//! - Type headings of site exports (`Creatures (16)`, `Lands:`) are skipped; so are XMage's
//!   `LAYOUT …:` lines and its `NAME:`/`AUTHOR:` lines, with any other line that starts with
//!   an upper-case key and a colon (`EVENT: …`, which XMage skips too), `SB:` excepted.
//! - MTGO `.txt` (and MTG Arena exports without headers, which XMage writes too): a list
//!   without any section header, `SB:` line or section marker, in exactly two blocks
//!   separated by blank lines, has its sideboard in the second block when the first is a deck:
//!   at least 60 cards and a second block of at most 15 (constructed, 100.2a and 100.4a), or
//!   40 to 59 cards and a second block of any size that is not all basic lands (limited,
//!   100.2b: the sideboard is the rest of the card pool, 100.4b). Any other blank lines only
//!   separate groups of cards. When the lines are MTG Arena's (`4 Name (SET) 123`), the
//!   second of two such blocks is the sideboard whatever its size, as Arena's own import and
//!   XMage's read an export without headers.
//! - Moxfield's download (and MTGO's Commander lists, which keep the commander in the
//!   sideboard): a last block of one or two single cards, alone after a blank line and under
//!   no header, that makes the main deck exactly 100 cards (903.5a) holds the commander(s),
//!   whether or not a `SIDEBOARD:` block comes before it.

use super::entry::Entry;
use super::line;
use super::list::Section;
use crate::error::{Error, Result};

/// The smallest first block an MTGO `.txt` sideboard may follow: a limited deck (100.2b).
const MIN_DECK_BEFORE_SIDEBOARD: usize = 40;
/// The smallest constructed deck (100.2a): below it the first block is a limited deck.
const MIN_CONSTRUCTED: usize = 60;
/// The largest second block read as a constructed deck's sideboard (100.4a).
const MAX_SIDEBOARD: usize = 15;
/// A Commander deck's size with its commander(s) (903.5a).
const COMMANDER_DECK: usize = 100;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Part {
    Deck(Section),
    /// Lines that are not cards at all (Arena `About`, Forge `[metadata]`).
    Metadata,
    /// Cards outside the deck (maybeboard, tokens).
    Outside,
}

fn header(line: &str) -> Option<Part> {
    let (inner, bracketed) = match line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
        Some(inner) => (inner, true),
        None => (line.strip_prefix("#!").unwrap_or(line), false),
    };
    let word = strip_count(inner.trim());
    let word = word
        .strip_suffix(':')
        .unwrap_or(word)
        .trim()
        .to_ascii_lowercase();
    Some(match word.as_str() {
        "deck" | "main" | "mainboard" | "main deck" => Part::Deck(Section::Main),
        "sideboard" => Part::Deck(Section::Sideboard),
        "commander" | "commanders" => Part::Deck(Section::Commander),
        "companion" => Part::Deck(Section::Companion),
        "maybeboard" | "considering" | "tokens" => Part::Outside,
        "about" | "metadata" => Part::Metadata,
        // Forge: a quest deck's price and unlock terms; the deck type in old files.
        "shop" | "general" if bracketed => Part::Metadata,
        // Forge's sections of cards outside the deck.
        "avatar" | "planes" | "schemes" | "conspiracy" | "dungeon" | "attractions"
        | "contraptions"
            if bracketed =>
        {
            Part::Outside
        }
        _ => return None,
    })
}

/// A header without the count some exporters write after it: `Sideboard (15)`,
/// `MainBoard: 3 cards`, `Commander (1)`.
fn strip_count(header: &str) -> &str {
    if let Some(open) = header.rfind('(') {
        let n = &header[open + 1..];
        if let Some(n) = n.strip_suffix(')') {
            if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) {
                return header[..open].trim_end();
            }
        }
    }
    if let Some((head, tail)) = header.split_once(':') {
        let tail = tail.trim();
        let n = tail
            .strip_suffix("cards")
            .or_else(|| tail.strip_suffix("card"));
        if n.is_some_and(|n| {
            let n = n.trim();
            !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())
        }) {
            return head.trim_end();
        }
    }
    header
}

/// `NAME:Burn`, `AUTHOR: WotC`, `EVENT: …`: an upper-case key and a colon (XMage's header
/// lines), not `SB:`.
fn metadata_key(line: &str) -> bool {
    line.split_once(':').is_some_and(|(key, _)| {
        key.len() >= 2 && key.bytes().all(|b| b.is_ascii_uppercase()) && key != "SB"
    })
}

/// `Creatures (16)`, `Lands:`, `Instant (4)`: a type heading of a site export.
fn type_heading(line: &str) -> bool {
    let head = line.strip_suffix(':').unwrap_or(line).trim();
    let head = match head.rfind('(') {
        Some(open) if head.ends_with(')') => {
            let n = &head[open + 1..head.len() - 1];
            if n.is_empty() || !n.bytes().all(|b| b.is_ascii_digit()) {
                return false;
            }
            head[..open].trim()
        }
        _ => head,
    };
    const TYPES: [&str; 12] = [
        "creature",
        "instant",
        "sorcery",
        "sorcerie",
        "artifact",
        "enchantment",
        "planeswalker",
        "land",
        "battle",
        "spell",
        "other",
        "nonland",
    ];
    let lower = head.to_ascii_lowercase();
    let singular = lower.strip_suffix('s').unwrap_or(&lower);
    TYPES.contains(&singular)
}

pub(super) fn entries(text: &str) -> Result<Vec<Entry>> {
    let mut part = Part::Deck(Section::Main);
    let mut out: Vec<(Entry, usize)> = vec![];
    let mut sections_named = false;
    let mut block = 0;
    let mut block_has_cards = false;
    // Per block: whether a header line opened it (after the blank line before it).
    let mut headed: Vec<bool> = vec![];
    let mut header_since_blank = false;
    let mut arena_lines = false;
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            if block_has_cards {
                block += 1;
                block_has_cards = false;
            }
            header_since_blank = false;
            continue;
        }
        if let Some(p) = header(line) {
            part = p;
            sections_named = true;
            header_since_blank = true;
            continue;
        }
        if line.starts_with('#') || line.starts_with("//") || line.starts_with(';') {
            continue;
        }
        if part == Part::Metadata
            || metadata_key(line)
            || line.starts_with("LAYOUT ")
            || type_heading(line)
        {
            continue;
        }
        let card = line::parse(line).map_err(|message| Error::Deck {
            line: line_no,
            message,
        })?;
        let section = match (card.section, part) {
            (Some(s), _) => {
                sections_named = true;
                s
            }
            (None, Part::Deck(s)) => s,
            (None, _) => Section::Main,
        };
        if !block_has_cards {
            headed.push(header_since_blank);
        }
        block_has_cards = true;
        arena_lines |= card.arena;
        if card.skip || part == Part::Outside {
            continue;
        }
        out.push((
            Entry {
                line: line_no,
                section,
                count: card.count,
                name: card.name,
                land: card.land,
                classified: card.classified,
                tags: card.tags,
            },
            block,
        ));
    }
    let blocks = out.last().map_or(0, |(_, b)| b + 1);
    let cards_in = |block: usize| -> usize {
        out.iter()
            .filter(|(_, b)| *b == block)
            .map(|(e, _)| e.count as usize)
            .sum()
    };
    let only_basics = |block: usize| {
        out.iter()
            .filter(|(_, b)| *b == block)
            .all(|(e, _)| super::known::is_basic(&e.name))
    };
    let commander_block = trailing_commanders(&out, blocks, &headed);
    let (deck, side) = (cards_in(0), cards_in(1));
    let mtgo_sideboard = !sections_named
        && blocks == 2
        && commander_block.is_none()
        && if arena_lines {
            side >= 1
        } else if deck >= MIN_CONSTRUCTED {
            (1..=MAX_SIDEBOARD).contains(&side)
        } else {
            deck >= MIN_DECK_BEFORE_SIDEBOARD && side >= 1 && !only_basics(1)
        };
    Ok(out
        .into_iter()
        .map(|(mut e, b)| {
            if commander_block == Some(b) {
                e.section = Section::Commander;
            } else if mtgo_sideboard && b == 1 {
                e.section = Section::Sideboard;
            }
            e
        })
        .collect())
}

/// The block holding a Moxfield download's commander(s) (module docs), if there is one: the
/// last block, under no header, of one or two lines of one copy each, in the main deck or
/// sideboard, that brings the main deck to exactly 100 cards, in a list naming no commander.
fn trailing_commanders(out: &[(Entry, usize)], blocks: usize, headed: &[bool]) -> Option<usize> {
    let last = blocks.checked_sub(1).filter(|&b| b >= 1)?;
    if headed.get(last).copied().unwrap_or(true)
        || out
            .iter()
            .any(|(e, _)| e.section != Section::Main && e.section != Section::Sideboard)
    {
        return None;
    }
    let tail: Vec<&Entry> = out
        .iter()
        .filter(|(_, b)| *b == last)
        .map(|(e, _)| e)
        .collect();
    let main: usize = out
        .iter()
        .filter(|(e, b)| *b != last && e.section == Section::Main)
        .map(|(e, _)| e.count as usize)
        .sum();
    let single = tail.iter().all(|e| e.count == 1);
    ((1..=2).contains(&tail.len()) && single && main + tail.len() == COMMANDER_DECK).then_some(last)
}
