//! A deck resolved against an analysis request, once per call: the variant decided from its
//! commander section (903; [`Request::for_deck`]) and its profile read through the card table
//! (the sources bounded by the commander's colour identity, 903.4). The analysis, its
//! `source_needs` and its keep-rule search all read this one value, so a call cannot read
//! the deck twice or two ways.

use super::request::{Request, VariantSource};
use super::sources::{DeckCards, Profile};
use crate::card_data::CardTable;
use crate::deck_profile::play::count_resolution;

/// A deck resolved against a request (module docs).
#[derive(Debug, Clone)]
pub struct Resolved {
    /// The request with the deck left out and the variant decided.
    pub request: Request<()>,
    /// Where the variant came from.
    pub variant_source: VariantSource,
    /// The deck as its mana reads.
    pub profile: Profile,
}

impl Resolved {
    /// Resolves `cards` read through `table` against `request` (counted in debug and test
    /// builds: [`crate::deck_profile::play::resolutions`]).
    pub fn new<D>(cards: DeckCards<'_>, table: Option<&CardTable>, request: &Request<D>) -> Self {
        count_resolution();
        let (request, variant_source) = request.for_deck(!cards.commanders.is_empty());
        Resolved {
            request,
            variant_source,
            profile: Profile::build_deck(cards, table),
        }
    }
}
