//! The table phase's library actions that need no open search or look: draw (121.1), shuffle
//! (701.24a, e, f), mill, shuffle cards in (701.24c, d, g), put on top or bottom (401.4), moves
//! between the other zones (400.7), and Timetwister (hand and graveyard shuffled in, then a
//! draw, for several seats at once). Each works on a copy of the seat (`Table::act`), so an
//! error part-way changes nothing.

use super::{position_index, Action, Place, Table, TableSeat};
use crate::card::CardId;
use crate::error::{Error, Result};
use crate::event::{Event, EventKind};

/// Who saw cards as they moved: the seat that looked (a search, look or scry), and whether
/// they were revealed to every player (401.2). Default: no one.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Seen {
    pub(super) looker: Option<usize>,
    pub(super) revealed: bool,
}

impl TableSeat {
    /// Applies `action` (its session already checked) with `looker` looking.
    pub(super) fn apply(
        &mut self,
        seat: usize,
        looker: usize,
        action: &Action,
    ) -> Result<Vec<Event>> {
        match action {
            Action::Draw { count } => Ok(vec![self.draw(seat, *count)]),
            Action::Shuffle { times } => {
                if *times == 0 {
                    return Err(Error::illegal(
                        "times is at least 1 (the number of simultaneous shuffles, 701.24f)",
                    ));
                }
                let rule = match (*times, self.library.len()) {
                    (t, _) if t > 1 => "701.24f",
                    (_, n) if n <= 1 => "701.24e",
                    _ => "701.24a",
                };
                Ok(vec![self.shuffle(seat, rule, *times)?])
            }
            Action::Mill { count } => {
                let cards = self.library.draw(*count);
                self.piles[1].extend_from_slice(&cards);
                Ok(vec![self.moved(seat, Place::Top, Place::Graveyard, &cards)])
            }
            Action::ShuffleIn { cards, from, place } => {
                self.shuffle_in(seat, cards, *from, place.as_ref())
            }
            Action::Put { cards, from, to } => {
                if !matches!(to, Place::Top | Place::Bottom) {
                    return Err(Error::illegal(format!(
                        "put goes to \"top\" or \"bottom\", got {:?}",
                        to.name()
                    )));
                }
                self.check_in(cards, *from, seat)?;
                self.take(cards, *from);
                let lib = self.library.cards_mut();
                if *to == Place::Top {
                    lib.splice(0..0, cards.iter().copied());
                } else {
                    lib.extend_from_slice(cards);
                }
                Ok(vec![self.moved(seat, *from, *to, cards)])
            }
            Action::Move { cards, from, to } => {
                if to.in_library() {
                    return Err(Error::illegal(
                        "move does not go into the library: use put, shuffle_in or found",
                    ));
                }
                if from == to {
                    return Err(Error::illegal(format!(
                        "the cards are already in the {}",
                        to.name()
                    )));
                }
                self.check_in(cards, *from, seat)?;
                self.take(cards, *from);
                if let Some(pile) = self.pile_mut(*to) {
                    pile.extend_from_slice(cards);
                }
                Ok(vec![self.moved(seat, *from, *to, cards)])
            }
            Action::Search {} | Action::Found { .. } => self.search(seat, looker, action),
            Action::Look { .. } | Action::Reveal { .. } | Action::Arrange { .. } => {
                self.look(seat, looker, action)
            }
            Action::Timetwister { .. }
            | Action::Counter { .. }
            | Action::Tap { .. }
            | Action::Untap { .. }
            | Action::PassTurn {}
            | Action::CreateToken { .. }
            | Action::CommanderDamage { .. }
            | Action::Concede {} => Err(Error::illegal(format!(
                "{} acts on the table",
                action.name()
            ))),
        }
    }

    /// 121.1: the top `count` cards into the hand (fewer when the library runs out, 121.4).
    pub(super) fn draw(&mut self, seat: usize, count: usize) -> Event {
        let cards = self.library.draw(count);
        self.hand.extend_from_slice(&cards);
        Event::new(
            "121.1",
            EventKind::Draw {
                seat,
                cards: self.refs(&cards),
            },
        )
    }

    /// One shuffle of the whole library from its own stream, counted `times` times (701.24f).
    pub(super) fn shuffle(&mut self, seat: usize, rule: &'static str, times: u32) -> Result<Event> {
        if self.library.shuffle_count() == u32::MAX {
            return Err(Error::illegal(format!(
                "seat {seat}'s library has used all 2^32 - 1 of its shuffles"
            )));
        }
        let mut event = self.library.reshuffle(rule, Some(seat));
        if let EventKind::Shuffle { times: t, .. } = &mut event.kind {
            *t = Some(times);
        }
        Ok(event)
    }

    /// A `move` event for cards of this seat.
    pub(super) fn moved(&self, seat: usize, from: Place, to: Place, cards: &[CardId]) -> Event {
        self.moved_as(seat, from, to, cards, None, Seen::default())
    }

    /// A `move` event for cards of this seat that went to `position` of the library (701.24g)
    /// when given, and were `seen` as they moved.
    pub(super) fn moved_as(
        &self,
        seat: usize,
        from: Place,
        to: Place,
        cards: &[CardId],
        position: Option<i64>,
        seen: Seen,
    ) -> Event {
        let Seen { looker, revealed } = seen;
        let rule = if to.in_library() { "401.4" } else { "400.7" };
        Event::new(
            rule,
            EventKind::Move {
                seat,
                from,
                to,
                cards: self.refs(cards),
                position,
                looker,
                revealed,
            },
        )
    }

    /// 701.24c/d/g: the named cards still in `from` go into the library, which is shuffled
    /// whatever arrived; a placed card then goes to its position.
    fn shuffle_in(
        &mut self,
        seat: usize,
        cards: &[CardId],
        from: Place,
        place: Option<&super::Placement>,
    ) -> Result<Vec<Event>> {
        self.check_ids(cards, seat)?;
        if from.in_library() {
            return Err(Error::illegal(
                "shuffle_in takes cards from a zone other than the library",
            ));
        }
        // 701.24c: a card no longer where it was expected stays where it is. A token leaves
        // `from` but never arrives: it ceases to exist (111.8, 704.5d; `settle`).
        let (tokens, arriving): (Vec<CardId>, Vec<CardId>) = cards
            .iter()
            .copied()
            .filter(|c| self.pile(from).contains(c))
            .partition(|&c| self.is_token(c));
        self.take(&tokens, from);
        let mut events = vec![];
        if let Some(p) = place {
            if cards.contains(&p.card) {
                return Err(Error::illegal(format!(
                    "card {} is both shuffled in and placed",
                    p.card
                )));
            }
            self.check_in(&[p.card], p.from, seat)?;
        }
        if !arriving.is_empty() {
            self.take(&arriving, from);
            self.library.cards_mut().extend_from_slice(&arriving);
            events.push(self.moved(seat, from, Place::Library, &arriving));
        }
        let rule = match (place, cards.is_empty()) {
            (Some(_), _) => "701.24g",
            (None, true) => "701.24d",
            (None, false) => "701.24c",
        };
        let Some(p) = place else {
            events.push(self.shuffle(seat, rule, 1)?);
            return Ok(events);
        };
        // 701.24g: the library is random but for the placed card, at its position.
        let index = position_index(p.position, self.library.len() + 1)?;
        events.push(self.shuffle(seat, rule, 1)?);
        self.take(&[p.card], p.from);
        self.library.cards_mut().insert(index, p.card);
        events.push(self.moved_as(
            seat,
            p.from,
            Place::Library,
            &[p.card],
            Some(p.position),
            Seen::default(),
        ));
        Ok(events)
    }
}

impl Table {
    /// 701.24c, 701.24f: each seat of `seats` shuffles its hand and graveyard into its library
    /// at the same time (a seat named twice shuffles once, counted twice), then draws `draw`.
    pub(super) fn timetwister(&mut self, seats: &[usize], draw: usize) -> Result<Vec<Event>> {
        let mut order: Vec<(usize, u32)> = vec![];
        for &s in seats {
            self.seat(s)?;
            match order.iter_mut().find(|(x, _)| *x == s) {
                Some((_, times)) => *times += 1,
                None => order.push((s, 1)),
            }
        }
        let mut copies = vec![];
        let mut events = vec![];
        for &(s, times) in &order {
            let mut seat = self.seats[s].clone();
            if seat.conceded {
                return Err(Error::illegal(format!(
                    "seat {s} has conceded (104.3a): its library is out of the game"
                )));
            }
            if seat.session.is_some() {
                return Err(Error::illegal(format!(
                    "a search, look or reveal of seat {s}'s library is open: end it first"
                )));
            }
            for from in [Place::Hand, Place::Graveyard] {
                let cards = seat.pile(from).to_vec();
                seat.take(&cards, from);
                seat.library.cards_mut().extend_from_slice(&cards);
                events.push(seat.moved(s, from, Place::Library, &cards));
            }
            let rule = if times > 1 { "701.24f" } else { "701.24c" };
            events.push(seat.shuffle(s, rule, times)?);
            copies.push((s, seat));
        }
        for (s, seat) in copies.iter_mut() {
            events.push(seat.draw(*s, draw));
        }
        for (s, seat) in copies {
            self.seats[s] = seat;
        }
        Ok(events)
    }
}
