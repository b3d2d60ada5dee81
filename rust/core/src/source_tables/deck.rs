//! A sources table for a deck (docs/ANALYSIS.md, "Sources tables"), read as the analysis
//! reads it: its variant from its commander section (903), its sources bounded by the
//! commander's colour identity (903.4), Reflecting Pool and the like from its other lands
//! (106.7), and a deck with no lands refused.

use super::{table, Request, Table};
use crate::card_data::CardTable;
use crate::deck_profile::mana::{letters, LETTERS};
use crate::deck_profile::play::{count_resolution, Play};
use crate::deck_profile::sources::{DeckCards, Profile};
use crate::error::{Error, Result};
use crate::seed::Seed;

/// The table for a deck (`cards`: the main deck, index = card id, and its commanders, read
/// through `card_table`), read as `analyze` reads it: its size and land count replace the
/// request's; with no variant named, a deck with a commander section is played as Commander
/// (903); its sources count only within the commanders' colour identity (903.4); the report
/// says its lands of each colour and its commanders. Under `karsten` the variant stays his: a
/// 99-card deck is his 99-card column, his Commander model (said in a note). A deck with no
/// lands is an error (a sources table counts lands).
pub fn deck_table(
    cards: DeckCards<'_>,
    card_table: Option<&CardTable>,
    request: &Request,
    seed: &Seed,
) -> Result<Table> {
    count_resolution();
    let (play, variant_source) = request.play.for_deck(!cards.commanders.is_empty());
    let profile = Profile::build_deck(cards, card_table);
    if profile.land_count() == 0 {
        return Err(Error::config(format!(
            "the deck has no lands ({} cards, none a land the card table knows): a sources \
             table counts the lands of each colour",
            profile.len()
        )));
    }
    let request = Request {
        cards: profile.len(),
        lands: profile.land_count(),
        play: Play {
            variant: if request.karsten { None } else { play.variant },
            ..request.play.clone()
        },
        ..request.clone()
    };
    let mut out = table(&request, seed)?;
    out.deck_sources = Some(
        LETTERS
            .iter()
            .filter(|(_, bit)| profile.colours() & bit != 0)
            .map(|(letter, bit)| (letter.to_string(), profile.sources(*bit)))
            .collect(),
    );
    out.variant_source = (!request.karsten).then_some(variant_source);
    out.commanders = profile.commanders.iter().map(|c| c.name.clone()).collect();
    out.identity = profile.identity.map(letters);
    out.notes = profile.notes.clone();
    if !profile.commanders.is_empty() {
        if profile.identity.is_none() {
            out.warnings.push(format!(
                "903.4: the colour identity of {} is unknown (not in the card table): sources \
                 are counted as the table lists them, not bounded by it",
                out.commanders.join(" + ")
            ));
        }
        if request.karsten {
            out.notes.push(format!(
                "karsten: the deck's commander section sets no variant; his method plays a \
                 99-card deck as his Commander model (a free first seven of 3-5 lands, a draw \
                 on turn 1), this deck's {} cards {}",
                profile.len(),
                if profile.len() == 99 {
                    "are that column"
                } else {
                    "under his rules for other sizes (no free seven, no turn-1 draw)"
                }
            ));
        }
    }
    Ok(out)
}
