//! Facts read from a card's printed characteristics when the data does not state them: a mana
//! cost's mana value (202.3) and colours (202.2), the colours of mana a land's mana abilities add
//! (605.1a, "Add {R} or {W}") and its basic land types stand for (305.6), and whether it enters
//! the battlefield tapped as its text says (614.1c: "enters tapped", with or without a condition).

/// Whether (and how) a permanent enters the battlefield tapped, as its rules text says (614.1c).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum EntersTapped {
    /// Its text does not say it enters tapped (or the data has no text to read).
    #[default]
    Untapped,
    /// It always enters tapped ("This land enters tapped.").
    Tapped,
    /// It enters tapped unless a condition is met or a cost paid ("enters tapped unless you
    /// control two or fewer other lands", "you may pay 2 life. If you don't, it enters tapped").
    Conditional,
}

impl EntersTapped {
    /// `untapped`, `tapped` or `conditional`: the saved table's and the bindings' spelling.
    pub fn as_str(self) -> &'static str {
        match self {
            EntersTapped::Untapped => "untapped",
            EntersTapped::Tapped => "tapped",
            EntersTapped::Conditional => "conditional",
        }
    }

    /// The value of [`EntersTapped::as_str`]'s spelling (any case; `""` is untapped).
    pub fn from_name(name: &str) -> Option<EntersTapped> {
        match name.trim().to_ascii_lowercase().as_str() {
            "" | "untapped" => Some(EntersTapped::Untapped),
            "tapped" => Some(EntersTapped::Tapped),
            "conditional" => Some(EntersTapped::Conditional),
            _ => None,
        }
    }

    /// What a rules text says (614.1c): a sentence saying this object "enters tapped" (or the
    /// older "enters the battlefield tapped") with nothing after it is unconditional; one with
    /// "if" or "unless", or more words after it, is conditional. A sentence about other objects
    /// ("each creature an opponent controls enters tapped") does not count.
    pub fn from_text(text: &str) -> EntersTapped {
        const WORDINGS: [&str; 2] = ["enters the battlefield tapped", "enters tapped"];
        let mut found = EntersTapped::Untapped;
        for sentence in text.split(['\n', '.']) {
            let lower = sentence.trim().to_ascii_lowercase();
            let Some((at, wording)) = WORDINGS
                .iter()
                .find_map(|w| lower.find(w).map(|at| (at, *w)))
            else {
                continue;
            };
            let before = lower[..at].trim();
            let after = lower[at + wording.len()..].trim();
            let others = [
                "each ",
                "opponent",
                "creatures",
                "lands",
                "permanents",
                "a creature",
            ];
            if others.iter().any(|o| before.contains(o)) {
                continue;
            }
            if before.contains("if ") || before.contains("unless") || !after.is_empty() {
                found = EntersTapped::Conditional;
                continue;
            }
            return EntersTapped::Tapped;
        }
        found
    }
}

/// The mana value of a mana cost (202.3): each generic symbol its number, `{X}` zero, each
/// other symbol one (a hybrid `{2/W}` its larger part, two), a half symbol (`{HW}`) one half.
pub fn mana_value(cost: &str) -> f64 {
    let mut total = 0.0;
    for symbol in symbols(cost) {
        let parts: Vec<&str> = symbol.split('/').collect();
        let value = parts
            .iter()
            .map(|p| {
                if let Ok(n) = p.parse::<u32>() {
                    f64::from(n)
                } else if matches!(*p, "X" | "Y" | "Z") {
                    0.0
                } else if p.starts_with('H') && p.len() == 2 {
                    0.5
                } else if *p == "P" {
                    0.0
                } else {
                    1.0
                }
            })
            .fold(0.0_f64, f64::max);
        total += value;
    }
    total
}

/// The colours of a mana cost's symbols (202.2: an object is the colour of the coloured mana
/// symbols in its mana cost; a hybrid symbol is both its colours), in `WUBRG` order.
pub fn cost_colors(cost: &str) -> String {
    wubrg(symbols(cost).flat_map(|s| s.chars().collect::<Vec<_>>()))
}

/// The symbols of a mana cost, braces removed (`{2}{W/U}` → `2`, `W/U`).
fn symbols(cost: &str) -> impl Iterator<Item = &str> {
    cost.split('{')
        .filter_map(|s| s.split_once('}').map(|(sym, _)| sym.trim()))
        .filter(|s| !s.is_empty())
}

/// The mana a text's mana abilities add (605.1a): every mana symbol after the word "Add" up
/// to the end of its sentence (`{C}` included), and all five colours for "mana of any color"
/// (or "any one color"), in `WUBRGC` order.
pub fn produced_mana(text: &str) -> String {
    let mut found = String::new();
    for sentence in text.split(['\n', '.']) {
        let Some(at) = sentence.find("Add ").or_else(|| sentence.find("add ")) else {
            continue;
        };
        let clause = &sentence[at..];
        if clause.contains("any color") || clause.contains("any one color") {
            found.push_str("WUBRG");
        }
        for symbol in symbols(clause) {
            if let Some(c) = ["W", "U", "B", "R", "G", "C"]
                .iter()
                .find(|c| **c == symbol)
            {
                found.push_str(c);
            }
        }
    }
    "WUBRGC".chars().filter(|c| found.contains(*c)).collect()
}

/// The colour letters among `letters`, each once, in `WUBRG` order (anything else dropped).
pub fn wubrg(letters: impl IntoIterator<Item = char>) -> String {
    let letters: Vec<char> = letters.into_iter().collect();
    "WUBRG".chars().filter(|c| letters.contains(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enters_tapped_as_the_text_says() {
        use EntersTapped::*;
        let cases = [
            ("This land enters tapped.\n{T}: Add {W} or {U}.", Tapped),
            ("Azorius Guildgate enters the battlefield tapped.", Tapped),
            (
                "This land enters tapped unless you control two or fewer other lands.",
                Conditional,
            ),
            (
                "({T}: Add {R} or {W}.)\nAs this land enters, you may pay 2 life. If you don't, \
                 it enters tapped.",
                Conditional,
            ),
            ("{T}: Add {C}.", Untapped),
            ("Creatures your opponents control enter tapped.", Untapped),
            ("", Untapped),
        ];
        for (text, want) in cases {
            assert_eq!(EntersTapped::from_text(text), want, "{text}");
        }
        assert_eq!(EntersTapped::from_name("Conditional"), Some(Conditional));
        assert_eq!(EntersTapped::from_name("x"), None);
    }

    #[test]
    fn mana_values_and_cost_colours() {
        assert_eq!(mana_value("{1}{R}"), 2.0);
        assert_eq!(mana_value("{X}{R}{R}"), 2.0);
        assert_eq!(mana_value("{2/W}{2/W}"), 4.0);
        assert_eq!(mana_value("{W/P}"), 1.0);
        assert_eq!(mana_value("{HW}"), 0.5);
        assert_eq!(mana_value(""), 0.0);
        assert_eq!(mana_value("{15}"), 15.0);
        assert_eq!(cost_colors("{1}{U}"), "U");
        assert_eq!(cost_colors("{R/W}{G}"), "WRG");
        assert_eq!(cost_colors("{2}"), "");
    }

    #[test]
    fn produced_mana_from_mana_abilities() {
        assert_eq!(produced_mana("({T}: Add {R} or {W}.)"), "WR");
        assert_eq!(
            produced_mana("{T}: Add {C}.\n{T}, Pay 1 life: Add {G}."),
            "GC"
        );
        assert_eq!(
            produced_mana("{T}: Add one mana of any color in your commander's color identity."),
            "WUBRG"
        );
        assert_eq!(produced_mana("Add {B}{B}{B}."), "B");
        assert_eq!(
            produced_mana("{T}, Pay 1 life, Sacrifice this land: Search your library for a Mountain or Plains card"),
            ""
        );
    }
}
