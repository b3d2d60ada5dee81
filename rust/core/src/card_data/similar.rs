//! "Did you mean": the card names closest to a name nothing knows (a deck line, `cards show`,
//! an analysis's `--card`), by the optimal string alignment distance (Levenshtein with adjacent
//! transpositions: `Mountian` is one edit from `Mountain`; the `strsim` crate) between folded
//! names.
//!
//! - Folded: lower case, accents and ligatures spelled out (`Lim-Dûl` → `lim dul`, `Æther` →
//!   `aether`), `-` and `/` read as spaces, other punctuation dropped, runs of spaces one. Two
//!   names that fold alike are at distance 0: `Lim-Dul's Vault` suggests `Lim-Dûl's Vault`.
//! - Close: at most [`max_distance`] edits, a quarter of the folded name's length, from 1 to 3
//!   (`Bolt` 1, `Mountian` 2, `Lightnig Bolt` 3); a folded name shorter than
//!   [`MIN_LENGTH`] letters gets no suggestion (every short name is near it).
//! - Fast: each name's letter pairs (bigrams, with the start and the end) are indexed; a
//!   candidate must share at least `pairs − 3 × max` of the query's distinct pairs (an edit
//!   destroys at most three: a transposition `abcd` → `acbd` breaks `ab`, `bc`, `cd`) and be
//!   within `max` of its length before the distance is computed. Nothing close is dropped by it.
//! - Ranked by distance, then Jaro-Winkler similarity (a shared start counts more), then name.

use std::collections::HashMap;

/// Folded names shorter than this get no suggestion.
pub const MIN_LENGTH: usize = 3;
/// The most edits any suggestion is away.
pub const MAX_EDITS: usize = 3;
/// How many names a suggestion lists at most.
pub const SUGGESTIONS: usize = 3;

/// The most edits a suggestion may be from a folded name of `len` characters (module docs).
pub fn max_distance(len: usize) -> usize {
    (len / 4).clamp(1, MAX_EDITS)
}

/// A name folded for comparison (module docs).
pub fn fold(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    let mut space = true;
    let mut push = |s: &str, out: &mut String| {
        for c in s.chars() {
            if c == ' ' {
                if !space {
                    out.push(' ');
                    space = true;
                }
            } else {
                out.push(c);
                space = false;
            }
        }
    };
    for c in name.chars() {
        let lower: String = c.to_lowercase().collect();
        for l in lower.chars() {
            match l {
                'a'..='z' | '0'..='9' => push(l.encode_utf8(&mut [0; 4]), &mut out),
                '-' | '/' | '_' | '\u{2013}' | '\u{2014}' => push(" ", &mut out),
                c if c.is_whitespace() => push(" ", &mut out),
                c => {
                    if let Some(plain) = spelled(c) {
                        push(plain, &mut out);
                    } else if c.is_alphanumeric() {
                        push(c.encode_utf8(&mut [0; 4]), &mut out);
                    }
                    // Other punctuation (`'`, `,`, `.`, `!`, `"`, `:`) is dropped.
                }
            }
        }
    }
    if out.ends_with(' ') {
        out.pop();
    }
    out
}

/// A Latin letter with an accent, or a ligature, spelled in plain letters.
fn spelled(c: char) -> Option<&'static str> {
    Some(match c {
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'ı' => "i",
        'ł' => "l",
        'ñ' | 'ń' | 'ň' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ŕ' | 'ř' => "r",
        'ś' | 'š' | 'ş' => "s",
        'ß' => "ss",
        'ť' | 'ţ' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ => return None,
    })
}

/// The distinct letter pairs of a folded name, with its start and end (module docs).
fn pairs(folded: &str) -> Vec<u64> {
    let chars: Vec<char> = std::iter::once('\u{2}')
        .chain(folded.chars())
        .chain(std::iter::once('\u{3}'))
        .collect();
    let mut out: Vec<u64> = chars
        .windows(2)
        .map(|w| (u64::from(w[0]) << 32) | u64::from(w[1]))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Names indexed for [`Matcher::closest`]: each kept once, with its folded form and the
/// letter pairs it holds.
#[derive(Debug, Clone, Default)]
pub struct Matcher {
    names: Vec<String>,
    folded: Vec<String>,
    lengths: Vec<u16>,
    by_pair: HashMap<u64, Vec<u32>>,
}

impl Matcher {
    /// The index of `names` (repeats and names that fold to nothing are left out).
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Matcher {
        let mut m = Matcher::default();
        let mut seen = std::collections::HashSet::new();
        for name in names {
            if !seen.insert(name) {
                continue;
            }
            let folded = fold(name);
            if folded.is_empty() {
                continue;
            }
            let id = u32::try_from(m.names.len()).expect("fewer than 2^32 names");
            for p in pairs(&folded) {
                m.by_pair.entry(p).or_default().push(id);
            }
            m.lengths
                .push(u16::try_from(folded.chars().count()).unwrap_or(u16::MAX));
            m.names.push(name.to_string());
            m.folded.push(folded);
        }
        m
    }

    /// How many names are indexed.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether no name is indexed.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The indexed names closest to `name` (module docs), best first, at most `limit`, with
    /// their distances; none when nothing is close.
    pub fn closest(&self, name: &str, limit: usize) -> Vec<(&str, usize)> {
        let query = fold(name);
        let len = query.chars().count();
        if len < MIN_LENGTH || limit == 0 {
            return vec![];
        }
        let max = max_distance(len);
        let wanted = pairs(&query);
        let need = wanted.len().saturating_sub(3 * max);
        let mut shared = vec![0u16; self.names.len()];
        for p in &wanted {
            if let Some(ids) = self.by_pair.get(p) {
                for &id in ids {
                    shared[id as usize] += 1;
                }
            }
        }
        let mut found: Vec<(usize, f64, usize)> = vec![];
        for (id, &s) in shared.iter().enumerate() {
            if usize::from(s) < need.max(1) || self.lengths[id].abs_diff(len as u16) as usize > max
            {
                continue;
            }
            let folded = &self.folded[id];
            let d = strsim::osa_distance(&query, folded);
            if d <= max {
                found.push((d, strsim::jaro_winkler(&query, folded), id));
            }
        }
        found.sort_by(|a, b| {
            a.0.cmp(&b.0)
                .then(b.1.total_cmp(&a.1))
                .then_with(|| self.names[a.2].cmp(&self.names[b.2]))
        });
        found
            .into_iter()
            .take(limit)
            .map(|(d, _, id)| (self.names[id].as_str(), d))
            .collect()
    }
}

/// The names to suggest for `name`: those at the smallest distance any name of `first` (a
/// deck's own names) or `rest` (a card table's) is from it, `first`'s before `rest`'s, each
/// once, at most `limit` (so `Mountian` gets `Mountain` alone, not the `Fountain` two edits
/// away).
pub fn closest_of(name: &str, first: &Matcher, rest: &Matcher, limit: usize) -> Vec<String> {
    let found: Vec<(&str, usize)> = first
        .closest(name, limit)
        .into_iter()
        .chain(rest.closest(name, limit))
        .collect();
    let Some(best) = found.iter().map(|&(_, d)| d).min() else {
        return vec![];
    };
    let mut out: Vec<String> = vec![];
    for (n, d) in found {
        if d == best && out.len() < limit && !out.iter().any(|o| o == n) {
            out.push(n.to_string());
        }
    }
    out
}

/// `did you mean "A", "B" or "C"?` for a list of names (empty for none).
pub fn did_you_mean(names: &[String]) -> String {
    let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!("did you mean {one}?"),
        [init @ .., last] => format!("did you mean {} or {last}?", init.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_spells_out_case_accents_and_punctuation() {
        assert_eq!(fold("Lim-Dûl's Vault"), "lim duls vault");
        assert_eq!(fold("Æther Vial"), "aether vial");
        assert_eq!(fold("  Fire // Ice "), "fire ice");
        assert_eq!(fold("Sorin, Lord of Innistrad"), "sorin lord of innistrad");
        assert_eq!(fold("Junún Efreet"), "junun efreet");
    }

    #[test]
    fn the_threshold_grows_with_the_name() {
        assert_eq!(max_distance(3), 1);
        assert_eq!(max_distance(8), 2);
        assert_eq!(max_distance(13), 3);
        assert_eq!(max_distance(40), 3);
    }

    fn names() -> Matcher {
        Matcher::new([
            "Mountain",
            "Fountain of Youth",
            "Lightning Bolt",
            "Lightning Helix",
            "Lim-Dûl's Vault",
            "Aether Vial",
            "Fire // Ice",
            "Fire",
            "Ice",
            "Island",
        ])
    }

    #[test]
    fn typos_find_the_card() {
        let m = names();
        assert_eq!(m.closest("Mountian", 3), [("Mountain", 1)]);
        assert_eq!(m.closest("Lightnig Bolt", 3)[0], ("Lightning Bolt", 1));
        assert_eq!(m.closest("lim-dul's vault", 3), [("Lim-Dûl's Vault", 0)]);
        assert_eq!(m.closest("Æther Vial", 3), [("Aether Vial", 0)]);
        assert_eq!(m.closest("Fire/Ice", 3), [("Fire // Ice", 0)]);
    }

    #[test]
    fn both_sides_of_the_threshold() {
        let m = names();
        // "Mountain" has 8 letters folded: 2 edits are close, 3 are not.
        assert_eq!(m.closest("Muontian", 3), [("Mountain", 2)]);
        assert!(m.closest("Muontxan", 3).is_empty());
        // Too short to suggest anything, and nothing near a name unlike any.
        assert!(m.closest("Ic", 3).is_empty());
        assert!(m.closest("Grizzly Bears", 3).is_empty());
    }

    /// The pair filter drops nothing a full scan would find.
    #[test]
    fn the_filter_keeps_every_close_name() {
        let words = [
            "Mountain",
            "Moutnain",
            "Mountian",
            "Montain",
            "Mountains",
            "Muontain",
            "Mounatin",
            "Maintain",
            "Fountain",
            "Mtn",
            "Mountain Goat",
            "Goat Mountain",
        ];
        let m = Matcher::new(words);
        for q in words {
            let qf = fold(q);
            let max = max_distance(qf.chars().count());
            let long_enough = qf.chars().count() >= MIN_LENGTH;
            let mut scan: Vec<&str> = words
                .iter()
                .copied()
                .filter(|w| long_enough && strsim::osa_distance(&qf, &fold(w)) <= max)
                .collect();
            scan.sort_unstable();
            let mut got: Vec<&str> = m.closest(q, 100).into_iter().map(|(n, _)| n).collect();
            got.sort_unstable();
            assert_eq!(got, scan, "{q}");
        }
    }

    #[test]
    fn own_names_come_first_and_the_message_lists_them() {
        let deck = Matcher::new(["Lightning Helix"]);
        assert_eq!(
            closest_of("Lightning Helx", &deck, &names(), 3),
            ["Lightning Helix"]
        );
        // Only the nearest: one edit from "Mountain", two from "Fountain".
        let fountain = Matcher::new(["Fountain", "Mountain"]);
        assert_eq!(closest_of("Mountian", &deck, &fountain, 3), ["Mountain"]);
        assert_eq!(
            closest_of("Xountain", &Matcher::default(), &fountain, 3),
            ["Fountain", "Mountain"]
        );
        assert_eq!(did_you_mean(&[]), "");
        assert_eq!(did_you_mean(&["A".into()]), "did you mean \"A\"?");
        assert_eq!(
            did_you_mean(&["A".into(), "B".into(), "C".into()]),
            "did you mean \"A\", \"B\" or \"C\"?"
        );
    }
}
