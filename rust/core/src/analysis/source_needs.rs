//! `analyze`'s `source_needs` (docs/ANALYSIS.md, "Sources tables"): the sources table under
//! the analysis's own play ([`crate::deck_profile::play::Play`]: era, variant, players, play
//! or draw, keep rule), exact, at the flat default 90% target, read against the resolved
//! deck's cards ([`crate::source_tables::needs::card_needs`]).

use super::resolved::Resolved;
use crate::card_data::CardTable;
use crate::source_tables::needs::{card_needs, NonlandSources, SourceNeeds};
use crate::source_tables::Request;

/// The source needs of `deck` (the default keep rule when the request's has card conditions,
/// said in a warning; non-land sources as the request asks). `None` with a warning when no
/// table can be built for the deck (e.g. too small).
pub fn for_analysis(
    deck: &Resolved,
    table_data: Option<&CardTable>,
    warnings: &mut Vec<String>,
) -> Option<SourceNeeds> {
    let request = &deck.request;
    let profile = &deck.profile;
    let mut play = request.play.clone();
    if play.keep.as_ref().is_some_and(|k| k.has_card_conditions()) {
        warnings.push(
            "source_needs: the keep rule has card conditions; its table uses the default keep \
             rule"
                .into(),
        );
        play.keep = None;
    }
    let base = Request::for_play(profile.len(), profile.land_count(), &play);
    let nonland = if request.nonland_sources {
        NonlandSources::On
    } else {
        NonlandSources::Off
    };
    match card_needs(profile, table_data, &base, nonland) {
        Ok(needs) => Some(needs),
        Err(e) => {
            warnings.push(format!("source_needs: no sources table for this deck: {e}"));
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Request};
    use crate::card::Card;
    use crate::deck_profile::play::Play;
    use crate::rules::MulliganRule;
    use crate::seed::Seed;

    #[test]
    fn without_a_card_table_nothing_is_compared() {
        let mut cards = vec![];
        for (n, name, land) in [(25, "Plains", true), (35, "Filler", false)] {
            cards.extend((0..n).map(|_| Card::new(name, land, vec![])));
        }
        let request = Request {
            exact: true,
            play: Play {
                mulligan: MulliganRule::NoMulligan,
                ..Play::default()
            },
            ..Request::new((), 2)
        };
        let r = analyze(&cards, None, &request, &Seed::from_slice(&[1; 32]).unwrap()).unwrap();
        assert_eq!(r.source_needs.as_ref().unwrap().cards, vec![]);
    }
}
