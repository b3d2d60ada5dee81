//! What a reader makes of a deck file before names are looked up: one [`Entry`] per card line
//! (copies capped at [`MAX_COPIES`]), and the [`SourceFormat`] it was read from.

use super::list::Section;

/// Copies above this in one line are refused (a typo, not a deck).
pub const MAX_COPIES: u32 = 100_000;

/// The file formats a deck list is read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceFormat {
    /// Any of the text dialects.
    Text,
    /// An MTGO `.dek` XML file.
    MtgoDek,
    /// A Cockatrice `.cod` XML file.
    CockatriceCod,
    /// A CSV export with a header line (`Count,Name`, TappedOut's `Board,Qty,Name`, …).
    Csv,
}

/// One card line's worth of cards before names are looked up: the raw parts of a card line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Entry {
    pub line: usize,
    pub section: Section,
    pub count: u32,
    pub name: String,
    pub land: bool,
    /// The line carried a category marker, so the list itself says what the card is.
    pub classified: bool,
    pub tags: Vec<String>,
}
