//! The deck-list parser (`DeckList::parse`, docs/API.md "Cards and decks") on arbitrary text.
//!
//! Checked: no panic. An accepted list: every section holds exactly the copies its card lines
//! count (a line's count is its leading number, `4` or `4x`, else 1), in runs of one card per
//! line; names and tags are well formed (trimmed, non-empty, no brackets, no `land` tag, no tag
//! twice, at most one companion); the cards the engine knows by name carry their land flag and
//! tags; writing the deck back out and parsing it again gives the same deck. A refused list: a
//! `Deck` error naming a line of the text, and the lines before it parse. Either way, CRLF line
//! ends and a trailing comment change nothing.

#![no_main]

use libfuzzer_sys::{fuzz_target, Corpus};
use mulligan_core::deck::{known_card, MAX_COPIES};
use mulligan_core::{Card, DeckList, Error};
use mulligan_fuzz::{copies_estimate, MAX_FUZZ_COPIES};

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Section {
    Main,
    Sideboard,
    Commander,
    Companion,
}

/// A section header line (the words of docs/API.md, plus the parser's `main deck` and
/// `commanders`), any ASCII case, an optional trailing `:`.
fn header(line: &str) -> Option<Section> {
    let word = line.strip_suffix(':').unwrap_or(line).trim();
    let is = |w: &str| word.eq_ignore_ascii_case(w);
    if is("deck") || is("main") || is("mainboard") || is("main deck") {
        Some(Section::Main)
    } else if is("sideboard") {
        Some(Section::Sideboard)
    } else if is("commander") || is("commanders") {
        Some(Section::Commander)
    } else if is("companion") {
        Some(Section::Companion)
    } else {
        None
    }
}

/// The count a card line asks for: its first word if that is digits with an optional `x`.
fn line_count(line: &str) -> usize {
    let first = line.split_whitespace().next().unwrap_or("");
    let digits = first.strip_suffix(['x', 'X']).unwrap_or(first);
    if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
        digits.parse().expect("an accepted count fits")
    } else {
        1
    }
}

/// Each card line of an accepted list: its section and count.
fn card_lines(text: &str) -> Vec<(Section, usize)> {
    let mut section = Section::Main;
    let mut out = vec![];
    for raw in text.lines() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
            continue;
        }
        match header(line) {
            Some(s) => section = s,
            None => out.push((section, line_count(line))),
        }
    }
    out
}

fn sections(d: &DeckList) -> [(Section, &Vec<Card>); 4] {
    [
        (Section::Main, &d.main),
        (Section::Sideboard, &d.sideboard),
        (Section::Commander, &d.commanders),
        (Section::Companion, &d.companions),
    ]
}

/// The deck written back in the plain format: one line per run of equal cards (at most
/// `MAX_COPIES` each), with every flag and tag as a marker.
fn render(d: &DeckList) -> String {
    let mut out = String::new();
    for (name, cards) in [
        ("Deck", &d.main),
        ("Sideboard", &d.sideboard),
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

fn check_accepted(text: &str, deck: &DeckList) {
    assert!(
        deck.companions.len() <= 1,
        "103.2b: {} companions",
        deck.companions.len()
    );

    // Counts: each section is the card lines' runs, in order.
    let lines = card_lines(text);
    for (section, cards) in sections(deck) {
        let counts: Vec<usize> = lines
            .iter()
            .filter(|(s, _)| *s == section)
            .map(|(_, c)| *c)
            .collect();
        assert_eq!(
            cards.len(),
            counts.iter().sum::<usize>(),
            "{section:?} holds {} cards, its lines count {counts:?}",
            cards.len()
        );
        let mut at = 0;
        for count in counts {
            let run = &cards[at..at + count];
            assert!(
                run.iter().all(|c| c == &run[0]),
                "{section:?}: a line made different cards"
            );
            at += count;
        }
    }

    for (_, cards) in sections(deck) {
        // One check per run of equal cards: a line of 1000 copies is one card to check.
        for run in cards.chunk_by(|a, b| a == b) {
            let card = &run[0];
            let name = &card.name;
            assert!(!name.is_empty() && name.trim() == name, "name {name:?}");
            assert!(!name.contains(['[', ']', '\n']), "name {name:?}");
            let mut seen: Vec<&str> = vec![];
            for tag in &card.tags {
                assert!(
                    !tag.is_empty() && tag.trim() == tag,
                    "{card:?}: tag {tag:?}"
                );
                assert!(!tag.contains([',', ']', '\n']), "{card:?}: tag {tag:?}");
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

    let rendered = render(deck);
    match DeckList::parse(&rendered) {
        Ok(again) => assert!(
            again == *deck,
            "written back as {rendered:?}, it parses to another deck"
        ),
        Err(e) => panic!("written back as {rendered:?}, it is refused: {e}"),
    }
}

fn check_refused(text: &str, e: &Error) {
    let Error::Deck { line, message } = e else {
        panic!("a deck list was refused with {e:?}, not a Deck error");
    };
    let n = text.lines().count();
    assert!(*line >= 1 && *line <= n, "line {line} of {n}: {message}");
    assert!(!message.is_empty());
    let before: Vec<&str> = text.lines().take(line - 1).collect();
    if let Err(e2) = DeckList::parse(&before.join("\n")) {
        panic!(
            "refused at line {line} ({message}), but its first {} lines are refused too: {e2}",
            line - 1
        );
    }
}

/// Accepted or refused (with the line) alike.
fn same_outcome(a: &Result<DeckList, Error>, b: &Result<DeckList, Error>) -> bool {
    match (a, b) {
        (Ok(x), Ok(y)) => x == y,
        (Err(Error::Deck { line: x, .. }), Err(Error::Deck { line: y, .. })) => x == y,
        _ => false,
    }
}

fuzz_target!(|data: &[u8]| -> Corpus {
    let text = String::from_utf8_lossy(data);
    if copies_estimate(&text) > MAX_FUZZ_COPIES {
        return Corpus::Reject;
    }
    let parsed = DeckList::parse(&text);
    match &parsed {
        Ok(deck) => check_accepted(&text, deck),
        Err(e) => check_refused(&text, e),
    }
    let crlf = DeckList::parse(&text.replace('\n', "\r\n"));
    assert!(
        same_outcome(&parsed, &crlf),
        "CRLF line ends changed {parsed:?} to {crlf:?}"
    );
    let commented = DeckList::parse(&format!("{text}\n# a comment\n"));
    assert!(
        same_outcome(&parsed, &commented),
        "a trailing comment changed {parsed:?} to {commented:?}"
    );
    Corpus::Keep
});
