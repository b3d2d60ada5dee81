//! A [`super::keep_rule::KeepRule`]'s lists as the JSON objects its schema describes: its
//! land ranges by hand size (`{"7": [2, 5]}`) and its tag and colour minimums
//! (`{"ramp": 1}`): the ranges written sorted by hand size, the minimums in the rule's order,
//! each read back from any serde reader.

/// `ranges` as a JSON object: hand size -> `[min, max]` (sorted by size, as the rule is).
pub mod ranges_map {
    use serde::de::{self, Unexpected, Visitor};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::collections::BTreeMap;
    use std::fmt;

    /// A hand size as a key: JSON writes it as a string (`"7"`), which serde_json reads as a
    /// number itself, but a request that holds the keep rule in a flattened part (the
    /// `Play` of `AnalyzeRequest` and `SourcesRequest`) buffers its keys and hands over the
    /// string: both are read here.
    #[derive(PartialEq, Eq, PartialOrd, Ord)]
    struct HandSize(usize);

    impl<'de> Deserialize<'de> for HandSize {
        fn deserialize<D: Deserializer<'de>>(d: D) -> Result<HandSize, D::Error> {
            struct Size;
            impl Visitor<'_> for Size {
                type Value = HandSize;
                fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                    f.write_str("a hand size (a whole number)")
                }
                fn visit_u64<E: de::Error>(self, v: u64) -> Result<HandSize, E> {
                    usize::try_from(v)
                        .map(HandSize)
                        .map_err(|_| E::invalid_value(Unexpected::Unsigned(v), &self))
                }
                fn visit_str<E: de::Error>(self, v: &str) -> Result<HandSize, E> {
                    match v.parse() {
                        Ok(n) if !v.starts_with('+') => Ok(HandSize(n)),
                        _ => Err(E::invalid_value(Unexpected::Str(v), &self)),
                    }
                }
            }
            d.deserialize_any(Size)
        }
    }

    pub fn serialize<S: Serializer>(ranges: &[(usize, u32, u32)], s: S) -> Result<S::Ok, S::Error> {
        let map: BTreeMap<usize, [u32; 2]> =
            ranges.iter().map(|&(k, lo, hi)| (k, [lo, hi])).collect();
        map.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Vec<(usize, u32, u32)>, D::Error> {
        let map = BTreeMap::<HandSize, [u32; 2]>::deserialize(d)?;
        Ok(map
            .into_iter()
            .map(|(HandSize(k), [lo, hi])| (k, lo, hi))
            .collect())
    }
}

/// `requires` as a JSON object: tag -> at least this many (in the rule's order).
pub mod requires_map {
    use serde::ser::SerializeMap;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(requires: &[(String, u32)], s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(requires.len()))?;
        for (tag, min) in requires {
            map.serialize_entry(tag, min)?;
        }
        map.end()
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<(String, u32)>, D::Error> {
        let map = serde_json::Map::deserialize(d)?;
        map.into_iter()
            .map(|(tag, min)| {
                u32::deserialize(min)
                    .map(|min| (tag, min))
                    .map_err(serde::de::Error::custom)
            })
            .collect()
    }
}
