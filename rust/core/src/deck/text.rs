//! Text deck lists: the line loop, section headers and what is not a card line.
//!
//! - Blank lines, lines starting with `#` or `//` (Magic Workstation, Cockatrice comments) are
//!   skipped; `#!Sideboard`-style lines and the headers below start a section.
//! - Section headers, any case, an optional trailing `:`: `Deck`, `Main`, `Mainboard`,
//!   `Main deck`, `Sideboard`, `Commander(s)`, `Companion`; Forge's `[Main]`, `[Sideboard]`,
//!   `[Commander]`. `About` (MTG Arena), `[metadata]` (Forge) and Forge's other bracketed
//!   sections (`[Planes]`, `[Schemes]`, …) hold no deck cards; `Maybeboard`, `Considering`,
//!   `Tokens` hold cards outside the deck (parsed, then left out).
//! - Type headings of site exports (`Creatures (16)`, `Lands:`) are skipped; XMage's `NAME:`
//!   and `LAYOUT …:` lines too.
//! - MTGO `.txt` (and older MTG Arena exports): a list without any section header, `SB:` line
//!   or section marker, in exactly two blocks separated by blank lines, a first block of at
//!   least 40 cards (a deck, 100.2b) and a second of at most 15 (a sideboard, 100.4a), has its
//!   sideboard in the second block. Any other blank lines only separate groups of cards.

use super::line;
use super::{Entry, Section};
use crate::error::{Error, Result};

/// The smallest first block an MTGO `.txt` sideboard may follow: a limited deck (100.2b).
const MIN_DECK_BEFORE_SIDEBOARD: usize = 40;
/// The largest second block read as a sideboard (100.4a).
const MAX_SIDEBOARD: usize = 15;

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
    let word = inner.trim();
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
        // Forge's sections of cards outside the deck.
        "avatar" | "planes" | "schemes" | "conspiracy" | "dungeon" | "attractions"
        | "contraptions" | "general"
            if bracketed =>
        {
            Part::Outside
        }
        _ => return None,
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
    for (index, raw) in text.lines().enumerate() {
        let line_no = index + 1;
        let line = raw.trim();
        if line.is_empty() {
            if block_has_cards {
                block += 1;
                block_has_cards = false;
            }
            continue;
        }
        if let Some(p) = header(line) {
            part = p;
            sections_named = true;
            continue;
        }
        if line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        if part == Part::Metadata
            || line.starts_with("NAME:")
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
        block_has_cards = true;
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
    let mtgo_sideboard = !sections_named
        && blocks == 2
        && cards_in(0) >= MIN_DECK_BEFORE_SIDEBOARD
        && (1..=MAX_SIDEBOARD).contains(&cards_in(1));
    Ok(out
        .into_iter()
        .map(|(mut e, b)| {
            if mtgo_sideboard && b == 1 {
                e.section = Section::Sideboard;
            }
            e
        })
        .collect())
}
