//! One card line of a text deck list, in every exporter's dialect:
//!
//! ```text
//! 4 Lightning Bolt                          plain; `4x`, `4*` too; a name alone is one copy
//! 4 Lightning Bolt (M11) 149                MTG Arena, Moxfield (set code, collector number)
//! SB: 2 Abrade                              Magic Workstation, Cockatrice, XMage sideboard
//! 4 [M11:149] Lightning Bolt                XMage (`[M11]`: Magic Workstation)
//! 3 [THS] Plains (1)                        Magic Workstation, with the art variant `(1)`
//! 4 Lightning Bolt|M11|1                    Forge (set, art index)
//! 1 Solitude+|MH2|[307]|#{markedColors=W}   Forge (`+` foil, `[collector number]`, flags)
//! 1 Sol Ring (C21) 263 *F* #Ramp            Moxfield (`*F*` foil, `*E*` etched, `#tag`)
//! 1x Atraxa, Praetors' Voice *CMDR*         TappedOut (commander)
//! 1x Sol Ring (c21) 263 [Ramp{top}] ^Have^  Archidekt (categories, label)
//! 4 Plains # basics                         a comment at the end (`#` and a space)
//! 4 Llanowar Elves [ramp, creature]         this project's markers: `land` makes it a land
//! ```
//! Split and double-faced names are written with `//`: `Fire/Ice` and `Dusk / Dawn` become
//! `Fire // Ice` and `Dusk // Dawn`. A bracket category or a `#tag` `Land`/`Lands` makes the card a land,
//! `Commander`/`Sideboard`/`Companion` move it to that section, `Maybeboard`/`Considering` or
//! an Archidekt `{noDeck}` flag leave it out; any other marker becomes a tag.

use super::entry::MAX_COPIES;
use super::list::Section;

/// What one card line says, before the name is looked up.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct CardLine {
    pub count: u32,
    pub name: String,
    /// The section the line itself names (`SB:`, `*CMDR*`, `[Commander]`), if any.
    pub section: Option<Section>,
    /// Left out of the deck (a maybeboard card).
    pub skip: bool,
    pub land: bool,
    pub classified: bool,
    pub tags: Vec<String>,
    /// The line ends in MTG Arena's `(SET) 123` (or `(SET)`): an Arena export's line.
    pub arena: bool,
}

/// Characters no card name has: a line holding one looks like nothing and is refused.
const FORBIDDEN: &[char] = &[
    '<', '>', '{', '}', '=', '|', '\\', ';', '@', '$', '%', '^', '~', '`', '[', ']', '*', '#',
];

pub(super) fn parse(line: &str) -> Result<CardLine, String> {
    let mut out = CardLine {
        count: 1,
        name: String::new(),
        section: None,
        skip: false,
        land: false,
        classified: false,
        tags: vec![],
        arena: false,
    };
    let mut rest = strip_comment(line.trim()).trim();
    if let Some(after) = strip_prefix_ci(rest, "SB:") {
        out.section = Some(Section::Sideboard);
        rest = after.trim_start();
    }
    let (count, after) = split_count(rest)?;
    out.count = count;
    // Forge's fields follow the first `|` (no card name has one); what they say is not needed.
    let after = match after.split_once('|') {
        Some((base, forge)) => {
            check_forge_fields(forge).map_err(|m| format!("{line:?}: {m}"))?;
            base
        }
        None => after,
    };
    // Strip and normalise until nothing changes, so that a name written back out reads as
    // the same name.
    let mut name = strip_set_prefix(after).to_string();
    loop {
        let stripped = strip_suffixes(&name, &mut out)?;
        let normal = normalize_name(stripped).map_err(|m| format!("{line:?}: {m}"))?;
        if normal == name {
            break;
        }
        name = normal;
    }
    if let Some(number) = csv_number(&name) {
        return Err(format!(
            "{line:?} looks like a CSV row ({number:?} between commas is a count, not part of a \
             name): a CSV export is read only when its header line (`Count,Name`, `Qty,Name`, \
             ...) comes first"
        ));
    }
    out.name = name;
    Ok(out)
}

/// A comma-separated part of a name that is only a number (`Forest,20`, `20,Forest`): a CSV
/// row without its header, which no card name is (`Borrowing 100,000 Arrows` has none).
fn csv_number(name: &str) -> Option<&str> {
    if !name.contains(',') {
        return None;
    }
    name.split(',')
        .map(|p| p.trim().trim_matches('"').trim())
        .find(|p| !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()))
}

fn strip_prefix_ci<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

/// Cuts a comment at the end of a line: a `#` that starts a word and is followed by a space
/// or the end of the line (`4 Plains # basics`). `#Ramp` is a tag, not a comment.
fn strip_comment(line: &str) -> &str {
    let bytes = line.as_bytes();
    for (i, &b) in bytes.iter().enumerate() {
        if b != b'#' {
            continue;
        }
        let starts_word = i == 0 || bytes[i - 1].is_ascii_whitespace();
        let ends = i + 1 == bytes.len() || bytes[i + 1].is_ascii_whitespace();
        if starts_word && ends {
            return &line[..i];
        }
    }
    line
}

/// The count: a leading whole number, alone or with `x`/`X`/`*` (`4`, `4x`, `4*`); no number
/// is one copy.
fn split_count(body: &str) -> Result<(u32, &str), String> {
    let first = body.split_whitespace().next().unwrap_or("");
    let digits = first.strip_suffix(['x', 'X', '*']).unwrap_or(first);
    let looks_numeric = !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit());
    if !looks_numeric {
        let signed = first.starts_with(['-', '+'])
            && first[1..]
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit());
        if signed {
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

/// A set code: two to six letters and digits, at least one a letter, one case throughout
/// (`M11`, `2X2`, `c21`); `(Used)` or `(16)` are parts of names, not sets.
fn is_set_code(s: &str) -> bool {
    (2..=6).contains(&s.len())
        && s.bytes().all(|b| b.is_ascii_alphanumeric())
        && s.bytes().any(|b| b.is_ascii_alphabetic())
        && (s.bytes().all(|b| !b.is_ascii_lowercase())
            || s.bytes().all(|b| !b.is_ascii_uppercase()))
}

/// Drops a set before the name: `[M11]` (Magic Workstation) or `[M11:149]` (XMage, whose own
/// codes may hold a `-`: `[MPS-AKH:49]`; its numbers `2*`, `72+`, `64ab`).
fn strip_set_prefix(rest: &str) -> &str {
    let Some(inner) = rest.strip_prefix('[') else {
        return rest;
    };
    let Some(close) = inner.find(']') else {
        return rest;
    };
    let (set, number) = match inner[..close].split_once(':') {
        Some((s, n)) => (s, Some(n)),
        None => (&inner[..close], None),
    };
    let set_ok = !set.is_empty()
        && set.len() <= 10
        && set
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    let number_ok = number.is_none_or(|n| !n.is_empty() && !n.contains(char::is_whitespace));
    if set_ok && number_ok {
        inner[close + 1..].trim_start()
    } else {
        rest
    }
}

/// Strips what exporters append after the name, from the right, until nothing more comes off:
/// Archidekt `^labels^`, `[categories]`, `*F*`-style flags, `#tags`, `(SET) 123`, a Magic
/// Workstation art variant `(1)`, Forge's foil mark `+` (no card name ends with one).
fn strip_suffixes<'a>(mut rest: &'a str, out: &mut CardLine) -> Result<&'a str, String> {
    loop {
        rest = rest.trim_end();
        if let Some(body) = rest.strip_suffix('+') {
            rest = body;
        } else if let Some(head) = strip_art_variant(rest) {
            rest = head;
        } else if let Some(body) = rest.strip_suffix('^') {
            match body.rfind('^') {
                Some(open) => rest = &body[..open],
                None => return Err(format!("{rest:?} has a '^' with no partner")),
            }
        } else if let Some(body) = rest.strip_suffix(']') {
            let Some(open) = body.rfind('[') else {
                return Err(format!("{rest:?} has a ']' with no '['"));
            };
            categories(&body[open + 1..], out).map_err(|m| format!("{rest:?}: {m}"))?;
            rest = &body[..open];
        } else if let Some(body) = rest.strip_suffix('*') {
            let Some(open) = body.rfind('*') else {
                return Err(format!("{rest:?} has a '*' with no partner"));
            };
            let flag = &body[open + 1..];
            if flag.is_empty() || !flag.bytes().all(|b| b.is_ascii_alphanumeric()) {
                return Err(format!("{rest:?}: {flag:?} is not a *flag*"));
            }
            if flag.eq_ignore_ascii_case("CMDR") {
                out.section = Some(Section::Commander);
            }
            rest = &body[..open];
        } else if let Some((head, tag)) = last_word(rest).filter(|(_, w)| w.starts_with('#')) {
            let tag = tag.trim_start_matches(['#', '!']);
            if tag.is_empty() {
                return Err(format!("{rest:?} has an empty #tag"));
            }
            push_tag(out, tag)?;
            rest = head;
        } else if let Some(head) = strip_set_suffix(rest) {
            out.arena = true;
            rest = head;
        } else {
            return Ok(rest);
        }
    }
}

/// The text before the last white space and the word after it. The white space may be more
/// than one byte (a no-break or em space from a web page's copy).
fn last_word(s: &str) -> Option<(&str, &str)> {
    let (at, space) = s.char_indices().rev().find(|(_, c)| c.is_whitespace())?;
    Some((&s[..at], &s[at + space.len_utf8()..]))
}

/// `Plains (1)`: the name without Magic Workstation's art variant, a number of one or two
/// digits in parentheses after the name (no card name ends with one).
fn strip_art_variant(rest: &str) -> Option<&str> {
    let (head, last) = last_word(rest)?;
    let n = last.strip_prefix('(')?.strip_suffix(')')?;
    let digits = (1..=2).contains(&n.len()) && n.bytes().all(|b| b.is_ascii_digit());
    (digits && !head.trim().is_empty()).then_some(head)
}

/// `Name (SET)` or `Name (SET) 149`: the name.
fn strip_set_suffix(rest: &str) -> Option<&str> {
    let in_parens = |w: &str| {
        w.strip_prefix('(')
            .and_then(|w| w.strip_suffix(')'))
            .is_some_and(is_set_code)
    };
    let (head, last) = last_word(rest)?;
    if in_parens(last) {
        return Some(head);
    }
    let (head2, set) = last_word(head.trim_end())?;
    let number_ok = last.len() <= 12 && !last.contains(['(', ')', '[', ']', '#', '*']);
    (in_parens(set) && number_ok).then_some(head2)
}

/// One marker, from `[brackets]` or a `#tag`, classified the same way whichever way it came, so
/// that a deck written back in the plain format reads as the same deck: `Land`/`Lands` make
/// the card a land, `Commander`/`Sideboard`/`Companion` move it to that section,
/// `Maybeboard`/`Considering` leave it out, any other marker is an ability tag.
fn push_tag(out: &mut CardLine, tag: &str) -> Result<(), String> {
    // A marker that starts with `#` is refused too: written back after `, ` in a plain list,
    // `# note` would read as a comment.
    if tag.contains([',', '[', ']', '{', '}'])
        || tag.starts_with('#')
        || tag.contains(char::is_control)
    {
        return Err(format!("{tag:?} is not a tag"));
    }
    match tag.to_ascii_lowercase().as_str() {
        "land" | "lands" => out.land = true,
        "commander" | "commanders" => out.section = Some(Section::Commander),
        "sideboard" => out.section = Some(Section::Sideboard),
        "companion" => out.section = Some(Section::Companion),
        "maybeboard" | "considering" => out.skip = true,
        _ if out.tags.iter().any(|t| t == tag) => {}
        _ => out.tags.push(tag.to_string()),
    }
    Ok(())
}

/// The comma-separated markers of one `[...]`, each with optional Archidekt `{flags}`.
fn categories(inner: &str, out: &mut CardLine) -> Result<(), String> {
    for raw in inner.split(',') {
        let raw = raw.trim();
        let name_end = raw.find('{').unwrap_or(raw.len());
        let name = raw[..name_end].trim();
        let flags = &raw[name_end..];
        if flags.contains("{noDeck}") {
            out.skip = true;
        }
        if name.is_empty() {
            if flags.is_empty() {
                return Err("an empty marker in [brackets]".into());
            }
            continue;
        }
        if name.contains(['[', ']', '{', '}']) {
            return Err(format!("{name:?} is not a marker"));
        }
        out.classified = true;
        push_tag(out, name)?;
    }
    Ok(())
}

/// Forge's fields after the name (`CardDb.CardRequest`): a set code, then optionally an art
/// index, a `[collector number]` and a `#{flags}` segment; none may be empty.
fn check_forge_fields(fields: &str) -> Result<(), String> {
    for field in fields.split('|') {
        if field.trim().is_empty() {
            return Err("an empty |field after the name".into());
        }
    }
    Ok(())
}

/// A name from an XML deck file's attribute: the file says exactly where the name starts and
/// ends, so any characters are taken (a name no card has is then an unknown card, named in a
/// warning, as XMage and Cockatrice load the rest of such a file); only an empty name or one
/// with control characters is refused.
pub(super) fn normalize_attribute_name(raw: &str) -> Result<String, String> {
    match normalize_name(raw) {
        Ok(name) => Ok(name),
        Err(_) if raw.chars().any(char::is_control) => {
            Err("a control character is in no card name".into())
        }
        Err(_) => {
            let name = raw.split_whitespace().collect::<Vec<_>>().join(" ");
            if name.is_empty() {
                Err("no card name".into())
            } else {
                Ok(name.replace(['\u{2019}', '\u{2018}'], "'"))
            }
        }
    }
}

/// A card name as the engine keeps it: single spaces, straight apostrophes, `//` between the
/// faces; refused if it looks like nothing.
pub(super) fn normalize_name(raw: &str) -> Result<String, String> {
    let name = raw.replace(['\u{2019}', '\u{2018}'], "'");
    let faces: Vec<String> = name
        .split('/')
        .map(|f| f.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|f| !f.is_empty())
        .collect();
    let name = faces.join(" // ");
    if name.is_empty() {
        return Err("no card name".into());
    }
    if let Some(c) = name
        .chars()
        .find(|c| FORBIDDEN.contains(c) || c.is_control())
    {
        return Err(format!(
            "{c:?} is in no card name: this does not look like a card line"
        ));
    }
    if !name.chars().any(|c| c.is_alphanumeric() || c == '_') {
        return Err("this does not look like a card name".into());
    }
    Ok(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(line: &str) -> CardLine {
        parse(line).unwrap_or_else(|e| panic!("{line:?}: {e}"))
    }

    #[test]
    fn every_dialect_gives_count_and_name() {
        for (line, count, name) in [
            ("1 Borrowing 100,000 Arrows", 1, "Borrowing 100,000 Arrows"),
            ("2 Sorin, Lord of Innistrad", 2, "Sorin, Lord of Innistrad"),
            ("4 Lightning Bolt", 4, "Lightning Bolt"),
            ("4x Lightning Bolt", 4, "Lightning Bolt"),
            ("4* Lightning Bolt", 4, "Lightning Bolt"),
            ("Lightning Bolt", 1, "Lightning Bolt"),
            ("4 Lightning Bolt (M11) 149", 4, "Lightning Bolt"),
            ("4 Lightning Bolt (M11)", 4, "Lightning Bolt"),
            ("1 Sol Ring (PLST) C21-263", 1, "Sol Ring"),
            ("4 [M11:149] Lightning Bolt", 4, "Lightning Bolt"),
            ("4 [M11] Lightning Bolt", 4, "Lightning Bolt"),
            ("4 Lightning Bolt|M11|1", 4, "Lightning Bolt"),
            ("4 Lightning Bolt|M11", 4, "Lightning Bolt"),
            ("1 Sol Ring (C21) 263 *F* #Ramp #!Staple", 1, "Sol Ring"),
            (
                "1x Sol Ring (c21) 263 [Ramp{top}] ^Have,#37d67a^",
                1,
                "Sol Ring",
            ),
            ("4 Plains # basics", 4, "Plains"),
            ("2 Fire/Ice", 2, "Fire // Ice"),
            ("1 Dusk / Dawn", 1, "Dusk // Dawn"),
            (
                "1 Who/What/When/Where/Why",
                1,
                "Who // What // When // Where // Why",
            ),
            (
                "1 B.F.M. (Big Furry Monster)",
                1,
                "B.F.M. (Big Furry Monster)",
            ),
            ("1 Hazmat Suit (Used)", 1, "Hazmat Suit (Used)"),
            ("1 Urza\u{2019}s Saga", 1, "Urza's Saga"),
            ("SB: 2 [DMU:139] Abrade", 2, "Abrade"),
            // Collector numbers as Scryfall, Moxfield and Cockatrice write them.
            ("1 Sol Ring (SLD) 1558\u{2605}", 1, "Sol Ring"),
            ("1 Thoughtseize (PMH3) 220s", 1, "Thoughtseize"),
            ("1 Wear // Tear (DGM) 135a", 1, "Wear // Tear"),
            ("1 Island (PLST) DOM-253", 1, "Island"),
            (
                "1 A-Teferi, Time Raveler (Y22) 12",
                1,
                "A-Teferi, Time Raveler",
            ),
            // Forge: art index, collector number, foil, flags; XMage's own set codes.
            ("3 Plains|TDM|2", 3, "Plains"),
            ("1 Killer Cosplay|UNF|[F145]", 1, "Killer Cosplay"),
            ("1 Solitude+|MH2|[307]|#{markedColors=W}", 1, "Solitude"),
            (
                "1 [MPS-AKH:49] Hazoret the Fervent",
                1,
                "Hazoret the Fervent",
            ),
            ("3 [THS] Plains (1)", 3, "Plains"),
        ] {
            let l = p(line);
            assert_eq!((l.count, l.name.as_str()), (count, name), "{line:?}");
        }
    }

    #[test]
    fn markers_set_sections_lands_and_tags() {
        let l = p("1x Atraxa, Praetors' Voice *CMDR*");
        assert_eq!(l.section, Some(Section::Commander));
        let l = p("1 Sol Ring (C21) 263 *F* #Ramp #!Staple");
        assert_eq!(l.tags, vec!["Staple", "Ramp"]);
        assert!(!l.classified);
        let l = p("1x Command Tower (c21) 263 [Land]");
        assert!(l.land && l.classified);
        // Multi-byte white space before a marker (found by a random search: it panicked).
        let l = p("1 Sol\u{a0}Ring\u{2003}#Ramp");
        assert_eq!(l.tags, vec!["Ramp".to_string()]);
        assert!(parse("1x [\u{2003}^40)##").is_err());
        let l = p("1x Lurrus of the Dream-Den [Sideboard]");
        assert_eq!(l.section, Some(Section::Sideboard));
        // Found by the deck_parse fuzz target: a `#!Sideboard` tag became a tag that the
        // plain format writes as `[Sideboard]`, which reads back as the sideboard.
        let l = p("1 Chanc #!Sideboard");
        assert_eq!(l.section, Some(Section::Sideboard));
        assert!(l.tags.is_empty());
        assert_eq!(p("1 Forest #Land").tags, Vec::<String>::new());
        // Found by the deck_parse fuzz target: a bracketed marker `# note` after a comma was a
        // tag, which the plain format writes after `, `, where it reads as a comment.
        assert!(parse("4 Leyline Axe [reveal,# note (60 cards, 20 lands)]").is_err());
        assert!(parse("1 Card [#Ramp]").is_err());
        assert!(p("1x Card [Maybeboard{noDeck}{noPrice}]").skip);
        assert!(p("1x Card [Ramp{noDeck}]").skip);
        assert_eq!(p("SB: 1 Duress").section, Some(Section::Sideboard));
    }

    #[test]
    fn lines_that_look_like_nothing_are_refused() {
        for line in [
            "<Cards CatID=\"1\" Quantity=\"4\" Name=\"Bolt\" />",
            "Name=Mono Red",
            "4",
            "4 ()[]",
            "4 Forest [land",
            "4 Forest [land] x",
            "4 Forest []",
            "4 Bolt *F",
            "4 ---",
            "0 Forest",
            "-1 Forest",
            "4 Bolt|",
            "{\"name\": \"Bolt\"}",
            // CSV rows without their header.
            "Forest,20",
            "20,Forest",
            "\"Sorin, Lord of Innistrad\",1",
        ] {
            assert!(parse(line).is_err(), "{line:?} was accepted");
        }
    }
}
