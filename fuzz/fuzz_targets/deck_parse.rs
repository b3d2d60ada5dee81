//! The deck-list reader (`DeckList::parse_with`, docs/API.md "Deck files") on arbitrary text:
//! every text dialect and the two XML formats, detected from the text.
//!
//! Checked: no panic. An accepted list: names and tags are well formed (trimmed, non-empty,
//! none of the characters no card name has, no `land` tag, no tag twice), at most one
//! companion (103.2b), at most `MAX_DECK_CARDS` cards; the cards the engine knows by name carry
//! their land flag and tags; writing the deck back out as a plain list and reading it again
//! gives the same deck. A refused list: a `Deck` error naming a line of the text. Either way,
//! CRLF line ends (every LF not already after a CR written as CRLF), a byte-order mark and a
//! trailing comment change nothing.

#![no_main]

use libfuzzer_sys::{fuzz_target, Corpus};
use mulligan_core::deck::{
    is_csv, known_card, ParseOptions, SourceFormat, MAX_COPIES, MAX_DECK_CARDS,
};
use mulligan_core::{Card, DeckList, Error, ParsedDeck};
use mulligan_fuzz::{copies_estimate, MAX_FUZZ_COPIES};

/// Characters no accepted card name holds.
const NOT_IN_NAMES: &[char] = &[
    '<', '>', '{', '}', '=', '|', '\\', ';', '@', '$', '%', '^', '~', '`', '[', ']', '*', '#',
    '\n', '\r',
];

fn parse(text: &str) -> Result<ParsedDeck, Error> {
    DeckList::parse_with(text, &ParseOptions::default())
}

/// The deck written back in the plain format: one line per run of equal cards (at most
/// `MAX_COPIES` each), with every flag and tag as a marker; the companion is listed in the
/// sideboard too, as MTG Arena writes it (and the reader counts it once).
fn render(d: &DeckList) -> String {
    let mut sideboard = d.sideboard.clone();
    sideboard.extend(d.companions.iter().cloned());
    let mut out = String::new();
    for (name, cards) in [
        ("Deck", &d.main),
        ("Sideboard", &sideboard),
        ("Commander", &d.commanders),
        ("Companion", &d.companions),
    ] {
        out.push_str(name);
        out.push('\n');
        let mut i = 0;
        while i < cards.len() {
            let card = &cards[i];
            let mut run = 1;
            while i + run < cards.len() && cards[i + run] == *card && run < MAX_COPIES as usize {
                run += 1;
            }
            let mut markers: Vec<&str> = vec![];
            if card.land {
                markers.push("land");
            }
            markers.extend(card.tags.iter().map(String::as_str));
            out.push_str(&format!("{run} {}", card.name));
            if !markers.is_empty() {
                out.push_str(&format!(" [{}]", markers.join(", ")));
            }
            out.push('\n');
            i += run;
        }
    }
    out
}

/// `xml`: the list came from a .cod or .dek file, where a name no card has (XMage's own test
/// file holds `@#$NOT A REAL CARD NAME@#$`) is read as an unknown card, as XMage loads it, so
/// its characters are not limited and a plain list cannot always write it back (nor a name
/// ending like a set and number, `(M11) 149`, which a plain line reads as its printing).
fn check_accepted(deck: &DeckList, xml: bool) {
    assert!(
        deck.companions.len() <= 1,
        "103.2b: {} companions",
        deck.companions.len()
    );
    assert!(deck.total_cards() <= MAX_DECK_CARDS);
    for cards in [
        &deck.main,
        &deck.sideboard,
        &deck.commanders,
        &deck.companions,
    ] {
        // One check per run of equal cards: a line of 1000 copies is one card to check.
        for run in cards.chunk_by(|a: &Card, b: &Card| a == b) {
            let card = &run[0];
            let name = &card.name;
            assert!(!name.is_empty() && name.trim() == name, "name {name:?}");
            assert!(xml || !name.contains(NOT_IN_NAMES), "name {name:?}");
            let mut seen: Vec<&str> = vec![];
            for tag in &card.tags {
                assert!(
                    !tag.is_empty() && tag.trim() == tag,
                    "{card:?}: tag {tag:?}"
                );
                assert!(
                    !tag.contains([',', '[', ']', '\n']),
                    "{card:?}: tag {tag:?}"
                );
                assert!(
                    !tag.eq_ignore_ascii_case("land"),
                    "{card:?}: a land marker became a tag"
                );
                assert!(!seen.contains(&tag.as_str()), "{card:?}: tag {tag:?} twice");
                seen.push(tag);
            }
            let (land, known_tags) = known_card(name);
            assert!(card.land || !land, "{card:?} is a land by name");
            for t in &known_tags {
                assert!(card.has_tag(t), "{card:?} lacks its tag {t:?}");
            }
        }
    }
    // A name from XML that a plain line cannot hold as it is: a character no card name has,
    // or an ending the plain reader takes for a set and collector number (`Name (M11) 149x`).
    let plain = |c: &Card| {
        parse(&format!("1 {}", c.name))
            .is_ok_and(|p| p.deck.main.first().is_some_and(|read| read.name == c.name))
    };
    let odd = |c: &Card| c.name.contains(NOT_IN_NAMES) || !plain(c);
    let all = [
        &deck.main,
        &deck.sideboard,
        &deck.commanders,
        &deck.companions,
    ];
    if xml && all.iter().any(|cards| cards.iter().any(odd)) {
        return;
    }
    let rendered = render(deck);
    match DeckList::parse(&rendered) {
        Ok(again) => assert!(
            again == *deck,
            "written back as {rendered:?}, it reads as another deck: {again:?}"
        ),
        Err(e) => panic!("written back as {rendered:?}, it is refused: {e}"),
    }
}

fn check_refused(text: &str, e: &Error) {
    let Error::Deck { line, message } = e else {
        panic!("a deck list was refused with {e:?}, not a Deck error");
    };
    let n = text.lines().count();
    assert!(*line <= n + 1, "line {line} of {n}: {message}");
    assert!(!message.is_empty());
}

/// The text with CRLF line ends: every LF that is not already the end of a CRLF becomes one.
/// A line that already ends in CRLF is left as it is: writing its LF again would make
/// `\r\r\n`, a stray `\r` before a line end, which is another text (a CSV field's closing
/// quote followed by `\r` is refused), not the same text with other line ends.
fn lf_to_crlf(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / 16);
    let mut previous = '\0';
    for c in text.chars() {
        if c == '\n' && previous != '\r' {
            out.push('\r');
        }
        out.push(c);
        previous = c;
    }
    out
}

/// Accepted as the same deck, or refused at the same line.
fn same_outcome(a: &Result<ParsedDeck, Error>, b: &Result<ParsedDeck, Error>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x.deck == y.deck,
        (Err(Error::Deck { line: x, .. }), Err(Error::Deck { line: y, .. })) => x == y,
        _ => false,
    }
}

mulligan_fuzz::replayable_randomness!();

fuzz_target!(|data: &[u8]| -> Corpus {
    let text = String::from_utf8_lossy(data);
    if copies_estimate(&text) > MAX_FUZZ_COPIES {
        return Corpus::Reject;
    }
    let parsed = parse(&text);
    match &parsed {
        // XML and CSV names are not limited to what a plain line can hold.
        Ok(p) => check_accepted(&p.deck, p.source != SourceFormat::Text),
        Err(e) => check_refused(&text, e),
    }
    let crlf = parse(&lf_to_crlf(&text));
    assert!(
        same_outcome(&parsed, &crlf),
        "CRLF line ends changed {parsed:?} to {crlf:?}"
    );
    if !text.starts_with('\u{feff}') {
        let bom = parse(&format!("\u{feff}{text}"));
        assert!(
            same_outcome(&parsed, &bom),
            "a byte-order mark changed {parsed:?} to {bom:?}"
        );
    }
    let xml = matches!(
        &parsed,
        Ok(p) if matches!(p.source, SourceFormat::MtgoDek | SourceFormat::CockatriceCod)
    );
    // CSV has no comment lines: a `#` row is a row (and an error naming its line), in a CSV
    // text the reader refuses too. (A text's final lone CR ends its last line, so appending a
    // line changes neither the format nor what came before: regression-csv-comment-* and
    // regression-final-cr-* in fuzz/corpus/deck_parse/.)
    let csv = is_csv(&text);
    let comment = if xml {
        "\n<!-- a comment -->\n"
    } else {
        "\n# a comment\n"
    };
    // A file that starts with `<` (after a byte-order mark, which the reader skips) is read
    // as XML, where a `#` line is not a comment.
    let body = text.trim_start_matches('\u{feff}').trim_start();
    if !csv && (xml || !body.starts_with('<')) {
        let commented = parse(&format!("{text}{comment}"));
        assert!(
            same_outcome(&parsed, &commented),
            "a trailing comment changed {parsed:?} to {commented:?}"
        );
    }
    Corpus::Keep
});
