use super::*;
use crate::card::tags;
use crate::card_data::CardTable;

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
        (
            "4 Forest\n<Cards CatID=\"1\" Quantity=\"4\" Name=\"Bolt\" />",
            2,
        ),
        ("4 Forest\nName=Mono Red", 2),
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

fn names(cards: &[Card]) -> Vec<(usize, String)> {
    let mut out: Vec<(usize, String)> = vec![];
    for c in cards {
        match out.last_mut() {
            Some((k, n)) if *n == c.name => *k += 1,
            _ => out.push((1, c.name.clone())),
        }
    }
    out
}

#[test]
fn arena_export_with_companion_listed_twice() {
    let text = "\u{feff}About\r\nName Lurrus Burn\r\n\r\nCompanion\r\n1 Lurrus of the Dream-Den (IKO) 226\r\n\r\nDeck\r\n4 Lightning Bolt (M11) 149\r\n20 Mountain (ANB) 114\r\n\r\nSideboard\r\n1 Lurrus of the Dream-Den (IKO) 226\r\n2 Abrade (DMU) 139\r\n";
    let d = DeckList::parse(text).unwrap();
    assert_eq!(
        names(&d.main),
        vec![(4, "Lightning Bolt".into()), (20, "Mountain".into())]
    );
    assert!(d.main[4].land);
    assert_eq!(
        names(&d.companions),
        vec![(1, "Lurrus of the Dream-Den".into())]
    );
    assert_eq!(names(&d.sideboard), vec![(2, "Abrade".into())]);
}

#[test]
fn mtgo_text_sideboard_after_a_blank_line() {
    let d = DeckList::parse("4 Lightning Bolt\n36 Mountain\n\n2 Abrade\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (40, 2));
    // A short list with a blank line is two groups of one deck, not a deck and a sideboard.
    let d = DeckList::parse("4 Llanowar Elves\n\n2 Forest\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (6, 0));
    // With a header, blank lines only separate groups.
    let d = DeckList::parse("Deck\n4 Lightning Bolt\n\n20 Mountain\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (24, 0));
    // Three groups: no sideboard guessed.
    let d = DeckList::parse("4 Goblin Guide\n\n4 Lightning Bolt\n\n20 Mountain\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (28, 0));
}

#[test]
fn sb_lines_forge_and_site_markers() {
    let d = DeckList::parse(
        "// NAME : Burn\n        4 [M11] Lightning Bolt\n        20 [ANB] Mountain\nSB:     2 [DMU] Abrade\n",
    )
    .unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (24, 2));
    let d = DeckList::parse(
        "[metadata]\nName=Burn\n[Main]\n4 Lightning Bolt|M11|1\n20 Mountain|ANB\n[Sideboard]\n2 Abrade|DMU\n",
    )
    .unwrap();
    assert_eq!(names(&d.sideboard), vec![(2, "Abrade".into())]);
    let d = DeckList::parse(
        "1x Atraxa, Praetors' Voice *CMDR*\n1x Sol Ring (c21) 263 *F* [Ramp]\n1x Command Tower [Land]\n1 Lurrus [Maybeboard{noDeck}]\n",
    )
    .unwrap();
    assert_eq!(
        names(&d.commanders),
        vec![(1, "Atraxa, Praetors' Voice".into())]
    );
    assert_eq!(d.main.len(), 2);
    assert!(d.main[1].land && !d.main[0].land);
    assert_eq!(d.main[0].tags, vec!["Ramp".to_string()]);
}

#[test]
fn dek_and_cod_files() {
    let dek = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Deck xmlns:xsd=\"http://www.w3.org/2001/XMLSchema\">\n  <NetDeckID>0</NetDeckID>\n  <Cards CatID=\"1\" Quantity=\"2\" Sideboard=\"false\" Name=\"Lightning Bolt\" Annotation=\"0\" />\n  <Cards CatID=\"2\" Quantity=\"2\" Sideboard=\"false\" Name=\"Lightning Bolt\" Annotation=\"0\" />\n  <Cards CatID=\"3\" Quantity=\"1\" Sideboard=\"true\" Name=\"Fire/Ice\" Annotation=\"0\" />\n</Deck>\n";
    let p = DeckList::parse_with(dek, &ParseOptions::default()).unwrap();
    assert_eq!(p.source, SourceFormat::MtgoDek);
    assert_eq!(names(&p.deck.main), vec![(4, "Lightning Bolt".into())]);
    assert_eq!(names(&p.deck.sideboard), vec![(1, "Fire // Ice".into())]);
    let cod = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n <deckname>Burn &amp; Co</deckname>\n <zone name=\"main\">\n  <card number=\"4\" name=\"Lightning Bolt\"/>\n </zone>\n <zone name=\"side\">\n  <card number=\"2\" name=\"Abrade\"/>\n </zone>\n <zone name=\"tokens\">\n  <card number=\"1\" name=\"Goblin\"/>\n </zone>\n</cockatrice_deck>\n";
    let p = DeckList::parse_with(cod, &ParseOptions::default()).unwrap();
    assert_eq!(p.source, SourceFormat::CockatriceCod);
    assert_eq!((p.deck.main.len(), p.deck.sideboard.len()), (4, 2));
}

#[test]
fn xml_entities_and_doctypes_are_refused() {
    for (text, line) in [
        ("<!DOCTYPE Deck [<!ENTITY a \"aaaa\">]>\n<Deck></Deck>", 1),
        ("<Deck>\n<Cards Quantity=\"1\" Name=\"&a;\" /></Deck>", 2),
        ("<Deck>\n<Cards Quantity=\"1\" Name=\"Bolt\"></Deck>", 2),
        ("<Deck>\n<Cards Quantity=\"x\" Name=\"Bolt\" /></Deck>", 2),
        ("<Deck>\n<Cards Quantity=\"1\" Name=\"<b>\" /></Deck>", 2),
        ("<html>\n</html>", 1),
        ("<Deck></Deck>\n<Deck></Deck>", 1),
    ] {
        match DeckList::parse(text) {
            Err(Error::Deck { line: l, .. }) => assert_eq!(l, line, "{text:?}"),
            other => panic!("{text:?} gave {other:?}"),
        }
    }
}

#[test]
fn card_table_lands_faces_and_unknown_warning() {
    let table = CardTable::from_scryfall(
        r#"[{"name":"Sacred Foundry","layout":"normal","type_line":"Land — Mountain Plains"},
            {"name":"Fire // Ice","layout":"split","type_line":"Instant // Instant",
             "card_faces":[{"name":"Fire","type_line":"Instant"},{"name":"Ice","type_line":"Instant"}]}]"#,
    )
    .unwrap();
    let text = "4 Sacred Foundry\n2 Fire\n1 Grizzly Bears\n";
    let without = DeckList::parse_with(text, &ParseOptions::default()).unwrap();
    assert!(!without.deck.main[0].land);
    assert!(without.warnings[0].contains("Sacred Foundry, Fire, Grizzly Bears"));
    let opts = ParseOptions {
        cards: Some(&table),
        ..ParseOptions::default()
    };
    let with = DeckList::parse_with(text, &opts).unwrap();
    assert!(with.deck.main[0].land);
    assert_eq!(with.deck.main[4].name, "Fire // Ice");
    assert!(with.warnings[0].contains("not in the card table, counted as nonlands: Grizzly Bears"));
}

#[test]
fn format_checks_warn_or_refuse() {
    let five = "5 Lightning Bolt\n55 Mountain\n";
    let p = DeckList::parse_with(five, &ParseOptions::default()).unwrap();
    assert_eq!(p.format, DeckFormat::Constructed);
    assert!(p
        .warnings
        .iter()
        .any(|w| w.starts_with("100.2a") && w.contains("5 Lightning Bolt")));
    let strict = ParseOptions {
        strict: true,
        ..ParseOptions::default()
    };
    assert!(matches!(
        DeckList::parse_with(five, &strict),
        Err(Error::Deck { line: 0, .. })
    ));
    let limited = DeckList::parse_with("17 Island [land]\n21 Bear [creature]\n", &strict);
    assert!(matches!(limited, Err(Error::Deck { message, .. }) if message.starts_with("100.2b")));
    let edh = "Commander\n1 Atraxa [creature]\nDeck\n2 Sol Ring [artifact]\n96 Forest\n";
    let p = DeckList::parse_with(edh, &ParseOptions::default()).unwrap();
    assert_eq!(p.format, DeckFormat::Commander);
    assert!(p
        .warnings
        .iter()
        .any(|w| w.starts_with("903.5a") && w.contains("99")));
    assert!(p
        .warnings
        .iter()
        .any(|w| w.starts_with("903.5b") && w.contains("2 Sol Ring")));
    let rats = "20 Relentless Rats\n40 Swamp\n";
    assert!(DeckList::parse_with(rats, &strict).is_ok());
}

#[test]
fn the_companion_leaves_the_last_sideboard_copy_so_a_list_reads_back_the_same() {
    // Found by fuzzing: the deck written back lists the companion at the end of the sideboard.
    let d =
        DeckList::parse("Sideboard\n1 Lurrus\n1 Duress\n1 Lurrus\nCompanion\n1 Lurrus").unwrap();
    assert_eq!(
        d.sideboard
            .iter()
            .map(|c| c.name.as_str())
            .collect::<Vec<_>>(),
        vec!["Lurrus", "Duress"]
    );
    assert_eq!(d.companions.len(), 1);
}

// Regression tests for what real exported files showed (tests/decks/README.md names the
// files); each snippet is ours, in the layout the exporter writes.

#[test]
fn xmage_header_lines_are_not_cards() {
    // XMage writes `NAME:` and `AUTHOR:`; some of its sample decks add `EVENT:`. The author
    // line was read as one card named "AUTHOR:…".
    let d = DeckList::parse(
        "//Created with Mage - www.magefree.com\r\nNAME:Bolts\r\nAUTHOR:someone\r\nEVENT: a store championship\r\n\r\n4 [M10:146] Lightning Bolt\r\n# Land\r\n36 [M10:242] Mountain\r\nSB: 2 [MPS-AKH:49] Abrade\r\nSB: 1 [WAR:2*] Ugin, the Ineffable\r\nSB: 1 [ODY:72+] Cephalid Looter\r\nLAYOUT MAIN:(1,2)(NONE,false,50)|([M10:146])([M10:242])\r\n",
    )
    .unwrap();
    assert_eq!(
        names(&d.main),
        vec![(4, "Lightning Bolt".into()), (36, "Mountain".into())]
    );
    assert_eq!(d.sideboard.len(), 4);
    assert_eq!(d.sideboard[0].name, "Abrade");
    // `SB:` is no header key, and a colon inside a card name is still a card.
    let d = DeckList::parse("SB: 1 Duress\n1 Circle of Protection: Red\n").unwrap();
    assert_eq!(d.main[0].name, "Circle of Protection: Red");
    assert_eq!(d.sideboard.len(), 1);
}

#[test]
fn forge_fields_collector_numbers_foils_and_sections() {
    // Forge writes `Name|SET|[collector number]` since its card requests carry numbers (the
    // `[...]` was read as a marker and the line refused), `+` after a foil's name, flags in
    // a `#{...}` field, quest decks open with a `[shop]` section of key=value lines, and old
    // files have a `[general]` section with the deck type in it; `;` starts a comment.
    let d = DeckList::parse(
        "[shop]\nWinsToUnlock=0\nCredits=500\n[metadata]\nName=Quest & Co\nDeck Type=constructed\n[Commander]\n1 Trostani, Selesnya's Voice|SLD|[2429]\n[main]\n; an old comment\n3 Island|ONS|2\n1 Solitude+|MH2|[307]\n1 Killer Cosplay|UNF|[F145]\n1 Llanowar Elves|DOM|1|[168]|#{markedColors=G}\n1 Dazzling Theater // Prop Room\n[sideboard]\n[Planes]\n1 Tazeem|PCA\n",
    )
    .unwrap();
    assert_eq!(
        names(&d.main),
        vec![
            (3, "Island".into()),
            (1, "Solitude".into()),
            (1, "Killer Cosplay".into()),
            (1, "Llanowar Elves".into()),
            (1, "Dazzling Theater // Prop Room".into()),
        ]
    );
    assert!(d.main.iter().all(|c| c.tags.is_empty()));
    assert_eq!(d.commanders[0].name, "Trostani, Selesnya's Voice");
    assert!(d.sideboard.is_empty());
    let old = DeckList::parse("[general]\nConstructed\n[main]\n4 Blood Moon\n").unwrap();
    assert_eq!(names(&old.main), vec![(4, "Blood Moon".into())]);
    // An empty field is still refused.
    assert!(DeckList::parse("1 Solitude|MH2|\n").is_err());
}

#[test]
fn magic_workstation_art_variants_are_not_part_of_the_name() {
    // `3 [THS] Plains (1)`: the basic land was a nonland named "Plains (1)".
    let d = DeckList::parse("        3 [THS] Plains (1)\n        11 [THS] Forest (12)\n").unwrap();
    assert_eq!(
        names(&d.main),
        vec![(3, "Plains".into()), (11, "Forest".into())]
    );
    assert!(d.main.iter().all(|c| c.land));
    let d = DeckList::parse("1 B.F.M. (Big Furry Monster)\n1 Hazmat Suit (Used)\n").unwrap();
    assert_eq!(d.main[0].name, "B.F.M. (Big Furry Monster)");
}

#[test]
fn a_limited_mtgo_export_keeps_its_whole_sideboard() {
    // MTGO's `.txt` of a draft deck: 40 cards, a blank line, the rest of the pool (100.4b),
    // here 20 cards; the sideboard went into the main deck because it had more than 15.
    let mut text = String::from("23 Grizzly Bears\r\n17 Forest\r\n\r\n");
    for _ in 0..20 {
        text.push_str("1 Giant Growth\r\n");
    }
    let d = DeckList::parse(&text).unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (40, 20));
    // A 40-card list whose second group is only basic lands is one deck in two groups.
    let d = DeckList::parse("40 Grizzly Bears\n\n10 Forest\n7 Snow-Covered Forest\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (57, 0));
    // Constructed: at least 60 cards, then at most 15 (100.4a); 20 more are one deck.
    let d = DeckList::parse("40 Lightning Bolt\n20 Mountain\n\n15 Abrade\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (60, 15));
    let d = DeckList::parse("60 Lightning Bolt\n\n20 Sacred Foundry\n").unwrap();
    assert_eq!((d.main.len(), d.sideboard.len()), (80, 0));
}

#[test]
fn section_headers_may_carry_a_count() {
    let d = DeckList::parse(
        "MainBoard: 3 cards\n3 Island\n\nSideBoard: 2 cards\n2 Negate\nCommander (1)\n1 Atraxa\n",
    )
    .unwrap();
    assert_eq!(
        (d.main.len(), d.sideboard.len(), d.commanders.len()),
        (3, 2, 1)
    );
}

#[test]
fn a_cockatrice_card_without_a_number_is_one_copy() {
    // Cockatrice always writes `number`; a `.cod` from another program may not (XMage's
    // importer reads one copy). It was refused.
    let cod = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<cockatrice_deck version=\"1\">\n    <deckname>Bears</deckname>\n    <comments></comments>\n    <zone name=\"main\">\n        <card number=\"12\" name=\"Forest\"/>\n        <card price=\"0\" name=\"Grizzly Bears\"/>\n    </zone>\n    <zone name=\"side\">\n        <card number=\"1\" price=\"0\" name=\"Eight-and-a-Half-Tails\"/>\n    </zone>\n</cockatrice_deck>";
    let d = DeckList::parse(cod).unwrap();
    assert_eq!(
        names(&d.main),
        vec![(12, "Forest".into()), (1, "Grizzly Bears".into())]
    );
    assert_eq!(d.sideboard.len(), 1);
    // A `.dek` card without Quantity is still refused: MTGO always writes one.
    assert!(DeckList::parse("<Deck>\n<Cards CatID=\"1\" Name=\"Bolt\" />\n</Deck>").is_err());
}

#[test]
fn a_moxfield_download_ends_with_its_commander_alone_after_a_blank_line() {
    // Moxfield's download: the 99, then (if any) `SIDEBOARD:` and its cards, then a blank line
    // and the commander: 903.5a's 100 cards with it.
    let main: String = (0..98).map(|i| format!("1 Card {i}\n")).collect();
    let text =
        format!("{main}1 Forest\n\nSIDEBOARD:\n1 Duress\n1 Negate\n\n1 Teval, the Balanced Scale");
    let deck = DeckList::parse(&text).unwrap();
    assert_eq!(deck.main.len(), 99);
    assert_eq!(deck.sideboard.len(), 2);
    assert_eq!(deck.commanders.len(), 1);
    assert_eq!(deck.commanders[0].name, "Teval, the Balanced Scale");
    let no_side = format!("{main}1 Forest\n\n1 Teval, the Balanced Scale\n");
    let deck = DeckList::parse(&no_side).unwrap();
    assert_eq!(
        (deck.main.len(), deck.sideboard.len(), deck.commanders.len()),
        (99, 0, 1)
    );
    // Not 100 with it, or under a header: as before.
    let sixty: String = (0..60).map(|i| format!("1 Card {i}\n")).collect();
    let deck = DeckList::parse(&format!("{sixty}\n1 Duress\n")).unwrap();
    assert_eq!(
        (deck.main.len(), deck.sideboard.len(), deck.commanders.len()),
        (60, 1, 0)
    );
    let headed = format!("{main}1 Forest\n\nSideboard\n1 Duress\n");
    let deck = DeckList::parse(&headed).unwrap();
    assert_eq!((deck.sideboard.len(), deck.commanders.len()), (1, 0));
}

#[test]
fn a_headerless_arena_export_has_its_sideboard_after_the_blank_line() {
    // Arena's own import (and XMage's) reads the block after the blank line as the sideboard,
    // whatever the sizes; without Arena's `(SET) 123` the 40-card rule stays.
    let text = "2 Niv-Mizzet Reborn (WAR) 208\n1 Forest (XLN) 277\n1 Benalish Marshal\n\n3 Unmoored Ego (GRN) 212\n";
    let deck = DeckList::parse(text).unwrap();
    assert_eq!((deck.main.len(), deck.sideboard.len()), (4, 3));
    let plain = "2 Niv-Mizzet Reborn\n1 Forest\n\n3 Unmoored Ego\n";
    let deck = DeckList::parse(plain).unwrap();
    assert_eq!((deck.main.len(), deck.sideboard.len()), (6, 0));
}

#[test]
fn an_xml_deck_keeps_a_name_no_card_has_and_names_it_in_a_warning() {
    let cod = r#"<?xml version="1.0" encoding="UTF-8"?>
<cockatrice_deck version="1"><zone name="main">
<card number="12" name="Forest"/>
<card number="1" name="@#$NOT A REAL CARD NAME@#$"/>
</zone></cockatrice_deck>"#;
    let parsed = DeckList::parse_with(cod, &ParseOptions::default()).unwrap();
    assert_eq!(parsed.deck.main.len(), 13);
    assert_eq!(parsed.unknown, ["@#$NOT A REAL CARD NAME@#$"]);
    assert!(parsed.warnings[0].contains("@#$NOT A REAL CARD NAME@#$"));
    let control = cod.replace("@#$NOT", "\u{7}NOT");
    assert!(
        DeckList::parse(&control).is_err(),
        "a control character is still refused"
    );
}

#[test]
fn the_embedded_table_counts_every_land_of_an_arena_boros_export() {
    let text =
        "Deck\n4 Sacred Foundry (GRN) 254\n4 Inspiring Vantage (KLD) 246\n4 Arid Mesa (MH2) 244\n\
                4 Sunbaked Canyon (MH1) 247\n8 Mountain (ANA) 20\n4 Guide of Souls (MH3) 29\n\
                4 Ocelot Pride (MH3) 38\n4 Ragavan, Nimble Pilferer (MH2) 138\n\
                4 Phlage, Titan of Fire's Fury (MH3) 197\n4 Lightning Bolt (2XM) 129\n\
                4 Galvanic Discharge (MH3) 122\n4 Goblin Guide (ZEN) 126\n\
                4 Monastery Swiftspear (KTK) 118\n4 Static Prison (MH3) 34\n";
    let parsed = DeckList::parse_with(text, &ParseOptions::embedded()).unwrap();
    assert_eq!(parsed.deck.main.len(), 60);
    assert_eq!(parsed.deck.main.iter().filter(|c| c.land).count(), 24);
    assert!(parsed.unknown.is_empty(), "{:?}", parsed.warnings);
}

#[test]
fn unknown_names_get_the_nearest_names_the_table_and_the_engine_know() {
    let text = "20 Mountian\n4 Lightnig Bolt\n4 lim-dul's vault\n32 Qwxzvbnm Plorf\n";
    let parsed = DeckList::parse_with(text, &ParseOptions::embedded()).unwrap();
    assert_eq!(
        parsed.unknown,
        [
            "Mountian",
            "Lightnig Bolt",
            "lim-dul's vault",
            "Qwxzvbnm Plorf"
        ]
    );
    assert_eq!(
        parsed.suggestions,
        vec![
            vec!["Mountain".to_string()],
            vec!["Lightning Bolt".to_string()],
            vec!["Lim-Dûl's Vault".to_string()],
            vec![],
        ]
    );
    let w = &parsed.warnings[0];
    assert!(w.contains("Mountian (did you mean \"Mountain\"?), "), "{w}");
    assert!(w.contains(", Qwxzvbnm Plorf ("), "nothing is close: {w}");
    // The table's names are indexed at the first unknown name, not before.
    let table = CardTable::read_embedded();
    let options = ParseOptions {
        cards: Some(&table),
        ..ParseOptions::default()
    };
    DeckList::parse_with("20 Mountain\n4 Lightning Bolt\n", &options).unwrap();
    assert!(!table.names_indexed());
    DeckList::parse_with("20 Mountian\n", &options).unwrap();
    assert!(table.names_indexed());
    // Without a table the engine's own names (the basic lands) still answer.
    let bare = DeckList::parse_with("20 Mountian\n", &ParseOptions::default()).unwrap();
    assert_eq!(bare.suggestions, vec![vec!["Mountain".to_string()]]);
}

/// A text is CSV by its header, whether or not its rows read (the fuzz target's comment check
/// skips CSV texts, refused ones included).
#[test]
fn a_text_is_csv_by_its_header_alone() {
    let refused = "Board,Qty,Name\nmain,M19,Forest\nmain,1,\"Fire // Ice\"\r";
    assert!(DeckList::parse(refused).is_err());
    assert!(is_csv(refused));
    assert!(is_csv("\u{feff}sep=;\nCount;Name\n4;Island\n"));
    assert!(!is_csv("4 Island\n"));
    assert!(!is_csv("Name,Set\nIsland,M19\n"));
    assert!(!is_csv("<?xml version=\"1.0\"?>\n<Deck/>\nCount,Name\n"));
}

/// A lone CR at the very end of a text (a CRLF file cut after its CR) ends its last line: the
/// text reads as it does with the LF, and a line appended after it changes nothing before it
/// (the fuzz target's trailing-comment check found a refused plain text that turned into CSV).
#[test]
fn a_final_lone_cr_ends_the_last_line() {
    let cut = "Count,Name\r\n4,\"Fire // Ice\"\r";
    let whole = "Count,Name\r\n4,\"Fire // Ice\"\r\n";
    assert_eq!(
        DeckList::parse(cut).unwrap(),
        DeckList::parse(whole).unwrap()
    );
    assert!(is_csv("Count,Name,Notes\r") && is_csv("Count,Name,\"x\"\r"));
    assert_eq!(
        DeckList::parse("4 Island\r").unwrap(),
        DeckList::parse("4 Island\n").unwrap()
    );
    // Only the last character: a CR before it is still a stray CR.
    assert!(DeckList::parse("Count,Name\n4,\"Island\"\r\r").is_err());
}
