//! Every enum of a request is read in any case with `-` or `_` between words
//! (`mulligan_core::spelling`), and an unknown name is refused naming the canonical ones.

use mulligan_core::simulate::{Bottom, Exile};
use mulligan_core::spelling::parse;
use mulligan_core::{MulliganRule, Smoothing, Variant};

#[test]
fn every_spelling_reads_the_same_value() {
    for (text, rule) in [
        ("LONDON", MulliganRule::London),
        ("london", MulliganRule::London),
        ("Paris-Sequential", MulliganRule::ParisSequential),
        ("paris_SEQUENTIAL", MulliganRule::ParisSequential),
        ("none", MulliganRule::NoMulligan),
    ] {
        assert_eq!(parse::<MulliganRule>(text).unwrap(), rule, "{text}");
    }
    assert_eq!(
        parse::<Variant>("two-headed-giant").unwrap(),
        Variant::TwoHeadedGiant
    );
    assert_eq!(parse::<Smoothing>("ARENA2").unwrap(), Smoothing::Arena2);
    assert_eq!(
        parse::<Smoothing>("Smoothed-London").unwrap(),
        Smoothing::SmoothedLondon
    );
    assert_eq!(parse::<Bottom>("LANDS-first").unwrap(), Bottom::LandsFirst);
    assert_eq!(parse::<Bottom>("spells").unwrap(), Bottom::SpellsFirst);
    assert_eq!(parse::<Exile>("Excess").unwrap(), Exile::Excess);
    let e = parse::<MulliganRule>("moscow").unwrap_err().to_string();
    assert!(
        e.contains("\"moscow\"") && e.contains("LONDON, VANCOUVER"),
        "{e}"
    );
    // Spaces and other separators are not words of a name.
    assert!(parse::<MulliganRule>("paris sequential").is_err());
    assert!(parse::<MulliganRule>("").is_err());
}

#[test]
fn serde_reads_every_spelling_and_writes_the_canonical_one() {
    for text in ["\"two_player\"", "\"Two-Player\"", "\"TWO_PLAYER\""] {
        let v: Variant = serde_json::from_str(text).unwrap();
        assert_eq!(serde_json::to_string(&v).unwrap(), "\"TWO_PLAYER\"");
    }
    let b: Bottom = serde_json::from_str("\"Lands-First\"").unwrap();
    assert_eq!(serde_json::to_string(&b).unwrap(), "\"lands_first\"");
    assert!(serde_json::from_str::<Smoothing>("\"arena3\"").is_err());
}
