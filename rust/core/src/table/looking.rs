//! Looking into a library: a search (701.23) ended by `found`, which shuffles the rest without
//! the found cards (701.24b); a look (scry, surveil) or a reveal of the top cards (401.2),
//! ended by `arrange`, which puts each card away in the order chosen (401.4).

use super::library_ops::Seen;
use super::{position_index, Action, Place, Session, TableSeat};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};

impl TableSeat {
    /// `search` opens a search by `looker`; `found` ends it.
    pub(super) fn search(
        &mut self,
        seat: usize,
        looker: usize,
        action: &Action,
    ) -> Result<Vec<Event>> {
        let Action::Found {
            cards,
            to,
            position,
            reveal,
            shuffle,
        } = action
        else {
            self.session = Some(Session::Search { looker });
            return Ok(vec![Event::new(
                "701.23",
                EventKind::SearchLibrary { seat, looker },
            )]);
        };
        self.check_ids(cards, seat)?;
        if let Some(c) = cards.iter().find(|c| !self.library.contains(**c)) {
            return Err(Error::illegal(format!(
                "card {c} is not in seat {seat}'s library"
            )));
        }
        let at = match (to, position) {
            (Place::Library, Some(p)) => Some(*p),
            (Place::Library, None) => {
                return Err(Error::illegal(
                    "to \"library\" needs a position (0 the top, -1 the bottom)",
                ))
            }
            (_, Some(_)) => return Err(Error::illegal("position goes with to \"library\" only")),
            (Place::Top, None) => Some(0),
            (Place::Bottom, None) => Some(-1),
            _ => None,
        };
        let index = match at {
            Some(p) if !cards.is_empty() => {
                let n = self.library.len();
                let first = position_index(p, n)?;
                // -1 puts the group at the bottom: the last card at the position.
                Some(if p < 0 {
                    first + 1 - cards.len()
                } else {
                    first.min(n - cards.len())
                })
            }
            _ => None,
        };
        self.session = None;
        self.library.cards_mut().retain(|c| !cards.contains(c));
        let mut events = vec![];
        if *shuffle {
            // 701.24b: the found cards are not part of the shuffle.
            events.push(self.shuffle(seat, "701.24b", 1)?);
        }
        match index {
            Some(i) => {
                let lib = self.library.cards_mut();
                lib.splice(i..i, cards.iter().copied());
            }
            None => {
                if let Some(pile) = self.pile_mut(*to) {
                    pile.extend_from_slice(cards);
                }
            }
        }
        events.push(self.moved_as(
            seat,
            Place::Library,
            *to,
            cards,
            *position,
            Seen {
                looker: Some(looker),
                revealed: *reveal,
            },
        ));
        Ok(events)
    }

    /// `look` and `reveal` open or extend a look at the top cards; `arrange` puts them away.
    pub(super) fn look(
        &mut self,
        seat: usize,
        looker: usize,
        action: &Action,
    ) -> Result<Vec<Event>> {
        let seen = match self.session {
            Some(Session::Look { count, .. } | Session::Reveal { count }) => count,
            _ => 0,
        };
        match action {
            Action::Look { count } | Action::Reveal { count } => {
                let reveal = matches!(action, Action::Reveal { .. });
                let more = (*count).min(self.library.len() - seen);
                let total = seen + more;
                let cards = self.refs(&self.library.cards()[seen..total]);
                let (session, kind) = if reveal {
                    (
                        Session::Reveal { count: total },
                        EventKind::Reveal { seat, cards },
                    )
                } else {
                    (
                        Session::Look {
                            looker,
                            count: total,
                        },
                        EventKind::Look {
                            seat,
                            looker,
                            cards,
                        },
                    )
                };
                self.session = Some(session);
                Ok(vec![Event::new("401.2", kind)])
            }
            Action::Arrange {
                top,
                bottom,
                hand,
                graveyard,
                exile,
                battlefield,
            } => {
                let revealed = matches!(self.session, Some(Session::Reveal { .. }));
                let groups: [(Place, &Vec<CardId>); 6] = [
                    (Place::Top, top),
                    (Place::Bottom, bottom),
                    (Place::Hand, hand),
                    (Place::Graveyard, graveyard),
                    (Place::Exile, exile),
                    (Place::Battlefield, battlefield),
                ];
                let named: Vec<CardId> =
                    groups.iter().flat_map(|(_, g)| g.iter().copied()).collect();
                self.check_ids(&named, seat)?;
                let mut expect = self.library.cards()[..seen].to_vec();
                let mut given = named.clone();
                expect.sort_unstable();
                given.sort_unstable();
                if expect != given {
                    return Err(Error::illegal(format!(
                        "arrange puts away exactly the {seen} cards looked at or revealed, each \
                         once (top, bottom, hand, graveyard, exile, battlefield)"
                    )));
                }
                self.session = None;
                self.library.cards_mut().drain(..seen);
                let mut events = vec![];
                for (place, cards) in groups {
                    if cards.is_empty() {
                        continue;
                    }
                    match place {
                        Place::Top => {
                            self.library.cards_mut().splice(0..0, cards.iter().copied());
                        }
                        Place::Bottom => self.library.cards_mut().extend_from_slice(cards),
                        other => {
                            if let Some(pile) = self.pile_mut(other) {
                                pile.extend_from_slice(cards);
                            }
                        }
                    }
                    let looker = (!revealed).then_some(looker);
                    events.push(self.moved_as(
                        seat,
                        Place::Top,
                        place,
                        cards,
                        None,
                        Seen { looker, revealed },
                    ));
                }
                Ok(events)
            }
            _ => Err(Error::illegal("not a look")),
        }
    }
}
