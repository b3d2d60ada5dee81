//! The names of a request's options as people type them. Every enum a request carries (the
//! mulligan era and variant of rule 103, a table's smoothing model, a keep rule's bottom and
//! exile policies) has one canonical spelling, the one every record and reply is written in
//! (`LONDON`, `TWO_PLAYER`, `arena2`, `lands_first`), and is read in any case with `-` or `_`
//! between words (`london`, `Paris-Sequential`, `ARENA2`, `lands-first`), so that the command
//! line, Python, C and HTTP take the same names. [`lenient_schema`] declares that form in
//! docs/schema.json, so a validator accepts what the server accepts.

use crate::error::{Error, Result};
use schemars::Schema;
use serde_json::{json, Value};

/// An enum read by name: its canonical spellings and the words it also takes.
pub trait Named: Sized + Copy + 'static {
    /// What a value is, for messages (`"mulligan era"`).
    const WHAT: &'static str;
    /// Every value, in declaration order.
    fn all() -> &'static [Self];
    /// The canonical spelling.
    fn spelling(self) -> &'static str;
    /// Other words for this value (read like the canonical one), e.g. `lands` for
    /// `lands_first`.
    fn aliases(self) -> &'static [&'static str] {
        &[]
    }
}

/// A name as compared: lower case, `-` read as `_`.
fn fold(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '-' => '_',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The value `name` spells, in any case and with `-` or `_` between words; an unknown name is
/// a set-up error naming the canonical spellings.
pub fn parse<T: Named>(name: &str) -> Result<T> {
    let folded = fold(name);
    T::all()
        .iter()
        .copied()
        .find(|v| fold(v.spelling()) == folded || v.aliases().iter().any(|a| fold(a) == folded))
        .ok_or_else(|| {
            let known: Vec<&str> = T::all().iter().map(|v| v.spelling()).collect();
            Error::config(format!(
                "unknown {} {name:?}: one of {} (any case, - or _ between words)",
                T::WHAT,
                known.join(", ")
            ))
        })
}

/// Implements `Deserialize` for a [`Named`] enum: a string read by [`parse`].
macro_rules! lenient_deserialize {
    ($t:ty) => {
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(
                d: D,
            ) -> std::result::Result<Self, D::Error> {
                let name = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                $crate::spelling::parse::<$t>(&name).map_err(serde::de::Error::custom)
            }
        }
    };
}
pub(crate) use lenient_deserialize;

/// A case-insensitive regular expression (ECMA 262, as JSON Schema's `pattern`) for one name,
/// `-` or `_` between words: `lands_first` is `[Ll][Aa][Nn][Dd][Ss][-_][Ff]…`.
fn name_pattern(name: &str) -> String {
    name.chars()
        .map(|c| match c {
            '-' | '_' => "[-_]".to_string(),
            c if c.is_ascii_alphabetic() => {
                format!("[{}{}]", c.to_ascii_uppercase(), c.to_ascii_lowercase())
            }
            c => c.to_string(),
        })
        .collect()
}

/// The schema of a [`Named`] enum from its derived one (a `oneOf` of `const` spellings, each
/// with its description), for `#[schemars(transform = …)]`: `anyOf` the canonical spellings
/// (kept as they were, descriptions and all) or any spelling of them (and of `aliases`) that
/// [`parse`] reads, so that validators accept exactly the names the server accepts.
pub fn lenient_schema_with(schema: &mut Schema, aliases: &[&str]) {
    let Some(map) = schema.as_object_mut() else {
        return;
    };
    let Some(Value::Array(branches)) = map.remove("oneOf") else {
        return;
    };
    let mut names: Vec<String> = branches
        .iter()
        .filter_map(|b| b.get("const").and_then(Value::as_str).map(str::to_string))
        .collect();
    let canonical = names.join(", ");
    names.extend(aliases.iter().map(|a| a.to_string()));
    let alternatives: Vec<String> = names.iter().map(|n| name_pattern(n)).collect();
    let description = map
        .remove("description")
        .and_then(|d| d.as_str().map(str::to_string))
        .unwrap_or_default();
    let lenient = format!(
        "Canonical spellings (the ones written back): {canonical}. Read in any case, with `-` \
         or `_` between words."
    );
    map.insert(
        "description".into(),
        Value::String(if description.is_empty() {
            lenient
        } else {
            format!("{description}\n\n{lenient}")
        }),
    );
    map.insert(
        "anyOf".into(),
        json!([
            {"oneOf": branches},
            {"type": "string", "pattern": format!("^(?:{})$", alternatives.join("|"))},
        ]),
    );
}

/// [`lenient_schema_with`] without aliases.
pub fn lenient_schema(schema: &mut Schema) {
    lenient_schema_with(schema, &[]);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pattern_matches_the_spellings_parse_reads() {
        let p = name_pattern("lands_first");
        assert_eq!(p, "[Ll][Aa][Nn][Dd][Ss][-_][Ff][Ii][Rr][Ss][Tt]");
        assert_eq!(name_pattern("arena2"), "[Aa][Rr][Ee][Nn][Aa]2");
        assert_eq!(fold("Paris-SEQUENTIAL"), "paris_sequential");
    }
}
