//! Mana costs as the on-curve question reads them (202.1: mana symbols; 202.3: mana value):
//! the mana value, and the coloured symbols that need a source of their colour. Colours are
//! bit masks ([`W`], [`U`], [`B`], [`R`], [`G`], and [`C`] for the colourless mana of 106.1b
//! that `{C}` asks for).

/// White mana (105.1).
pub const W: u8 = 1;
/// Blue mana.
pub const U: u8 = 2;
/// Black mana.
pub const B: u8 = 4;
/// Red mana.
pub const R: u8 = 8;
/// Green mana.
pub const G: u8 = 16;
/// Colourless mana (106.1b), for `{C}` symbols and the lands that add it.
pub const C: u8 = 32;

/// The mana letters and their masks, in `WUBRG` order, then `C`.
pub const LETTERS: [(char, u8); 6] = [('W', W), ('U', U), ('B', B), ('R', R), ('G', G), ('C', C)];

/// The mask of the mana letters in `text` (`"RW"` → `R | W`); other characters are ignored.
pub fn mask_of(text: &str) -> u8 {
    text.chars()
        .filter_map(|ch| LETTERS.iter().find(|(l, _)| *l == ch.to_ascii_uppercase()))
        .fold(0, |m, (_, bit)| m | bit)
}

/// The letters of a mask, in `WUBRG` order then `C` (`R | W` → `"WR"`).
pub fn letters(mask: u8) -> String {
    LETTERS
        .iter()
        .filter(|(_, bit)| mask & bit != 0)
        .map(|(l, _)| *l)
        .collect()
}

/// A mana cost, read for the on-curve question: its mana value and, for each symbol that needs
/// a source of a given colour, the colours that can pay it (one bit for `{W}`, two for the
/// hybrid `{W/U}`). Every other symbol is generic: any land pays it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ManaCost {
    /// The mana value (202.3), with `{X}` as zero; a half symbol (`{HW}`) counts as nothing.
    pub mana_value: u32,
    /// The coloured symbols: the colours that can pay each, sorted.
    pub pips: Vec<u8>,
}

impl ManaCost {
    /// Reads a cost such as `{2}{W}{W}`, `{X}{R}{R}`, `{W/U}{W/U}`, `{2/B}`, `{G/P}` or `{C}`.
    /// `{2/B}` (202.3f: mana value 2) is read as two generic, since two lands pay it without
    /// black; a Phyrexian symbol `{G/P}` as one generic, since life pays it without green;
    /// `{S}` (snow) as generic.
    pub fn parse(cost: &str) -> ManaCost {
        let mut out = ManaCost::default();
        for symbol in cost
            .split('{')
            .filter_map(|s| s.split_once('}').map(|(inside, _)| inside.trim()))
        {
            let upper = symbol.to_ascii_uppercase();
            if let Ok(n) = upper.parse::<u32>() {
                out.mana_value = out.mana_value.saturating_add(n);
                continue;
            }
            match upper.as_str() {
                "" | "X" | "Y" | "Z" => continue,
                s if s.starts_with('H') => continue,
                "S" => {
                    out.mana_value += 1;
                    continue;
                }
                _ => {}
            }
            let parts: Vec<&str> = upper.split('/').collect();
            if let Some(n) = parts.iter().find_map(|p| p.parse::<u32>().ok()) {
                out.mana_value = out.mana_value.saturating_add(n.max(1));
                continue;
            }
            out.mana_value += 1;
            if parts.contains(&"P") {
                continue;
            }
            let mask = parts.iter().fold(0, |m, p| m | mask_of(p));
            if mask != 0 {
                out.pips.push(mask);
            }
        }
        out.pips.sort_unstable();
        out
    }

    /// The colours any of its coloured symbols asks for.
    pub fn colours(&self) -> u8 {
        self.pips.iter().fold(0, |m, p| m | p)
    }

    /// The turn a card of this cost is cast on curve: its mana value, at least turn 1.
    pub fn turn(&self) -> usize {
        self.mana_value.max(1) as usize
    }

    /// The generic part: mana value less the coloured symbols.
    pub fn generic(&self) -> u32 {
        self.mana_value.saturating_sub(self.pips.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn costs_read_as_mtgoncurve_counts_them() {
        let c = ManaCost::parse("{2}{W}{W}");
        assert_eq!(
            (c.mana_value, c.pips.clone(), c.generic()),
            (4, vec![W, W], 2)
        );
        assert_eq!(ManaCost::parse("{X}{R}{R}").mana_value, 2);
        assert_eq!(ManaCost::parse("{W/U}{W/U}").pips, vec![W | U, W | U]);
        let two_b = ManaCost::parse("{2/B}{B}");
        assert_eq!((two_b.mana_value, two_b.pips), (3, vec![B]));
        let phyrexian = ManaCost::parse("{1}{G/P}");
        assert_eq!((phyrexian.mana_value, phyrexian.pips.len()), (2, 0));
        assert_eq!(ManaCost::parse("{C}{C}").pips, vec![C, C]);
        assert_eq!(ManaCost::parse("").turn(), 1);
        assert_eq!(ManaCost::parse("{10}").mana_value, 10);
        assert_eq!(mask_of("RW"), R | W);
        assert_eq!(letters(R | W | C), "WRC");
    }
}
