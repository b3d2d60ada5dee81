//! The deck rules of each format, checked as warnings (errors when the reader is strict):
//! - 100.2a constructed: at least 60 cards in the deck; a deck and sideboard together hold at
//!   most four of any card other than basic lands; 100.4a: a sideboard of at most 15 cards.
//! - 100.2b limited: at least 40 cards in the deck, any number of copies.
//! - 903.5a Commander: exactly 100 cards counting the commander(s); 903.5b: one copy of each
//!   card other than basic lands; 903.5c: "A card can be included in a Commander deck only if
//!   every color in its color identity is also found in the color identity of the deck's
//!   commander" (two commanders with partner: their combined colour identity); 903.5d: a card
//!   with a basic land type only if each colour of mana it could produce is in the commander's
//!   colour identity (so a basic Plains is not allowed under a mono-red commander, only
//!   colourless Wastes goes in every deck). The colour identities come from the card table
//!   (Scryfall's `color_identity`, 903.4); a basic land the table lacks is known by its name.
//!   Without a table, or when a commander is not in it, the colour check is skipped and one
//!   note says so; a card the table does not know is left out of it (the reader's unknown-card
//!   warning names it). The companion is checked with the deck, as the Commander format's own
//!   rules ask of it.
//!
//! Cards whose own text allows any number of copies (Relentless Rats, …) or up to seven or nine
//! (Seven Dwarves, Nazgûl) are allowed them.

use super::known::is_basic;
use super::list::DeckList;
use crate::card::Card;
use crate::card_data::{wubrg, CardTable};

/// The format whose deck rules a list is checked against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeckFormat {
    /// 100.2a: 60 cards or more, four copies at most.
    Constructed,
    /// 100.2b: 40 cards or more.
    Limited,
    /// 903.5: exactly 100 cards with the commander, one copy each.
    Commander,
}

/// Cards whose text lets a deck hold more copies than the format allows: `None` for any number.
const MANY_COPIES: [(&str, Option<usize>); 13] = [
    ("Relentless Rats", None),
    ("Shadowborn Apostle", None),
    ("Persistent Petitioners", None),
    ("Rat Colony", None),
    ("Dragon's Approach", None),
    ("Slime Against Humanity", None),
    ("Hare Apparent", None),
    ("Templar Knight", None),
    ("Tempest Hawk", None),
    ("Cid, Timeless Artificer", None),
    ("Seven Dwarves", Some(7)),
    ("Nazgûl", Some(9)),
    ("Nazgul", Some(9)),
];

impl DeckFormat {
    /// The format a list looks like: Commander if it names a commander, constructed from 60
    /// cards up, limited below.
    pub fn guess(deck: &DeckList) -> DeckFormat {
        if !deck.commanders.is_empty() {
            DeckFormat::Commander
        } else if deck.main.len() >= 60 {
            DeckFormat::Constructed
        } else {
            DeckFormat::Limited
        }
    }

    /// `constructed`, `limited`, `commander`.
    pub fn name(self) -> &'static str {
        match self {
            DeckFormat::Constructed => "constructed",
            DeckFormat::Limited => "limited",
            DeckFormat::Commander => "commander",
        }
    }

    /// The format of a name, any case.
    pub fn from_name(name: &str) -> Option<DeckFormat> {
        [
            DeckFormat::Constructed,
            DeckFormat::Limited,
            DeckFormat::Commander,
        ]
        .into_iter()
        .find(|f| f.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// Copies allowed of a card in a format that allows `limit` of each.
fn allowed(name: &str, limit: usize) -> Option<usize> {
    if is_basic(name) {
        return None;
    }
    match MANY_COPIES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
    {
        Some((_, many)) => *many,
        None => Some(limit),
    }
}

/// Names over their copy limit, with their counts, in first-seen order.
fn over_limit<'a>(cards: impl Iterator<Item = &'a Card>, limit: usize) -> Vec<(String, usize)> {
    let mut counts: Vec<(&str, usize)> = vec![];
    for c in cards {
        match counts.iter_mut().find(|(n, _)| *n == c.name) {
            Some((_, k)) => *k += 1,
            None => counts.push((&c.name, 1)),
        }
    }
    counts
        .into_iter()
        .filter(|(n, k)| allowed(n, limit).is_some_and(|max| *k > max))
        .map(|(n, k)| (n.to_string(), k))
        .collect()
}

fn list(over: &[(String, usize)]) -> String {
    over.iter()
        .map(|(n, k)| format!("{k} {n}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// What [`check`] found: the rules the deck breaks (warnings, or errors for a strict reader)
/// and notes on checks it could not make (always warnings).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checks {
    /// Each broken rule, one message naming the rule and the cards.
    pub broken: Vec<String>,
    /// Checks that were skipped, and why (once each, not per card).
    pub skipped: Vec<String>,
}

/// Every rule of the format the deck breaks, one message each, naming the rule; `cards` gives
/// the colour identities of 903.5c (module docs).
pub fn check(deck: &DeckList, format: DeckFormat, cards: Option<&CardTable>) -> Checks {
    let mut out = Checks::default();
    let main = deck.main.len();
    match format {
        DeckFormat::Constructed => {
            if main < 60 {
                out.broken.push(format!(
                    "100.2a: a constructed deck has at least 60 cards; this one has {main}"
                ));
            }
            let over = over_limit(deck.main.iter().chain(&deck.sideboard), 4);
            if !over.is_empty() {
                out.broken.push(format!(
                    "100.2a: a constructed deck and sideboard hold at most four of any card \
                     other than basic lands: {}",
                    list(&over)
                ));
            }
            if deck.sideboard.len() > 15 {
                out.broken.push(format!(
                    "100.4a: a constructed sideboard holds at most 15 cards; this one has {}",
                    deck.sideboard.len()
                ));
            }
        }
        DeckFormat::Limited => {
            if main < 40 {
                out.broken.push(format!(
                    "100.2b: a limited deck has at least 40 cards; this one has {main}"
                ));
            }
        }
        DeckFormat::Commander => {
            let total = main + deck.commanders.len();
            if total != 100 {
                out.broken.push(format!(
                    "903.5a: a Commander deck has exactly 100 cards counting its commander; \
                     this one has {total}"
                ));
            }
            let over = over_limit(deck.main.iter().chain(&deck.commanders), 1);
            if !over.is_empty() {
                out.broken.push(format!(
                    "903.5b: a Commander deck holds one copy of each card other than basic \
                     lands: {}",
                    list(&over)
                ));
            }
            match color_identity(deck, cards) {
                Ok(Some(problem)) => out.broken.push(problem),
                Ok(None) => {}
                Err(skipped) => out.skipped.push(skipped),
            }
        }
    }
    out
}

/// The colours a card brings to a Commander deck: its colour identity (903.4, 903.5c) and, for
/// a card with a basic land type, each colour of mana it could produce (903.5d). `None` when
/// neither the table nor the name tells.
fn deck_colors(name: &str, cards: &CardTable) -> Option<String> {
    if let Some(info) = cards.lookup(name) {
        let mut colors = info.identity.clone();
        let land_types = info.basic_land_type_colors();
        if !land_types.is_empty() {
            colors.push_str(&land_types);
            colors.push_str(&info.produced);
        }
        return Some(wubrg(colors.chars()));
    }
    // A basic land the table lacks: its land type's colour (Wastes has none).
    let lower = name.to_ascii_lowercase();
    let basic = lower.strip_prefix("snow-covered ").unwrap_or(&lower);
    let color = match basic {
        "plains" => "W",
        "island" => "U",
        "swamp" => "B",
        "mountain" => "R",
        "forest" => "G",
        "wastes" => "",
        _ => return None,
    };
    Some(color.into())
}

/// 903.5c/903.5d: the deck's cards (and its companion) whose colours are not all in the
/// commanders' combined colour identity; `Err` with a note when the check cannot be made.
fn color_identity(
    deck: &DeckList,
    cards: Option<&CardTable>,
) -> std::result::Result<Option<String>, String> {
    let Some(cards) = cards else {
        return Err(
            "903.5c: colour identities were not checked: no card table (run \
                    `mulligan cards download`)"
                .into(),
        );
    };
    if deck.commanders.is_empty() {
        return Err(
            "903.5c: colour identities were not checked: the list names no commander".into(),
        );
    }
    let mut commander = String::new();
    for c in &deck.commanders {
        match cards.lookup(&c.name) {
            Some(info) => commander.push_str(&info.identity),
            None => {
                return Err(format!(
                    "903.5c: colour identities were not checked: the commander {} is not in \
                     the card table",
                    c.name
                ))
            }
        }
    }
    let commander = wubrg(commander.chars());
    let mut offending: Vec<(&str, String)> = vec![];
    for card in deck.main.iter().chain(&deck.companions) {
        if offending.iter().any(|(n, _)| *n == card.name) {
            continue;
        }
        if let Some(colors) = deck_colors(&card.name, cards) {
            if colors.chars().any(|c| !commander.contains(c)) {
                offending.push((&card.name, colors));
            }
        }
    }
    if offending.is_empty() {
        return Ok(None);
    }
    let names: Vec<&str> = deck.commanders.iter().map(|c| c.name.as_str()).collect();
    let shown = |colors: &str| {
        if colors.is_empty() {
            "colourless".to_string()
        } else {
            colors.to_string()
        }
    };
    Ok(Some(format!(
        "903.5c: a Commander deck holds only cards whose colour identity is within its \
         commander's ({}: {}); these are not: {}",
        names.join(" + "),
        shown(&commander),
        offending
            .iter()
            .map(|(n, c)| format!("{n} ({})", shown(c)))
            .collect::<Vec<_>>()
            .join(", ")
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deck::ParseOptions;
    use crate::error::Error;

    /// Scryfall records, cut to the fields the table keeps (the colour identities are
    /// Scryfall's).
    const BULK: &str = r#"[
 {"name":"Wort, the Raidmother","type_line":"Legendary Creature — Elemental Shaman","mana_cost":"{4}{R/G}{R/G}","colors":["R","G"],"color_identity":["G","R"]},
 {"name":"Falthis, Shadowcat Familiar","type_line":"Legendary Creature — Nightmare Cat","mana_cost":"{2}{B}","colors":["B"],"color_identity":["B"]},
 {"name":"Kediss, Emberclaw Familiar","type_line":"Legendary Creature — Elemental Lizard","mana_cost":"{1}{R}","colors":["R"],"color_identity":["R"]},
 {"name":"Lightning Bolt","type_line":"Instant","mana_cost":"{R}","colors":["R"],"color_identity":["R"]},
 {"name":"Swords to Plowshares","type_line":"Instant","mana_cost":"{W}","colors":["W"],"color_identity":["W"]},
 {"name":"Sol Ring","type_line":"Artifact","mana_cost":"{1}","colors":[],"color_identity":[],"produced_mana":["C"]},
 {"name":"Sacred Foundry","type_line":"Land — Mountain Plains","colors":[],"color_identity":["R","W"],"produced_mana":["R","W"]},
 {"name":"Stomping Ground","type_line":"Land — Mountain Forest","colors":[],"color_identity":[],"produced_mana":["G","R"]},
 {"name":"Lurrus of the Dream-Den","type_line":"Legendary Creature — Cat Nightmare","mana_cost":"{1}{W/B}{W/B}","colors":["W","B"],"color_identity":["B","W"]},
 {"name":"Forest","type_line":"Basic Land — Forest","colors":[],"color_identity":["G"],"produced_mana":["G"]}
]"#;

    fn table() -> CardTable {
        CardTable::from_scryfall(BULK).unwrap()
    }

    fn parse(text: &str, cards: Option<&CardTable>, strict: bool) -> crate::Result<Vec<String>> {
        let options = ParseOptions {
            cards,
            strict,
            ..ParseOptions::default()
        };
        crate::DeckList::parse_with(text, &options).map(|p| p.warnings)
    }

    /// A 100-card Wort deck with `extra` among its 99.
    fn wort(extra: &str) -> String {
        let n = extra.lines().count();
        format!(
            "Commander\n1 Wort, the Raidmother\nDeck\n1 Lightning Bolt\n1 Sol Ring\n{extra}\n{} Forest\n",
            97 - n
        )
    }

    #[test]
    fn cards_within_the_commanders_identity_pass() {
        let t = table();
        let w = parse(&wort("1 Stomping Ground"), Some(&t), true).unwrap();
        assert!(w.iter().all(|w| !w.starts_with("903.5")), "{w:?}");
    }

    #[test]
    fn cards_outside_it_are_named_a_warning_or_an_error_when_strict() {
        let t = table();
        let deck = wort("1 Swords to Plowshares\n1 Sacred Foundry\n1 Mountain\n1 Plains");
        let w = parse(&deck, Some(&t), false).unwrap();
        let found: Vec<&String> = w.iter().filter(|w| w.starts_with("903.5c")).collect();
        assert_eq!(found.len(), 1, "{w:?}");
        let m = found[0];
        assert!(m.contains("(Wort, the Raidmother: RG)"), "{m}");
        // 903.5c by identity; 903.5d: a card with the basic land type Plains produces white
        // (Sacred Foundry; a basic Plains, known by its name though the table lacks it).
        assert!(
            m.ends_with("these are not: Swords to Plowshares (W), Sacred Foundry (WR), Plains (W)"),
            "{m}"
        );
        assert!(!m.contains("Mountain"), "{m}");
        match parse(&deck, Some(&t), true) {
            Err(Error::Deck { line: 0, message }) => assert!(message.starts_with("903.5c")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_card_with_a_basic_land_type_brings_the_colours_it_makes() {
        // Scryfall's identity for this record is left empty on purpose: 903.5d still holds.
        let t = table();
        let deck =
            "Commander\n1 Kediss, Emberclaw Familiar\nDeck\n1 Stomping Ground\n98 Mountain\n";
        let w = parse(deck, Some(&t), false).unwrap();
        assert!(
            w.iter()
                .any(|w| w.starts_with("903.5c") && w.contains("Stomping Ground (RG)")),
            "{w:?}"
        );
    }

    #[test]
    fn partners_combine_their_identities() {
        let t = table();
        let deck = "Commander\n1 Falthis, Shadowcat Familiar\n1 Kediss, Emberclaw Familiar\n\
                    Deck\n1 Lightning Bolt\n97 Swamp\n";
        let w = parse(deck, Some(&t), true).unwrap();
        assert!(w.is_empty(), "{w:?}");
        let deck = deck.replace("97 Swamp", "96 Swamp\n1 Swords to Plowshares");
        let w = parse(&deck, Some(&t), false).unwrap();
        assert!(
            w.iter().any(|w| w
                .contains("(Falthis, Shadowcat Familiar + Kediss, Emberclaw Familiar: BR)")
                && w.ends_with("these are not: Swords to Plowshares (W)")),
            "{w:?}"
        );
    }

    #[test]
    fn the_companion_is_checked_too_and_wastes_fits_every_deck() {
        let t = table();
        let deck = format!("{}Companion\n1 Lurrus of the Dream-Den\n", wort("1 Wastes"));
        let w = parse(&deck, Some(&t), false).unwrap();
        assert!(
            w.iter()
                .any(|w| w.ends_with("these are not: Lurrus of the Dream-Den (WB)")),
            "{w:?}"
        );
    }

    #[test]
    fn skipped_once_without_a_table_or_a_known_commander_even_when_strict() {
        let deck = wort("1 Swords to Plowshares\n1 Grizzly Bears");
        let w = parse(&deck, None, true).unwrap();
        let skipped: Vec<&String> = w.iter().filter(|w| w.starts_with("903.5c")).collect();
        assert_eq!(skipped.len(), 1, "{w:?}");
        assert!(skipped[0].contains("not checked: no card table"), "{w:?}");
        assert!(skipped[0].contains("mulligan cards download"), "{w:?}");
        let t = table();
        let unknown = deck.replace("Wort, the Raidmother", "Wort the Raidmom");
        let w = parse(&unknown, Some(&t), true).unwrap();
        assert!(
            w.iter().any(|w| w.starts_with("903.5c")
                && w.contains("the commander Wort the Raidmom is not in the card table")),
            "{w:?}"
        );
        // A card the table does not know is named by the unknown-card warning, not here.
        let w = parse(&wort("1 Grizzly Bears"), Some(&t), true).unwrap();
        assert!(w.iter().all(|w| !w.starts_with("903.5")), "{w:?}");
    }

    #[test]
    fn other_formats_have_no_colour_check() {
        let t = table();
        let w = parse("4 Swords to Plowshares\n56 Forest\n", Some(&t), true).unwrap();
        assert!(w.is_empty(), "{w:?}");
    }
}
