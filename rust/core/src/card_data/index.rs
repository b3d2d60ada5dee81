//! The name index of a card table: each card's full name (`Fire // Ice`) and each face's name
//! (`Fire`), any case, for [`CardTable::lookup`](super::CardTable::lookup). It keeps a hash of
//! each lower-case name and the card's slot, sorted, and no string: building it allocates no
//! name, so that loading the built-in table takes a few milliseconds. A lookup checks each
//! candidate's name against the card itself, so two names of one hash never mix.

/// Set on an entry for a face's name: faces sort after full names of the same hash, so that a
/// card's own name wins over another card's face.
const FACE: u32 = 1 << 31;

/// Names (hashed) to slots, sorted by hash, then full names before faces, then slot order.
#[derive(Debug, Clone, Default)]
pub(super) struct NameIndex {
    entries: Vec<(u64, u32)>,
}

/// The hash of a name's lower-case form (FNV-1a over its bytes; ASCII names, nearly all,
/// lowered byte by byte without allocating).
pub(super) fn name_hash(name: &str) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    let fold = |h: u64, b: u8| (h ^ u64::from(b)).wrapping_mul(PRIME);
    if name.is_ascii() {
        name.bytes()
            .map(|b| b.to_ascii_lowercase())
            .fold(OFFSET, fold)
    } else {
        name.to_lowercase().bytes().fold(OFFSET, fold)
    }
}

/// Whether two names are the same in any case (their lower-case forms are equal).
pub(super) fn same_name(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        a.eq_ignore_ascii_case(b)
    } else {
        a.to_lowercase() == b.to_lowercase()
    }
}

impl NameIndex {
    /// An index to fill with about `names` names.
    pub(super) fn with_capacity(names: usize) -> NameIndex {
        NameIndex {
            entries: Vec::with_capacity(names),
        }
    }

    /// Adds slot `slot`'s full name.
    pub(super) fn add_card(&mut self, slot: usize, name: &str) {
        self.entries.push((name_hash(name), slot_number(slot)));
    }

    /// Adds the name of one of slot `slot`'s faces.
    pub(super) fn add_face(&mut self, slot: usize, name: &str) {
        self.entries
            .push((name_hash(name), slot_number(slot) | FACE));
    }

    /// Sorts the entries (call once every name is added, before looking up).
    pub(super) fn finish(&mut self) {
        self.entries.sort_unstable();
    }

    /// The slots that may hold `name`, in the order a lookup tries them: `(slot, face)`, full
    /// names first, each in slot order.
    pub(super) fn candidates(&self, name: &str) -> impl Iterator<Item = (usize, bool)> + '_ {
        let hash = name_hash(name);
        let start = self.entries.partition_point(|&(h, _)| h < hash);
        self.entries[start..]
            .iter()
            .take_while(move |&&(h, _)| h == hash)
            .map(|&(_, e)| ((e & !FACE) as usize, e & FACE != 0))
    }

    /// The slots whose full name (any case) an earlier slot already has, ascending; `name`
    /// gives a slot's full name.
    pub(super) fn duplicates<'a>(&self, name: impl Fn(usize) -> &'a str) -> Vec<usize> {
        let mut dropped = vec![];
        let full: Vec<(u64, usize)> = self
            .entries
            .iter()
            .filter(|&&(_, e)| e & FACE == 0)
            .map(|&(h, e)| (h, e as usize))
            .collect();
        for group in full.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
            for (k, &(_, slot)) in group.iter().enumerate() {
                if group[..k]
                    .iter()
                    .any(|&(_, s)| same_name(name(s), name(slot)))
                {
                    dropped.push(slot);
                }
            }
        }
        dropped.sort_unstable();
        dropped.dedup();
        dropped
    }

    /// The index without the slots `dropped` (ascending), the others renumbered as they move
    /// down to fill the gaps.
    pub(super) fn without(&mut self, dropped: &[usize]) {
        if dropped.is_empty() {
            return;
        }
        self.entries
            .retain(|&(_, e)| dropped.binary_search(&((e & !FACE) as usize)).is_err());
        for entry in &mut self.entries {
            let slot = (entry.1 & !FACE) as usize;
            let moved = dropped.partition_point(|&d| d < slot);
            entry.1 = slot_number(slot - moved) | (entry.1 & FACE);
        }
    }
}

fn slot_number(slot: usize) -> u32 {
    u32::try_from(slot)
        .ok()
        .filter(|&s| s & FACE == 0)
        .expect("a card table holds fewer than 2^31 cards")
}
